/// The compression of an MP4 file's video stream.
public enum VideoCodec: String, Sendable, Hashable, CaseIterable {
    /// H.264 with libx264, tagged `avc1`: plays everywhere.
    case h264
    /// HEVC (H.265) with libx265, tagged `hvc1` so QuickTime, Safari and iOS open it; about half
    /// the size of H.264 at the same picture quality, several times slower to encode.
    case hevc

    /// The libavcodec encoder.
    var encoderName: String {
        switch self {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        }
    }
}
