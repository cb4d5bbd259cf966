internal import CCairo
import Foundation

/// A private Fontconfig configuration that knows only chosen fonts of one folder; owns one `FcConfig`.
///
/// Built from nothing (`FcConfigCreate`): no system fonts, no fonts.conf rules, no user
/// settings, so text looks the same on every machine that has the same font files.
///
/// Unchecked Sendable: Fontconfig is thread-safe for a configuration no one changes after it is
/// built, and this one only adds its files in `init`.
final class FontConfiguration: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Adds the font files of `directory` whose names `accepts` (every .otf and .ttf by default),
    /// then those of `extraFiles` that exist (fallback fonts; a missing one is left out).
    init(directory: String, accepting accepts: (String) -> Bool = { _ in true }, extraFiles: [String] = []) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RasterError.fontsMissing(directory: directory)
        }
        guard let pointer = FcConfigCreate() else {
            throw RasterError.fontSetup("FcConfigCreate failed")
        }
        self.pointer = pointer
        // Files one by one, in name order: adding a whole folder would try (and, with no cache
        // folder configured, complain) to write a Fontconfig cache.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files.sorted()
        where Self.fontExtensions.contains((file as NSString).pathExtension.lowercased()) && accepts(file) {
            let path = (directory as NSString).appendingPathComponent(file)
            guard FcConfigAppFontAddFile(pointer, path) != 0 else {
                throw RasterError.fontSetup("Fontconfig could not read \(path)")
            }
        }
        guard fontCount > 0 else {
            throw RasterError.fontsMissing(directory: directory)
        }
        for path in extraFiles where FileManager.default.fileExists(atPath: path) {
            try add(path)
        }
    }

    /// Adds the font file at `path`.
    func add(_ path: String) throws {
        guard FcConfigAppFontAddFile(pointer, path) != 0 else {
            throw RasterError.fontSetup("Fontconfig could not read \(path)")
        }
    }

    /// Adds the rules of a Fontconfig configuration document (`fonts-conf(5)`) given as text.
    func load(rules xml: String) throws {
        guard FcConfigParseAndLoadFromMemory(pointer, xml, 1) != 0 else {
            throw RasterError.fontSetup("Fontconfig rejected Segue's font rules")
        }
    }

    private static let fontExtensions: Set<String> = ["otf", "ttf"]

    deinit {
        FcConfigDestroy(pointer)
    }

    /// How many font faces the configuration knows.
    var fontCount: Int {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return 0 }
        return Int(set.pointee.nfont)
    }
}

/// Whether Fontconfig (through FreeType) reads a font file: the check a scene's `fonts:` pass
/// when the scene loads, so a damaged file is an error at the line that names it, not a failure
/// of the first text drawn.
public enum FontFileCheck {
    /// Why the font file at `path` cannot be used, or nil when Fontconfig reads a face from it.
    public static func problem(at path: String) -> String? {
        guard let configuration = FcConfigCreate() else { return "Fontconfig could not start (out of memory)" }
        defer { FcConfigDestroy(configuration) }
        guard FcConfigAppFontAddFile(configuration, path) != 0,
              let set = FcConfigGetFonts(configuration, FcSetApplication), set.pointee.nfont > 0 else {
            return "FreeType cannot read it as a font (its tables are damaged, or it is not a TrueType or OpenType file)"
        }
        return nil
    }
}
