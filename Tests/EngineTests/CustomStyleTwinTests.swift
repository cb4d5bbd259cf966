@testable import Engine
import Foundation
import Geometry
import Scene
import XCTest

/// Each built-in style re-declared as a custom transition (`scenes/custom/<style>.yaml`) draws
/// what the built-in draws: every node of every frame of the trace, with the same ids, within
/// 0.01 pt and 0.001 of alpha. The `-cancel` scenes run the same custom styles (taken from the
/// twin's `styles:` section) through the gestures that fall short.
final class CustomStyleTwinTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let styles = ["slide-up-modal", "parallax-back-swipe", "cover-from-left", "side-drawer", "zoom-from-cell",
                         "scale-fade-modal"]

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func load(_ text: String, _ path: String) throws -> Timeline {
        let file = Self.root.appendingPathComponent(path).path
        let scene = try SceneLoader.load(text: text, file: file, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        return try Timeline(scene: scene)
    }

    /// Compares every frame of two timelines node by node; returns the number of frames in transition.
    @discardableResult
    func assertTwins(_ builtIn: Timeline, _ custom: Timeline, _ label: String) -> Int {
        XCTAssertEqual(builtIn.frameCount, custom.frameCount, "\(label): frame count")
        var moving = 0
        for index in 0..<min(builtIn.frameCount, custom.frameCount) {
            let a = builtIn.state(frame: index), b = custom.state(frame: index)
            let where_ = "\(label) frame \(index)"
            XCTAssertEqual(a.phase, b.phase, "\(where_): phase")
            if a.phase != .idle { moving += 1 }
            if let p = a.progress, let q = b.progress {
                XCTAssertEqual(p, q, accuracy: 0.001, "\(where_): progress")
            } else {
                XCTAssertEqual(a.progress == nil, b.progress == nil, "\(where_): progress")
            }
            XCTAssertEqual(a.layers.map(\.id), b.layers.map(\.id), "\(where_): node ids")
            guard a.layers.map(\.id) == b.layers.map(\.id) else { return moving }
            for (x, y) in zip(a.layers, b.layers) {
                let node = "\(where_) node \(x.id)"
                for (u, v) in zip(x.frame.components, y.frame.components) {
                    XCTAssertEqual(u, v, accuracy: 0.01, "\(node): frame \(x.frame) vs \(y.frame)")
                }
                for (u, v) in zip(x.transform.components, y.transform.components) {
                    XCTAssertEqual(u, v, accuracy: 0.01, "\(node): transform \(x.transform) vs \(y.transform)")
                }
                XCTAssertEqual(x.alpha, y.alpha, accuracy: 0.001, "\(node): alpha")
                XCTAssertEqual(x.cornerRadius, y.cornerRadius, accuracy: 0.01, "\(node): corner radius")
                XCTAssertEqual(x.shadowOpacity == nil, y.shadowOpacity == nil, "\(node): shadow")
                if let s = x.shadowOpacity, let t = y.shadowOpacity { XCTAssertEqual(s, t, accuracy: 0.001, "\(node): shadow opacity") }
                XCTAssertEqual(x.shadow?.radius, y.shadow?.radius, "\(node): shadow radius")
                XCTAssertEqual(x.content, y.content, "\(node): content")
            }
        }
        return moving
    }

    func testEachTutorialStyleDeclaredInTheSceneDrawsWhatTheBuiltInDraws() throws {
        for style in Self.styles {
            let builtIn = try load(text("scenes/\(style).yaml"), "scenes/\(style).yaml")
            let custom = try load(text("scenes/custom/\(style).yaml"), "scenes/custom/\(style).yaml")
            let moving = assertTwins(builtIn, custom, style)
            XCTAssertGreaterThan(moving, 20, "\(style): the scene runs transitions")
            XCTAssertTrue(custom.scene.transitions.allSatisfy { $0.style != style }, "\(style): the twin uses its own style")
        }
    }

    /// The `parallax-back-swipe` tutorial's delegate returns no animator for a push, so UIKit pushes with its own
    /// animation: the shipped scene's push, run alone, is `system-push`'s node for node (the
    /// screens, the dimming, the edge shadow and the sliding bar), and so is its twin's
    /// (`forward: { animator: system }`).
    func testParallaxBackSwipePushIsTheSystemPush() throws {
        for path in ["scenes/parallax-back-swipe.yaml", "scenes/custom/parallax-back-swipe.yaml"] {
            let scene = try text(path)
            let end = try XCTUnwrap(scene.range(of: "\ntimeline:")).lowerBound
            let pushOnly = String(scene[..<end]) + "\ntimeline:\n  - { at: 0.4, push: wifi }\n"
            let system = pushOnly.replacingOccurrences(of: #"style: [a-z-]+ \}"#, with: "style: system-push }",
                                                       options: .regularExpression)
            XCTAssertNotEqual(system, pushOnly, path)
            let moving = assertTwins(try load(system, path), try load(pushOnly, path), "\(path) push")
            XCTAssertGreaterThan(moving, 20, "\(path): the push runs")
        }
    }

    /// The `-cancel` scenes with the twin's `styles:` section and its style name.
    func testTheCancelScenesToo() throws {
        for style in Self.styles {
            let twin = try text("scenes/custom/\(style).yaml")
            let cancel = try text("scenes/\(style)-cancel.yaml")
            let section = styleSection(twin)
            let name = try XCTUnwrap(section.split(separator: "\n").first { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  #") })
                .trimmingCharacters(in: .whitespaces).dropLast()
            let text = cancel.replacingOccurrences(of: "\ntransitions:\n", with: "\n\(section)transitions:\n")
                .replacingOccurrences(of: "style: \(style)", with: "style: \(name)")
            XCTAssertTrue(text.contains("style: \(name)"))
            let builtIn = try load(cancel, "scenes/\(style)-cancel.yaml")
            let custom = try load(text, "scenes/custom/\(style)-cancel.yaml")
            XCTAssertGreaterThan(assertTwins(builtIn, custom, "\(style)-cancel"), 20)
        }
    }

    /// The `slide-up-modal` tutorial's presentation is interruptible: a finger landing on the sheet while it slides up
    /// catches it and drives it, and so does the twin's.
    func testAFingerCatchingTheSlideUpPresentation() throws {
        let catching = """
              - at: 0.47
                pan: [[0, 196, 600], [0.016, 196, 590], [0.033, 196, 570], [0.05, 196, 540], [0.066, 196, 520],
                      [0.083, 196, 520], [0.1, 196, 520]]
              - at: 1.1
                pan: [[0, 196, 400], [0.016, 196, 415], [0.033, 196, 440], [0.05, 196, 470], [0.066, 196, 480], [0.083, 196, 480]]
            """
        let entries = "\ntimeline:\n" + catching + "\n"
        // Catching is Segue's addition (the tutorial lets no touch catch a running animation): asked for on both.
        let builtIn = try text("scenes/slide-up-modal.yaml").replacingOccurrences(of: "\ntimeline:\n", with: entries)
            .replacingOccurrences(of: "style: slide-up-modal }", with: "style: slide-up-modal, interruptible: true }")
        let twin = try text("scenes/custom/slide-up-modal.yaml").replacingOccurrences(of: "\ntimeline:\n", with: entries)
            .replacingOccurrences(of: "        follow:", with: "        interruptible: true\n        follow:")
        let a = try load(builtIn, "scenes/slide-up-modal.yaml"), b = try load(twin, "scenes/custom/slide-up-modal.yaml")
        XCTAssertEqual(a.state(at: 0.5).phase, .interactive, "the finger caught the presentation")
        assertTwins(a, b, "slide-up-modal caught")
    }

    /// The twins' goldens are the built-ins', byte for byte.
    func testTheTwinsGoldensAreTheBuiltInsGoldens() throws {
        for style in Self.styles {
            let folder = Self.root.appendingPathComponent("scenes/custom/__snapshots__/\(style)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            XCTAssertGreaterThan(names.count, 4, style)
            for name in names {
                let twin = try Data(contentsOf: folder.appendingPathComponent(name))
                let builtIn = try Data(contentsOf: Self.root.appendingPathComponent("scenes/__snapshots__/\(style)/\(name)"))
                XCTAssertEqual(twin, builtIn, "\(style)/\(name)")
            }
        }
    }

    /// The `styles:` section of a scene file: from `styles:` to the next top-level key.
    func styleSection(_ text: String) -> String {
        var out = "", inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "styles:" { inside = true } else if inside, let first = line.first, first != " ", first != "#" { break }
            if inside { out += line + "\n" }
        }
        return out
    }

    /// The comparison is not vacuous: a changed keyframe breaks it.
    func testAChangedTwinDiffers() throws {
        let twin = try text("scenes/custom/cover-from-left.yaml").replacingOccurrences(of: "offset: [\"-100%\", 0]", with: "offset: [\"-99%\", 0]")
        let builtIn = try load(text("scenes/cover-from-left.yaml"), "scenes/cover-from-left.yaml")
        let custom = try load(twin, "scenes/custom/cover-from-left.yaml")
        let frame = (0..<builtIn.frameCount).first { builtIn.state(frame: $0).phase != .idle } ?? 0
        let a = builtIn.state(frame: frame + 1).layers.first { $0.id == "albums" }
        let b = custom.state(frame: frame + 1).layers.first { $0.id == "albums" }
        XCTAssertNotNil(a)
        XCTAssertGreaterThan(abs((a?.frame.x ?? 0) - (b?.frame.x ?? 0)), 0.01)
    }
}
