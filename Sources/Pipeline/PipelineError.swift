import Foundation

/// Errors of rendering jobs that are not the scene's or a library's own.
public enum PipelineError: Error, CustomStringConvertible {
    case missingFile(String)
    case missingScreen(String)
    case outputFolder(String, underlying: String)
    /// Two scene files of a batch would write the same video (`a.yaml` and `a.json`); `name` is its file name.
    case duplicateOutput(name: String, first: String, second: String)
    /// A still asked for at `time`, after the scene's last frame.
    case pastEnd(time: Double, duration: Double)

    public var description: String {
        switch self {
        case .missingFile(let path): return "\(path): no such file"
        case .missingScreen(let name): return "the timeline shows screen '\(name)', which the scene does not define"
        case let .outputFolder(path, underlying): return "cannot create the output folder \(path): \(underlying)"
        case let .duplicateOutput(name, first, second):
            return "\(first) and \(second) would both write \(name); rename one"
        case let .pastEnd(time, duration):
            func seconds(_ value: Double) -> String {
                var text = String(format: "%.3f", value)
                while text.hasSuffix("0") { text.removeLast() }
                return text.hasSuffix(".") ? String(text.dropLast()) : text
            }
            return "--at \(seconds(time)) s is past the end of the scene, which lasts \(seconds(duration)) s"
        }
    }
}
