import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// A push or pop from a screen whose large title has scrolled away: the bar's items, back button
/// and title parts keep the size their images are painted at, so "Edit" stays centred in the
/// 44 pt bar row while it fades, as UIKit keeps bar button items (they fade in place; the bar row
/// is 44 pt under the 59 pt status bar area of an iPhone 15, docs/uikit-semantics.md §6 and §8).
final class BarItemsOverScrollTests: XCTestCase {
    /// iPhone 15: safe area top 59 pt, bar row 44 pt, large title row 52 pt, hairline 1 pt.
    let largeBarPart = 59.0 + 44 + 52 + 1
    let inlineBarPart = 59.0 + 44 + 1

    /// Mail's inbox: scrolled `scroll` pt up by a drag held still (no fling), then a push to a
    /// message and a pop back.
    func timeline(scroll: Int) throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 30
            screens:
              inbox:
                navigationBar: { title: Inbox, largeTitle: true, trailing: [Edit] }
                content: [{ list: { id: mail, rows: [\(rowTitles("Message", 30))] } }]
              message:
                navigationBar: { title: Message, back: Inbox, trailing: [Reply] }
            root: inbox
            transitions:
              - { from: inbox, to: message, style: system-push }
            timeline:
              - { at: 0.2, pan: [[0, 196, 700], [0.1, 196, \(700 - 10 - scroll)], [0.4, 196, \(700 - 10 - scroll)]], expect: scroll }
              - { at: 1.0, push: message }
              - { at: 2.0, pop: true }
            """)
    }

    func testEveryBarPartKeepsItsPaintedSizeThroughThePushAndThePopWhateverTheScroll() throws {
        // Below the collapse (62 pt: the 52 pt title and the 10 pt ramp), at it and well past it.
        for scroll in [30, 61, 62, 100, 300] {
            let timeline = try timeline(scroll: scroll)
            var checked = 0
            for frame in 0..<timeline.frameCount {
                let state = timeline.state(frame: frame)
                for layer in state.layers {
                    guard case .part(let part) = layer.content, Self.isBarPart(part.kind) else { continue }
                    let expected: Double
                    switch part.kind {
                    case .barInlineTitle, .barStandardBackground: expected = inlineBarPart
                    default: expected = part.screen == "inbox" ? largeBarPart : inlineBarPart
                    }
                    XCTAssertEqual(layer.node.size.height, expected, accuracy: 1e-9,
                                   "scroll \(scroll), frame \(frame) (\(state.transition ?? "idle")): \(layer.id)")
                    if layer.id.hasSuffix("/items") {
                        XCTAssertEqual(layer.transform, .identity, "scroll \(scroll), frame \(frame): the items do not move")
                        checked += 1
                    }
                }
            }
            XCTAssertGreaterThan(checked, 60, "scroll \(scroll): the items of both bars through both transitions")
        }
    }

    static func isBarPart(_ kind: ScreenPart.Kind) -> Bool {
        switch kind {
        case .barBackground, .barTitle, .barBack, .barBackChevron, .barBackLabel, .barItems, .barInlineTitle, .barStandardBackground: return true
        default: return false
        }
    }
}
