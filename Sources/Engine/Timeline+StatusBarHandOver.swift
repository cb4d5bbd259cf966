import RenderTree
import Scene

/// The status bar handed over while a page sheet moves (`WindowChrome.statusBarTone`), worked out
/// once over the timeline's frames and faded as UIKit fades it
/// (docs/uikit-semantics.md#status-bar-over-a-moving-screen).
extension Timeline {
    /// A page sheet's presenter handing the status bar over (`WindowChrome.statusBarTone`): when,
    /// the tones before and after, and how the fade goes.
    struct StatusBarHandOver: Sendable {
        var time: Double
        var from: ChromeTone?
        var to: ChromeTone?
        /// How long the tones fade into each other.
        var duration: Double
        /// Along an animation (presenting, dismissing, settling after a release): the run whose
        /// progress paces the fade, and that progress where the fade starts and ends; nil: linear
        /// in time (under a finger).
        var pacedBy: (run: Int, from: Double, to: Double)?
    }

    /// Every hand-over while a page sheet moves, in time order, worked out on the run's frames
    /// as UIKit's sheet works it out on each layout pass (docs/uikit-semantics.md#status-bar-over-a-moving-screen):
    /// under a finger the sheet's layout follows it, so the tone is asked on every frame and a
    /// change fades over `WindowChrome.handOverFade`; an animation lays the sheet out once, at its
    /// end, so the tone is asked of where the animation ends and the change fades along with it
    /// ([DOC] `setNeedsStatusBarAppearanceUpdate`: called in an animation block, "the changes are
    /// animated along with the rest of the animation block").
    func findStatusBarHandOvers() -> [StatusBarHandOver] {
        var found: [StatusBarHandOver] = []
        let fps = Double(scene.fps)
        for (position, segment) in segments.enumerated() {
            guard case .transition(let start, let index) = segment, replayed[index].driver is SheetDriver else { continue }
            let driver = replayed[index].driver
            let end = position + 1 < segments.count ? segments[position + 1].start : sceneDuration
            var frames: [Double] = []
            var frame = Int((start * fps - 1e-6).rounded(.up))
            while time(ofFrame: frame) < end - 1e-9 {
                frames.append(time(ofFrame: frame))
                frame += 1
            }
            guard let first = frames.first else { continue }
            func tone(at time: Double) -> ChromeTone? { chrome.statusBarTone(over: screenNodes(run: index, at: time)) }
            var current = tone(at: first)
            // Where the run starts: the tone it keeps until a hand-over.
            found.append(StatusBarHandOver(time: first, from: current, to: current, duration: 0))
            var i = 0
            while i < frames.count {
                let t = frames[i]
                guard driver.phase(at: t) == .animating else {
                    let now = tone(at: t)
                    if now != current {
                        found.append(StatusBarHandOver(time: t, from: current, to: now, duration: WindowChrome.handOverFade))
                        current = now
                    }
                    i += 1
                    continue
                }
                var last = i
                while last + 1 < frames.count, driver.phase(at: frames[last + 1]) == .animating { last += 1 }
                let target = tone(at: frames[last])
                if target != current {
                    let span = max(frames[last] - t, 1 / fps)
                    found.append(StatusBarHandOver(time: t, from: current, to: target, duration: span,
                                                   pacedBy: (index, driver.progress(at: t), driver.progress(at: frames[last]))))
                    current = target
                }
                i = last + 1
            }
        }
        return found
    }

    /// The status bar's tone at `time` in a page sheet's run, after the last hand-over's fade.
    func handOverTone(at time: Double) -> [ChromeTone: Double] {
        (statusBarHandOvers.last { $0.time <= time + 1e-9 }?.to).map { [$0: 1] } ?? [:]
    }

    /// The status bar's tones at `time` while a hand-over fades; nil when none does.
    func handOverFade(at time: Double) -> [ChromeTone: Double]? {
        guard let last = statusBarHandOvers.last(where: { $0.time <= time + 1e-9 }),
              time - last.time < last.duration - 1e-9 else { return nil }
        var a = (time - last.time) / last.duration
        if let paced = last.pacedBy, abs(paced.to - paced.from) > 1e-9 {
            a = (replayed[paced.run].driver.progress(at: time) - paced.from) / (paced.to - paced.from)
        }
        a = min(max(a, 0), 1)
        var mix: [ChromeTone: Double] = [:]
        if let from = last.from { mix[from, default: 0] += 1 - a }
        if let to = last.to { mix[to, default: 0] += a }
        return mix
    }
}
