import Foundation
import Scene

/// A snapshot run for CI: JUnit XML (one test case per snapshot point, the scene as its class),
/// JSON, and GitHub Actions annotations on the scene line each point comes from.
public enum SnapshotReports {
    // MARK: JUnit

    /// JUnit XML as Jenkins, GitLab and the GitHub test-report actions read it: a failed, missing
    /// or orphaned golden is a `<failure>`, a scene that could not be checked an `<error>`.
    public static func junit(_ summary: SnapshotSummary) -> String {
        let results = summary.results
        let failures = results.filter { $0.isFailure && !$0.isError }.count
        let errors = results.filter(\.isError).count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"segue snapshot\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        var scenes: [String] = []
        for result in results where !scenes.contains(result.scene) { scenes.append(result.scene) }
        for scene in scenes {
            let cases = results.filter { $0.scene == scene }
            xml += "  <testsuite name=\"\(escape(scene))\" tests=\"\(cases.count)\" "
                + "failures=\"\(cases.filter { $0.isFailure && !$0.isError }.count)\" errors=\"\(cases.filter(\.isError).count)\">\n"
            for result in cases {
                var attributes = "classname=\"\(escape(scene))\" name=\"\(escape(result.name.isEmpty ? "(scene)" : result.name))\""
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

    /// A golden written or deleted is not a test that ran.
    private static func isSkipped(_ result: SnapshotResult) -> Bool {
        switch result.status {
        case .recorded, .removed: return true
        default: return false
        }
    }

    // MARK: JSON

    /// One object per result: scene, name, status, message, share of differing pixels, location and
    /// the files involved; with the counts and the exit status.
    public static func json(_ summary: SnapshotSummary) throws -> Data {
        var counts: [String: Int] = [:]
        for result in summary.results { counts[status(result), default: 0] += 1 }
        let results: [[String: Any]] = summary.results.map { result in
            var object: [String: Any] = ["scene": result.scene, "name": result.name, "status": status(result),
                                         "failure": result.isFailure]
            if result.isFailure || result.message != nil { object["message"] = message(result) }
            if let share = result.differingShare { object["differingShare"] = share }
            if let location = result.location {
                object["file"] = SnapshotRunner.display(URL(fileURLWithPath: location.file))
                object["line"] = location.line
                object["column"] = location.column
            }
            for (key, url) in [("golden", result.golden), ("actual", result.actual), ("diff", result.diff),
                               ("expected", result.expected), ("composite", result.composite)] {
                if let url { object[key] = SnapshotRunner.display(url) }
            }
            return object
        }
        let object: [String: Any] = ["counts": counts, "exitStatus": Int(summary.exitStatus),
                                     "reports": summary.reports.map(SnapshotRunner.display), "results": results]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
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
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
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
            if let share = result.differingShare {
                return "\(SnapshotComparison.percent(share)) of the pixels differ: \(SnapshotRunner.describe(verdict))"
            }
            return SnapshotRunner.describe(verdict)
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
