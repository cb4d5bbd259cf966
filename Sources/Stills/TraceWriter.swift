import Engine
import Foundation
import Scene
import Stills

/// `segue trace`: the evaluated timeline as JSON Lines, one object per video frame.
public enum TraceWriter {
    /// Writes every frame of `scene`'s timeline to `output`, one line each.
    public static func write(_ scene: Scene, to output: (String) -> Void) throws {
        let timeline = try Timeline(scene: scene)
        for index in 0..<timeline.frameCount {
            output(timeline.state(frame: index).jsonLine)
        }
    }
}
