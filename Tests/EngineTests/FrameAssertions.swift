import Engine
import Geometry
import XCTest

/// The node `id` of a frame's render tree, or a failure naming the ids there are.
func layer(_ id: String, _ state: FrameState, file: StaticString = #filePath, line: UInt = #line) throws -> PlacedNode {
    try XCTUnwrap(state.layers.first { $0.id == id }, "no \(id) at \(state.time) s in \(state.layers.map(\.id))", file: file, line: line)
}

/// Two rectangles equal component by component within `accuracy`.
func assertEqual(_ a: Rect, _ b: Rect, _ message: String, accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
    for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
        XCTAssertEqual(x, y, accuracy: accuracy, "\(message): \(a) is not \(b)", file: file, line: line)
    }
}
