import CLITestSupport
import Foundation
import XCTest

/// No command writes over what it reads, or over what is not a regular file (`Destination`):
/// `segue export s.yaml -o s.yaml` and `segue still s.yaml -o s.yaml` replaced the scene, and every
/// writer replaced a FIFO (as root, `-o /dev/null` would have replaced the system's).
///
/// The property: for every command that writes and every destination option it has, naming any
/// of its inputs — the scene, its image, its font, the scene through a hard link or another
/// spelling of its path, a report being merged — is refused (a non-zero exit) and leaves every
/// input's bytes as they were; so is a FIFO or a folder where a file goes.
final class OutputSafetyTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    /// A folder with a scene that shows `photo.png` in the font `serif.ttf`, a hard link to the
    /// scene, and a snapshot report of it to merge.
    private func inputs() throws -> (folder: URL, scene: URL, files: [URL]) {
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: Self.dejaVu), .dejaVuFont, "\(Self.dejaVu) is not installed")
        let folder = try CLI.temporaryFolder(self).appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = folder.appendingPathComponent("photo.png"), font = folder.appendingPathComponent("serif.ttf")
        try FileManager.default.copyItem(at: ExampleScenes.repository.appendingPathComponent("scenes/images/ben.png"), to: image)
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: font.path)
        let scene = try CLI.write("""
            size: [120, 200]
            scale: 1
            fps: 10
            fonts: [serif.ttf]
            screens:
              a:
                content:
                  - image: { file: photo.png, frame: [10, 10, 60, 60] }
                  - label: { text: Hi, frame: [10, 100, 100, 30], family: DejaVu Serif }
              b: { background: "#0000FF" }
            transitions:
              - { from: a, to: b, style: cross-dissolve }
            timeline:
              - { at: 0.1, present: b }
            """, "s.yaml", in: folder)
        let link = folder.appendingPathComponent("linked.yaml")
        try FileManager.default.linkItem(at: scene, to: link)
        let report = folder.appendingPathComponent("report.json")
        let snapshot = try CLI.segue(["snapshot", scene.path, "--json", report.path, "--quiet", "--record", "missing"])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        return (folder, scene, [scene, image, font, link, report])
    }

    /// Each writing command with `{}` for its destination, and the inputs it reads.
    private func commands(_ scene: URL, _ folder: URL, _ report: URL) -> [(arguments: [String], reads: String)] {
        let s = scene.path
        return [
            (["render", s, "-o", "{}"], "scene"),
            (["render", s, "--format", "png", "-o", "{}"], "scene"),
            (["still", s, "--at", "0", "-o", "{}"], "scene"),
            (["sheet", s, "-o", "{}"], "scene"),
            (["plot", s, "-o", "{}"], "scene"),
            (["trace", s, "-o", "{}"], "scene"),
            (["export", s, "-o", "{}"], "scene"),
            (["snapshot", s, "--json", "{}", "--quiet"], "scene"),
            (["snapshot", s, "--junit", "{}", "--quiet"], "scene"),
            (["batch", folder.path, "-o", folder.deletingLastPathComponent().appendingPathComponent("videos").path, "--json", "{}"], "scene"),
            (["report", "merge", report.path, "--json", "{}"], "report"),
            (["report", "merge", report.path, "--junit", "{}"], "report"),
        ]
    }

    private func bytes(_ files: [URL]) throws -> [Data] {
        try files.map { try Data(contentsOf: $0) }
    }

    func testNoWriterReplacesAFileItReads() throws {
        let (folder, scene, files) = try inputs()
        let before = try bytes(files)
        let report = files[4]
        // Each input as written, and the scene by another spelling of its path.
        let sceneInputs = files.prefix(4).map(\.path) + [folder.path + "/./../scenes/s.yaml"]
        for (arguments, reads) in commands(scene, folder, report) {
            let destinations = reads == "report" ? [report.path] : sceneInputs
            for destination in destinations {
                let run = try CLI.segue(arguments.map { $0 == "{}" ? destination : $0 })
                let command = (arguments.prefix(2) + ["→", destination]).joined(separator: " ")
                XCTAssertNotEqual(run.status, 0, "\(command) was not refused")
                XCTAssertEqual(try bytes(files), before, "\(command) changed an input")
            }
        }
        // A folder output that holds the scene would replace it with the frames.
        let frames = try CLI.segue(["render", scene.path, "--format", "png", "-o", folder.path])
        XCTAssertNotEqual(frames.status, 0)
        XCTAssertTrue(frames.stderr.contains("it holds the scene file"), frames.stderr)
        XCTAssertEqual(try bytes(files), before)
        // What the refusal says, for the two commands the issue names.
        for command in ["export", "still"] {
            let run = try CLI.segue([command, scene.path, "-o", scene.path] + (command == "still" ? ["--at", "0"] : []))
            XCTAssertEqual(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                           "error: cannot write \(scene.path): it is the scene file (\(scene.path)), which this command reads; give another output path")
        }
    }

    func testNoWriterReplacesAFIFOOrAFolder() throws {
        let (folder, scene, files) = try inputs()
        let fifo = folder.deletingLastPathComponent().appendingPathComponent("pipe.out")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let aside = folder.deletingLastPathComponent().appendingPathComponent("a-folder.png")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        for (arguments, _) in commands(scene, folder, files[4]) {
            for destination in [fifo, aside] {
                let run = try CLI.segue(arguments.map { $0 == "{}" ? destination.path : $0 }, timeout: 60)
                let command = (arguments.prefix(2) + ["→", destination.lastPathComponent]).joined(separator: " ")
                XCTAssertNotEqual(run.status, 0, "\(command) was not refused")
                XCTAssertFalse(run.timedOut, command)
                var info = stat()
                XCTAssertEqual(lstat(destination.path, &info), 0, command)
                XCTAssertEqual(info.st_mode & S_IFMT, destination == fifo ? S_IFIFO : S_IFDIR, "\(command) replaced it")
            }
        }
        let run = try CLI.segue(["export", scene.path, "-o", fifo.path])
        XCTAssertEqual(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                       "error: cannot write \(fifo.path): it is a FIFO (named pipe), not a regular file; Segue writes an output to a temporary beside it and renames it into place, which would replace it, not write through it: give the path of a file to write")
    }
}
