import Foundation
import Geometry
import Scene
import XCTest

/// The date-picker row (`datePicker:`): what its pills say, in the en_US styles UIKit formats a
/// compact `UIDatePicker`'s value with, and the errors a wrong date gets.
final class DatePickerTests: XCTestCase {
    func load(_ row: String) throws -> Scene {
        try SceneLoader.load(text: "device: iphone-16\nscreens:\n  a:\n    content:\n      - \(row)\n", file: "scene.yaml", name: "scene")
    }

    func picker(_ row: String) throws -> ControlView.DatePicker {
        let view = try load(row).screens["a"]?.views.first
        let picker: ControlView.DatePicker? = if case .control(let control)? = view, case .datePicker(let picker) = control.kind { picker } else { nil }
        return try XCTUnwrap(picker, "a date picker")
    }

    func testThePillsShowTheDateAndTimeAsUIKitFormatsThem() throws {
        let row = try picker(#"datePicker: { label: Starts, date: "2026-11-23 09:41", frame: [0, 722, 393, 44] }"#)
        XCTAssertEqual(row.label, "Starts")
        XCTAssertEqual(row.mode, .dateAndTime, "UIDatePicker's default mode")
        XCTAssertEqual(row.pills, ["Nov 23, 2026", "9:41 AM"])
        XCTAssertEqual(try picker(#"datePicker: { date: "2024-02-29", mode: date, frame: [0, 0, 393, 44] }"#).pills, ["Feb 29, 2024"])
        XCTAssertEqual(try picker(#"datePicker: { date: "00:05", mode: time, frame: [0, 0, 393, 44] }"#).pills, ["12:05 AM"])
        XCTAssertEqual(try picker(#"datePicker: { date: "2026-07-04 12:30", mode: time, frame: [0, 0, 393, 44] }"#).pills, ["12:30 PM"])

        // The medium date style is Foundation's own for en_US, for every month.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for month in 1...12 {
            let day = ControlView.DatePicker.Moment.days(inMonth: month, year: 2023)
            let date = try XCTUnwrap(calendar.date(from: DateComponents(year: 2023, month: month, day: day)))
            XCTAssertEqual(ControlView.DatePicker.Moment(year: 2023, month: month, day: day).mediumDate, formatter.string(from: date))
        }
    }

    func testAWrongDateIsRefusedWhereItIsWritten() {
        XCTAssertEqual(rejection { try self.load(#"datePicker: { date: "2023-02-29 10:00", frame: [0, 0, 393, 44] }"#) },
                       ["scene.yaml:5:29: error: expected a date as YYYY-MM-DD HH:MM, YYYY-MM-DD or HH:MM (24-hour), found '2023-02-29 10:00'"])
        XCTAssertEqual(rejection { try self.load(#"datePicker: { date: "9:41", frame: [0, 0, 393, 44] }"#) },
                       ["scene.yaml:5:29: error: expected a date as YYYY-MM-DD HH:MM, YYYY-MM-DD or HH:MM (24-hour), found '9:41'"])
        XCTAssertEqual(rejection { try self.load("datePicker: { frame: [0, 0, 393, 44] }") },
                       ["scene.yaml:5:21: error: missing key 'date' in a datePicker: YYYY-MM-DD HH:MM (24-hour), YYYY-MM-DD or HH:MM"])
        XCTAssertEqual(rejection { try self.load(#"datePicker: { date: "2023-01-01", mode: week, frame: [0, 0, 393, 44] }"#) }.count, 1)
    }
}
