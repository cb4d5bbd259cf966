import Geometry
import Motion
import Scene
import XCTest

final class SceneLoaderTests: XCTestCase {
    let minimal = """
        device: iphone-se
        fps: 30
        screens:
          a:
            background: "#FF000080"
            content:
              - rect: { frame: [10, 20, 100, 50], fill: systemBlue, cornerRadius: 8 }
              - label: { text: Hello, frame: [0, 0, 100, 20], font: headline }
          b: { background: systemBackground }
        root: a
        transitions:
          - { from: a, to: b, style: slide-up-modal, spring: { mass: 1, stiffness: 300, damping: 20 }, flickVelocity: 900 }
        timeline:
          - { at: 0.5, present: b }
          - at: 2
            pan: [[0, 100, 200], [0.1, 100, 300]]
          - at: 3
            swipe: { from: [10, 10], to: [10, 110], duration: 0.1, rate: 100 }
        """

    func load(_ text: String, file: String = "test.yaml") throws -> Scene {
        try SceneLoader.load(text: text, file: file, name: "test")
    }

    func diagnostics(_ text: String, file: String = "test.yaml") -> [Diagnostic] {
        do {
            _ = try load(text, file: file)
            XCTFail("expected the scene to be rejected")
            return []
        } catch let error as SceneError {
            return error.diagnostics
        } catch {
            XCTFail("unexpected error \(error)")
            return []
        }
    }

    func testLoadsEverySection() throws {
        let scene = try load(minimal)
        XCTAssertEqual(scene.device.size, Size(width: 375, height: 667))
        XCTAssertEqual(scene.device.scale, 2)
        XCTAssertEqual(scene.fps, 30)
        XCTAssertEqual(scene.root, "a")
        XCTAssertEqual(scene.screenOrder, ["a", "b"])
        let a = try XCTUnwrap(scene.screens["a"])
        XCTAssertEqual(a.background.alpha, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(a.views.count, 2)
        guard case .rect(let rect) = a.views[0], case .label(let label) = a.views[1] else {
            return XCTFail("views decoded as the wrong kinds")
        }
        XCTAssertEqual(rect.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(rect.fill, Color(r8: 0, g8: 122, b8: 255))
        XCTAssertEqual(label.fontSize, 17)
        XCTAssertEqual(label.weight, .semibold)
        let transition = try XCTUnwrap(scene.transitions.first)
        XCTAssertEqual(transition.style, "slide-up-modal")
        // Decoded at load against the built-in style's declared settings.
        let settings = transition.settings
        XCTAssertEqual(settings.spring("spring")?.stiffness, 300)
        XCTAssertEqual(settings.number("flickVelocity"), 900)
        XCTAssertEqual(settings.number("completionThreshold"), 0.2, "the descriptor's default kept")
        XCTAssertEqual(scene.timeline.count, 3)
        XCTAssertEqual(scene.timeline[0].action, .present("b"))
        guard case .swipe(let synthesized) = scene.timeline[2].action else { return XCTFail("swipe is a finger") }
        let swipe = synthesized.samples(framesPerSecond: nil)
        XCTAssertEqual(swipe.count, 11, "0.1 s at 100 Hz: touch down plus 10 moves")
        XCTAssertEqual(swipe.last?.location, Point(x: 10, y: 110))
        XCTAssertEqual(scene.timeline[0].location.line, 14)
    }

    func testJSONWithTheSameStructure() throws {
        let json = """
            {
            \t"device": {"size": [320, 480], "scale": 1},
            \t"screens": {"a": {"background": "white"}, "b": {}},
            \t"transitions": [{"from": "a", "to": "b", "style": "slide-up-modal"}],
            \t"timeline": [{"at": 0.25, "present": "b"}]
            }
            """
        let scene = try load(json, file: "scene.json")
        XCTAssertEqual(scene.device.size, Size(width: 320, height: 480))
        XCTAssertEqual(scene.root, "a", "the first screen is the root by default")
        XCTAssertEqual(scene.timeline.first?.time, 0.25)
    }

    func testReportsEveryProblemWithLineAndColumn() {
        let text = """
            device: iphone-99
            fps: 0
            screens:
              a:
                background: notAColor
                content:
                  - circle: { r: 3 }
                  - label: { frame: [0, 0, 10] }
            root: z
            timeline:
              - at: 1
                present: a
                dismiss: true
              - at: -1
                dismiss: true
            """
        let found = diagnostics(text)
        let summary = found.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        func expect(_ line: Int, _ column: Int, _ fragment: String, file: StaticString = #filePath, line sourceLine: UInt = #line) {
            XCTAssertTrue(found.contains { $0.location.line == line && $0.location.column == column && $0.message.contains(fragment) },
                          "missing \(line):\(column) '\(fragment)' in:\n\(summary.joined(separator: "\n"))", file: file, line: sourceLine)
        }
        expect(1, 9, "unknown device 'iphone-99'")
        expect(2, 6, "fps must be between 1 and 240")
        expect(5, 17, "unknown color 'notAColor'")
        expect(7, 9, "unknown key 'circle'")
        expect(8, 25, "a list of 4 numbers), found a list of 3 items")
        expect(8, 16, "missing key 'text'")
        XCTAssertEqual(found.filter { $0.location.line == 7 }.count, 1, "one problem, one message")
        expect(9, 7, "unknown screen 'z'")
        expect(11, 5, "exactly one action")
        expect(14, 9, "'at' time must be between 0")
        XCTAssertTrue(found.allSatisfy { $0.location.file == "test.yaml" })
        XCTAssertEqual(found.map(\.location.line), found.map(\.location.line).sorted(), "diagnostics come in file order")
    }

    func testSuggestsTheNearestKey() {
        let found = diagnostics("screens: { a: {} }\ntimelin: []\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.location.line, 2)
        XCTAssertEqual(found.first?.location.column, 1)
        XCTAssertTrue(found.first?.message.contains("did you mean 'timeline'?") ?? false, "\(found)")
    }

    /// A transition bound to taps on a list its `from` screen does not have is an error at load,
    /// at the id, with the nearest id the screen has (before, it validated, and the first tap
    /// failed with "no gesture that starts them", never naming the id).
    func testATapTriggerNamesAListOfItsScreen() {
        func scene(_ list: String, content: String = "[{ list: { id: mail, rows: [A, B] } }]") -> String {
            "screens:\n  inbox:\n    content: \(content)\n  detail: {}\nroot: inbox\ntransitions:\n" +
            "  - { from: inbox, to: detail, style: system-push, tap: { list: \(list) } }\ntimeline: []\n"
        }
        let found = diagnostics(scene("mial"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.location.line, 7)
        XCTAssertEqual(found.first?.location.column, 65)
        XCTAssertEqual(found.first?.message,
                       "screen 'inbox' has no list or grid 'mial' for this transition's taps (did you mean 'mail'?); its lists, grids and scroll views: mail")
        let none = diagnostics(scene("mail", content: "[{ list: { rows: [A, B] } }]"))
        XCTAssertEqual(none.first?.message,
                       "screen 'inbox' has no list or grid 'mail' for this transition's taps; it has no list, grid or scroll view with an id")
        XCTAssertNoThrow(try load(scene("mail")))
    }

    /// "Did you mean" offers a key one of whose camelCase words is the unknown key before one a
    /// few edits away (`switch: { on: true }` means `isOn`, not `id`), and typos as before.
    func testDidYouMeanPrefersAWordOfTheKey() {
        let found = diagnostics("screens:\n  a:\n    content:\n      - switch: { on: true, frame: [20, 200, 51, 31] }\nroot: a\ntimeline: []\n")
        XCTAssertEqual(found.first?.message.contains("unknown key 'on' in a switch (did you mean 'isOn'?)"), true, "\(found)")
        XCTAssertEqual(Diagnostic.closest(to: "on", in: ["id", "frame", "isOn"]), "isOn")
        XCTAssertEqual(Diagnostic.closest(to: "color", in: ["colour", "tintColor"]), "tintColor")
        XCTAssertEqual(Diagnostic.closest(to: "timelin", in: ["screens", "timeline", "root"]), "timeline")
        XCTAssertNil(Diagnostic.closest(to: "x", in: ["xOffset"]), "one letter is no word")
    }

    /// A view's keys written under `- list:` but indented only as far as `list` are read by YAML
    /// as the view's, and `list` as empty: one error at the kind names them and the indentation
    /// to give them (before: "found nothing", then an unknown key 'id' in a view, "did you mean
    /// 'grid'?", for each). For lists, grids, rects and controls; a view with a real unknown key
    /// beside its kind is reported as before.
    func testKeysIndentedOnlyAsFarAsTheirViewKindAreNamedOnce() {
        func scene(_ view: String) -> String { "screens:\n  a:\n    content:\n\(view)\nroot: a\ntimeline: []\n" }
        let list = diagnostics(scene("      - list:\n        id: mail\n        rows: [A, B]"))
        XCTAssertEqual(list.map(\.description), [
            "test.yaml:4:9: error: 'list' has nothing under it: 'id', 'rows' on the lines below are keys of a list but are indented only as far as 'list', so YAML reads them as the view's; indent them further than 'list' (column 11 or further)",
        ])
        let grid = diagnostics(scene("      - grid:\n        columns: 3"))
        XCTAssertEqual(grid.first?.message.hasPrefix("'grid' has nothing under it: 'columns' on the lines below are keys of a grid"), true, "\(grid)")
        let rect = diagnostics(scene("      - rect:\n        frame: [0, 0, 10, 10]\n        fill: systemRed"))
        XCTAssertEqual(rect.first?.message.hasPrefix("'rect' has nothing under it: 'frame', 'fill' on the lines below"), true, "\(rect)")
        let control = diagnostics(scene("      - switch:\n        isOn: true"))
        XCTAssertEqual(control.first?.message.hasPrefix("'switch' has nothing under it: 'isOn' on the lines below"), true, "\(control)")
        let unknown = diagnostics(scene("      - list:\n        colour: red"))
        XCTAssertFalse(unknown.contains { $0.message.contains("has nothing under it") }, "'colour' is no key of a list: \(unknown)")
        XCTAssertNoThrow(try load(scene("      - list:\n          id: mail\n          rows: [A, B]")))
    }

    func testSyntaxErrorsPointAtTheirPlace() {
        let found = diagnostics("screens:\n  a: {background: [\n")
        XCTAssertEqual(found.count, 1)
        // The parser marks the end of the file, past the last line; the error is on the last line.
        XCTAssertEqual(found.first?.location.line, 2)
        XCTAssertTrue(found.first?.message.contains("invalid YAML/JSON") ?? false)
    }

    func testOverlappingTouchesAreRejected() {
        let text = """
            screens: { a: {} }
            timeline:
              - { at: 1, pan: [[0, 0, 0], [0.5, 0, 100]] }
              - { at: 1.2, swipe: { from: [0, 0], to: [0, 100] } }
            """
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.location.line, 4)
        XCTAssertTrue(found.first?.message.contains("one finger at a time") ?? false)
    }

    func testSpringForms() throws {
        let text = """
            screens: { a: {}, b: {}, c: {}, d: {} }
            transitions:
              - { from: a, to: b, style: slide-up-modal, spring: { dampingRatio: 0.8, duration: 0.3 } }
              - { from: b, to: c, style: slide-up-modal, spring: { duration: 0.5, bounce: 0.3 } }
              - { from: c, to: d, style: slide-up-modal, curve: easeInOut, duration: 0.5 }
            """
        let scene = try load(text)
        let settings = scene.transitions.map(\.settings)
        // docs/uikit-semantics.md#springs [CALC]: T 0.3, ζ 0.8 → k 898.86, c 47.97.
        XCTAssertEqual(settings[0].spring("spring")?.stiffness ?? 0, 898.86, accuracy: 0.01)
        XCTAssertEqual(settings[0].spring("spring")?.damping ?? 0, 47.97, accuracy: 0.01)
        // docs/uikit-semantics.md#springs [DOC]: Spring(duration 0.5, bounce 0.3) ⇔ stiffness 157.9, damping 17.6.
        XCTAssertEqual(settings[1].spring("spring")?.stiffness ?? 0, 157.9, accuracy: 0.05)
        XCTAssertEqual(settings[1].spring("spring")?.damping ?? 0, 17.6, accuracy: 0.05)
        XCTAssertEqual(settings[2].curve("curve"), .easeInOut)
        XCTAssertEqual(settings[2].number("duration"), 0.5)
    }

    func testTwoTransitionsBetweenTheSameScreensAreAnError() {
        let found = diagnostics("""
            screens: { a: {}, b: {} }
            transitions:
              - { from: a, to: b, style: slide-up-modal }
              - { from: a, to: b, style: cover-from-left }
            """)
        XCTAssertEqual(found.map(\.description),
                       ["test.yaml:4:5: error: a transition from 'a' to 'b' is already declared on line 3; one transition per pair of screens"])
    }
}
