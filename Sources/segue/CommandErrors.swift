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

    /// A line on standard error, with what came from inputs made printable (`PrintableText`).
    static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((PrintableText.make(text) + "\n").utf8))
    }

    /// Text on standard output, made printable the same way.
    static func printOut(_ text: String, terminator: String = "\n") {
        print(PrintableText.make(text), terminator: terminator)
    }
}
