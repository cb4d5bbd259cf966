import Geometry
import Scene

/// Finds the cells of a screen's lists and grids, for zoom-from-cell.
enum CellLocator {
    /// The image frame (or the whole cell where it has no image) of `cell` on `screen`.
    static func imageFrame(in screen: ScreenSpec?, cell: CellReference, device: Device) -> Rect? {
        guard let frames = screen?.cellFrame(list: cell.list, index: cell.index, on: device) else { return nil }
        return frames.image ?? frames.cell
    }

    /// The cell of list `list` under `location`, with its image frame.
    static func cell(at location: Point, in screen: ScreenSpec?, list: String, device: Device) -> (index: Int, image: Rect)? {
        guard let screen else { return nil }
        var index = 0
        while let frames = screen.cellFrame(list: list, index: index, on: device) {
            if frames.cell.contains(location) { return (index, frames.image ?? frames.cell) }
            index += 1
            if index > 10_000 { break }
        }
        return nil
    }
}
