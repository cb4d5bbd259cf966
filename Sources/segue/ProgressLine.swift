import Foundation
import Workers

/// A one-line progress indicator on a terminal; silent when standard error is not a terminal.
final class ProgressLine: Sendable {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let start = Date()
    /// The percentage last shown.
    private let lastPercent = LockedValueBox(-1)

    init(label: String) {
        self.label = label
    }

    func update(_ done: Int, _ total: Int) {
        guard isTerminal else { return }
        let percent = total > 0 ? done * 100 / total : 100
        lastPercent.withLockedValue { lastPercent in
            guard percent != lastPercent else { return }
            lastPercent = percent
            show(done, total, percent)
        }
    }

    private func show(_ done: Int, _ total: Int, _ percent: Int) {
        let elapsed = Date().timeIntervalSince(start)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let left = fps > 0 ? Double(total - done) / fps : 0
        let line = String(format: "\r\u{1B}[2K%@: frame %d/%d (%d%%), %.1f fps, %.0f s left", label, done, total, percent, fps, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Clears the line and prints `message(elapsed)`, given the seconds since the start.
    func finish(_ message: (_ elapsed: Double) -> String) {
        let elapsed = Date().timeIntervalSince(start)
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        FileHandle.standardError.write(Data((message(elapsed) + "\n").utf8))
    }
}
