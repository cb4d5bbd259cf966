import Foundation
import Hummingbird
import Engine
import Pipeline
import Scene
import Stills
import Workers

/// `segue preview`: a local web server with a page to scrub a scene's frames, watch it change as
/// its files are saved, draw gestures into it and review its snapshots.
///
/// The API the page uses is described in `docs/preview.md`.
public final class PreviewServer: Sendable {
    public let workspace: PreviewWorkspace
    public let options: PreviewOptions
    let events = ChangeEvents()
    let review: SnapshotReview
    /// The scenes a page opened, each as written or as a variant it picked.
    private let documents = LockedValueBox([DocumentKey: PreviewDocument]())

    /// A scene, by its path relative to the workspace, and the variant it plays (nil: as written).
    private struct DocumentKey: Hashable {
        let scene: String
        let variant: String?
    }

    /// The variant a scene is shown as until the page picks another: the command line's
    /// `--variant NAME`; as written without one, or with `--variant all` (the page's picker lists every variant).
    var startingVariant: String? {
        options.settings.variant == SceneFile.allVariants ? nil : options.settings.variant
    }
    /// Serializes edits of scene files.
    /// The page's edits, one writer at a time; per scene, what each edit replaced and wrote
    /// (`UndoStep`), the latest last, for the page's undo.
    private let editing = LockedValueBox([String: [UndoStep]]())

    /// One edit the page made to a scene file: the text before it and the text it wrote.
    struct UndoStep {
        let before: String
        let after: String
    }

    /// How many edits the page made to a scene that can still be undone, kept to this many.
    static let undoDepth = 50
    /// Who is answered; its token is this run's, carried by the page.
    let guardian: RequestGuard
    /// The port, once bound.
    private let boundPort = LockedValueBox<Int?>(nil)

    public init(path: String, options: PreviewOptions) throws {
        workspace = try PreviewWorkspace(path: path)
        self.options = options
        guardian = RequestGuard(host: options.host)
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-\(getpid())")
        review = SnapshotReview(workspace: workspace, artifacts: artifacts, scale: options.snapshotScale)
    }

    /// Serves until the process ends; `onListening` gets the page's URL once the port is bound.
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let router = Router()
        routes(router)
        let host = options.host
        let app = Application(
            router: router,
            server: TargetKeepingHTTP1Channel.builder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: "segue"),
            onServerRunning: { [boundPort] channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.withLockedValue { $0 = port }
                let shown = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shown):\(port)/")
            })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            group.addTask { try await self.watch() }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Removes the temporary folder of the snapshot check's actual and diff images.
    public func removeTemporaryFiles() {
        try? FileManager.default.removeItem(at: review.artifacts)
    }

    /// Polls the files of every scene a page has opened; reloads and announces the ones that changed.
    ///
    /// A change is acted on once the files have stayed as they are for `settleTime`: an editor's
    /// plain write truncates the file before it writes it, and a check between the two would
    /// load (and show the error of) an empty scene. A file still changing is looked at again at
    /// the next poll.
    private func watch() async throws {
        var ticks = 0
        while !Task.isCancelled {
            try await Task.sleep(for: options.pollInterval)
            ticks += 1
            if ticks % 100 == 0 { events.heartbeat() }
            let open = documents.withLockedValue { Array($0.values) }
            guard !open.isEmpty else { continue }
            let seenAssets = FileFingerprint.of(workspace.assetFiles())
            let changed = open.filter { $0.hasChanged(assets: seenAssets) }.map { ($0, $0.fingerprint(assets: seenAssets)) }
            guard !changed.isEmpty else { continue }
            try await Task.sleep(for: Self.settleTime)
            let assets = FileFingerprint.of(workspace.assetFiles())
            for (document, seen) in changed where document.fingerprint(assets: assets) == seen {
                // Not while the page's own edit is writing (and perhaps reverting) the file.
                let reloaded = editing.withLockedValue { _ -> Bool in
                    guard document.hasChanged(assets: assets) else { return false }
                    document.reload()
                    return true
                }
                if reloaded { events.changed(document) }
            }
        }
    }

    /// How long a changed file must stay the same before it is loaded (see `watch`).
    static let settleTime = Duration.milliseconds(15)

    /// The document of the scene named by the request's `scene` parameter (the first scene when
    /// absent), as the variant its `variant` parameter names: empty for the scene as written,
    /// absent for `startingVariant`. Selecting a variant is a read: it changes no file.
    func document(_ request: Request) throws -> PreviewDocument {
        let name = request.uri.queryParameters.get("scene") ?? workspace.scenes().first ?? ""
        let asked = request.uri.queryParameters.get("variant")
        let key = DocumentKey(scene: name, variant: asked.map { $0.isEmpty ? nil : $0 } ?? startingVariant)
        // A scene already open was found in the folder when it was opened (and is checked at each load).
        if let document = documents.withLockedValue({ $0[key] }) { return document }
        guard let file = workspace.sceneFile(name) else {
            throw HTTPError(.notFound, message: "no scene '\(name)' in the previewed folder")
        }
        if let variant = key.variant, asked != nil {
            // Only the variants the scene declares are opened, so a URL cannot make documents without end.
            var written = options.settings
            written.variant = nil
            let names = (try? SceneFile.variantNames(of: file.path, settings: written)) ?? []
            guard names.contains(variant) else { throw UnknownVariant(scene: name, variant: variant, variants: names) }
        }
        return documents.withLockedValue { documents in
            if let document = documents[key] { return document }
            var settings = options.settings
            settings.variant = key.variant
            let document = PreviewDocument(name: name, file: file, workspace: workspace, settings: settings)
            documents[key] = document
            return document
        }
    }

    private func routes(_ router: Router<BasicRequestContext>) {
        // First: it guards every route below, and the answer for unknown paths.
        router.add(middleware: RequestGuardMiddleware(rules: guardian, port: { [boundPort] in boundPort.withLockedValue { $0 } }))
        router.get("/") { _, _ in Self.text(PreviewPage.html(token: self.guardian.token), type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.text(PreviewPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.text(PreviewPage.style, type: "text/css; charset=utf-8") }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }

        router.get("/api/scenes") { _, _ in
            try Self.json(["scenes": self.workspace.scenes(), "folder": self.workspace.root.lastPathComponent,
                           "single": self.workspace.single != nil])
        }
        router.get("/api/scene") { request, _ in
            let document = try self.document(request)
            var summary = document.summaryJSON()
            summary["undo"] = self.editing.withLockedValue { $0[document.name]?.count ?? 0 }
            return try Self.json(summary)
        }
        router.get("/api/trace/:frame") { request, context in
            let document = try self.document(request)
            guard let frame = context.parameters.get("frame", as: Int.self), let line = document.trace(frame: frame) else {
                throw HTTPError(.notFound, message: "no such frame")
            }
            return Self.text(line, type: "application/json")
        }
        router.get("/frame/:file") { request, context in
            let document = try self.document(request)
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".png"), let frame = Int(file.dropLast(4)),
                  let png = try await Self.offload({ try document.png(frame: frame) }) else {
                throw HTTPError(.notFound, message: "no such frame")
            }
            var headers: HTTPFields = [.contentType: "image/png"]
            // The page asks for `?g=<generation>`: a frame of one generation never changes.
            headers[.cacheControl] = request.uri.queryParameters.get("g") == String(document.generation)
                ? "private, max-age=3600" : "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("/events") { _, _ in
            let stream = self.events.subscribe()
            var headers: HTTPFields = [.contentType: "text/event-stream"]
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await message in stream {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
        }
        router.post("/api/gesture") { request, context in
            let document = try self.document(request)
            var request = request
            let body = try await request.collectBody(upTo: 1 << 20)
            let data = Data(buffer: body)
            return try Self.json(try await Self.offload { try self.insertGesture(data, into: document) })
        }
        router.post("/api/undo") { request, _ in
            let document = try self.document(request)
            return try Self.json(try await Self.offload { try self.undo(document) })
        }
        router.get("/api/snapshots") { request, _ in
            let document = try self.document(request)
            return try Self.json(["scene": document.name, "snapshots": try await Self.offload {
                try self.review.verify(document.name, file: document.file, width: document.width)
            }])
        }
        router.post("/api/snapshots/record") { request, _ in
            let document = try self.document(request)
            guard let point = request.uri.queryParameters.get("point") else { throw HTTPError(.badRequest, message: "no point") }
            let results = try await Self.offload {
                _ = try self.review.record(document.name, file: document.file, width: document.width, point: point)
                return try self.review.verify(document.name, file: document.file, width: document.width)
            }
            return try Self.json(["scene": document.name, "snapshots": results])
        }
        router.get("/snapshot/:kind") { request, context in
            let document = try self.document(request)
            guard let point = request.uri.queryParameters.get("point"), let kind = context.parameters.get("kind"),
                  let data = self.review.image(kind, scene: document.name, point: point) else {
                throw HTTPError(.notFound, message: "no such image")
            }
            var headers: HTTPFields = [.contentType: "image/png"]
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    /// Inserts the gesture the page drew (`{"at": seconds, "samples": [[t, x, y], ...]}`, `t` in
    /// seconds) into the scene file, writes it atomically and loads it again. A scene the edit
    /// would make invalid is put back as it was, and the problems are returned.
    func insertGesture(_ body: Data, into document: PreviewDocument) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let at = (object["at"] as? NSNumber)?.doubleValue,
              let raw = object["samples"] as? [[NSNumber]] else {
            throw HTTPError(.badRequest, message: "expected {\"at\": seconds, \"samples\": [[t, x, y], ...]}")
        }
        var samples = raw.filter { $0.count == 3 }.map { DrawnGesture.Sample(t: $0[0].doubleValue, x: $0[1].doubleValue, y: $0[2].doubleValue) }
        // Drawn on a variant that reads the other way than the file is written: the file's
        // coordinates are its own screen's, the drawn points mirrored (docs/scene-format.md#right-to-left).
        if let shown = document.layoutDirection, let width = document.width,
           let written = try? SceneLoader.load(contentsOf: document.file).layoutDirection, shown != written {
            samples = samples.map { DrawnGesture.Sample(t: $0.t, x: width - $0.x, y: $0.y) }
        }
        guard let gesture = DrawnGesture.classify(at: at, samples: samples) else {
            throw HTTPError(.badRequest, message: "no samples")
        }
        return try editing.withLockedValue { undo -> [String: Any] in
            guard document.isEditable else {
                return ["ok": false, "errors": [["description": "\(document.name): only YAML scenes can be edited from the page; "
                                                 + "add the gesture to this JSON scene by hand"]]]
            }
            let original = try String(contentsOf: document.file, encoding: .utf8)
            var gesture = gesture
            var edited: (text: String, line: Int)
            do {
                edited = try SceneTextEditor.insert(gesture, into: original)
                // Every gesture in a scene is accounted for: the drawn one is written with the
                // outcome its replay has (`expect:`), as a recorded snapshot keeps what it saw.
                gesture.expect = outcome(of: edited, in: document)
                edited = try SceneTextEditor.insert(gesture, into: original)
            } catch let refusal as SceneTextEditor.Refusal {
                return ["ok": false, "errors": [["description": "\(document.name): \(refusal)"]]]
            }
            try AtomicFile.write(edited.text, to: document.file, replacingInput: true)
            do {
                _ = try Timeline(scene: try SceneFile.load(document.file.path, settings: document.settings))
            } catch {
                // The drawn gesture made the scene invalid: put the file back and say why.
                try AtomicFile.write(original, to: document.file, replacingInput: true)
                let problems: [[String: Any]] = (error as? SceneError)?.diagnostics.map(PreviewDocument.json)
                    ?? [["description": "\(error)"]]
                return ["ok": false, "reverted": true, "kind": gesture.key, "line": edited.line, "errors": problems]
            }
            document.reload()
            events.changed(document)
            undo[document.name, default: []].append(UndoStep(before: original, after: edited.text))
            undo[document.name] = undo[document.name].map { Array($0.suffix(Self.undoDepth)) }
            let lines = edited.text.components(separatedBy: "\n")
            let inserted = max(lines.count - original.components(separatedBy: "\n").count, 1)
            return ["ok": true, "kind": gesture.key, "line": edited.line, "generation": document.generation,
                    "text": lines[(edited.line - 1)...].prefix(inserted).joined(separator: "\n"), "undo": undo[document.name]?.count ?? 0]
        }
    }

    /// Puts the scene file back as it was before the page's latest edit to it (atomically, as every
    /// edit is written) and loads it again; refused, the file untouched, when it changed since
    /// that edit (an editor saved it): the page's undo never overwrites the user's own work.
    func undo(_ document: PreviewDocument) throws -> [String: Any] {
        try editing.withLockedValue { undo -> [String: Any] in
            guard let step = undo[document.name]?.last else {
                return ["ok": false, "undo": 0, "errors": [["description": "\(document.name): nothing the page did to undo"]]]
            }
            let current = try String(contentsOf: document.file, encoding: .utf8)
            guard current == step.after else {
                undo[document.name] = nil
                return ["ok": false, "undo": 0, "errors": [["description":
                    "\(document.name) changed since the page's edit (saved from an editor?); undo it there — the page's earlier edits can no longer be undone"]]]
            }
            try AtomicFile.write(step.before, to: document.file, replacingInput: true)
            undo[document.name]?.removeLast()
            document.reload()
            events.changed(document)
            return ["ok": true, "undo": undo[document.name]?.count ?? 0, "generation": document.generation]
        }
    }

    /// What the gesture inserted at `edited.line` does when the edited scene replays: `finish` or
    /// `cancel` for the transition it starts or catches, `nothing` when it drives none; nil when
    /// the scene does not load for another reason (the caller reports it).
    private func outcome(of edited: (text: String, line: Int), in document: PreviewDocument) -> String? {
        guard let loaded = try? SceneLoader.load(text: edited.text, file: document.file.path,
                                                 name: document.file.deletingPathExtension().lastPathComponent,
                                                 traits: options.settings.traits) else { return nil }
        let scene = options.settings.apply(to: loaded)
        guard let entry = scene.timeline.firstIndex(where: { $0.location.line == edited.line }) else { return nil }
        do {
            let timeline = try Timeline(scene: scene.inSceneTime)
            // A gesture that caught a running transition is left unsaid (the run is its starter's).
            guard let run = timeline.runs.last(where: { $0.entry == entry }) else { return nil }
            return run.finished ? "finish" : "cancel"
        } catch let error as SceneError {
            // The only problem is that the drawn gesture does nothing: say so.
            let own = error.diagnostics.filter { $0.location.line == edited.line }
            return own.count == error.diagnostics.count && own.allSatisfy({ $0.message.contains("does nothing") }) ? "nothing" : nil
        } catch {
            return nil
        }
    }

    /// Runs `body` on a Dispatch thread: drawing, encoding and file work block, and must not
    /// hold up the threads Swift concurrency (and so every other request) runs on.
    static func offload<T>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let box = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedBox<T>, Error>) in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { UncheckedBox(value: try body()) })
            }
        }
        return box.value
    }

    static func text(_ text: String, type: String) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ object: Any) throws -> Response {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return text(String(decoding: data, as: UTF8.self), type: "application/json")
    }
}

/// A result handed from a Dispatch thread back to the task that waits for it (JSON objects are
/// not `Sendable`, but only one side holds it at a time).
///
/// Unchecked Sendable: one side holds it at a time, handed over by the wait that joins them.
struct UncheckedBox<T>: @unchecked Sendable {
    var value: T
}
