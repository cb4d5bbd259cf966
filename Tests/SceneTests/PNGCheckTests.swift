@testable import Scene
import XCTest

/// The CRC that checks every chunk of a scene's PNGs.
final class PNGCheckTests: XCTestCase {
    /// The CRC-32 of PNG (ISO 3309, as zip and zlib): its catalogued check value, the CRC of the
    /// ASCII digits "123456789", is 0xCBF43926 (Williams, "A Painless Guide to CRC Error Detection
    /// Algorithms", and the reveng CRC catalogue's CRC-32/ISO-HDLC); and that of 'IEND', the type
    /// of the empty chunk that ends every PNG (PNG specification, 11.2.5), is AE 42 60 82, the
    /// last four bytes of every PNG file.
    func testTheChunkCRCIsPNGsCRC32() {
        XCTAssertEqual(PNGCheck.crc32(Array("123456789".utf8)[...]), 0xCBF4_3926)
        XCTAssertEqual(PNGCheck.crc32(Array("IEND".utf8)[...]), 0xAE42_6082)
        XCTAssertEqual(PNGCheck.crc32([]), 0)
        // A slice that does not start at index 0, as a chunk's is.
        let bytes = Array("xxIENDyy".utf8)
        XCTAssertEqual(PNGCheck.crc32(bytes[2..<6]), 0xAE42_6082)
    }
}
