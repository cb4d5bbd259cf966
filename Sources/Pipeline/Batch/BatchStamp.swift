import Foundation
import Stills

/// What a batch video was rendered from, kept beside it (`.<name>.mp4.stamp`) so the next
/// batch can skip it while nothing changed.
///
/// The text names Segue's version, the render settings, and the size and 64-bit FNV-1a hash of
/// the scene file's bytes; then one line for every file the scene read (`Scene.readFiles`: its
/// images and fonts, wherever they are — beside it, `../photos/x.png`, an absolute path) with the
/// size and hash its bytes had when the scene was loaded for the render. Its last line describes
/// the output as rendered (`OutputCheck`). Files are hashed 1 MB at a time, never read whole, and
/// by content, not date, so a fresh checkout does not look changed and an edit that keeps the
/// size and the second is still seen.
///
/// A video is up to date when its stamp begins with the current version, settings and scene
/// file, every file it lists still has the size and hash it lists, and the output is, whole,
/// still what was rendered. Which files a scene reads follows from its own bytes, so the list of
/// an unchanged scene file is the list it would read now.
struct BatchStamp: Equatable {
    /// What the output is rendered from.
    let text: String

    /// The start of the stamp `item` would get now: version, settings and scene file.
    init(item: BatchPlan.Item, settings: String, version: String) throws {
        guard let digest = FileDigest.file(item.scene.path) else {
            throw PipelineError.missingFile(item.scene.path)
        }
        text = ["segue \(version)", "settings \(settings)", "scene \(item.scene.lastPathComponent) \(digest.count) \(digest.hex)"]
            .joined(separator: "\n") + "\n"
    }

    private init(text: String) {
        self.text = text
    }

    /// This stamp with a line for each of `files` (absolute paths), as their bytes are now.
    func reading(_ files: [String], hashed: ReadLines) -> BatchStamp {
        BatchStamp(text: text + files.map { hashed.line(reading: $0) + "\n" }.joined())
    }

    /// The `read` lines of the files hashed so far in one batch run, so that a file many scenes
    /// read (a shared image, a font) is hashed once per run, not once or twice per scene. A run
    /// hashes everything before it renders anything, so one run's lines hold for all its stamps.
    final class ReadLines {
        private var lines: [String: String] = [:]

        init() {}

        func line(reading path: String) -> String {
            if let line = lines[path] { return line }
            let line = BatchStamp.line(reading: path)
            lines[path] = line
            return line
        }
    }

    /// `read <bytes> <hash> <path>`, or `read missing <path>` when it cannot be read or its path
    /// would not fit on one line.
    fileprivate static func line(reading path: String) -> String {
        guard !path.contains("\n"), let digest = FileDigest.file(path) else { return "read missing \(path)" }
        return "read \(digest.count) \(digest.hex) \(path)"
    }

    /// Where `item`'s stamp lives.
    static func location(of item: BatchPlan.Item) -> URL {
        item.output.deletingLastPathComponent().appendingPathComponent(".\(item.output.lastPathComponent).stamp")
    }

    /// Whether `item`'s video was rendered from exactly this scene file, with these settings, from
    /// files that have not changed since, and is, whole, still what was rendered.
    func isCurrent(for item: BatchPlan.Item, hashed: ReadLines) -> Bool {
        guard let stored = try? String(contentsOf: Self.location(of: item), encoding: .utf8), stored.hasPrefix(text),
              let output = OutputCheck.fingerprint(of: item.output) else { return false }
        var lines = stored.dropFirst(text.count).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "", lines.count >= 2 else { return false }
        lines.removeLast()
        guard lines.removeLast() == output else { return false }
        return lines.allSatisfy { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, fields[0] == "read" else { return false }
            return hashed.line(reading: String(fields[3])) == line
        }
    }

    /// The files `item`'s stamp says its scene read (its `read` lines): an up-to-date scene's,
    /// which no worker loads.
    static func recordedReads(of item: BatchPlan.Item) -> [String] {
        guard let stored = try? String(contentsOf: location(of: item), encoding: .utf8) else { return [] }
        return stored.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            return fields.count == 4 && fields[0] == "read" ? String(fields[3]) : nil
        }
    }

    /// Records that `item`'s video, just rendered, was rendered from this (atomically); throws
    /// when the video does not pass `OutputCheck`. A stamp with a file it could not hash is not
    /// written (any older one is removed): the video is rendered again next time.
    func write(for item: BatchPlan.Item) throws {
        guard let output = OutputCheck.fingerprint(of: item.output) else {
            throw PipelineError.damagedOutput(item.output.path)
        }
        let location = Self.location(of: item)
        guard !text.contains("\nread missing ") else {
            try? FileManager.default.removeItem(at: location)
            return
        }
        try AtomicFile.write(text + output + "\n", to: location)
    }
}
