import Video

/// How much a render trades speed for picture quality; chosen with `segue render --quality`.
public enum RenderQuality: String, CaseIterable, Sendable {
    /// Quick previews: @1x (unless a scale is given), libx264 `ultrafast`, CRF 26.
    case draft
    /// The default: the device's scale, libx264 `veryfast`, CRF 18.
    case standard
    /// Final output: the device's scale, libx264 `slow`, CRF 18 (smaller files, about 4x slower to encode).
    case high

    /// Pixels per point this quality renders at; nil keeps the scene's (or `--scale`).
    public var scale: Double? {
        self == .draft ? 1 : nil
    }

    /// libx264 speed preset.
    public var preset: String {
        switch self {
        case .draft: return "ultrafast"
        case .standard: return "veryfast"
        case .high: return "slow"
        }
    }

    /// libx264 constant rate factor.
    public var crf: Int {
        self == .draft ? 26 : 18
    }

    /// libx265 constant rate factor: x264's plus 4, about the same picture (x265's scale is offset).
    public var hevcCRF: Int {
        crf + 4
    }

    /// Encoder settings for frames of `width` x `height` at `fps`. The encoder's own thread count
    /// stays at `VideoSettings`' fixed default whatever the number of render threads, so the
    /// bytes never depend on the machine.
    public func videoSettings(width: Int, height: Int, fps: Int, codec: VideoCodec = .h264) -> VideoSettings {
        VideoSettings(width: width, height: height, fps: fps, crf: codec == .hevc ? hevcCRF : crf, preset: preset, codec: codec)
    }
}
