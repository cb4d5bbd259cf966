import Geometry

extension SceneInspection {
    /// The inspection of a right-to-left scene: every frame laid out left to right mirrored
    /// across its screen (x → width − x − w), as the render tree mirrors it (`FrameState.mirrored`),
    /// so what it prints is where a finger finds things on the right-to-left screen. A presented
    /// screen's frames are in its own coordinates, mirrored across its own width; where it is
    /// drawn, across the device's. `Moment.drawn` comes from the mirrored render tree already.
    func mirrored() -> SceneInspection {
        var inspection = self
        let deviceWidth = device.size.width
        if var tabs {
            tabs.bar = tabs.bar.flipped(in: deviceWidth)
            tabs.items = tabs.items.map { ($0.title, $0.frame.flipped(in: deviceWidth), $0.root) }
            if let pill = tabs.pill { tabs.pill?.frame = pill.frame.flipped(in: deviceWidth) }
            inspection.tabs = tabs
        }
        inspection.screens = screens.map { screen in
            var screen = screen
            let width = screen.size.width
            func flip(_ rect: Rect) -> Rect { rect.flipped(in: width) }
            if let frame = screen.presentedAs?.frame { screen.presentedAs?.frame = frame.flipped(in: deviceWidth) }
            if var bar = screen.navigationBar {
                bar.bar = flip(bar.bar)
                bar.largeTitle = bar.largeTitle.map(flip)
                bar.backChevron = bar.backChevron.map(flip)
                bar.leading = bar.leading.map { item in var item = item; item.frame = item.frame.map(flip); return item }
                bar.trailing = bar.trailing.map { item in var item = item; item.frame = item.frame.map(flip); return item }
                bar.glass = bar.glass.map { shape in var shape = shape; shape.frame = flip(shape.frame); return shape }
                screen.navigationBar = bar
            }
            if var bottom = screen.bottomBar {
                bottom.bar = flip(bottom.bar)
                bottom.items = bottom.items.map { ($0.title, $0.frame.map(flip)) }
                bottom.glass = bottom.glass.map { shape in var shape = shape; shape.frame = flip(shape.frame); return shape }
                screen.bottomBar = bottom
            }
            screen.views = screen.views.map { view in var view = view; view.frame = flip(view.frame); return view }
            screen.collections = screen.collections.map { collection in
                var collection = collection
                collection.frame = flip(collection.frame)
                collection.headers = collection.headers.map { header in var header = header; header.frame = flip(header.frame); return header }
                collection.cells = collection.cells.map { cell in
                    var cell = cell
                    cell.cell = flip(cell.cell)
                    cell.image = cell.image.map(flip)
                    return cell
                }
                return collection
            }
            return screen
        }
        return inspection
    }
}

extension Rect {
    /// The rectangle mirrored across a box `width` wide from x = 0.
    func flipped(in width: Double) -> Rect {
        Rect(x: width - x - self.width + 0, y: y, width: self.width, height: height)
    }
}
