import Snapshots
import XCTest

/// `SEGUE_RECORD` is read in one place, by README's rule: a mode's name, `1`/`true` (all) or
/// `0`/`false` (never); any other value is a usage error.
final class SnapshotModeTests: XCTestCase {
    func testTheSettingsREADMEListsAreTheOnlyOnesAccepted() throws {
        for (value, mode) in [("all", SnapshotMode.all), ("missing", .missing), ("failed", .failed), ("never", .never),
                              ("1", .all), ("true", .all), ("0", .never), ("false", .never)] {
            XCTAssertEqual(SnapshotMode(setting: value), mode, value)
            XCTAssertEqual(try SnapshotMode.fromEnvironment(["SEGUE_RECORD": value]), mode, value)
        }
        for value in ["yes", "no", "on", "off", "", "2", "record", "sometimes"] {
            XCTAssertNil(SnapshotMode(setting: value), value)
            XCTAssertThrowsError(try SnapshotMode.fromEnvironment(["SEGUE_RECORD": value]), value) { error in
                XCTAssertTrue("\(error)".contains("SEGUE_RECORD=\(value) is not a record mode"), "\(error)")
            }
        }
        XCTAssertNil(try SnapshotMode.fromEnvironment([:]))
    }
}
