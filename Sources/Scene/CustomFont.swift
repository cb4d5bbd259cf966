import Foundation

/// A family a label or button names (`family:`): one of a scene's font files (`fonts:`), or Inter
/// named outright in a scene whose system font is another family (`systemFont:`).
public struct CustomFont: Hashable, Sendable {
    /// The family name as the scene writes it (one of the file's names).
    public var family: String
    /// The absolute path of the .ttf or .otf file; nil for Inter, which Segue brings itself.
    public var path: String?

    public init(family: String, path: String?) {
        self.family = family
        self.path = path
    }

    /// Inter, named by a label or button of a scene whose system font is another family.
    public static let inter = CustomFont(family: "Inter", path: nil)
}

/// The fonts a scene's text is set in: every file of its `fonts:`, and the families its system
/// text is set in (`systemFont:`, `systemDisplayFont:`) — navigation and tab bars, bar buttons,
/// rows, headers, controls, the status bar, captions, and the labels and buttons that name no
/// `family:`, as UIKit sets them in `UIFont.systemFont(ofSize:weight:)`. Inter without them.
public struct SceneFonts: Hashable, Sendable {
    /// The scene's font files, absolute paths in the order `fonts:` gives them, each once.
    public var files: [String]
    /// The family of system text below 20 pt (and of all system text without `display`); nil: Inter.
    public var system: String?
    /// The family of system text of 20 pt and more; nil: `system`'s.
    public var display: String?

    public init(files: [String] = [], system: String? = nil, display: String? = nil) {
        self.files = files
        self.system = system
        self.display = display
    }

    /// Inter for all system text, and no font files.
    public static let standard = SceneFonts()

    /// The size from which system text is set in `display`: Apple's system font switched from its
    /// Text to its Display optical size at 20 pt (Human Interface Guidelines, Typography: "SF Pro
    /// Text for text 19 points or smaller, SF Pro Display for text 20 points or larger"), as the
    /// static SF Pro files of https://developer.apple.com/fonts/ still come in those two families.
    public static let displaySize = 20.0

    /// The family system text of `size` points is set in; nil: Inter.
    public func systemFamily(at size: Double) -> String? {
        size >= Self.displaySize ? display ?? system : system
    }

    /// These fonts with `more` files after the scene's own (those not among them already).
    public func adding(files more: [String]) -> SceneFonts {
        var fonts = self
        for file in more where !fonts.files.contains(file) { fonts.files.append(file) }
        return fonts
    }
}

/// The family names an OpenType or TrueType file gives itself, read from its `name` table:
/// the typographic family (name ID 16) and the legacy family (name ID 1), as Fontconfig lists
/// them. See the OpenType specification, https://learn.microsoft.com/typography/opentype/spec/name.
public enum FontFileNames {
    public enum Problem: Error, CustomStringConvertible {
        case unreadable(String)
        case notAFont
        case noFamilyName

        public var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notAFont: return "not a TrueType or OpenType font"
            case .noFamilyName: return "the font has no family name"
            }
        }
    }

    public static func families(ofFontAt path: String) throws -> [String] {
        // A FIFO would block the read, /dev/zero never end it, a huge file fill the memory.
        if let problem = RegularFile.problem(at: path, limit: Limits.fontBytes) { throw Problem.unreadable(problem) }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem.unreadable("cannot read it") }
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        guard let version = u32(0), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version),  // 1.0, 'OTTO', 'true'
              let tableCount = u16(4) else { throw Problem.notAFont }
        var nameTable: Int?
        for index in 0..<tableCount {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count else { throw Problem.notAFont }
            if bytes[record..<record + 4].elementsEqual(Array("name".utf8)) { nameTable = u32(record + 8) }
        }
        guard let table = nameTable, let count = u16(table + 2), let stringsOffset = u16(table + 4) else { throw Problem.noFamilyName }
        var preferred: [String] = [], legacy: [String] = []
        for index in 0..<count {
            let record = table + 6 + 12 * index
            guard let platform = u16(record), let nameID = u16(record + 6), let length = u16(record + 8), let offset = u16(record + 10)
            else { break }
            guard nameID == 1 || nameID == 16 else { continue }
            let start = table + stringsOffset + offset
            guard start + length <= bytes.count else { continue }
            let raw = Array(bytes[start..<start + length])
            let name: String?
            switch platform {
            case 0, 3:  // Unicode, Windows: UTF-16 big-endian
                let units = stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
                name = String(decoding: units, as: UTF16.self)
            case 1:  // Macintosh Roman; family names are ASCII in practice
                name = String(decoding: raw.filter { $0 < 0x80 }, as: UTF8.self)
            default:
                name = nil
            }
            guard let name, !name.isEmpty else { continue }
            if nameID == 16 { preferred.append(name) } else { legacy.append(name) }
        }
        var families: [String] = []
        for name in preferred + legacy where !families.contains(name) { families.append(name) }
        guard !families.isEmpty else { throw Problem.noFamilyName }
        return families
    }
}
