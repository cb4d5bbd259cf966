import Stills
import Raster
import Snapshots
import XCTest

/// The comparison behind `segue snapshot`: exact counts against an explicit tolerance.
final class SnapshotComparisonTests: XCTestCase {
    /// A 10 x 10 gray image.
    func gray(_ level: UInt8 = 128, width: Int = 10, height: Int = 10) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: (0..<width * height).flatMap { _ -> [UInt8] in [level, level, level, 255] })
    }

    /// `image` with the first `count` pixels' red channel raised by `delta`.
    func changed(_ image: RGBAImage, pixels count: Int, by delta: UInt8) -> RGBAImage {
        var copy = image
        for i in 0..<count { copy.pixels[i * 4] &+= delta }
        return copy
    }

    let tolerance = SnapshotTolerance(channel: 2, pixels: 0.05)

    func testIdenticalImages() {
        XCTAssertEqual(SnapshotComparison(tolerance: tolerance).compare(gray(), with: gray()), .identical)
        XCTAssertTrue(SnapshotVerdict.identical.passes)
    }

    func testDifferencesWithinTheChannelToleranceDoNotCount() {
        let verdict = SnapshotComparison(tolerance: tolerance).compare(changed(gray(), pixels: 100, by: 2), with: gray())
        XCTAssertEqual(verdict, .withinTolerance(SnapshotDifference(differingPixels: 0, totalPixels: 100, largestChannelDifference: 2,
                                                                    channelTolerance: 2)))
        XCTAssertTrue(verdict.passes)
    }

    func testAFewDifferingPixelsAreWithinThePixelTolerance() {
        // 5 of 100 pixels may differ (0.05).
        let verdict = SnapshotComparison(tolerance: tolerance).compare(changed(gray(), pixels: 5, by: 100), with: gray())
        XCTAssertEqual(verdict, .withinTolerance(SnapshotDifference(differingPixels: 5, totalPixels: 100, largestChannelDifference: 100,
                                                                    channelTolerance: 2)))
        XCTAssertTrue(verdict.passes)
    }

    func testMoreDifferingPixelsThanAllowedFail() {
        let verdict = SnapshotComparison(tolerance: tolerance).compare(changed(gray(), pixels: 6, by: 3), with: gray())
        guard case .different(let difference) = verdict else { return XCTFail("\(verdict)") }
        XCTAssertEqual(difference.differingPixels, 6)
        XCTAssertEqual(difference.largestChannelDifference, 3)
        XCTAssertEqual(difference.share, 0.06, accuracy: 1e-12)
        XCTAssertFalse(verdict.passes)
        XCTAssertTrue(difference.description.contains("6 of 100 pixels (6.00%) differ by more than 2"), difference.description)
    }

    func testAlphaCounts() {
        var translucent = gray()
        translucent.pixels[3] = 200
        let verdict = SnapshotComparison(tolerance: SnapshotTolerance(channel: 0, pixels: 0)).compare(translucent, with: gray())
        XCTAssertFalse(verdict.passes)
    }

    func testSizeMismatchFails() {
        let verdict = SnapshotComparison(tolerance: tolerance).compare(gray(width: 10, height: 12), with: gray())
        XCTAssertEqual(verdict, .sizeMismatch(golden: PixelSize(width: 10, height: 10), actual: PixelSize(width: 10, height: 12)))
        XCTAssertFalse(verdict.passes)
        XCTAssertNil(SnapshotComparison(tolerance: tolerance).diffImage(gray(width: 10, height: 12), gray()))
    }

    func testDiffImageMarksDifferencesInRedAndFadesTheRest() throws {
        let actual = changed(changed(gray(0), pixels: 2, by: 1), pixels: 1, by: 50)
        let diff = try XCTUnwrap(SnapshotComparison(tolerance: tolerance).diffImage(actual, gray(0)))
        XCTAssertEqual(Array(diff.pixels[0..<4]), [255, 0, 0, 255], "beyond the tolerance")
        XCTAssertEqual(Array(diff.pixels[4..<8]), [255, 160, 0, 255], "a difference within it")
        XCTAssertEqual(Array(diff.pixels[8..<12]), [179, 179, 179, 255], "black, faded to 30 %")
    }

    func testTheDefaultToleranceCatchesOneChangedGlyph() {
        // About 75 pixels change when one glyph of a 17 pt label changes on an iPhone 15 frame at 1x.
        let frame = gray(width: 393, height: 852)
        XCTAssertFalse(SnapshotComparison(tolerance: .default).compare(changed(frame, pixels: 75, by: 100), with: frame).passes)
        XCTAssertTrue(SnapshotComparison(tolerance: .default).compare(changed(frame, pixels: 30, by: 100), with: frame).passes)
        XCTAssertTrue(SnapshotComparison(tolerance: .default).compare(changed(frame, pixels: 10_000, by: 2), with: frame).passes)
    }
}
