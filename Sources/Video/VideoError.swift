internal import CFFmpeg

/// Every failure of the Video module: bad input, file-system trouble or an FFmpeg error code.
public enum VideoError: Error, CustomStringConvertible {
    /// The settings cannot be encoded (odd or tiny dimensions, bad fps, CRF, threads or preset).
    case invalidSettings(String)
    /// The destination cannot be written, e.g. its folder does not exist.
    case invalidDestination(path: String, reason: String)
    /// A frame handed to the writer or converter does not fit its settings.
    case invalidFrame(String)
    /// The writer was used after `finish()` or after an earlier error.
    case writerClosed(String)
    /// A required FFmpeg component (e.g. the libx264 encoder) is not available.
    case unavailable(String)
    /// An FFmpeg call returned an error code; `message` is av_strerror's text.
    case ffmpeg(operation: String, code: Int32, message: String)
    /// A file-system call failed; `message` is strerror's text.
    case fileSystem(operation: String, path: String, message: String)

    /// A one-line, human-readable explanation.
    public var description: String {
        switch self {
        case .invalidSettings(let message):
            return "invalid video settings: \(message)"
        case .invalidDestination(let path, let reason):
            return "cannot write video to \(path): \(reason)"
        case .invalidFrame(let message):
            return "invalid video frame: \(message)"
        case .writerClosed(let message):
            return "video writer is closed: \(message)"
        case .unavailable(let message):
            return "video encoding unavailable: \(message)"
        case .ffmpeg(let operation, let code, let message):
            return "\(operation) failed: \(message) (FFmpeg error \(code))"
        case .fileSystem(let operation, let path, let message):
            return "\(operation) \(path) failed: \(message)"
        }
    }
}

/// Turns a negative FFmpeg return code into `VideoError.ffmpeg`; passes other values through.
///
/// This is the one place where C error codes become Swift errors.
@discardableResult
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard code < 0 else { return code }
    throw VideoError.ffmpeg(operation: operation(), code: code, message: ffmpegErrorText(code))
}

/// The av_strerror text for an FFmpeg error code (the av_err2str macro, which Swift cannot import).
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: segue_error_max_string_size())
    _ = av_strerror(code, &buffer, buffer.count)
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
