import Foundation
import Stills

/// `report.html` in an artifacts folder: each failure with its golden, actual and diff images
/// side by side, referenced by relative paths so the folder can be opened anywhere (a CI
/// artifact, a pull request's download).
enum SnapshotHTMLReport {
    /// The page for `summary`, its images referenced relative to `folder` (where it is written):
    /// the summary line the console prints, then failed snapshots and scenes that could not be
    /// checked, each under its own heading.
    static func page(_ summary: SnapshotSummary, folder: URL) -> String {
        let tolerance = summary.tolerance
        let failed = summary.failures.filter { !$0.isError }, errors = summary.results.filter(\.isError)
        var html = SnapshotArtifacts.htmlReportHeader
        html += """
            <html lang="en"><head><meta charset="utf-8"><title>segue snapshot: \(escape(summary.line))</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #222; }
            section { border-top: 1px solid #ddd; padding: 12px 0; }
            h2 { font-size: 15px; margin: 0 0 4px; } p { margin: 4px 0; } code { font-size: 13px; }
            .panels { display: flex; gap: 12px; align-items: flex-start; margin-top: 8px; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
            img { max-height: 70vh; border: 1px solid #ccc; image-rendering: pixelated; }
            </style></head><body>
            <h1>segue snapshot: \(escape(summary.line))</h1>
            <p>\(failed.count) failed (different, missing or orphaned), \(errors.count) could not be checked \
            (errors), of \(summary.results.count) goldens. A pixel differs when a channel differs by more than \
            \(tolerance.channel); at most \(escape(SnapshotComparison.percent(tolerance.pixels))) of the pixels may \
            differ. In the diff, red is beyond the tolerance, orange within it. Once a change is intended, \
            <code>segue snapshot --record all</code> writes the new goldens.</p>

            """
        for (heading, results) in [("Failed snapshots", failed), ("Errors: not checked", errors)] where !results.isEmpty {
            html += "<h2 style=\"font-size: 18px; margin-top: 24px\">\(heading) (\(results.count))</h2>\n"
            for result in results { html += section(result, folder: folder) }
        }
        return html + "</body></html>\n"
    }

    private static func section(_ failure: SnapshotResult, folder: URL) -> String {
        let title = failure.name.isEmpty ? failure.scene : "\(failure.scene) — \(failure.name)"
        var html = "<section>\n<h2>\(escape(title))</h2>\n"
        html += "<p>\(escape(SnapshotRunner.describe(failure, mode: .never)[0].drop { $0 != " " }.trimmingCharacters(in: .whitespaces)))</p>\n"
        if let location = failure.location {
            html += "<p>at <code>\(escape(SnapshotRunner.display(location)))</code></p>\n"
        }
        let panels = [("golden", failure.expected), ("actual", failure.actual), ("diff", failure.diff)]
            .compactMap { label, url in url.map { (label, $0) } }
        if !panels.isEmpty {
            html += "<div class=\"panels\">\n"
            for (label, url) in panels {
                let path = escape(relativePath(of: url, from: folder))
                // A motion golden is text: linked, not shown as an image.
                let shown = url.pathExtension == "png" ? "<img src=\"\(path)\" alt=\"\(label)\">" : escape(url.lastPathComponent)
                html += "<figure><a href=\"\(path)\">\(shown)</a><figcaption>\(label)</figcaption></figure>\n"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    /// `url`'s path relative to `folder`, climbing out with `..` where needed.
    static func relativePath(of url: URL, from folder: URL) -> String {
        let target = url.standardizedFileURL.pathComponents, base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(separator: "/")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
