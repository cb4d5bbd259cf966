import Foundation
import XCTest

/// Runs the built `segue` binary and the system's ffprobe/ffmpeg, for tests that check what a
/// user would get from the command line. Shared by the end-to-end and snapshot test targets.
public enum CLI {
    public struct Result {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        /// The process was killed by a signal (a trap, a crash, or the timeout).
        public var signalled = false
        /// The process outlived its timeout and was killed.
        public var timedOut = false
        public init(status: Int32, stdout: Data, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Standard output as text.
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `segue` executable built beside the test bundle (the test targets that run it depend on
    /// its target, so building them builds it; missing, the test fails saying so: `Requirements`).
    public static var segue: URL {
        get throws {
            var candidates = [Bundle.main.bundleURL.appendingPathComponent("segue")]
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("segue"))
            }
            candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segue"))
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                try Requirements.fail(.segueBinary, "the segue binary was not built beside the tests: \(candidates.map(\.path))")
            }
            return found
        }
    }

    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Output goes to files, so a full pipe can never block the child.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        let outURL = scratch.appendingPathExtension("out"), errURL = scratch.appendingPathExtension("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var timedOut = false
        // A killed process is noticed once every process holding its output has gone: the binary
        // under test starts none, but a shell script should `exec` its last command.
        if let timeout, exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        var result = Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
        result.signalled = process.terminationReason == .uncaughtSignal
        result.timedOut = timedOut
        return result
    }

    @discardableResult
    public static func segue(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                             timeout: TimeInterval? = nil) throws -> Result {
        try run(try segue, arguments, in: directory, environment: environment, timeout: timeout)
    }

    public static func tool(_ name: String, _ arguments: [String]) throws -> Result {
        for folder in ["/usr/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return try run(url, arguments) }
        }
        try Requirements.fail(.tool, "\(name) is not installed (scripts/bootstrap installs it)")
    }

    /// Writes `text` to `name` (a path relative to `folder`, its folders created), as a test
    /// writes a scene; returns the file.
    @discardableResult
    public static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    /// A fresh temporary folder, removed after the test.
    public static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
