import ArgumentParser
import Foundation
import Scene

/// Prints errors the way a compiler does and chooses the exit code: only the CLI does that.
enum CommandErrors {
    static func report(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch {
            printError(error)
            throw ExitCode.failure
        }
    }

    static func printError(_ error: Error) {
        if let error = error as? SceneError {
            for diagnostic in error.diagnostics { printLine(diagnostic.description) }
        } else {
            printLine("error: \(error)")
        }
    }

    static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
