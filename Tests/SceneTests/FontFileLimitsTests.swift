import CLITestSupport
import Foundation
import Scene
import XCTest

/// A `fonts:` entry is checked with `stat` before the file is read (`RegularFile`,
/// `Limits.fontBytes`): a FIFO blocked the load, `/dev/zero` never ended it, a 1 GiB file was
/// read whole (2.1 GB resident), and each of the first three said "no such file". Each is now an
/// error at the entry, saying what the file is, in well under a second.
final class FontFileLimitsTests: XCTestCase {
    func testAFontThatIsNoRegularFileOrTooLargeIsRefusedBeforeItIsRead() throws {
        let folder = try CLI.temporaryFolder(self)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.ttf").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.ttf").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.ttf"), withIntermediateDirectories: false)
        // Sparse: a gibibyte that takes no disk.
        let big = folder.appendingPathComponent("big.otf")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, 1 << 30), 0)
        let file = folder.appendingPathComponent("scene.yaml").path
        let text = "fonts: [pipe.ttf, zero.ttf, folder.ttf, big.otf]\nscreens:\n  a: {}\n"

        // On a thread of its own: the old loader blocked on the FIFO for good.
        let result = LockedResult()
        let done = expectation(description: "loaded")
        Thread.detachNewThread {
            result.set(sceneProblemsAt(file, text))
            done.fulfill()
        }
        let start = Date()
        wait(for: [done], timeout: 5)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        let path = folder.standardizedFileURL.path
        XCTAssertEqual(result.get(), [
            "\(file):1:9: error: cannot use font 'pipe.ttf' (\(path)/pipe.ttf): it is not a regular file (a pipe, socket or device)",
            "\(file):1:19: error: cannot use font 'zero.ttf' (\(path)/zero.ttf): it is not a regular file (a pipe, socket or device)",
            "\(file):1:29: error: cannot use font 'folder.ttf' (\(path)/folder.ttf): it is a folder, not a file",
            "\(file):1:41: error: cannot use font 'big.otf' (\(path)/big.otf): the file is 1073741824 bytes, over the limit of 67108864 bytes (64 MB)",
        ])
        XCTAssertEqual(Limits.fontBytes, 64 << 20)
    }
}

/// The diagnostics of scene `text` loaded as the file `file` (its fonts relative to its folder).
private func sceneProblemsAt(_ file: String, _ text: String) -> [String] {
    do {
        _ = try SceneLoader.load(text: text, file: file, name: "scene")
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}

/// A value one thread sets and another reads.
///
/// Unchecked Sendable: `value` is read and written only under `lock`.
private final class LockedResult: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [String]?
    func set(_ new: [String]) { lock.lock(); value = new; lock.unlock() }
    func get() -> [String]? { lock.lock(); defer { lock.unlock() }; return value }
}
