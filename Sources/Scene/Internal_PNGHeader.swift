import Foundation

/// The size of a PNG file, read from its header: enough to check, when a scene loads, that an
/// image exists and is a PNG, without decoding it (Raster decodes it once, when drawing).
struct PNGHeader {
    let width: Int
    let height: Int

    enum Problem: Error, CustomStringConvertible {
        case unreadable(String)
        case notPNG
        case empty

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notPNG: return "not a PNG file"
            case .empty: return "the PNG has no pixels"
            }
        }
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads the signature and the IHDR chunk of the file at `path`.
    init(contentsOf path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Problem.unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw Problem.unreadable("it is a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Problem.unreadable("cannot open it") }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: 33)) ?? Data())
        // Signature, then the first chunk: length 13, type "IHDR", width, height (big-endian).
        guard bytes.count == 33, Array(bytes[0..<8]) == Self.signature,
              bytes[12...15].elementsEqual("IHDR".utf8) else { throw Problem.notPNG }
        func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = uint32(16)
        height = uint32(20)
        guard width > 0, height > 0 else { throw Problem.empty }
    }
}
