internal import CCairo
import Foundation

/// The process's one font setup: a Pango font map that sees only the bundled Inter files.
///
/// Created once (`shared`); Pango's font maps are not safe to use from several threads at
/// once, so every use goes through `withTextContext`, which holds a lock.
final class FontLibrary: @unchecked Sendable {
    /// Where Debian's fonts-inter package puts Inter; `scripts/bootstrap` installs it.
    static let interDirectory = "/usr/share/fonts/opentype/inter"

    /// The family every label is set in.
    static let family = "Inter"

    /// The faces labels can ask for: Inter's upright weights (Inter-Thin.otf ... Inter-Black.otf).
    /// Labels have no italic and never use Inter Display, and every face Fontconfig knows is
    /// parsed at startup and considered in every match, so the other 27 files of the package
    /// would only cost time (about 20 ms per process, measured with `render --stats`).
    static func isLabelFace(_ file: String) -> Bool {
        file.hasPrefix("\(family)-") && !file.contains("Italic")
    }

    /// The library, or why it could not be built; the same value for the whole process.
    static let shared: Result<FontLibrary, RasterError> = {
        do {
            return .success(try FontLibrary(directory: interDirectory))
        } catch let error as RasterError {
            return .failure(error)
        } catch {
            return .failure(.fontSetup("\(error)"))
        }
    }()

    private let lock = NSLock()
    private let configuration: FontConfiguration
    private let fontMap: UnsafeMutablePointer<PangoFontMap>

    init(directory: String) throws {
        configuration = try FontConfiguration(directory: directory, accepting: Self.isLabelFace)
        // Pango's font map runs Fontconfig's FcInit() on a thread of its own, which loads the
        // system's fonts.conf and font caches unless a configuration is current already.
        // Making the private one current keeps that work (and the system fonts) out.
        FcConfigSetCurrent(configuration.pointer)
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RasterError.fontSetup("Pango has no FreeType font map")
        }
        self.fontMap = fontMap
        guard segue_font_map_set_fc_config(fontMap, configuration.pointer) != 0 else {
            throw RasterError.fontSetup("Pango's FreeType font map is not Fontconfig-based")
        }
    }

    deinit {
        g_object_unref(fontMap)
    }

    /// Runs `body` with a fresh text context, holding the library's lock throughout:
    /// everything that lays out or draws text must happen inside.
    func withTextContext<R>(_ body: (TextContext) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        let context = try TextContext(fontMap: fontMap)
        return try body(context)
    }

    /// The family of the face Pango loads when asked for `family`: with only Inter known, an Inter face whatever the request.
    func resolvedFamily(for family: String) throws -> String? {
        try withTextContext { context in
            let description = try FontDescription(family: family, size: 17, weight: .regular)
            return LoadedFont(context: context, description: description)?.family
        }
    }

    /// The font families Pango offers, sorted: the bundled ones plus Pango's generic aliases
    /// (Sans, Serif, Monospace, System-ui), which resolve to the bundled ones.
    var familyNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { index in
            families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }.sorted()
    }
}
