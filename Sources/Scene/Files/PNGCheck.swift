import Foundation
internal import CZlib

/// A PNG file checked through and through when a scene loads, so that `segue validate` refuses
/// what rendering would fail on: only a regular file within `Limits.imageBytes`, a well-formed
/// header within `Limits.imageSide`, every chunk's CRC, and image data that inflates to exactly
/// the size the header promises. Raster decodes the pixels once, when drawing.
struct PNGCheck {
    let width: Int
    let height: Int

    enum Problem: Error, CustomStringConvertible {
        case unreadable(String)
        case notPNG
        case damaged(String)

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notPNG: return "not a PNG file"
            case .damaged(let reason): return "the PNG is damaged: \(reason)"
            }
        }
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks the file at `path`; never opens anything but a regular file, so a FIFO or a device
    /// cannot block the check.
    init(contentsOf path: String) throws {
        if let problem = RegularFile.problem(at: path, limit: Limits.imageBytes) { throw Problem.unreadable(problem) }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem.unreadable("cannot open it") }
        try self.init(bytes: [UInt8](data))
    }

    init(bytes: [UInt8]) throws {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else { throw Problem.notPNG }
        var offset = 8
        var header: Header?
        var hasPalette = false
        var idat: [Range<Int>] = []
        var sawImageData = false, imageDataEnded = false, sawEnd = false
        while offset < bytes.count, !sawEnd {
            guard offset + 8 <= bytes.count else { throw Problem.damaged("the file ends inside a chunk header (truncated)") }
            let length = Self.uint32(bytes, offset)
            let type = String(bytes[offset + 4..<offset + 8].map { (65...122).contains($0) ? Character(UnicodeScalar($0)) : "?" })
            guard length <= Int(Int32.max), offset + 12 + length <= bytes.count else {
                throw Problem.damaged("the file ends inside chunk '\(type)' (truncated)")
            }
            let body = offset + 8..<offset + 8 + length
            let stored = UInt32(Self.uint32(bytes, body.upperBound))
            guard Self.crc32(bytes[offset + 4..<body.upperBound]) == stored else {
                throw Problem.damaged("chunk '\(type)' at byte \(offset) fails its CRC check")
            }
            if header == nil, type != "IHDR" { throw Problem.damaged("the first chunk is '\(type)', not 'IHDR'") }
            switch type {
            case "IHDR":
                guard header == nil else { throw Problem.damaged("more than one 'IHDR' chunk") }
                header = try Header(Array(bytes[body]))
            case "PLTE":
                hasPalette = true
            case "IDAT":
                guard !imageDataEnded else { throw Problem.damaged("the 'IDAT' chunks are not consecutive") }
                sawImageData = true
                idat.append(body)
            case "IEND":
                sawEnd = true
            default:
                if sawImageData { imageDataEnded = true }
            }
            if type != "IDAT", sawImageData { imageDataEnded = true }
            offset = body.upperBound + 4
        }
        guard let header else { throw Problem.damaged("no 'IHDR' chunk") }
        guard sawImageData else { throw Problem.damaged("no image data (no 'IDAT' chunk)") }
        guard sawEnd else { throw Problem.damaged("no 'IEND' chunk (truncated)") }
        if header.colorType == 3, !hasPalette { throw Problem.damaged("a palette image without a 'PLTE' chunk") }
        try Self.checkInflates(idat.map { bytes[$0] }, to: header.imageDataSize)
        width = header.width
        height = header.height
    }

    /// The IHDR fields, checked against the PNG specification and `Limits.imageSide`.
    private struct Header {
        let width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool

        init(_ b: [UInt8]) throws {
            guard b.count == 13 else { throw Problem.damaged("the 'IHDR' chunk is \(b.count) bytes, not 13") }
            width = PNGCheck.uint32(b, 0)
            height = PNGCheck.uint32(b, 4)
            bitDepth = Int(b[8])
            colorType = Int(b[9])
            guard width > 0, height > 0 else { throw Problem.damaged("the image has no pixels (\(width) × \(height))") }
            guard width <= Limits.imageSide, height <= Limits.imageSide else {
                throw Problem.unreadable("the image is \(width) × \(height) px, over the limit of \(Limits.imageSide) px per side")
            }
            let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let allowed = depths[colorType], allowed.contains(bitDepth) else {
                throw Problem.damaged("bit depth \(bitDepth) with color type \(colorType) is not a PNG format")
            }
            guard b[10] == 0, b[11] == 0, b[12] <= 1 else {
                throw Problem.damaged("unknown compression, filter or interlace method in 'IHDR'")
            }
            interlaced = b[12] == 1
        }

        /// The bytes the image data inflates to: each row of each pass, plus its filter byte.
        var imageDataSize: Int {
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
            let bitsPerPixel = channels * bitDepth
            func size(_ w: Int, _ h: Int) -> Int { w == 0 || h == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8) }
            guard interlaced else { return size(width, height) }
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            return passes.reduce(0) { total, p in
                total + size((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3)
            }
        }
    }

    /// Inflates the zlib stream split over `parts` (the IDAT chunks) into a small scratch
    /// buffer, counting bytes: the check costs time in proportion to the image, but no memory.
    private static func checkInflates(_ parts: [ArraySlice<UInt8>], to expected: Int) throws {
        var z = z_stream()
        guard segue_inflate_init(&z) == Z_OK else { throw Problem.unreadable("cannot start zlib") }
        defer { inflateEnd(&z) }
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        var produced = 0
        var status = Z_OK
        scratch.withUnsafeMutableBufferPointer { target in
            for part in parts where status == Z_OK && produced <= expected {
                part.withUnsafeBufferPointer { source in
                    z.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                    z.avail_in = UInt32(source.count)
                    repeat {
                        z.next_out = target.baseAddress
                        z.avail_out = UInt32(target.count)
                        status = inflate(&z, Z_NO_FLUSH)
                        produced += target.count - Int(z.avail_out)
                    } while status == Z_OK && z.avail_in > 0 && produced <= expected
                }
            }
            // The stream may still hold output once all input is in.
            while status == Z_OK && produced <= expected {
                z.next_out = target.baseAddress
                z.avail_out = UInt32(target.count)
                status = inflate(&z, Z_NO_FLUSH)
                let made = target.count - Int(z.avail_out)
                produced += made
                if made == 0 && status == Z_OK { break }
            }
        }
        guard status == Z_STREAM_END || status == Z_OK || status == Z_BUF_ERROR else {
            let reason = z.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            throw Problem.damaged("the image data does not inflate (\(reason))")
        }
        guard produced == expected, status == Z_STREAM_END else {
            throw Problem.damaged(produced < expected ? "the image data ends early (\(produced) of \(expected) bytes)"
                : produced > expected ? "the image data is longer than its \(expected) bytes"
                : "the image data's zlib stream does not end")
        }
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The CRC-32 of PNG chunks, zlib's `crc32` (the same CRC, and many bytes at a time: a
    /// byte-at-a-time table took a fifth of the check of a large photo).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: CZlib.crc32_z(0, $0.baseAddress, $0.count)) }
    }
}
