import Engine
import Foundation
import Pipeline
import Raster
import Scene
import Stills
import Workers

/// One scene as the page shows it, as written or as one of its variants plays it: loaded (or
/// failed, with its diagnostics), its frames drawn on demand as PNG with a small cache, reloaded
/// whenever a file it uses changes.
///
/// Every load bumps `generation`; frame URLs carry it, so a browser never shows a stale frame as new.
final class PreviewDocument: Sendable {
    /// The scene's path relative to the workspace.
    let name: String
    let file: URL
    let workspace: PreviewWorkspace
    /// The settings it is played with, `variant` among them (nil: as written).
    let settings: RenderSettings
    /// The variant it plays (`settings.variant`), nil as written.
    var variant: String? { settings.variant }

    private struct State {
        var generation = 0
        var loaded: Loaded?
        var diagnostics: [Diagnostic] = []
        var other: String?
        /// The names of the variants the scene declares, as of the last load.
        var variantNames: [String] = []
        var fingerprint: [FileFingerprint] = []
        var cache = FrameCache(capacity: FrameCache.defaultCapacity)
        /// Frames being drawn now, for requests that want them too.
        var flights: [Int: DispatchGroup] = [:]
        /// The background drawing of this load's frames (`prerender`).
        var prerendering: WorkerRun?
    }

    /// A scene that loaded: its session, every frame's state and the canvases it draws on, one
    /// per core, each used by one request at a time.
    ///
    /// Unchecked Sendable: the session and states are immutable; the canvases are handed out one
    /// request at a time through `idle` (a `LockedValueBox`) and `available` (how many are idle).
    private final class Loaded: @unchecked Sendable {
        let session: RenderSession
        let states: [FrameState]
        private let idle: LockedValueBox<[Canvas]>
        private let available: DispatchSemaphore
        let canvasCount: Int

        init(session: RenderSession) throws {
            self.session = session
            states = Self.states(of: session.timeline)
            let count = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
            idle = LockedValueBox(try (0..<count).map { _ in try session.canvas() })
            available = DispatchSemaphore(value: count)
            canvasCount = count
        }

        /// Every frame's state, evaluated on all cores: most of a reload's time for a long scene,
        /// which the page waits for after a save. Each frame's state depends on the timeline alone.
        private static func states(of timeline: Timeline) -> [FrameState] {
            let count = timeline.frameCount
            let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / 64))
            let pool = WorkerPool(threads: bands, name: "segue-states")
            do {
                // One band of frames per thread, joined in frame order.
                return try pool.map(count: bands, makeWorker: { _ in () }) { _, band in
                    ((count * band / bands)..<(count * (band + 1) / bands)).map { timeline.state(frame: $0) }
                }.flatMap { $0 }
            } catch {
                preconditionFailure("evaluating frame states throws nothing: \(error)")
            }
        }

        /// Draws frame `index` on a free canvas and encodes it.
        func png(frame index: Int) throws -> [UInt8] {
            available.wait()
            let canvas = idle.withLockedValue { $0.removeLast() }
            defer {
                idle.withLockedValue { $0.append(canvas) }
                available.signal()
            }
            session.draw(states[index], on: canvas)
            return try canvas.pngData()
        }
    }

    private let state = LockedValueBox(State())

    init(name: String, file: URL, workspace: PreviewWorkspace, settings: RenderSettings) {
        self.name = name
        self.file = file
        self.workspace = workspace
        self.settings = settings
        reload()
    }

    var generation: Int { state.withLockedValue { $0.generation } }

    /// The background drawing of the current load (`prerender`); nil when the scene did not load.
    var backgroundDrawing: WorkerRun? { state.withLockedValue { $0.prerendering } }

    /// Whether a file the scene uses changed since the last load (checked by modification time,
    /// size and inode, so an atomic rename counts); `assets` are the fingerprints of the
    /// workspace's other files, taken once for every document.
    func hasChanged(assets: [FileFingerprint]) -> Bool {
        let now = fingerprint(assets: assets)
        return state.withLockedValue { $0.fingerprint != now }
    }

    /// The files' fingerprints now: the scene file's, then `assets`.
    func fingerprint(assets: [FileFingerprint]) -> [FileFingerprint] {
        FileFingerprint.of([file]) + assets
    }

    /// Loads the scene again and bumps the generation.
    func reload() {
        let fingerprint = FileFingerprint.of([file] + workspace.assetFiles())
        var loaded: Loaded?
        var diagnostics: [Diagnostic] = []
        var other: String?
        var variantNames: [String] = []
        do {
            guard workspace.contains(file) else { throw PreviewError.notAScene(name) }
            let scene = try SceneFile.load(file.path, settings: settings)
            variantNames = scene.variants.map(\.name)
            // The preview scrubs the scene in its own time, as snapshots and inspect do.
            loaded = try Loaded(session: try RenderSession(scene: scene.inSceneTime))
        } catch let error as SceneError {
            diagnostics = error.diagnostics
        } catch {
            other = "\(error)"
        }
        if loaded == nil {
            // A variant that does not play (or is not declared) leaves the others to pick.
            var written = settings
            written.variant = nil
            variantNames = (try? SceneFile.variantNames(of: file.path, settings: written)) ?? []
        }
        let generation = state.withLockedValue {
            $0.prerendering?.cancel()
            $0.prerendering = nil
            $0.generation += 1
            $0.loaded = loaded
            $0.diagnostics = diagnostics
            $0.other = other
            $0.variantNames = variantNames
            $0.fingerprint = fingerprint
            $0.cache.removeAll()
            $0.flights.removeAll()
            return $0.generation
        }
        if let loaded { prerender(loaded, generation: generation) }
    }

    /// Draws the frames into the cache in the background while the page is told about the change
    /// and asks for them; a newer load cancels it (`reload`). One canvas is left to the page's
    /// own requests, so the frame the page shows after a save is not queued behind frames it has
    /// not asked for. (Not at the lowest priority: a request for a frame the background is
    /// drawing waits for that drawing, which a busy machine would then starve.)
    private func prerender(_ loaded: Loaded, generation: Int) {
        let count = min(loaded.states.count, FrameCache.defaultCapacity)
        let pool = WorkerPool(threads: max(loaded.canvasCount - 1, 1), name: "segue-preview")
        let run = pool.start(count: count, makeWorker: { _ in () }) { _, index in
            if self.state.withLockedValue({ $0.cache[index] }) != nil { return }
            // A frame that fails to draw is drawn again, and its error shown, when the page asks for it.
            _ = try? self.png(frame: index, of: loaded, generation: generation)
        }
        state.withLockedValue { state in
            if state.generation == generation { state.prerendering = run } else { run.cancel() }
        }
    }

    /// The PNG of frame `index`, drawn now unless cached.
    func png(frame index: Int) throws -> [UInt8]? {
        let (loaded, generation, cached) = state.withLockedValue { state in
            (state.loaded, state.generation, state.cache[index])
        }
        if let cached { return cached }
        guard let loaded, loaded.states.indices.contains(index) else { return nil }
        return try png(frame: index, of: loaded, generation: generation)
    }

    /// Frame `index` of `generation` from the cache, or drawn once: a request for a frame that
    /// another request (or the background drawing) is drawing waits for it instead of drawing it again.
    private func png(frame index: Int, of loaded: Loaded, generation: Int) throws -> [UInt8] {
        let (cached, flight, drawing) = state.withLockedValue { state -> ([UInt8]?, DispatchGroup, Bool) in
            if let bytes = state.cache[index] { return (bytes, DispatchGroup(), false) }
            if state.generation == generation, let flight = state.flights[index] { return (nil, flight, false) }
            let flight = DispatchGroup()
            flight.enter()
            if state.generation == generation { state.flights[index] = flight }
            return (nil, flight, true)
        }
        if let cached { return cached }
        guard drawing else {
            flight.wait()
            return try state.withLockedValue { $0.cache[index] } ?? loaded.png(frame: index)
        }
        defer {
            state.withLockedValue { state in
                if state.flights[index] === flight { state.flights[index] = nil }
            }
            flight.leave()
        }
        let bytes = try loaded.png(frame: index)
        state.withLockedValue { state in
            if state.generation == generation { state.cache[index] = bytes }
        }
        return bytes
    }

    /// Whether the page may add gestures to the file: YAML is edited as text; JSON is not.
    var isEditable: Bool { ["yaml", "yml"].contains(file.pathExtension.lowercased()) }

    /// Whether the scene loaded.
    var isLoaded: Bool {
        state.withLockedValue { $0.loaded != nil }
    }

    /// The scene's width in points, when it loaded.
    var width: Double? {
        state.withLockedValue { $0.loaded?.session.scene.device.size.width }
    }

    /// The layout direction the page shows the scene in, when it loaded (a variant's, or as written).
    var layoutDirection: LayoutDirection? {
        state.withLockedValue { $0.loaded?.session.scene.layoutDirection }
    }

    /// The trace line of frame `index`.
    func trace(frame index: Int) -> String? {
        state.withLockedValue { state in
            guard let loaded = state.loaded, loaded.states.indices.contains(index) else { return nil }
            return loaded.states[index].jsonLine
        }
    }

    /// What the page needs to draw the scrubber, timeline and errors, as JSON.
    func summaryJSON() -> [String: Any] {
        state.withLockedValue { state in
            var json: [String: Any] = [
                "scene": name, "generation": state.generation,
                "editable": isEditable,
                "variant": variant ?? NSNull(), "variants": state.variantNames,
                "ok": state.loaded != nil,
                "errors": state.diagnostics.map(Self.json) + (state.other.map { [["message": $0, "description": "error: \($0)"]] } ?? []),
            ]
            guard let loaded = state.loaded else { return json }
            let timeline = loaded.session.timeline
            let scene = loaded.session.scene
            json["fps"] = scene.fps
            json["frameCount"] = timeline.frameCount
            json["duration"] = timeline.duration
            json["size"] = [scene.device.size.width, scene.device.size.height]
            json["pixels"] = [loaded.session.geometry.contentWidth, loaded.session.geometry.contentHeight]
            json["runs"] = timeline.runs.map { run -> [String: Any] in
                ["index": run.index, "style": run.style, "source": run.source, "destination": run.destination,
                 "start": run.start, "end": run.end, "finished": run.finished]
            }
            // The plot's lines as `segue plot` draws them: transitions' progress, detent moves and scroll runs.
            json["curves"] = ProgressPlot.curves(timeline, states: loaded.states).map { curve -> [String: Any] in
                ["kind": "\(curve.kind)", "name": curve.name,
                 "points": curve.points.map { [($0.time * 1e4).rounded() / 1e4, ($0.value * 1e4).rounded() / 1e4] }]
            }
            json["frames"] = loaded.states.map { frame -> [Any] in
                [frame.phase.rawValue, frame.progress.map { $0 as Any } ?? NSNull(), frame.touches.isEmpty ? 0 : 1]
            }
            return json
        }
    }

    static func json(_ diagnostic: Diagnostic) -> [String: Any] {
        ["file": diagnostic.location.file, "line": diagnostic.location.line, "column": diagnostic.location.column,
         "message": diagnostic.message, "description": diagnostic.description]
    }
}
