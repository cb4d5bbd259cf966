import Geometry
import Scene

/// Finds the cells of a screen's lists and grids, for zoom-from-cell.
enum CellLocator {
    /// The image frame (or the whole cell where it has no image) of `cell` on `screen`.
    static func imageFrame(in screen: ScreenSpec?, cell: CellReference) -> Rect? {
        guard let frames = cellFrames(screen, cell.list, cell.index) else { return nil }
        return frames.image ?? frames.cell
    }

    /// The cell of list `list` under `location`, with its image frame.
    static func cell(at location: Point, in screen: ScreenSpec?, list: String) -> (index: Int, image: Rect)? {
        guard let screen else { return nil }
        var index = 0
        while let frames = cellFrames(screen, list, index) {
            if frames.cell.contains(location) { return (index, frames.image ?? frames.cell) }
            index += 1
            if index > 10_000 { break }
        }
        return nil
    }

    private static func cellFrames(_ screen: ScreenSpec?, _ list: String, _ index: Int) -> (cell: Rect, image: Rect?)? {
        nil  // PENDING: ScreenSpec.cellFrame(list:index:)
    }
}
