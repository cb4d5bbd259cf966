import Foundation
import Staging

/// Writes `surface` as PNG to a temporary file beside `url` (a `StagedPath`), then renames it
/// over `url`, so readers never see a half-written file.
func writePNGAtomically(_ surface: CairoSurface, to url: URL) throws {
    let staged: StagedPath
    do {
        staged = try StagedPath(destination: url, kind: .file)
        try surface.writePNG(path: staged.temporary.path)
    } catch let refused as DestinationRefused {
        throw refused
    } catch {
        throw RasterError.png(path: url.path, reason: "cannot write PNG (\(error))")
    }
    do {
        try staged.commit()
    } catch {
        throw RasterError.png(path: url.path, reason: "cannot move the finished PNG into place: \(error)")
    }
}
