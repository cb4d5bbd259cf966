/// One problem found in a scene file.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, the form compilers and editors understand.
    public var description: String { "\(location): error: \(message)" }
}

/// A scene file that cannot be used, with every problem found in it.
public struct SceneError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
