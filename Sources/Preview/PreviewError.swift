/// What the preview server refuses.
public enum PreviewError: Error, CustomStringConvertible {
    case notAScene(String)

    public var description: String {
        switch self {
        case .notAScene(let path): return "\(path) is not a scene file (.yaml, .yml or .json) or a folder"
        }
    }
}
