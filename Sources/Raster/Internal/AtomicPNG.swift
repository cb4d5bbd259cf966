import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `surface` as PNG to a temporary file beside `url`, then renames it over `url`,
/// so readers never see a half-written file.
func writePNGAtomically(_ surface: CairoSurface, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
        try surface.writePNG(path: temporary.path)
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw RasterError.png(path: url.path, reason: "cannot write PNG (\(error))")
    }
    guard rename(temporary.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw RasterError.png(path: url.path, reason: "cannot move the finished PNG into place: \(reason)")
    }
}
