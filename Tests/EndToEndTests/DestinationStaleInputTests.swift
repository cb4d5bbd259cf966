import Foundation
import Staging
import XCTest

/// `Destination` refuses to write over a file the process has read — by device and inode — but
/// only while that file is still at the path it was read from: in a long-running process (the
/// preview, a test suite) a file read once and deleted frees its inode, which the file system gives
/// to the next file made, and that file is no input. (Seen in the suite: a test's video output was
/// refused as "an image the scene shows" of a test that had run and cleaned up before.)
final class DestinationStaleInputTests: XCTestCase {
    func testAnInputDeletedSinceItWasReadNoLongerProtectsItsInode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Many rounds, so that the file system hands a freed inode on at least once: read, delete,
        // make another file, which must be writable whatever inode it got.
        for round in 0..<40 {
            let input = folder.appendingPathComponent("input-\(round).png")
            try Data([1, 2, 3]).write(to: input)
            Destination.protect(input.path, as: "an image the scene shows")
            XCTAssertNotNil(Destination.problem(input, kind: .file), "an input still there is protected")
            try FileManager.default.removeItem(at: input)
            let output = folder.appendingPathComponent("output-\(round).mp4")
            try Data([4, 5, 6]).write(to: output)
            XCTAssertNil(Destination.problem(output, kind: .file), "round \(round): a new file is no input")
        }
    }
}
