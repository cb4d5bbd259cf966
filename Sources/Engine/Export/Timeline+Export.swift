import Interaction
import RenderTree

/// What `segue export` asks of a replayed timeline: a run's gesture as data and its pictures at
/// any value of its animator, both from the driver the timeline runs.
extension Timeline {
    /// The gesture that drives run `index` in its direction, as data; nil when no gesture drives
    /// it or its driver is not one the export can hand on (only percent-driven runs so far).
    public func gestureModel(ofRun index: Int) -> GestureModel? {
        guard replayed.indices.contains(index) else { return nil }
        switch replayed[index].driver {
        case let driver as PercentDrivenDriver: return driver.gestureModel()
        case let driver as SheetDriver: return driver.gestureModel()
        case let driver as SlideUpModalDriver: return driver.gestureModel()
        case let driver as ZoomDriver: return driver.gestureModel()
        default: return nil
        }
    }

    /// Everything on screen when a finger holds run `index` with its gesture's key (`GestureModel.key`)
    /// at `key` — a percent-driven animator's value (0 where it starts, 1 where it ends), a sheet's
    /// top edge — at the run's start: nil for no such run or a driver that cannot be held (see `gestureModel(ofRun:)`).
    /// A zoom's pictures at a width come two ways (`GestureModel.ZoomModel`): `popping` picks the way to the source view.
    public func heldState(ofRun index: Int, key: Double, popping: Bool = false) -> FrameState? {
        guard let run = runs.first(where: { $0.index == index }) else { return nil }
        var copy = self
        switch replayed[index].driver {
        case let driver as PercentDrivenDriver: copy.replayed[index].driver = driver.held(atValue: key, at: run.start)
        case let driver as SheetDriver: copy.replayed[index].driver = driver.held(atTop: key, at: run.start)
        case let driver as SlideUpModalDriver: copy.replayed[index].driver = driver.held(atValue: key, at: run.start)
        case let driver as ZoomDriver: copy.replayed[index].driver = driver.held(atFrame: driver.sampleFrame(width: key, popping: popping), at: run.start)
        default: return nil
        }
        return copy.state(at: run.start)
    }
}

extension Timeline {
    /// Every finger trace the timeline replayed (taps included), in time order: where the engine put each touch.
    public var fingerTraces: [[TouchPoint]] { traces }
}
