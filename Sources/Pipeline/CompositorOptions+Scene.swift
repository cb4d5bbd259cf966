import Raster
import Scene

extension CompositorOptions {
    /// The compositing a scene asks for: its touches setting and its background.
    init(scene: Scene) {
        self.init(showsTouches: scene.showsTouches, background: scene.background)
    }
}
