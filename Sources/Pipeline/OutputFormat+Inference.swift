import Foundation

extension OutputFormat {
    /// Why an output path and a `--format` do not go together.
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    /// What each format writes, in words, for messages.
    var summary: String {
        switch self {
        case .mp4: return "an H.264 MP4"
        case .hevc: return "an HEVC MP4"
        case .gif: return "a GIF"
        case .png: return "a folder of PNG frames"
        case .prores: return "a ProRes 4444 .mov"
        }
    }

    /// The formats a file-name extension (lowercased, without the dot) stands for, the first
    /// being the one it implies; nil for an extension Segue does not write.
    static func formats(forExtension ext: String) -> [OutputFormat]? {
        switch ext {
        case "mp4", "m4v": return [.mp4, .hevc]
        case "gif": return [.gif]
        case "mov": return [.prores]
        default: return nil
        }
    }

    /// The format a render writes to `path`: `format` when given, checked against the path's
    /// extension; otherwise the format the extension names (`.mp4` → mp4, `.gif` → gif, `.mov`
    /// → prores). A PNG sequence is a folder, so `--format png` takes a path without a video
    /// extension; without `--format`, a path with no extension or an unknown one is refused
    /// rather than guessed. Throws `Mismatch` with a message that says what to do.
    public static func resolve(_ format: OutputFormat?, output path: String) throws -> OutputFormat {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        let choices = "name it .mp4 (H.264), .gif or .mov (ProRes 4444), or give --format (mp4, hevc, gif, png for a folder of frames, prores)"
        if ext == "png" || ext == "jpg" || ext == "jpeg" {
            let folder = (name as NSString).deletingPathExtension + "-frames"
            if format == .png || format == nil {
                throw Mismatch(description: "'\(name)' names one picture, but --format png writes a folder of PNG frames: "
                               + "give a folder name without an extension (e.g. \(folder)), or use 'segue still' for one frame")
            }
        }
        guard let format else {
            if ext.isEmpty {
                throw Mismatch(description: "cannot tell the format from '\(name)', which has no extension: \(choices)")
            }
            guard let implied = formats(forExtension: ext)?.first else {
                throw Mismatch(description: "cannot tell the format from '\(name)' (Segue does not write .\(ext)): \(choices)")
            }
            return implied
        }
        guard !ext.isEmpty else {
            if format == .png { return format }
            throw Mismatch(description: "--format \(format.rawValue) writes \(format.summary), but '\(name)' has no extension: "
                           + "name it \(name).\(format.fileExtension)")
        }
        if let formats = formats(forExtension: ext) {
            guard formats.contains(format) else {
                let implied = formats[0]
                let fix = format == .png
                    ? "drop the extension for a folder of frames (\((name as NSString).deletingPathExtension))"
                    : "name it \((name as NSString).deletingPathExtension).\(format.fileExtension)"
                throw Mismatch(description: "--format \(format.rawValue) writes \(format.summary), but '\(name)' ends in .\(ext), "
                               + "which is \(implied.summary): use --format \(implied.rawValue), or \(fix)")
            }
        } else if format != .png {
            throw Mismatch(description: "--format \(format.rawValue) writes \(format.summary), but '\(name)' ends in .\(ext): "
                           + "name it \((name as NSString).deletingPathExtension).\(format.fileExtension)")
        }
        return format
    }

    /// Checks a batch's output folder: a path ending in a video extension (`-o videos.gif`) is
    /// refused, since batch writes a folder and its format comes from `--format`.
    public static func checkBatchFolder(_ path: String, format: OutputFormat) throws {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        guard let formats = formats(forExtension: ext) else { return }
        let hint = formats.contains(format) ? "" : " with --format \(formats[0].rawValue)"
        throw Mismatch(description: "batch writes a folder of videos, but '\(url.lastPathComponent)' ends in .\(ext): "
                       + "give a folder (e.g. -o output)\(hint)")
    }
}
