import Foundation

/// A font file a scene brings (`fonts:`), used by its family name in labels and buttons.
public struct CustomFont: Hashable, Sendable {
    /// The family name as the scene writes it (one of the file's names).
    public var family: String
    /// The absolute path of the .ttf or .otf file.
    public var path: String

    public init(family: String, path: String) {
        self.family = family
        self.path = path
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
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem.unreadable("no such file") }
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
