import CLITestSupport
import Foundation
@testable import Scene
import XCTest

/// A scene's image files checked ahead of their use (`ImageFiles.prefetch`, several at once)
/// come out as checked one by one where each is used: the same sizes, the same pixel totals,
/// the same errors, for every use in order.
final class ImageFilesTests: XCTestCase {
    func testCheckingAheadChangesNothingACheckFinds() throws {
        let folder = try CLI.temporaryFolder(self)
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
        let small = try write("small.png", TestPNG.make(width: 3, height: 2, bitDepth: 8, colorType: 2, pixel: [1, 2, 3]))
        let wide = try write("wide.png", TestPNG.make(width: 40, height: 5, bitDepth: 8, colorType: 0, pixel: [9]))
        var damaged = TestPNG.make(width: 4, height: 4, bitDepth: 8, colorType: 2, pixel: [7, 7, 7])
        damaged[damaged.count - 20] ^= 0xFF  // inside the IDAT chunk: its CRC fails
        let broken = try write("broken.png", damaged)
        let text = try write("text.png", Array("not a png".utf8))
        let missing = folder.appendingPathComponent("missing.png").path

        // Each file used once or more, the broken ones among the good, as views use them.
        let uses = [small, broken, wide, small, missing, text, broken, wide, small]
        func outcomes(_ files: ImageFiles) -> [String] {
            uses.map { path in
                do {
                    let (image, total) = try files.check(path)
                    return "\(image.width)x\(image.height) total \(total.map(String.init) ?? "-")"
                } catch {
                    return "error: \(error)"
                }
            }
        }
        let oneByOne = outcomes(ImageFiles())
        let ahead = ImageFiles()
        ahead.prefetch(uses + [folder.appendingPathComponent("unused.png").path])
        XCTAssertEqual(outcomes(ahead), oneByOne)
        // The reference, from the files as written: sizes, running totals of distinct files, errors.
        XCTAssertEqual(oneByOne[0], "3x2 total 6")
        XCTAssertTrue(oneByOne[1].hasPrefix("error: the PNG is damaged: chunk 'IDAT'"), oneByOne[1])
        XCTAssertEqual(oneByOne[2], "40x5 total 206")
        XCTAssertEqual(oneByOne[3], "3x2 total -")
        XCTAssertEqual(oneByOne[5], "error: not a PNG file")
        XCTAssertEqual(oneByOne[6], oneByOne[1])
        XCTAssertEqual(oneByOne[7], "40x5 total -")
    }
}
