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
        // One layout for every cell, rather than one per cell looked at.
        guard let frames = screen?.cellFrames(list: list, on: device),
              let index = frames.firstIndex(where: { $0.cell.contains(location) }) else { return nil }
        return (index, frames[index].image ?? frames[index].cell)
    }
}
