import Foundation
import XCTest
@testable import Video

/// End-to-end checks of `MP4Writer`, verified with the ffprobe and ffmpeg command-line tools.
final class VideoTests: XCTestCase {
    /// Frame geometry of the test clip.
    private let width = 320
    private let height = 240
    private let fps = 30
    private let frameCount = 30

    /// The moving rectangle: size, vertical position and colors (R, G, B).
    private let rectangleSize = (width: 64, height: 48)
    private let rectangleTop = 96
    private let rectangleColor: (UInt8, UInt8, UInt8) = (230, 40, 40)
    private let backgroundColor: (UInt8, UInt8, UInt8) = (20, 60, 120)

    /// A fresh folder for each test, removed afterwards.
    private var folder = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("VideoTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Stream properties

    func testStreamPropertiesMatchSettings() throws {
        let url = folder.appendingPathComponent("clip.mp4")
        let written = try encodeClip(to: url)
        XCTAssertEqual(written, frameCount)

        let probe = try ffprobe(url)
        let streams = try XCTUnwrap(probe["streams"] as? [[String: Any]])
        XCTAssertEqual(streams.count, 1)
        let stream = try XCTUnwrap(streams.first)
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(stream["codec_tag_string"] as? String, "avc1")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(stream["color_range"] as? String, "tv")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt709")
        XCTAssertEqual(stream["color_transfer"] as? String, "bt709")
        XCTAssertEqual(stream["color_space"] as? String, "bt709")
        XCTAssertEqual(stream["width"] as? Int, width)
        XCTAssertEqual(stream["height"] as? Int, height)
        XCTAssertEqual(stream["avg_frame_rate"] as? String, "30/1")
        XCTAssertEqual(stream["r_frame_rate"] as? String, "30/1")
        XCTAssertEqual(stream["nb_frames"] as? String, "30")
        XCTAssertEqual(stream["nb_read_frames"] as? String, "30")
        let streamDuration = try XCTUnwrap(Double(try XCTUnwrap(stream["duration"] as? String)))
        XCTAssertEqual(streamDuration, 1.0, accuracy: 0.0001)

        let format = try XCTUnwrap(probe["format"] as? [String: Any])
        let formatDuration = try XCTUnwrap(Double(try XCTUnwrap(format["duration"] as? String)))
        XCTAssertEqual(formatDuration, 1.0, accuracy: 0.0001)
        let tags = format["tags"] as? [String: Any] ?? [:]
        XCTAssertNil(tags["encoder"], "bitexact output must not name the library version")
        XCTAssertNil(tags["creation_time"], "deterministic output must not contain a date")
    }

    func testMoovAtomPrecedesMdat() throws {
        let url = folder.appendingPathComponent("faststart.mp4")
        try encodeClip(to: url)
        let boxes = try topLevelBoxes(of: Data(contentsOf: url))
        let moov = try XCTUnwrap(boxes.firstIndex(of: "moov"), "boxes: \(boxes)")
        let mdat = try XCTUnwrap(boxes.firstIndex(of: "mdat"), "boxes: \(boxes)")
        XCTAssertEqual(boxes.first, "ftyp")
        XCTAssertLessThan(moov, mdat, "boxes: \(boxes)")
    }

    // MARK: - Pixels

    func testDecodedFrameShowsRectangleInColorAndPlace() throws {
        let url = folder.appendingPathComponent("pixels.mp4")
        try encodeClip(to: url)

        let index = 10
        let rgb = try run("/usr/bin/ffmpeg", [
            "-v", "error", "-i", url.path,
            "-vf", "select=eq(n\\,\(index))", "-vframes", "1",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
        ])
        XCTAssertEqual(rgb.count, width * height * 3)
        guard rgb.count == width * height * 3 else { return }
        let pixels = [UInt8](rgb)
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let offset = (y * width + x) * 3
            return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
        }

        let left = rectangleLeft(frame: index)
        let right = left + rectangleSize.width
        let top = rectangleTop
        let bottom = top + rectangleSize.height
        let middleY = top + rectangleSize.height / 2
        let middleX = left + rectangleSize.width / 2

        assertColor(pixel(middleX, middleY), rectangleColor, "rectangle centre")
        assertColor(pixel(left + 3, top + 3), rectangleColor, "rectangle top-left corner")
        assertColor(pixel(right - 4, bottom - 4), rectangleColor, "rectangle bottom-right corner")
        assertColor(pixel(left - 4, middleY), backgroundColor, "left of the rectangle")
        assertColor(pixel(right + 3, middleY), backgroundColor, "right of the rectangle")
        assertColor(pixel(middleX, top - 4), backgroundColor, "above the rectangle")
        assertColor(pixel(middleX, bottom + 3), backgroundColor, "below the rectangle")
        assertColor(pixel(5, 5), backgroundColor, "frame corner")

        // The red edge along the middle row sits where frame 10 put it.
        let redColumns = (0..<width).filter { pixel($0, middleY).0 > 128 }
        XCTAssertEqual(Double(try XCTUnwrap(redColumns.first)), Double(left), accuracy: 1)
        XCTAssertEqual(Double(try XCTUnwrap(redColumns.last)), Double(right - 1), accuracy: 1)
    }

    func testConverterUsesBT709LimitedRange() throws {
        let converter = try YUVConverter(width: 32, height: 16)
        let frame = YUVFrame(width: 32, height: 16)
        // (R, G, B) -> expected (Y, Cb, Cr) for BT.709 limited range.
        let cases: [((UInt8, UInt8, UInt8), (Int, Int, Int))] = [
            ((255, 0, 0), (63, 102, 240)),
            ((0, 255, 0), (173, 42, 26)),
            ((0, 0, 255), (32, 240, 118)),
            ((255, 255, 255), (235, 128, 128)),
            ((0, 0, 0), (16, 128, 128)),
        ]
        for (rgb, expected) in cases {
            var pixels = [UInt8](repeating: 0, count: 32 * 16 * 4)
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                pixels[offset] = rgb.2
                pixels[offset + 1] = rgb.1
                pixels[offset + 2] = rgb.0
                pixels[offset + 3] = 255
            }
            try converter.convert(bgra: pixels, stride: 32 * 4, into: frame)
            let chroma = frame.chroma(x: 10, y: 10)
            XCTAssertEqual(Int(frame.luma(x: 10, y: 10)), expected.0, accuracy: 1, "Y of \(rgb)")
            XCTAssertEqual(Int(chroma.cb), expected.1, accuracy: 1, "Cb of \(rgb)")
            XCTAssertEqual(Int(chroma.cr), expected.2, accuracy: 1, "Cr of \(rgb)")
        }
    }

    // MARK: - Determinism

    func testSameFramesGiveSameBytes() throws {
        let first = folder.appendingPathComponent("first.mp4")
        let second = folder.appendingPathComponent("second.mp4")
        try encodeClip(to: first)
        try encodeClip(to: second)
        let firstHash = try sha256(first)
        XCTAssertEqual(firstHash.count, 64)
        XCTAssertEqual(firstHash, try sha256(second))
        XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
    }

    /// Several encoders one after another in one process (a batch) give the same bytes; with
    /// B-frames, libx264 varied its first frame between encoders here.
    func testRepeatedEncodesInOneProcessAreIdentical() throws {
        var outputs: [Data] = []
        for round in 0..<6 {
            let url = folder.appendingPathComponent("round\(round).mp4")
            try encodeClip(to: url)
            outputs.append(try Data(contentsOf: url))
        }
        XCTAssertEqual(Set(outputs).count, 1)
    }

    func testYUVPathMatchesBGRAPath() throws {
        let direct = folder.appendingPathComponent("direct.mp4")
        try encodeClip(to: direct)

        let converted = folder.appendingPathComponent("converted.mp4")
        let writer = try MP4Writer(destination: converted, settings: settings())
        let converter = try YUVConverter(width: width, height: height)
        let frame = YUVFrame(width: width, height: height)
        for index in 0..<frameCount {
            let pixels = makeFrame(index: index)
            try converter.convert(bgra: pixels, stride: width * 4, into: frame)
            try writer.append(yuv: frame)
        }
        try writer.finish()

        XCTAssertEqual(try Data(contentsOf: direct), try Data(contentsOf: converted))
    }

    // MARK: - Errors and cleanup

    func testOddDimensionsThrowAndLeaveNothing() throws {
        let url = folder.appendingPathComponent("odd.mp4")
        for (oddWidth, oddHeight) in [(321, 240), (320, 241)] {
            let odd = VideoSettings(width: oddWidth, height: oddHeight, fps: fps)
            XCTAssertThrowsError(try MP4Writer(destination: url, settings: odd)) { error in
                guard case VideoError.invalidSettings(let message) = error else {
                    return XCTFail("expected invalidSettings, got \(error)")
                }
                XCTAssertTrue(message.contains("odd"), message)
            }
        }
        XCTAssertEqual(try folderContents(), [])
    }

    func testMissingFolderThrowsAndLeavesNothing() throws {
        let missing = folder.appendingPathComponent("missing", isDirectory: true)
        let url = missing.appendingPathComponent("clip.mp4")
        XCTAssertThrowsError(try MP4Writer(destination: url, settings: settings())) { error in
            guard case VideoError.invalidDestination(_, let reason) = error else {
                return XCTFail("expected invalidDestination, got \(error)")
            }
            XCTAssertTrue(reason.contains("does not exist"), reason)
            XCTAssertTrue(String(describing: error).contains(url.path), String(describing: error))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
        XCTAssertEqual(try folderContents(), [])
    }

    func testEncoderThatCannotOpenThrowsAndLeavesNothing() throws {
        let url = folder.appendingPathComponent("preset.mp4")
        var bad = settings()
        bad.preset = "notapreset"
        XCTAssertThrowsError(try MP4Writer(destination: url, settings: bad)) { error in
            guard case VideoError.invalidSettings(let message) = error else {
                return XCTFail("expected invalidSettings, got \(error)")
            }
            XCTAssertTrue(message.contains("notapreset"), message)
        }
        XCTAssertEqual(try folderContents(), [])
    }

    func testWriterReleasedWithoutFinishLeavesNothing() throws {
        let url = folder.appendingPathComponent("abandoned.mp4")
        do {
            let writer = try MP4Writer(destination: url, settings: settings())
            for index in 0..<5 {
                try append(makeFrame(index: index), to: writer)
            }
            XCTAssertEqual(writer.framesWritten, 5)
            // While the writer lives, only its hidden temporary file exists.
            let contents = try folderContents()
            XCTAssertEqual(contents.count, 1)
            XCTAssertTrue(contents.first?.hasPrefix(".abandoned.mp4.tmp-") ?? false, "\(contents)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        }
        XCTAssertEqual(try folderContents(), [])
    }

    func testFinishReplacesExistingFileAndClosesWriter() throws {
        let url = folder.appendingPathComponent("replace.mp4")
        try Data("old".utf8).write(to: url)
        let writer = try MP4Writer(destination: url, settings: settings())
        try append(makeFrame(index: 0), to: writer)
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8), "destination changes only in finish()")
        try writer.finish()

        XCTAssertEqual(try folderContents(), ["replace.mp4"])
        XCTAssertEqual(try topLevelBoxes(of: Data(contentsOf: url)).first, "ftyp")
        XCTAssertThrowsError(try append(makeFrame(index: 1), to: writer)) { error in
            guard case VideoError.writerClosed = error else { return XCTFail("expected writerClosed, got \(error)") }
        }
        XCTAssertThrowsError(try writer.finish())
    }

    func testFinishWithoutFramesThrowsAndLeavesNothing() throws {
        let url = folder.appendingPathComponent("empty.mp4")
        let writer = try MP4Writer(destination: url, settings: settings())
        XCTAssertThrowsError(try writer.finish())
        XCTAssertEqual(try folderContents(), [])
    }

    func testMismatchedFramesThrowWithoutStoppingTheWriter() throws {
        let url = folder.appendingPathComponent("mismatch.mp4")
        let writer = try MP4Writer(destination: url, settings: settings())
        XCTAssertThrowsError(try writer.append(yuv: YUVFrame(width: 16, height: 16))) { error in
            guard case VideoError.invalidFrame = error else { return XCTFail("expected invalidFrame, got \(error)") }
        }
        let pixels = makeFrame(index: 0)
        XCTAssertThrowsError(try writer.append(bgra: pixels, stride: width * 4 - 4)) { error in
            guard case VideoError.invalidFrame = error else { return XCTFail("expected invalidFrame, got \(error)") }
        }
        try append(pixels, to: writer)
        try writer.finish()
        XCTAssertEqual(writer.framesWritten, 1)
        XCTAssertEqual(try folderContents(), ["mismatch.mp4"])
    }

    // MARK: - Helpers

    /// The settings of the test clip.
    private func settings() -> VideoSettings {
        VideoSettings(width: width, height: height, fps: fps)
    }

    /// The left edge of the rectangle in frame `index`: it moves 6 pixels per frame.
    private func rectangleLeft(frame index: Int) -> Int {
        16 + index * 6
    }

    /// One frame of Cairo ARGB32 pixels (B, G, R, A bytes) with the rectangle at its position for `index`.
    private func makeFrame(index: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let left = rectangleLeft(frame: index)
        for y in 0..<height {
            for x in 0..<width {
                let inside = (left..<left + rectangleSize.width).contains(x)
                    && (rectangleTop..<rectangleTop + rectangleSize.height).contains(y)
                let color = inside ? rectangleColor : backgroundColor
                let offset = (y * width + x) * 4
                pixels[offset] = color.2
                pixels[offset + 1] = color.1
                pixels[offset + 2] = color.0
            }
        }
        return pixels
    }

    /// Appends one `makeFrame` buffer to `writer`.
    private func append(_ pixels: [UInt8], to writer: MP4Writer) throws {
        try pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { throw VideoError.invalidFrame("empty test frame") }
            try writer.append(bgra: base, stride: width * 4)
        }
    }

    /// Encodes the moving-rectangle clip to `url` and returns the writer's frame count.
    @discardableResult
    private func encodeClip(to url: URL) throws -> Int {
        let writer = try MP4Writer(destination: url, settings: settings())
        for index in 0..<frameCount {
            try append(makeFrame(index: index), to: writer)
        }
        try writer.finish()
        return writer.framesWritten
    }

    /// XCTAsserts that each channel of `actual` is within 10 of `expected`.
    private func assertColor(_ actual: (UInt8, UInt8, UInt8), _ expected: (UInt8, UInt8, UInt8), _ place: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let tolerance = 10
        let close = abs(Int(actual.0) - Int(expected.0)) <= tolerance
            && abs(Int(actual.1) - Int(expected.1)) <= tolerance
            && abs(Int(actual.2) - Int(expected.2)) <= tolerance
        XCTAssertTrue(close, "\(place): got \(actual), expected \(expected) ± \(tolerance)", file: file, line: line)
    }

    /// The names in the test folder, including hidden ones, sorted.
    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The four-character types of the file's top-level ISO-BMFF boxes, in order.
    private func topLevelBoxes(of data: Data) throws -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var offset = 0
        func bigEndian(_ start: Int, _ count: Int) -> Int {
            bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
        }
        while offset + 8 <= bytes.count {
            var size = bigEndian(offset, 4)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1 {
                guard offset + 16 <= bytes.count else { break }
                size = bigEndian(offset + 8, 8)
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8 else {
                throw VideoError.invalidFrame("malformed box \(type) of size \(size) at \(offset)")
            }
            types.append(type)
            offset += size
        }
        XCTAssertEqual(offset, bytes.count, "boxes must cover the file exactly")
        return types
    }

    /// ffprobe's JSON description of the file's streams (with counted frames) and format.
    private func ffprobe(_ url: URL) throws -> [String: Any] {
        let json = try run("/usr/bin/ffprobe", [
            "-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", url.path,
        ])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    /// The SHA-256 of the file as lowercase hex, from sha256sum.
    private func sha256(_ url: URL) throws -> String {
        let output = try run("/usr/bin/sha256sum", [url.path])
        return String(decoding: output.prefix(64), as: UTF8.self)
    }

    /// Runs a command and returns its standard output; fails on a non-zero exit status.
    private func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(executable) \(arguments): \(errorText)")
        return data
    }
}
