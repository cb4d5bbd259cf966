import Foundation
import XCTest
@testable import Video

/// The threaded conversion path and the packed raw-frame output.
final class ConversionPathTests: XCTestCase {
    private let width = 322
    private let height = 242

    /// A busy ARGB32 picture (opaque, varying in every channel), `width * 4` bytes a row.
    private func picture(seed: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8((x * 7 + y * 3 + seed) & 0xFF)
                pixels[i + 1] = UInt8((x * y + seed * 5) & 0xFF)
                pixels[i + 2] = UInt8((x ^ y ^ seed) & 0xFF)
            }
        }
        return pixels
    }

    func testSliceThreadsGiveTheSameBytes() throws {
        for path in YUVConverter.Path.allCases {
            let single = try YUVConverter(width: width, height: height, path: path)
            XCTAssertEqual(single.threads, 1)
            let reference = YUVFrame(width: width, height: height)
            for threads in [2, 3, 4] {
                let threaded = try YUVConverter(width: width, height: height, threads: threads, path: path)
                let frame = YUVFrame(width: width, height: height)
                for seed in 0..<3 {
                    let pixels = picture(seed: seed)
                    try single.convert(bgra: pixels, stride: width * 4, into: reference)
                    try threaded.convert(bgra: pixels, stride: width * 4, into: frame)
                    XCTAssertEqual(frame.packedBytes(), reference.packedBytes(), "\(path), \(threads) threads, picture \(seed)")
                }
            }
        }
        XCTAssertThrowsError(try YUVConverter(width: width, height: height, threads: 0))
    }

    /// A frame holding picture A's conversion, with the rows where picture B differs converted
    /// again, is B's conversion: each row pair's bytes depend on its own two rows only. A
    /// changed pair left unconverted would keep A's bytes.
    func testConvertingTheChangedRowPairsGivesTheWholeConversion() throws {
        let a = picture(seed: 1)
        var b = a
        let changed = [3..<4, 40..<47, 120..<121]
        for range in changed {
            for row in (2 * range.lowerBound)..<(2 * range.upperBound) {
                for i in (row * width * 4)..<((row + 1) * width * 4) { b[i] = UInt8(truncatingIfNeeded: Int(b[i]) * 31 + row) }
            }
        }
        for threads in [1, 3] {
            let converter = try YUVConverter(width: width, height: height, threads: threads)
            let whole = YUVFrame(width: width, height: height), partial = YUVFrame(width: width, height: height)
            try converter.convert(bgra: b, stride: width * 4, into: whole)
            try converter.convert(bgra: a, stride: width * 4, into: partial)
            let before = partial.packedBytes()
            try converter.convert(bgra: b, stride: width * 4, into: partial, rowPairs: changed)
            XCTAssertEqual(partial.packedBytes(), whole.packedBytes(), "\(threads) threads")
            XCTAssertNotEqual(before, whole.packedBytes(), "the pictures' conversions differ")
            // Converting no rows leaves the frame alone; the copy is the frame.
            try converter.convert(bgra: a, stride: width * 4, into: partial, rowPairs: [])
            let copy = YUVFrame(width: width, height: height)
            copy.copyPixels(from: partial)
            XCTAssertEqual(copy.packedBytes(), whole.packedBytes())
        }
    }

    func testPackedBytesDropRowPadding() throws {
        let frame = YUVFrame(width: width, height: height)
        XCTAssertGreaterThan(frame.lumaStride, width, "rows are padded")
        frame.y[frame.lumaStride * 3 + 5] = 99
        frame.u[frame.chromaStride * 2 + 1] = 77
        frame.v[frame.chromaStride * (frame.chromaHeight - 1) + frame.chromaWidth - 1] = 55
        let packed = frame.packedBytes()
        let luma = width * height, chroma = (width / 2) * (height / 2)
        XCTAssertEqual(packed.count, luma + 2 * chroma)
        XCTAssertEqual(frame.packedByteCount, packed.count)
        XCTAssertEqual(packed[width * 3 + 5], 99)
        XCTAssertEqual(packed[luma + (width / 2) * 2 + 1], 77)
        XCTAssertEqual(packed[luma + 2 * chroma - 1], 55)
        XCTAssertEqual(packed[0], 16, "black luma")
        XCTAssertEqual(packed[luma], 128, "neutral chroma")
    }

    func testRawVideoFileIsConcatenatedPackedFrames() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString).yuv")
        defer { try? FileManager.default.removeItem(at: url) }
        let converter = try YUVConverter(width: width, height: height)
        let frames = (0..<3).map { _ in YUVFrame(width: width, height: height) }
        let file = try RawVideoFile(path: url.path)
        for (seed, frame) in frames.enumerated() {
            try converter.convert(bgra: picture(seed: seed), stride: width * 4, into: frame)
            try file.write(frame)
        }
        try file.finish()
        XCTAssertEqual(file.framesWritten, 3)
        XCTAssertEqual([UInt8](try Data(contentsOf: url)), frames.flatMap { $0.packedBytes() })
    }
}
