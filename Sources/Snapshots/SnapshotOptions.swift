import Foundation
import Stills

/// How `segue snapshot` runs.
public struct SnapshotOptions: Sendable {
    public var mode: SnapshotMode
    public var tolerance: SnapshotTolerance
    /// What the command line sets for every scene (`--scale`, `--fps`, `--touches`); otherwise
    /// each scene is rendered with the settings its goldens were recorded with
    /// (`SnapshotSettingsFile`). A value that disagrees with them is an error unless recording all.
    /// Its `variant` (`--variant`) picks the variant checked: nil or `SceneFile.allVariants`
    /// every one, a name that variant alone (`variantRuns(declared:)`).
    public var settings: RenderSettings
    /// Where a failure's images and the reports go; nil: `__snapshots__/__actual__` in each scene
    /// folder. Scenes in a subfolder of a folder given go into the same subfolder of it.
    public var artifacts: URL?
    /// Only these snapshot points (by name); nil: all. With a selection, orphaned goldens are
    /// neither reported nor deleted (the preview records one point at a time).
    public var points: Set<String>?
    /// This machine's part of the scenes (`--shard i/n`); `.all` for every scene.
    public var shard: Shard
    /// Motion goldens (`MotionGolden`): nil checks each scene's where it has one and records one
    /// for a scene recorded the first time; true (`--motion`) records one for every scene
    /// recorded and counts a scene without one as missing; false (`--no-motion`) records none
    /// for new scenes (those recorded are still checked).
    public var motion: Bool?

    public init(mode: SnapshotMode = .never, tolerance: SnapshotTolerance = .default,
                settings: RenderSettings = RenderSettings(), artifacts: URL? = nil, points: Set<String>? = nil,
                shard: Shard = .all, motion: Bool? = nil) {
        self.mode = mode
        self.tolerance = tolerance
        self.settings = settings
        self.artifacts = artifacts
        self.points = points
        self.shard = shard
        self.motion = motion
    }

    /// The variant picked by name (`--variant NAME`); nil when every variant is checked (no
    /// `--variant`, or `all`). Only a run of every variant looks for orphans outside the variant
    /// folders it checks: another variant's goldens are not this run's to report or delete.
    public var pickedVariant: String? {
        settings.variant == SceneFile.allVariants ? nil : settings.variant
    }

    /// The runs of a scene that declares the variants `declared` (by name, in its order), each the
    /// variant it plays, nil for the scene as written: every declared variant (the scene as
    /// written when it declares none), or with a variant picked by name, that one where the scene
    /// declares it and none where it does not.
    public func variantRuns(declared: [String]) -> [String?] {
        guard let picked = pickedVariant else { return declared.isEmpty ? [nil] : declared }
        return declared.contains(picked) ? [picked] : []
    }

    /// How each frame is compared with its golden.
    public var comparison: SnapshotComparison { SnapshotComparison(tolerance: tolerance) }
}
