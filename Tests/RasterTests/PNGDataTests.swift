import Foundation
import Raster
import XCTest

/// In-memory PNG encoding (the preview server's frames) decodes back to the same pixels.
final class PNGDataTests: XCTestCase {
    func testPNGDataRoundTripsStraightAlpha() throws {
        var pixels: [UInt8] = []
        for y in 0..<5 {
            for x in 0..<7 { pixels += [UInt8(x * 30), UInt8(y * 50), 200, x == 3 ? 128 : 255] }
        }
        let image = RGBAImage(width: 7, height: 5, pixels: pixels)
        let data = try image.pngData()
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-pngdata-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(data).write(to: url)
        let decoded = try RGBAImage.load(png: url)
        XCTAssertEqual(decoded.width, 7)
        XCTAssertEqual(decoded.height, 5)
        // Opaque pixels exactly; half-transparent ones within Cairo's premultiplied rounding.
        for (a, b) in zip(decoded.pixels, image.pixels) { XCTAssertLessThanOrEqual(abs(Int(a) - Int(b)), 1) }
    }
}
