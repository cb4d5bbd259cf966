import Foundation
import Stills
import Scene

/// What happened to one golden.
public struct SnapshotResult: Sendable {
    public enum Status: Sendable {
        case passed(SnapshotVerdict)
        case failed(SnapshotVerdict)
        /// No golden to compare with, and the mode does not record it.
        case missing
        /// Written because it was new or changed (or failed, under `--record failed`).
        case recorded
        /// Already identical (record all).
        case unchanged
        /// A golden whose scene or point no longer exists.
        case orphaned
        /// An orphaned golden deleted (record all).
        case removed
        /// The scene could not be loaded or played, a point could not be found, its settings
        /// disagree with the command line, or a file could not be read or written.
        case error(String)
    }

    /// The scene file, as given or found in the folder.
    public var scene: String
    /// The snapshot point's name; empty for a problem with the whole scene.
    public var name: String
    public var status: Status
    public var golden: URL?
    /// Written on failure: the frame as rendered now.
    public var actual: URL?
    /// Written on failure when the sizes agree: where the pixels differ.
    public var diff: URL?
    /// Written on failure: a copy of the golden beside the actual image, so the artifacts stand alone.
    public var expected: URL?
    /// Written on failure: golden | actual | diff side by side in one PNG.
    public var composite: URL?
    /// Where in the scene file to look: the snapshot point's entry, or the problem's location.
    public var location: SourceLocation?
    /// More about why (an orphan's vanished run).
    public var message: String?
    /// Seconds spent on it: a scene's loading and rendering count toward its first result, so a
    /// scene's results add up to the scene's time. Nil when not measured.
    public var duration: Double?

    public init(scene: String, name: String, status: Status, golden: URL? = nil, location: SourceLocation? = nil,
                message: String? = nil) {
        self.scene = scene
        self.name = name
        self.status = status
        self.golden = golden
        self.location = location
        self.message = message
    }

    /// Whether this makes the run fail.
    public var isFailure: Bool {
        switch status {
        case .failed, .missing, .orphaned, .error: return true
        case .passed, .recorded, .unchanged, .removed: return false
        }
    }

    /// Whether a scene could not be checked at all, or a file could not be read or written —
    /// a broken scene (exit status 2) rather than a failed snapshot (1).
    public var isError: Bool {
        if case .error = status { return true }
        return false
    }

    /// The share of pixels that differ, for a failed comparison of images of the same size.
    public var differingShare: Double? {
        switch status {
        case .failed(.different(let difference)), .failed(.withinTolerance(let difference)), .passed(.withinTolerance(let difference)):
            return difference.share
        default: return nil
        }
    }
}
