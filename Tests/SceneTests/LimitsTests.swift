import Scene
import XCTest

/// Each limit is refused where the file breaks it, with the limit and the value, and a value just
/// within it loads.
final class LimitsTests: XCTestCase {
    private func problems(_ text: String) -> [String] {
        sceneProblems(text)
    }

    private func scene(top: String = "", entry: String = "{ at: 0.2, present: b }", transition: String = "") -> String {
        """
        \(top)
        screens:
          a: { content: [ { rect: { frame: [0, 0, 10, 10] } } ] }
          b: {}
        transitions:
          - { from: a, to: b, style: slide-up-modal\(transition) }
        timeline:
          - \(entry)
        """
    }

    func testTimesAndDurationsAreWithinTheLimit() {
        XCTAssertEqual(problems(scene(top: "duration: 86400")), ["scene.yaml:1:11: error: duration 86400 s is over the limit of 600 s"])
        XCTAssertEqual(problems(scene(top: "duration: 600")), [])
        XCTAssertEqual(problems(scene(entry: "{ at: 1e300, present: b }")), ["scene.yaml:8:11: error: 'at' time 1e+300 s is over the limit of 600 s"])
        XCTAssertEqual(problems(scene(top: "duration: -1")), ["scene.yaml:1:11: error: duration must be greater than 0, found -1"])
    }

    func testSwipesSynthesizeAtMostTheSampleLimit() {
        let swipe = "{ at: 0, swipe: { from: [0, 0], to: [0, 100], duration: 200, rate: 1000 } }"
        XCTAssertEqual(problems(scene(entry: swipe)),
                       ["scene.yaml:8:61: error: a swipe of 200 s at 1000 Hz makes 200000 samples, over the limit of \(Limits.samples) samples"])
        // At the default 60 fps a 1000 Hz swipe is sampled at 17 samples a frame, 1020 Hz: 99 s makes
        // 1 + (99 × 1020 − 1) + 1 = 100,981 samples, over the limit; 98 s makes 99,961.
        XCTAssertEqual(problems(scene(entry: "{ at: 0, swipe: { from: [0, 0], to: [0, 100], duration: 99, rate: 1000 } }")),
                       ["scene.yaml:8:3: error: the timeline's touches make 100981 samples, over the limit of \(Limits.samples) samples"])
        XCTAssertEqual(problems(scene(entry: "{ at: 0, swipe: { from: [0, 0], to: [0, 100], duration: 98, rate: 1000 } }")), [])
    }

    func testPositionsAndSizesAreWithinTheCoordinateLimit() {
        let found = problems(scene().replacingOccurrences(of: "frame: [0, 0, 10, 10]", with: "frame: [0, 0, 1e308, 10]"))
        XCTAssertEqual(found, ["scene.yaml:3:43: error: a number in frame [x, y, width, height] must be between -100000 and 100000, found 1e+308"])
    }

    func testTheCanvasIsWithinTheLimitAndLocatedAtTheScale() throws {
        XCTAssertEqual(problems(scene(top: "size: [4000, 852]\nscale: 3")),
                       ["scene.yaml:2:8: error: canvas 12000 × 2556 px (4000 × 852 pt at scale 3) is over the limit of 8192 px per side; lower the scale or the size"])
        var loaded = try SceneLoader.load(text: scene(top: "size: [4000, 852]\nscale: 2"), file: "scene.yaml", name: "scene")
        XCTAssertEqual(Limits.check(loaded), [])
        loaded.device.scale = 4  // as --scale 4 would
        XCTAssertEqual(Limits.check(loaded).map(\.description),
                       ["scene.yaml:2:8: error: canvas 16000 × 3408 px (4000 × 852 pt at scale 4) is over the limit of 8192 px per side; lower the scale or the size"])
    }

    /// The largest video frame is H.264's level 6.2 MaxFS, 139,264 macroblocks of 16 × 16 px (ITU-T
    /// H.264 Table A-1), which is HEVC's largest MaxLumaPs too (ITU-T H.265 Table A.8); a frame is
    /// counted as the encoders take it, each side padded to even.
    func testAVideoFrameIsWithinTheLargestCodecLevel() throws {
        XCTAssertEqual(Limits.videoFramePixels, 139_264 * 16 * 16)
        func videoProblems(_ size: String) throws -> [String] {
            let loaded = try SceneLoader.load(text: scene(top: "size: \(size)\nscale: 2"), file: "scene.yaml", name: "scene")
            XCTAssertEqual(Limits.check(loaded), [], "a still of any of these is within the canvas")
            return Limits.checkVideoFrame(loaded).map(\.description)
        }
        XCTAssertEqual(try videoProblems("[4096, 2176]"), [], "8192 × 4352 px is 35,651,584 pixels exactly")
        XCTAssertEqual(try videoProblems("[4095.5, 2176]"), [], "8191 px wide is padded to 8192")
        XCTAssertEqual(try videoProblems("[4096, 2176.5]"),
                       ["scene.yaml:2:8: error: a video frame of 8192 × 4354 px (4096 × 2176.5 pt at scale 2) has 35667968 pixels, over the limit of 35651584, the largest frame H.264 and HEVC allow (level 6.2); lower the scale to 1.99 or less, make the device smaller, or render stills"],
                       "4353 px tall is padded to 4354, over the limit")
        XCTAssertEqual(try videoProblems("[4096, 4096]").count, 1)
    }

    func testFramesOfAFixedDurationAreWithinTheLimit() throws {
        var loaded = try SceneLoader.load(text: scene(top: "duration: 600\nfps: 60"), file: "scene.yaml", name: "scene")
        XCTAssertEqual(Limits.check(loaded), [])
        loaded.fps = 120  // as --fps 120 would
        XCTAssertEqual(Limits.check(loaded).map(\.description),
                       ["scene.yaml:1:11: error: 72000 frames (600 s at 120 fps) is over the limit of 36000 frames; shorten the scene or lower the fps"])
    }

    func testScreensAndViewsAreCountedBeforeDecoding() {
        let screens = (0...Limits.screens).map { "  s\($0): {}" }.joined(separator: "\n")
        XCTAssertEqual(problems("screens:\n\(screens)"), ["scene.yaml:2:3: error: 201 screens is over the limit of 200 screens"])
        let views = Array(repeating: "{ rect: { frame: [0, 0, 1, 1] } }", count: Limits.viewsPerScreen + 1).joined(separator: ", ")
        XCTAssertEqual(problems("screens:\n  a: { content: [\(views)] }"),
                       ["scene.yaml:2:17: error: screen 'a' has 2001 views, over the limit of 2000 views"])
    }

    /// Rows and cells are not views of their own (a table view asks only for the rows it shows):
    /// a list far longer than a screen's views is fine, and the scene's rows and cells together,
    /// across screens, sections and aliases, are counted against `collectionItems` before any is decoded.
    func testRowsAndCellsAreCountedAcrossTheScene() {
        let rows = Array(repeating: "x", count: 5_000).joined(separator: ", ")
        XCTAssertEqual(problems("screens:\n  a: { content: [ { list: { frame: [0, 0, 10, 10], rows: [\(rows)] } } ] }"), [])
        let half = Array(repeating: "x", count: Limits.collectionItems / 2).joined(separator: ", ")
        let sections = "sections: [ { rows: [\(half)] }, { rows: [x] } ]"
        XCTAssertEqual(problems("screens:\n  a: { content: [ { list: { frame: [0, 0, 10, 10], \(sections) } } ] }\n" +
                                "  b: { content: [ { grid: { cells: &cells [\(half)] } } ] }"),
                       ["scene.yaml:2:3: error: the screens' lists and grids have 100001 rows and cells, over the limit of 100000"])
        XCTAssertEqual(problems("screens:\n  a: { content: [ { grid: { cells: &c [\(half)] } } ] }\n  b: { content: [ { grid: { cells: *c } } ] }\n" +
                                "  c: { content: [ { grid: { cells: *c } } ] }"),
                       ["scene.yaml:2:3: error: the screens' lists and grids have 150000 rows and cells, over the limit of 100000"])
    }

    func testDrawnScreensAreWithinThePixelMemory() {
        let screens = (0..<89).map { "  s\($0): {}" }.joined(separator: "\n")
        XCTAssertEqual(problems("device: iphone-15\nscreens:\n\(screens)"), [])
        let more = (0..<90).map { "  s\($0): {}" }.joined(separator: "\n")
        XCTAssertEqual(problems("device: iphone-15\nscreens:\n\(more)"),
                       ["scene.yaml:3:3: error: 90 screens of 1179 × 2556 px take 1035 MB once drawn, over the limit of 1024 MB; use fewer screens or a lower scale"])
    }

    /// An anchored list of 999 numbers is 1,000 nodes, so each alias to it repeats 1,000: 4,800 of
    /// them reach `Limits.aliasedNodes` exactly and are followed; the 4,801st is refused at its own
    /// column (4 + 4 × 4,800 + 1), before anything walks the document.
    func testAliasesAreCountedByTheNodesTheyRepeatBeforeAnyWalk() {
        XCTAssertEqual(Limits.aliasedNodes, 4_800_000)
        let anchored = "x: &a [" + Array(repeating: "0", count: 999).joined(separator: ", ") + "]"
        func document(aliases: Int) -> String {
            "screens: { a: {} }\n\(anchored)\ny: [" + Array(repeating: "*a", count: aliases).joined(separator: ", ") + "]\n"
        }
        let within = problems(document(aliases: 4_800))
        XCTAssertFalse(within.isEmpty, "the unknown keys x and y are still reported")
        XCTAssertFalse(within.contains { $0.contains("alias") }, "\(within)")
        XCTAssertEqual(problems(document(aliases: 4_801)),
                       ["scene.yaml:3:19205: error: alias '*a' brings the nodes the aliases repeat to 4801000, over the limit of 4800000 nodes; write the repeated part out, or repeat it fewer times"])
    }

    /// 100,000 nested lists or mappings (the reproducers, 200 KB and 1 MB) overflowed the
    /// stack of the walks over the document; they are refused as the parser opens the 65th level,
    /// in well under a second, at its line and column.
    func testNestingDeeperThanTheLimitIsRefusedWhereItOpens() {
        XCTAssertEqual(Limits.nesting, 64)
        let depth = 100_000
        let cases: [(String, String)] = [
            ("screens: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n",
             "scene.yaml:1:73: error: a list nested 65 deep, over the limit of 64 levels of lists and mappings; a scene's views nest a dozen deep at most"),
            ("screens: " + String(repeating: "{a: ", count: depth) + "b" + String(repeating: "}", count: depth) + "\n",
             "scene.yaml:1:262: error: a mapping nested 65 deep, over the limit of 64 levels of lists and mappings; a scene's views nest a dozen deep at most"),
        ]
        for (text, expected) in cases {
            let start = Date()
            XCTAssertEqual(problems(text), [expected])
            XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refused in under a second")
        }
        // The limit itself: 64 levels load as far as the decoder, which says what the value should be.
        let within = "screens: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        XCTAssertFalse(problems(within).contains { $0.contains("nested") }, "\(problems(within))")
    }

    /// An alias nests its anchor's levels where it stands: anchors each holding an alias to the one
    /// before, 40 levels apiece, would make a document nested far deeper than any one anchor.
    func testAliasesCannotNestPastTheLimit() {
        var text = "screens: { a: {} }\nx0: &a0 " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"
        for level in 1...3 {
            text += "x\(level): &a\(level) " + String(repeating: "[", count: 30) + "*a\(level - 1)" + String(repeating: "]", count: 30) + "\n"
        }
        XCTAssertEqual(problems(text),
                       ["scene.yaml:3:39: error: alias '*a0' nests its 40 levels of lists and mappings 71 deep, over the limit of 64 levels"])
    }

    func testAnAliasRepeatsItsAnchorsNodeWhereTheLimitsAllow() throws {
        let loaded = try SceneLoader.load(text: """
            screens:
              a:
                content:
                  - &card { rect: { frame: [0, 0, 100, 40], fill: systemRed } }
                  - *card
                  - *card
            """, file: "scene.yaml", name: "scene")
        XCTAssertEqual(loaded.screens["a"]?.views.count, 3)
    }

}

/// Every list a scene declares has a limit, checked on the list before any item is decoded: a
/// bar's or control's items `Limits.itemsPerControl`, any other list `Limits.listItems` (a pan's
/// samples `Limits.samples`). A tab bar of 500,000 items took 10 s and 364 MB to refuse one by one.
final class ListLimitsTests: XCTestCase {
    func testBarAndControlItemsAreLimited() {
        let over = Limits.itemsPerControl + 1
        let titles = (0..<over).map { "t\($0)" }.joined(separator: ", ")
        let tabs = (0..<over).map { _ in "{ title: T, root: a }" }.joined(separator: ", ")
        let cases: [(String, String)] = [
            ("screens:\n  a:\n    tabBar: { items: [\(titles)] }\n", "3:22: error: \(over) tab bar items is over the limit of \(Limits.itemsPerControl)"),
            ("screens:\n  a: {}\ntabs:\n  items: [\(tabs)]\n", "4:10: error: \(over) tab bar items is over the limit of \(Limits.itemsPerControl)"),
            ("screens:\n  a:\n    navigationBar: { title: A, trailing: [\(titles)] }\n", "3:42: error: \(over) trailing bar button items is over the limit of \(Limits.itemsPerControl)"),
            ("screens:\n  a:\n    toolbar: { items: [\(titles)] }\n", "3:23: error: \(over) toolbar bar button items is over the limit of \(Limits.itemsPerControl)"),
            ("screens:\n  a:\n    content:\n      - segmentedControl: { frame: [0, 0, 100, 30], segments: [\(titles)] }\n",
             "4:63: error: \(over) segments is over the limit of \(Limits.itemsPerControl)"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(sceneProblems(text), ["scene.yaml:" + expected])
        }
        // Just within the limit, a tab bar loads.
        let within = (0..<Limits.itemsPerControl).map { "t\($0)" }.joined(separator: ", ")
        XCTAssertEqual(sceneProblems("screens:\n  a:\n    tabBar: { items: [\(within)] }\n"), [])
    }

    func testEveryOtherListIsLimited() {
        let over = Limits.listItems + 1
        let entries = (0..<over).map { _ in "{ at: 0.1, pop: true }" }.joined(separator: ", ")
        let found = sceneProblems("screens:\n  a: {}\ntimeline: [\(entries)]\n")
        XCTAssertEqual(found, ["scene.yaml:3:11: error: \(over) timeline is over the limit of \(Limits.listItems)"])
    }
}
