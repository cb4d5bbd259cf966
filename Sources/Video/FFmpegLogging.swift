internal import CFFmpeg

/// Process-wide FFmpeg log settings, applied once before the first FFmpeg object is made.
enum FFmpegLogging {
    /// Silences FFmpeg's informational chatter (e.g. libx264's statistics); errors still reach stderr.
    ///
    /// Reading this property applies the setting; Swift runs the initializer exactly once.
    static let errorsOnly: Void = {
        av_log_set_level(AV_LOG_ERROR)
    }()
}
