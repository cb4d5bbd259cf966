import Foundation
import Scene
import Stills

/// `report.html` in an artifacts folder: the failures grouped by the timeline entry they come
/// from (one edit that moves a run fails all its points: one group), each with its golden,
/// actual and diff images side by side and a slider laying the actual over the golden; then,
/// folded, every snapshot that passed, by its golden. Images are referenced by relative paths so
/// the folder can be opened anywhere (a CI artifact, a pull request's download); the one inline
/// script only moves the sliders.
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
            .group { border-top: 2px solid #999; margin-top: 16px; } .group > h2 { font-size: 16px; }
            .compare { position: relative; display: inline-block; } .compare img { display: block; }
            .compare img.over { position: absolute; top: 0; left: 0; clip-path: inset(0 50% 0 0); }
            .compare input { display: block; width: 100%; }
            details { margin-top: 24px; } summary { font-size: 18px; font-weight: bold; cursor: pointer; }
            .gallery { display: flex; flex-wrap: wrap; gap: 12px; } .gallery img { max-height: 240px; }
            </style>
            <script>
            // The slider under a failure: the actual image covers the golden up to its value.
            function reveal(slider) { slider.previousElementSibling.style.clipPath = "inset(0 " + (100 - slider.value) + "% 0 0)"; }
            </script></head><body>
            <h1>segue snapshot: \(escape(summary.line))</h1>
            <p>\(failed.count) failed (different, missing or orphaned), \(errors.count) could not be checked \
            (errors), of \(summary.results.count) goldens. A pixel differs when a channel differs by more than \
            \(tolerance.channel); at most \(escape(SnapshotComparison.percent(tolerance.pixels))) of the pixels may \
            differ. In the diff, red is beyond the tolerance, orange within it. Once a change is intended, \
            <code>segue snapshot --record all</code> writes the new goldens.</p>

            """
        if !failed.isEmpty {
            html += "<h2 style=\"font-size: 18px; margin-top: 24px\">Failed snapshots (\(failed.count))</h2>\n"
            for group in groups(failed) {
                let place = group.location.map { "<code>\(escape(SnapshotRunner.display($0)))</code>" } ?? escape(group.results[0].scene)
                html += "<div class=\"group\">\n<h2>\(place): \(group.results.count) \(group.results.count == 1 ? "snapshot" : "snapshots")</h2>\n"
                for result in group.results { html += section(result, folder: folder) }
                html += "</div>\n"
            }
        }
        if !errors.isEmpty {
            html += "<h2 style=\"font-size: 18px; margin-top: 24px\">Errors: not checked (\(errors.count))</h2>\n"
            for result in errors { html += section(result, folder: folder) }
        }
        let passed = summary.results.filter { !$0.isFailure && $0.golden?.pathExtension == "png" }
        if !passed.isEmpty {
            html += "<details><summary>Passed snapshots (\(passed.count))</summary>\n<div class=\"gallery\">\n"
            for result in passed {
                guard let golden = result.golden else { continue }
                let path = escape(relativePath(of: golden, from: folder))
                html += "<figure><a href=\"\(path)\"><img loading=\"lazy\" src=\"\(path)\" alt=\"\(escape(result.name))\"></a>"
                    + "<figcaption>\(escape(result.scene)) — \(escape(result.name))</figcaption></figure>\n"
            }
            html += "</div></details>\n"
        }
        return html + "</body></html>\n"
    }

    /// The failures grouped by where they point (the timeline entry of their run, or the scene),
    /// in the order each place first fails.
    static func groups(_ failures: [SnapshotResult]) -> [(location: SourceLocation?, results: [SnapshotResult])] {
        var groups: [(location: SourceLocation?, results: [SnapshotResult])] = []
        for failure in failures {
            if let index = groups.firstIndex(where: { $0.location == failure.location && $0.results[0].scene == failure.scene }) {
                groups[index].results.append(failure)
            } else {
                groups.append((failure.location, [failure]))
            }
        }
        return groups
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
        if let expected = failure.expected, let actual = failure.actual, expected.pathExtension == "png",
           case .failed(.different) = failure.status {
            // Same size (a size mismatch has no overlay): the actual over the golden, up to the slider.
            html += "<div class=\"compare\"><img src=\"\(escape(relativePath(of: expected, from: folder)))\" alt=\"golden\">"
                + "<img class=\"over\" src=\"\(escape(relativePath(of: actual, from: folder)))\" alt=\"actual\">"
                + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" oninput=\"reveal(this)\" "
                + "aria-label=\"actual over golden\" title=\"left of the line: actual; right: golden\"></div>\n"
        }
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

    static func escape(_ text: String) -> String { HTMLText.escaped(text) }
}
