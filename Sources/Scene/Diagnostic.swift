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
    /// The files the scene named and the loader read before it failed (images, fonts), as
    /// `Scene.readFiles`: a command that still writes something (a report) must not replace them.
    public var readFiles: [String] = []

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Diagnostic {
    /// The candidate nearest to `word` by edit distance (ignoring case), if it is near enough to
    /// be a typo: what a "did you mean" hint suggests. A candidate one of whose camelCase words is
    /// `word` comes first: `on` means `isOn`, not `id`, which is as few edits away.
    /// `closest(to:in:)` as a message's hint, " (did you mean 'isOn'?)", or "" when none is close.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    public static func closest(to word: String, in candidates: [String]) -> String? {
        if word.count > 1, let part = candidates.first(where: { camelCaseWords($0).contains(word.lowercased()) }) { return part }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// The words of a camelCase name, lowercased: `isOn` is `is`, `on`.
    static func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(Character(character.lowercased()))
        }
        return words
    }

    /// Levenshtein distance between `a` and `b`, case-sensitive.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
