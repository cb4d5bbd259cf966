import XCTest
@testable import Preview

/// Drawn gestures inserted into scene text: exact text out, every other line as it was.
final class SceneTextEditorTests: XCTestCase {
    let pan = DrawnGesture(at: 1.25, kind: .pan([
        .init(t: 0, x: 40, y: 400), .init(t: 0.016, x: 52, y: 401), .init(t: 0.033, x: 80, y: 402.5),
    ]))
    let tap = DrawnGesture(at: 0.5, kind: .tap(x: 120, y: 300))

    func testBlockEntriesGetABlockEntryInTimeOrderBeforeTheLaterEntrysComment() throws {
        let text = """
            fps: 60   # keep
            timeline:
              - at: 0.4
                push: wifi
              # the pop
              - at: 1.4
                swipe: { from: [140, 420], to: [360, 425], duration: 0.45 }
            snapshots:
              - { at: 1.35 }

            """
        let (edited, line) = try SceneTextEditor.insert(pan, into: text)
        XCTAssertEqual(edited, """
            fps: 60   # keep
            timeline:
              - at: 0.4
                push: wifi
              - at: 1.25
                pan: [[0, 40, 400], [0.016, 52, 401], [0.033, 80, 402.5]]
              # the pop
              - at: 1.4
                swipe: { from: [140, 420], to: [360, 425], duration: 0.45 }
            snapshots:
              - { at: 1.35 }

            """)
        XCTAssertEqual(line, 5)
    }

    func testLaterThanEveryEntryGoesAfterTheLastOneAndKeepsTheFilesIndentation() throws {
        let text = "timeline:\n- { at: 0.4, push: wifi }   # flow\n- at: 0.9\n  pop: true\n\n# next\nsnapshots: []\n"
        let (edited, line) = try SceneTextEditor.insert(DrawnGesture(at: 2, kind: .tap(x: 10, y: 20.5)), into: text)
        XCTAssertEqual(edited, "timeline:\n- { at: 0.4, push: wifi }   # flow\n- at: 0.9\n  pop: true\n- { at: 2, tap: [10, 20.5] }\n\n# next\nsnapshots: []\n")
        XCTAssertEqual(line, 5)
    }

    func testFlowEntriesKeepTheirFormForATapAndUseBlocksForAPan() throws {
        let text = "timeline:\n    - { at: 0.4, push: wifi }\n"
        XCTAssertEqual(try SceneTextEditor.insert(tap, into: text).text,
                       "timeline:\n    - { at: 0.4, push: wifi }\n    - { at: 0.5, tap: [120, 300] }\n")
        XCTAssertEqual(try SceneTextEditor.insert(pan, into: text).text,
                       "timeline:\n    - { at: 0.4, push: wifi }\n    - at: 1.25\n      pan: [[0, 40, 400], [0.016, 52, 401], [0.033, 80, 402.5]]\n")
    }

    func testNoTimelineOrAnEmptyOneGetsABlockList() throws {
        XCTAssertEqual(try SceneTextEditor.insert(tap, into: "fps: 60\nscreens:\n    a: {}\n\n").text,
                       "fps: 60\nscreens:\n    a: {}\ntimeline:\n    - at: 0.5\n      tap: [120, 300]\n")
        XCTAssertEqual(try SceneTextEditor.insert(tap, into: "timeline: []  # none yet\nroot: a\n").text,
                       "timeline:  # none yet\n  - at: 0.5\n    tap: [120, 300]\nroot: a\n")
    }

    func testCRLFAndAMissingFinalNewlineAreKept() throws {
        XCTAssertEqual(try SceneTextEditor.insert(tap, into: "timeline:\r\n  - { at: 1, pop: true }").text,
                       "timeline:\r\n  - { at: 0.5, tap: [120, 300] }\r\n  - { at: 1, pop: true }")
        XCTAssertEqual(try SceneTextEditor.insert(tap, into: "timeline:\r\n  - at: 1\r\n    pop: true").text,
                       "timeline:\r\n  - at: 0.5\r\n    tap: [120, 300]\r\n  - at: 1\r\n    pop: true")
    }

    func testAFlowTimelineIsRefused() {
        XCTAssertThrowsError(try SceneTextEditor.insert(tap, into: "timeline: [{ at: 1, pop: true }]\n")) { error in
            XCTAssertTrue("\(error)".contains("flow list"), "\(error)")
        }
    }

    func testLongPansWrapUnderTheirFirstSample() throws {
        let samples = (0..<12).map { DrawnGesture.Sample(t: Double($0) * 0.016, x: 40 + Double($0) * 12.5, y: 400) }
        let lines = SceneTextEditor.entryLines(DrawnGesture(at: 0.2, kind: .pan(samples)), indent: 2, flow: false)
        XCTAssertEqual(lines, [
            "  - at: 0.2",
            "    pan: [[0, 40, 400], [0.016, 52.5, 400], [0.032, 65, 400], [0.048, 77.5, 400], [0.064, 90, 400],",
            "          [0.08, 102.5, 400], [0.096, 115, 400], [0.112, 127.5, 400], [0.128, 140, 400],",
            "          [0.144, 152.5, 400], [0.16, 165, 400], [0.176, 177.5, 400]]",
        ])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 })
    }

    func testPressesThatBarelyMoveAreTapsAndOthersPansWithRoundedSamples() throws {
        let tap = DrawnGesture.classify(at: 0.5, samples: [.init(t: 10.0, x: 100.04, y: 200), .init(t: 10.08, x: 103, y: 202)])
        XCTAssertEqual(tap, DrawnGesture(at: 0.5, kind: .tap(x: 100, y: 200)))
        let pan = DrawnGesture.classify(at: 0.5, samples: [
            .init(t: 3.0, x: 100, y: 200), .init(t: 3.0004, x: 104, y: 200), .init(t: 3.0161, x: 130.26, y: 200),
            .init(t: 3.0162, x: 131, y: 200),
        ])
        XCTAssertEqual(pan, DrawnGesture(at: 0.5, kind: .pan([.init(t: 0, x: 100, y: 200), .init(t: 0.016, x: 131, y: 200)])))
        XCTAssertNil(DrawnGesture.classify(at: 0, samples: []))

        // A 1000 Hz mouse becomes 120 samples a second (one every 8 ms), the lift kept.
        let fast = (0...100).map { DrawnGesture.Sample(t: Double($0) * 0.001, x: 100 + Double($0), y: 200) }
        guard case .pan(let thinned) = DrawnGesture.classify(at: 0, samples: fast)?.kind else { return XCTFail("not a pan") }
        XCTAssertEqual(thinned.map { Int(($0.t * 1000).rounded()) }, [0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 100])
        XCTAssertEqual(thinned.last?.x, 200)
    }
}
