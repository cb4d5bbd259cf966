import Foundation

/// Writes small PNG files byte by byte, valid or damaged on purpose: stored (uncompressed)
/// deflate blocks need no compressor.
public enum TestPNG {
    /// A PNG of `width` × `height` pixels, every row filter 0 followed by `pixel` (whole bytes,
    /// so 8 or 16 bits) repeated; `interlaced` stores the seven Adam7 passes; `palette` (RGB
    /// triples) goes in a PLTE chunk.
    public static func make(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, pixel: [UInt8],
                            interlaced: Bool = false, palette: [UInt8]? = nil) -> [UInt8] {
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let passWidth = (width - x0 + dx - 1) / dx, passHeight = (height - y0 + dy - 1) / dy
            guard passWidth > 0, passHeight > 0 else { continue }
            for _ in 0..<passHeight {
                raw.append(0)
                for _ in 0..<passWidth { raw.append(contentsOf: pixel) }
            }
        }
        return signature + chunk("IHDR", uint32(width) + uint32(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
            + (palette.map { chunk("PLTE", $0) } ?? []) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func header(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8) -> [UInt8] {
        chunk("IHDR", uint32(width) + uint32(height) + [bitDepth, colorType, 0, 0, 0])
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return uint32(data.count) + body + uint32(Int(crc32(body)))
    }

    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + uint32(Int(b << 16 | a))
    }

    public static func uint32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
