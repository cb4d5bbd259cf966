import Engine
import Scene
import XCTest

/// `Limits.samples` holds for the samples a swipe actually makes: at its `rate` rounded to a
/// whole number per video frame (`SynthesizedTouch.rate(_:framesPerSecond:)`), at the file's
/// frame rate when the file is read and at the final one (`--fps`) when the timeline is built.
final class SwipeSampleLimitTests: XCTestCase {
    /// A 450 s swipe at 10 Hz: 4,501 samples at its own rate, but at 240 fps it is sampled at
    /// 240 Hz (one sample a frame): 1 + (450 × 240 − 1) + 1 = 108,001 samples.
    func text(fps: Int) -> String {
        """
        size: [100, 100]
        fps: \(fps)
        screens: { a: {} }
        root: a
        timeline:
          - { at: 0, swipe: { from: [10, 10], to: [90, 10], duration: 450, rate: 10 }, expect: nothing }
        """
    }

    func testTheLoaderCountsTheSamplesAtTheFilesFrameRate() throws {
        XCTAssertThrowsError(try SceneLoader.load(text: text(fps: 240), file: "s.yaml", name: "s")) { error in
            XCTAssertEqual((error as? SceneError)?.diagnostics.map(\.description),
                           ["s.yaml:6:3: error: the timeline's touches make 108001 samples, over the limit of 100000 samples"])
        }
        // At 10 fps the same swipe is 4,501 samples: within the limit.
        XCTAssertNoThrow(try SceneLoader.load(text: text(fps: 10), file: "s.yaml", name: "s"))
    }

    func testTheTimelineCountsTheSamplesAtTheFinalFrameRate() throws {
        var scene = try SceneLoader.load(text: text(fps: 10), file: "s.yaml", name: "s")
        XCTAssertNoThrow(try Timeline(scene: scene))
        scene.fps = 240  // as --fps 240 would
        XCTAssertThrowsError(try Timeline(scene: scene)) { error in
            let messages = (error as? SceneError)?.diagnostics.map(\.description) ?? []
            XCTAssertTrue(messages.contains("s.yaml:6:5: error: the timeline's touches make 108001 samples at 240 fps by this entry, over the limit of 100000 samples; lower --fps or the swipes' 'rate'"),
                          "\(messages)")
        }
    }
}
