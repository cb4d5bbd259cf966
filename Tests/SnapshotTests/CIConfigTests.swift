import CLITestSupport
import Foundation
import XCTest

/// The CI set-ups in docs/ci: each parses as YAML, and its commands — run by a shell for every
/// machine of the split, with the variables the engine sets and a stand-in `segue` that records
/// its arguments — give `--shard i/n` for each i in 1…n exactly once, one JUnit and JSON report per
/// part, and a merge of every part's JSON report.
final class CIConfigTests: XCTestCase {
    static let folder = SnapshotCommandTests.root.appendingPathComponent("docs/ci")

    /// The YAML file as JSON objects, parsed by PyYAML (which scripts/bootstrap installs).
    func load(_ name: String) throws -> [String: Any] {
        let script = "import sys, json, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)"
        let result = try CLI.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, Self.folder.appendingPathComponent(name).path])
        XCTAssertEqual(result.status, 0, "\(name) is valid YAML: \(result.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(name) is a mapping")
    }

    /// Runs `command` with `/bin/sh` in `directory`, with `environment` and a `segue` on the PATH
    /// that appends its arguments to a log (and creates the `--json` file it is given, when
    /// relative, as segue would); returns the logged command lines.
    func run(_ command: String, in directory: URL, environment: [String: String] = [:]) throws -> [[String]] {
        let bin = directory.appendingPathComponent(".bin"), log = directory.appendingPathComponent(".segue-log")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let stand = bin.appendingPathComponent("segue")
        try """
            #!/bin/sh
            for a in "$@"; do printf '%s\\037' "$a"; done >> "\(log.path)"
            echo >> "\(log.path)"
            previous=""
            for a in "$@"; do
              if [ "$previous" = "--json" ]; then case "$a" in /*) ;; *) : > "$a" ;; esac; fi
              previous="$a"
            done
            """.write(to: stand, atomically: false, encoding: .utf8)
        chmod(stand.path, 0o755)
        try? FileManager.default.removeItem(at: log)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CLI.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory,
                                 environment: environment.merging(["PATH": path]) { $1 })
        XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The value after `option` in `arguments`.
    func value(_ option: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }

    /// Checks that the `segue snapshot` commands of all parts give each `i/n` once, and distinct
    /// report files; returns the JSON reports' names.
    func checkParts(_ commands: [[String]], count: Int, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let snapshots = commands.filter { $0.first == "snapshot" }
        XCTAssertEqual(snapshots.count, count, "one segue snapshot per part", file: file, line: line)
        XCTAssertEqual(snapshots.compactMap { value("--shard", in: $0) }.sorted(), (1...count).map { "\($0)/\(count)" }.sorted(),
                       "--shard i/\(count) for each i in 1…\(count) exactly once", file: file, line: line)
        let junits = snapshots.compactMap { value("--junit", in: $0) }, jsons = snapshots.compactMap { value("--json", in: $0) }
        XCTAssertEqual(Set(junits).count, count, "a JUnit report per part: \(junits)", file: file, line: line)
        XCTAssertEqual(Set(jsons).count, count, "a JSON report per part: \(jsons)", file: file, line: line)
        return jsons
    }

    func testGitHubActionsMatrix() throws {
        let workflow = try load("github-actions.yml")
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let snapshots = try XCTUnwrap(jobs["snapshots"] as? [String: Any])
        let strategy = try XCTUnwrap(snapshots["strategy"] as? [String: Any])
        let shards = try XCTUnwrap((strategy["matrix"] as? [String: Any])?["shard"] as? [Int])
        let count = shards.count
        XCTAssertEqual(shards, Array(1...count), "the matrix lists 1…n")
        XCTAssertEqual(strategy["fail-fast"] as? Bool, false, "a failing part does not cancel the others' reports")
        XCTAssertEqual((snapshots["permissions"] as? [String: Any])?["checks"] as? String, "write", "the JUnit check and its annotations")

        let directory = try CLI.temporaryFolder(self)
        let steps = try XCTUnwrap(snapshots["steps"] as? [[String: Any]])
        var commands: [[String]] = []
        for shard in shards {
            let substitute = { (text: String) in text.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)") }
            for step in steps {
                if let script = step["run"] as? String, script.contains("segue snapshot") {
                    commands += try run(substitute(script), in: directory)
                }
            }
            let junit = try XCTUnwrap(commands.last.flatMap { value("--junit", in: $0) })
            XCTAssertTrue(steps.contains { step in
                (step["uses"] as? String)?.hasPrefix("mikepenz/action-junit-report@") == true
                    && ((step["with"] as? [String: Any])?["report_paths"] as? String).map(substitute) == junit
            }, "part \(shard)'s JUnit report is published")
        }
        let jsons = checkParts(commands, count: count)

        let report = try XCTUnwrap((jobs["report"] as? [String: Any])?["steps"] as? [[String: Any]])
        let merges = try report.compactMap { $0["run"] as? String }.filter { $0.contains("segue report merge") }
            .flatMap { try run($0, in: directory) }
        XCTAssertEqual(merges.count, 1)
        XCTAssertEqual(Array(merges[0].prefix(2)), ["report", "merge"])
        XCTAssertEqual(Set(merges[0].filter { $0.hasSuffix(".json") && $0 != value("--json", in: merges[0]) }), Set(jsons),
                       "the merge reads every part's JSON report")

        // Built once: the build job builds and uploads the binary; the others need it, download
        // it by its name and build nothing.
        let build = try XCTUnwrap(jobs["build"] as? [String: Any])
        let buildSteps = try XCTUnwrap(build["steps"] as? [[String: Any]])
        XCTAssertTrue(buildSteps.contains { ($0["run"] as? String)?.contains("swift build -c release") == true })
        let upload = try XCTUnwrap(buildSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        let binary = try XCTUnwrap((upload["with"] as? [String: Any])?["name"] as? String)
        XCTAssertEqual((upload["with"] as? [String: Any])?["path"] as? String, ".build/release/segue")
        for name in ["snapshots", "report"] {
            let job = try XCTUnwrap(jobs[name] as? [String: Any])
            let needs = (job["needs"] as? [String]) ?? (job["needs"] as? String).map { [$0] } ?? []
            XCTAssertTrue(needs.contains("build"), "\(name) needs build: \(needs)")
            let jobSteps = try XCTUnwrap(job["steps"] as? [[String: Any]])
            XCTAssertFalse(jobSteps.contains { ($0["run"] as? String)?.contains("swift build") == true }, "\(name) builds nothing")
            XCTAssertTrue(jobSteps.contains { step in
                (step["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true
                    && (step["with"] as? [String: Any])?["name"] as? String == binary
            }, "\(name) downloads the binary")
            XCTAssertTrue(jobSteps.contains { ($0["run"] as? String)?.contains("scripts/bootstrap --render") == true }, "\(name) installs the libraries")
        }
    }

    func testKubernetesIndexedJob() throws {
        let job = try load("kubernetes-indexed-job.yaml")
        XCTAssertEqual(job["kind"] as? String, "Job")
        let spec = try XCTUnwrap(job["spec"] as? [String: Any])
        XCTAssertEqual(spec["completionMode"] as? String, "Indexed")
        let count = try XCTUnwrap(spec["completions"] as? Int)
        XCTAssertEqual(spec["parallelism"] as? Int, count)
        let containers = try XCTUnwrap(((spec["template"] as? [String: Any])?["spec"] as? [String: Any])?["containers"] as? [[String: Any]])
        let container = try XCTUnwrap(containers.first)
        let command = try XCTUnwrap(container["command"] as? [String]) + (container["args"] as? [String] ?? [])
        XCTAssertEqual(Array(command.prefix(2)), ["/bin/sh", "-c"])
        let directory = try CLI.temporaryFolder(self)
        var commands: [[String]] = []
        // Kubernetes numbers the pods 0 … completions − 1.
        for index in 0..<count {
            commands += try run(command[2], in: directory, environment: ["JOB_COMPLETION_INDEX": "\(index)"])
        }
        _ = checkParts(commands, count: count)
    }

    func testGitLabParallelJob() throws {
        let pipeline = try load("gitlab-ci.yml")
        let job = try XCTUnwrap(pipeline["snapshots"] as? [String: Any])
        let count = try XCTUnwrap(job["parallel"] as? Int)
        let script = try XCTUnwrap(job["script"] as? [String])
        let directory = try CLI.temporaryFolder(self)
        var commands: [[String]] = []
        // GitLab numbers the jobs 1 … parallel.
        for index in 1...count {
            for line in script {
                commands += try run(line, in: directory, environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "\(count)"])
            }
        }
        let jsons = checkParts(commands, count: count)
        let junit = try XCTUnwrap(((job["artifacts"] as? [String: Any])?["reports"] as? [String: Any])?["junit"] as? String)
        XCTAssertEqual(junit, "snapshot-junit-*.xml", "every part's JUnit report shows in the merge request")

        let report = try XCTUnwrap(pipeline["snapshot-report"] as? [String: Any])
        let merges = try (report["script"] as? [String] ?? []).flatMap { try run($0, in: directory) }
        XCTAssertEqual(merges.count, 1)
        XCTAssertEqual(Set(merges[0].filter { $0.hasSuffix(".json") && $0 != value("--json", in: merges[0]) }), Set(jsons))

        // Built once: `build` builds and keeps the binary; the others need it and build nothing.
        let build = try XCTUnwrap(pipeline["build"] as? [String: Any])
        XCTAssertTrue((build["script"] as? [String] ?? []).contains { $0.contains("swift build -c release") })
        let kept = try XCTUnwrap((build["artifacts"] as? [String: Any])?["paths"] as? [String])
        let template = try XCTUnwrap(pipeline[".uses-segue"] as? [String: Any])
        let setup = try XCTUnwrap(template["before_script"] as? [String])
        XCTAssertTrue(setup.contains("scripts/bootstrap --render"))
        XCTAssertTrue(kept.contains { path in setup.contains { $0.contains((path as NSString).deletingLastPathComponent) && $0.contains("PATH") } },
                      "the kept binary's folder is put on the PATH: \(kept), \(setup)")
        XCTAssertNil((pipeline["default"] as? [String: Any])?["before_script"], "no job builds Segue again")
        for (name, job) in [("snapshots", job), ("snapshot-report", report)] {
            XCTAssertEqual(job["extends"] as? String, ".uses-segue", name)
            let needs = (job["needs"] as? [Any] ?? []).map { ($0 as? String) ?? (($0 as? [String: Any])?["job"] as? String) ?? "" }
            XCTAssertTrue(needs.contains("build"), "\(name) needs build: \(needs)")
            XCTAssertFalse((job["script"] as? [String] ?? []).contains { $0.contains("swift build") }, name)
        }
    }
}
