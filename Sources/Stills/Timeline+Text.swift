import Geometry
import Engine
import Raster
import Scene

extension Timeline {
    /// The scene's timeline with its text measured by Raster's `TextMeasurer` in the scene's
    /// fonts, as the painter draws it: how every command, the preview and the snapshots build a timeline. `layouts`:
    /// the screen cache's, when the frames are drawn (`RenderSession`).
    public init(scene: Scene, layouts: ScreenLayouts? = nil) throws {
        try self.init(scene: scene, text: try TextMeasurer.measuring(scene.fonts), layouts: layouts)
    }

    /// `replayedAsFarAsItGoes(_:text:layouts:)` with text measured as the painter draws it.
    public static func replayedAsFarAsItGoes(_ scene: Scene) throws -> (timeline: Timeline, problems: [Diagnostic]) {
        try replayedAsFarAsItGoes(scene, text: try TextMeasurer.measuring(scene.fonts))
    }

    /// Where the scene's presentations show their screens (`presentations(of:text:)`), with text
    /// measured as the painter draws it.
    public static func presentations(of scene: Scene) throws -> [String: Presentation] {
        presentations(of: scene, text: try TextMeasurer.measuring(scene.fonts))
    }

    /// `captionBoxes(of:text:)` with text measured as the painter draws it.
    public static func captionBoxes(of scene: Scene) throws -> [(spec: CaptionSpec, size: Size)] {
        captionBoxes(of: scene, text: try TextMeasurer.measuring(scene.fonts))
    }
}
