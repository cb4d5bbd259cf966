import CLITestSupport
import Foundation
import XCTest

/// A font file whose name table reads but whose other tables FreeType cannot (here every table's
/// offset points past the end of the file) passed the loader and failed the first text drawn:
/// "font setup failed: Fontconfig could not read …", with no location. It is now refused when the
/// scene loads (`FontFileCheck`), at the `fonts` entry that names it, by every command.
final class FontFileCommandTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    func testAFontWithScrambledTablesIsRefusedAtItsEntry() throws {
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: Self.dejaVu), .dejaVuFont, "\(Self.dejaVu) is not installed")
        let folder = try CLI.temporaryFolder(self)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<tables {
            let record = 12 + 16 * index
            guard !bytes[record..<record + 4].elementsEqual(Array("name".utf8)) else { continue }
            bytes.replaceSubrange(record + 8..<record + 12, with: [0x7F, 0xFF, 0xFF, 0x00])
        }
        let font = folder.appendingPathComponent("scrambled.ttf")
        try Data(bytes).write(to: font)
        let scene = try CLI.write("""
            size: [120, 200]
            fonts: [scrambled.ttf]
            screens:
              a:
                content:
                  - label: { text: Hi, family: DejaVu Serif, frame: [10, 10, 100, 30] }
            """, "s.yaml", in: folder)
        let expected = "\(scene.path):2:9: error: cannot use font \(font.path): FreeType cannot read it as a font (its tables are damaged, or it is not a TrueType or OpenType file)"
        for arguments in [["validate", scene.path], ["still", scene.path, "--at", "0", "-o", folder.appendingPathComponent("a.png").path]] {
            let run = try CLI.segue(arguments)
            XCTAssertEqual(run.status, 1, arguments[0])
            XCTAssertTrue(run.stderr.hasPrefix(expected), "\(arguments[0]): \(run.stderr)")
        }
    }
}
