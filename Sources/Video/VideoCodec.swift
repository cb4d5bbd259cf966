/// The compression of an MP4 file's video stream.
public enum VideoCodec: String, Sendable, Hashable, CaseIterable {
    /// H.264 with libx264, tagged `avc1`: plays everywhere.
    case h264
    /// HEVC (H.265) with libx265, tagged `hvc1` so QuickTime, Safari and iOS open it; about three
    /// times slower to encode than H.264 (slide-up-modal at @3x: 11.9 s against 3.5 s) and, on flat
    /// UI content at Segue's CRFs, not smaller (560 KB against 400 KB).
    case hevc

    /// The libavcodec encoder.
    var encoderName: String {
        switch self {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        }
    }
}
