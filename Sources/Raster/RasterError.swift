/// A failure to rasterize, composite, or read or write a PNG.
public enum RasterError: Error, CustomStringConvertible, Equatable {
    /// The bundled font's folder is missing or holds no font Fontconfig can read.
    case fontsMissing(directory: String)
    /// Fontconfig or Pango refused the private font setup.
    case fontSetup(String)
    /// A canvas or screen of a size Cairo cannot hold.
    case invalidSize(width: Int, height: Int, scale: Double)
    /// Two screens share a name.
    case duplicateScreen(String)
    /// A Cairo call failed; `status` is Cairo's own wording.
    case cairo(operation: String, status: String)
    /// A PNG could not be read or written.
    case png(path: String, reason: String)
    /// An icon's vector art could not be read.
    case iconArt(key: String, reason: String)
    /// An image too large for what is asked of it (a page embedding it).
    case tooLarge(String)

    public var description: String {
        switch self {
        case .fontsMissing(let directory):
            return "the Inter font was not found in \(directory); run scripts/bootstrap (it installs fonts-inter)"
        case .fontSetup(let reason):
            return "font setup failed: \(reason)"
        case .invalidSize(let width, let height, let scale):
            return "invalid raster size \(width)x\(height) px at scale \(scale)"
        case .duplicateScreen(let name):
            return "two screens are named \"\(name)\""
        case .cairo(let operation, let status):
            return "\(operation) failed: \(status)"
        case .png(let path, let reason):
            return "\(path): \(reason)"
        case .iconArt(let key, let reason):
            return "icon art '\(key)': \(reason)"
        case .tooLarge(let reason):
            return reason
        }
    }
}
