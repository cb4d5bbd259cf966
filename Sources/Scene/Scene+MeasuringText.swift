extension Scene {
    /// The scene with every list and grid counting its text's lines by `measurer`
    /// (`ListView.measurer`, `GridView.measurer`): how its rows and cells size themselves to their
    /// wrapped text as the painter sets it. The timeline applies it with the measurer it is given,
    /// the screen cache with its own over the same fonts, so the engine's geometry (cell frames,
    /// scroll extents, hit tests) and the drawn lines agree. Applying it again replaces the measurer.
    public func measuringText(with measurer: any TextMeasuring) -> Scene {
        var scene = self
        scene.screens = screens.mapValues { $0.measuringText(with: measurer) }
        return scene
    }
}

extension ScreenSpec {
    /// The screen with its lists and grids, inside rects too, counting lines by `measurer`.
    public func measuringText(with measurer: any TextMeasuring) -> ScreenSpec {
        mappingViews { view in
            switch view {
            case .list(var list):
                list.measurer = measurer
                return .list(list)
            case .grid(var grid):
                grid.measurer = measurer
                return .grid(grid)
            default:
                return view
            }
        }
    }
}
