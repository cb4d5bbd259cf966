import Foundation
import Staging

/// Writes small files atomically: a hidden temporary file beside the destination, then a rename.
///
/// Foundation's `.atomic` option stages the bytes in a `TemporaryDirectory.*` folder under
/// /tmp that it leaves behind on Linux; this keeps everything beside the destination, and the
/// temporary is removed on SIGINT or SIGTERM (`StagedPath`).
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        try VideoRenderer.writing(url) { try StagedPath.write(data, to: url) }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
