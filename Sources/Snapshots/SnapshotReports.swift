import Foundation
import Stills
import Scene

/// A snapshot run for CI: JUnit XML (one test case per snapshot point, the scene as its class),
/// JSON, and GitHub Actions annotations on the scene line each point comes from.
public enum SnapshotReports {
    // MARK: JUnit

    /// JUnit XML as Jenkins, GitLab and the GitHub test-report actions read it: a failed, missing
    /// or orphaned golden is a `<failure>`, a scene that could not be checked an `<error>`; each
    /// test case and suite has its `time` in seconds.
    public static func junit(_ summary: SnapshotSummary) -> String {
        let results = summary.results
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"segue snapshot\" tests=\"\(results.count)\" failures=\"\(summary.failedCount)\" "
            + "errors=\"\(summary.errorCount)\" time=\"\(seconds(summary.duration ?? total(results)))\">\n"
        var scenes: [String] = []
        var byScene: [String: [SnapshotResult]] = [:]
        for result in results {
            if byScene[result.scene] == nil { scenes.append(result.scene) }
            byScene[result.scene, default: []].append(result)
        }
        for scene in scenes {
            let cases = SnapshotSummary(results: byScene[scene] ?? [])
            xml += "  <testsuite name=\"\(escape(scene))\" tests=\"\(cases.results.count)\" failures=\"\(cases.failedCount)\" "
                + "errors=\"\(cases.errorCount)\" time=\"\(seconds(total(cases.results)))\">\n"
            for result in cases.results {
                var attributes = "classname=\"\(escape(scene))\" name=\"\(escape(result.name.isEmpty ? "(scene)" : result.name))\" "
                    + "time=\"\(seconds(result.duration ?? 0))\""
                if let location = result.location {
                    attributes += " file=\"\(escape(SnapshotRunner.display(URL(fileURLWithPath: location.file))))\" line=\"\(location.line)\""
                }
                guard result.isFailure || isSkipped(result) else {
                    xml += "    <testcase \(attributes)/>\n"
                    continue
                }
                xml += "    <testcase \(attributes)>\n"
                if isSkipped(result) {
                    xml += "      <skipped message=\"\(escape(status(result)))\"/>\n"
                } else {
                    let element = result.isError ? "error" : "failure"
                    xml += "      <\(element) type=\"\(status(result))\" message=\"\(escape(message(result)))\">"
                    xml += escape(details(result).joined(separator: "\n")) + "</\(element)>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// The results' measured times added up.
    private static func total(_ results: [SnapshotResult]) -> Double {
        results.reduce(0) { $0 + ($1.duration ?? 0) }
    }

    /// Seconds with millisecond precision, as JUnit writers give them.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(value, 0) : 0)
    }

    /// A golden written or deleted is not a test that ran.
    private static func isSkipped(_ result: SnapshotResult) -> Bool {
        switch result.status {
        case .recorded, .removed: return true
        default: return false
        }
    }

    // MARK: JSON

    /// The run as JSON: the summary line and counts, the exit status, the record mode, tolerance
    /// and shard (and the variant of a run of one), every file written (`files`: goldens recorded, failures' images, `report.txt`, `report.html`, and
    /// the `also` files — the JUnit report, this JSON file), and one object per result: scene,
    /// name, status, message, the comparison's numbers, location, time and the files involved.
    /// `decode` reads it back, for `segue report merge`.
    public static func json(_ summary: SnapshotSummary, also: [URL] = []) throws -> Data {
        let results: [[String: Any]] = summary.results.map { result in
            var object: [String: Any] = ["scene": result.scene, "name": result.name, "status": status(result),
                                         "failure": result.isFailure]
            if result.isFailure || result.message != nil { object["message"] = message(result) }
            // A failure's cause (the changed scene line that feeds it), so a merged report words it too.
            if case .failed = result.status, let cause = result.message { object["cause"] = cause }
            if let share = result.differingShare { object["differingShare"] = share }
            if let verdict = verdict(of: result) { object["verdict"] = verdict }
            if let duration = result.duration { object["time"] = duration }
            if let location = result.location {
                object["file"] = SnapshotRunner.display(URL(fileURLWithPath: location.file))
                object["line"] = location.line
                object["column"] = location.column
            }
            for (key, url) in fileKeys(result) {
                if let url { object[key] = SnapshotRunner.display(url) }
            }
            return object
        }
        var object: [String: Any] = [
            GeneratedFile.key: GeneratedFile.Kind.snapshotReport.rawValue,
            "summary": summary.line, "counts": summary.counts, "tests": summary.results.count,
            "failures": summary.failedCount, "errors": summary.errorCount, "exitStatus": Int(summary.exitStatus),
            "mode": summary.mode.rawValue, "shard": summary.shard.description,
            "tolerance": ["channel": summary.tolerance.channel, "pixels": summary.tolerance.pixels],
            "reports": summary.reports.map(SnapshotRunner.display),
            "files": (summary.files + also).map(SnapshotRunner.display), "results": results,
        ]
        if let duration = summary.duration { object["time"] = duration }
        if let variant = summary.variant { object["variant"] = variant }
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// The bytes of the report at `path`: a regular file within `Limits.reportBytes`, checked before
    /// it is opened (a pipe would block, a huge file exhaust memory).
    public static func read(_ path: String) throws -> Data {
        if let problem = RegularFile.problem(at: path, limit: Limits.reportBytes) {
            throw SnapshotMergeError("\(path): \(problem)")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SnapshotMergeError("\(path): cannot read it (\((error as NSError).localizedDescription))")
        }
    }

    /// A summary from the JSON `json` wrote; `name` (the file) goes into the error for anything else.
    public static func decode(_ data: Data, name: String) throws -> SnapshotSummary {
        func fail(_ what: String) -> SnapshotMergeError {
            SnapshotMergeError("\(name): \(what); expected the JSON report of `segue snapshot --json`")
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: data) else { throw fail("not JSON") }
        guard let object = parsed as? [String: Any] else { throw fail("not a JSON object") }
        guard let items = object["results"] as? [[String: Any]] else { throw fail("no \"results\" list") }
        guard items.count <= Limits.reportResults else {
            throw fail("\(items.count) results, over the limit of \(Limits.reportResults) results in a report")
        }
        guard let mode = (object["mode"] as? String).flatMap(SnapshotMode.init(rawValue:)) else {
            throw fail("no \"mode\" (all, missing, failed or never)")
        }
        guard let shard = (object["shard"] as? String).flatMap(Shard.init) else { throw fail("no \"shard\" (i/n)") }
        var tolerance = SnapshotTolerance.default
        if let given = object["tolerance"] as? [String: Any] {
            tolerance = SnapshotTolerance(channel: given["channel"] as? Int ?? tolerance.channel,
                                          pixels: given["pixels"] as? Double ?? tolerance.pixels)
        }
        let url = { (path: String?) in path.map { URL(fileURLWithPath: $0) } }
        var results: [SnapshotResult] = []
        for (index, item) in items.enumerated() {
            guard let scene = item["scene"] as? String, let name = item["name"] as? String, let word = item["status"] as? String else {
                throw fail("result \(index + 1) has no scene, name or status")
            }
            let message = item["message"] as? String
            let verdict = (item["verdict"] as? [String: Any]).flatMap(verdict(from:))
            let status: SnapshotResult.Status
            switch word {
            case "passed": status = .passed(verdict ?? .identical)
            case "failed":
                guard let verdict else { throw fail("result \(index + 1) failed without its \"verdict\"") }
                status = .failed(verdict)
            case "missing": status = .missing
            case "recorded": status = .recorded
            case "unchanged": status = .unchanged
            case "orphaned": status = .orphaned
            case "removed": status = .removed
            case "error": status = .error(message ?? "error")
            default: throw fail("result \(index + 1) has the status '\(word)'")
            }
            var location: SourceLocation?
            if let file = item["file"] as? String, let line = item["line"] as? Int {
                location = SourceLocation(file: URL(fileURLWithPath: file).path, line: line, column: item["column"] as? Int ?? 1)
            }
            var result = SnapshotResult(scene: scene, name: name, status: status, golden: url(item["golden"] as? String),
                                        location: location, message: ["orphaned", "recorded", "unchanged", "removed"].contains(word) ? message
                                            : word == "failed" ? item["cause"] as? String : nil)
            result.actual = url(item["actual"] as? String)
            result.diff = url(item["diff"] as? String)
            result.expected = url(item["expected"] as? String)
            result.composite = url(item["composite"] as? String)
            result.duration = item["time"] as? Double
            results.append(result)
        }
        return SnapshotSummary(results: results, reports: ((object["reports"] as? [String]) ?? []).map { URL(fileURLWithPath: $0) },
                               mode: mode, tolerance: tolerance, shard: shard, variant: object["variant"] as? String,
                               duration: object["time"] as? Double)
    }

    /// The files of a result by their JSON keys.
    private static func fileKeys(_ result: SnapshotResult) -> [(String, URL?)] {
        [("golden", result.golden), ("actual", result.actual), ("diff", result.diff),
         ("expected", result.expected), ("composite", result.composite)]
    }

    /// A comparison's numbers, so that a merged report words it as the run did.
    private static func verdict(of result: SnapshotResult) -> [String: Any]? {
        let verdict: SnapshotVerdict
        switch result.status {
        case .passed(let v), .failed(let v): verdict = v
        default: return nil
        }
        switch verdict {
        case .identical: return ["kind": "identical"]
        case .withinTolerance(let d), .different(let d):
            return ["kind": verdict.passes ? "withinTolerance" : "different", "differingPixels": d.differingPixels,
                    "totalPixels": d.totalPixels, "largestChannelDifference": d.largestChannelDifference,
                    "channelTolerance": d.channelTolerance]
        case .sizeMismatch(let golden, let actual):
            return ["kind": "sizeMismatch", "golden": [golden.width, golden.height], "actual": [actual.width, actual.height]]
        case .motion(let d):
            return ["kind": "motion", "frame": d.frame, "frameTime": d.time, "what": d.what, "frames": d.frames, "lastFrame": d.lastFrame]
        }
    }

    private static func verdict(from object: [String: Any]) -> SnapshotVerdict? {
        switch object["kind"] as? String {
        case "identical": return .identical
        case "withinTolerance", "different":
            guard let differing = object["differingPixels"] as? Int, let total = object["totalPixels"] as? Int,
                  let largest = object["largestChannelDifference"] as? Int, let channel = object["channelTolerance"] as? Int
            else { return nil }
            let difference = SnapshotDifference(differingPixels: differing, totalPixels: total, largestChannelDifference: largest,
                                                channelTolerance: channel)
            return object["kind"] as? String == "different" ? .different(difference) : .withinTolerance(difference)
        case "sizeMismatch":
            guard let golden = object["golden"] as? [Int], let actual = object["actual"] as? [Int], golden.count == 2, actual.count == 2
            else { return nil }
            return .sizeMismatch(golden: PixelSize(width: golden[0], height: golden[1]),
                                 actual: PixelSize(width: actual[0], height: actual[1]))
        case "motion":
            guard let frame = object["frame"] as? Int, let time = (object["frameTime"] as? NSNumber)?.doubleValue,
                  let what = object["what"] as? String, let frames = object["frames"] as? Int, let last = object["lastFrame"] as? Int
            else { return nil }
            return .motion(MotionGolden.Difference(frame: frame, time: time, what: what, frames: frames, lastFrame: last))
        default: return nil
        }
    }

    // MARK: HTML

    /// Writes `report.html` for `summary` into `folder` (created, marked as Segue's, when missing;
    /// one not written by Segue is refused), its images linked relative to it.
    public static func writeHTML(_ summary: SnapshotSummary, in folder: URL) throws -> URL {
        try SnapshotArtifacts.writeReport(SnapshotHTMLReport.page(summary, folder: folder), named: SnapshotArtifacts.htmlReportName,
                                          in: folder)
    }

    // MARK: GitHub Actions

    /// `::error file=…,line=…,col=…,title=…::message` for each failure, so a pull request shows it
    /// on the scene line of its snapshot point (the timeline entry or `snapshots:` item).
    public static func githubAnnotations(_ summary: SnapshotSummary) -> [String] {
        summary.failures.map { result in
            var properties: [String] = []
            if let location = result.location {
                properties.append("file=" + property(SnapshotRunner.display(URL(fileURLWithPath: location.file))))
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            let title = result.name.isEmpty ? "segue snapshot: \(result.scene)" : "segue snapshot: \(result.scene) \(result.name)"
            properties.append("title=" + property(title))
            let text = ([message(result)] + details(result).dropFirst()).joined(separator: "\n")
            return "::error \(properties.joined(separator: ","))::\(data(text))"
        }
    }

    /// GitHub's workflow-command escaping of a message.
    static func data(_ text: String) -> String {
        PrintableText.make(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// … and of a property value.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: Shared

    /// The status as one word: passed, failed, missing, recorded, unchanged, orphaned, removed, error.
    public static func status(_ result: SnapshotResult) -> String {
        switch result.status {
        case .passed: return "passed"
        case .failed: return "failed"
        case .missing: return "missing"
        case .recorded: return "recorded"
        case .unchanged: return "unchanged"
        case .orphaned: return "orphaned"
        case .removed: return "removed"
        case .error: return "error"
        }
    }

    /// What happened, in one line (the differing-pixel share for a failed comparison).
    public static func message(_ result: SnapshotResult) -> String {
        switch result.status {
        case .failed(let verdict):
            // The cause, when a changed line of the scene was found feeding the run (`RecordedScene`).
            let cause = result.message.map { "; \($0)" } ?? ""
            if let share = result.differingShare {
                return "\(SnapshotComparison.percent(share)) of the pixels differ: \(verdict)\(cause)"
            }
            return verdict.description + cause
        case .missing: return "no golden; `segue snapshot --record missing` writes it"
        case .orphaned: return result.message ?? "its scene or snapshot point no longer exists"
        case .error(let message): return message
        default: return result.message ?? status(result)
        }
    }

    /// The message, then the files to look at.
    static func details(_ result: SnapshotResult) -> [String] {
        var lines = [message(result)]
        for (label, url) in [("golden", result.golden), ("actual", result.actual), ("diff", result.diff),
                             ("side by side", result.composite)] {
            if let url { lines.append("\(label): \(SnapshotRunner.display(url))") }
        }
        return lines
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
