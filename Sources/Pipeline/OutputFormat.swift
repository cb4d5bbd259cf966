import Foundation
import Scene
import Stills
import Video

/// What a render writes; chosen with `segue render --format` and `segue batch --format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// H.264 MP4 (libx264): plays everywhere. The default.
    case mp4
    /// HEVC MP4 (libx265), tagged `hvc1` so Apple's players open it; slower to encode than H.264.
    case hevc
    /// An animated GIF for pull requests: one palette per clip, dithered, looping forever; by
    /// default @1x and at most 30 fps.
    case gif
    /// A folder of PNG frames, `frame-00000.png` on, with straight alpha.
    case png
    /// ProRes 4444 QuickTime movie, with alpha where the scene has `background: transparent`.
    case prores

    /// The file-name extension of the output, or for a PNG sequence the folder's suffix.
    public var fileExtension: String {
        switch self {
        case .mp4, .hevc: return "mp4"
        case .gif: return "gif"
        case .png: return "frames"
        case .prores: return "mov"
        }
    }

    /// Where `name`'s output goes in `folder`: `<name>.mp4`, `.gif`, `.mov`, or the folder `<name>-frames`.
    public func output(named name: String, in folder: URL) -> URL {
        folder.appendingPathComponent(self == .png ? "\(name)-frames" : "\(name).\(fileExtension)")
    }

    /// Whether the output is one video file (a PNG sequence is a folder of stills), held to
    /// `Limits.videoFramePixels`.
    public var isVideo: Bool {
        self != .png
    }

    /// The scale used unless one is given: GIFs are @1x, whatever the quality.
    public var defaultScale: Double? {
        self == .gif ? 1 : nil
    }

    /// The highest frame rate used unless one is given: 30 for GIFs, whose delays are whole
    /// hundredths of a second and which browsers slow down above 50 fps.
    public var defaultMaximumFPS: Int? {
        self == .gif ? 30 : nil
    }

    /// The MP4 codec, for the formats encoded from yuv420p.
    var videoCodec: VideoCodec? {
        switch self {
        case .mp4: return .h264
        case .hevc: return .hevc
        case .gif, .png, .prores: return nil
        }
    }

    /// The command-line `settings` completed with this format's and `quality`'s defaults (an
    /// explicit `--scale` wins over GIF's @1x, which wins over draft's).
    public func settings(_ settings: RenderSettings, quality: RenderQuality) -> RenderSettings {
        var settings = settings
        if settings.scale == nil { settings.scale = defaultScale ?? quality.scale }
        return settings
    }

    /// Loads the scene at `path` as this format renders it: `settings` and the defaults above applied.
    public func loadScene(_ path: String, settings: RenderSettings, quality: RenderQuality) throws -> Scene {
        var scene = try SceneFile.load(path, settings: self.settings(settings, quality: quality))
        if settings.fps == nil, let maximum = defaultMaximumFPS, scene.fps > maximum { scene.fps = maximum }
        if isVideo {
            var problems = Limits.checkVideoFrame(scene)
            if problems.isEmpty, let layout = try RenderJob.frameLayout(of: scene) {
                problems = Limits.checkFramedVideoFrame(scene, width: layout.width, height: layout.height)
            }
            if !problems.isEmpty { throw SceneError(problems) }
        }
        return scene
    }
}
