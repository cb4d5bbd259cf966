import Foundation
import Raster
import Scene

/// Errors of rendering jobs that are not the scene's or a library's own.
public enum PipelineError: Error, CustomStringConvertible {
    case missingFile(String)
    case missingScreen(String)
    case outputFolder(String, underlying: String)
    /// Two scene files of a batch would write the same video (`a.yaml` and `a.json`); `name` is its file name.
    case duplicateOutput(name: String, first: String, second: String)
    /// A still asked for at `time`, after the scene's last frame.
    /// `played`: the scene has `playback`, so the end is the video's.
    case pastEnd(time: Double, duration: Double, played: Bool)
    /// A rendered output that does not pass `OutputCheck`.
    case damagedOutput(String)
    /// A batch scene's worker process failed; the message is the worker's error.
    case workerFailed(String)
    /// A batch scene's worker process ended without a result (a crash): the scene and how it ended.
    case workerCrashed(scene: String, how: String)
    /// A path Segue would have to write or delete through a symbolic link, or that holds files
    /// it did not write.
    case refusedPath(String, reason: String)
    /// A picture (`what`: a contact sheet, a plot) that would be `width` × `height` pixels, over
    /// what can be held and written; `change` says what makes it smaller.
    case outputTooLarge(what: String, width: Int, height: Int, change: String)
    /// `--variant` names a variant the scene at `scene` does not declare.
    case unknownVariant(String, scene: String, variants: [String])
    /// `--variant` names a variant no scene in the folder `folder` declares; `variants`: theirs.
    case unknownVariantInFolder(String, folder: String, variants: [String])
    /// A problem in one variant's run of `--variant all`.
    case inVariant(String, underlying: String)

    public var description: String {
        switch self {
        case .missingFile(let path): return "\(path): no such file"
        case .missingScreen(let name): return "the timeline shows screen '\(name)', which the scene does not define"
        case let .outputFolder(path, underlying): return "cannot create the output folder \(path): \(underlying)"
        case let .duplicateOutput(name, first, second):
            return "\(first) and \(second) would both write \(name); rename one"
        case let .pastEnd(time, duration, played):
            func seconds(_ value: Double) -> String {
                var text = String(format: "%.3f", value)
                while text.hasSuffix("0") { text.removeLast() }
                return text.hasSuffix(".") ? String(text.dropLast()) : text
            }
            return played ? "--at \(seconds(time)) s is past the end of the video, which lasts \(seconds(duration)) s as its 'playback' plays the scene"
                : "--at \(seconds(time)) s is past the end of the scene, which lasts \(seconds(duration)) s"
        case .damagedOutput(let path): return "\(path) was written but its container does not end where the file does"
        case .workerFailed(let message): return message
        case let .workerCrashed(scene, how):
            return "rendering \(scene) crashed (\(how)); its temporary files were removed and the other scenes went on"
        case let .refusedPath(path, reason): return "refusing to touch \(path): \(reason)"
        case let .outputTooLarge(what, width, height, change):
            let megabytes = (Double(width) * Double(height) * 4 / 1_048_576).rounded(.up)
            return "\(what) would be \(width) × \(height) px (\(Int(megabytes)) MB), over the limit of \(RGBAImage.maximumSide) px per side and \((Limits.pixelMemory * 4) >> 20) MB; \(change)"
        case let .unknownVariant(name, scene, variants):
            guard !variants.isEmpty else { return "\(scene): --variant '\(name)', but the scene declares no 'variants'" }
            return "\(scene): no variant '\(name)'\(Diagnostic.didYouMean(name, in: variants)); its variants are: \(variants.joined(separator: ", "))"
        case let .unknownVariantInFolder(name, folder, variants):
            guard !variants.isEmpty else { return "\(folder): --variant '\(name)', but no scene in it declares 'variants'" }
            return "\(folder): no scene in it declares a variant '\(name)'\(Diagnostic.didYouMean(name, in: variants)); "
                + "their variants are: \(variants.joined(separator: ", "))"
        case let .inVariant(name, underlying):
            return "variant '\(name)': \(underlying)"
        }
    }
}
