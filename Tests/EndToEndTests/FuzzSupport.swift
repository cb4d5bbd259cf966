import CLITestSupport
import Foundation
import XCTest

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a seeded generator, so a fuzz run mutates the same way on every machine and every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Turns a scene file into a damaged or extreme one, the way a typo, a bad generator or a hostile
/// file would: numbers swapped for extremes, lines lost or repeated, keys exchanged, the file cut
/// short, bytes that are not UTF-8, nesting far deeper than any scene.
struct SceneMutator {
    static let extremes = ["1e300", "-1e300", "1e-300", "0", "-1", "nan", ".nan", ".inf", "-.inf", "inf",
                           "99999999999999999999999", "-9223372036854775808", "9223372036854775807", "1e18",
                           "86400", "100000", "1e9", "0.0000001", "4294967296", "65536",
                           // Large but within the limits: valid scenes that push rendering.
                           "99999", "-99999", "599", "0.001", "0.01", "1000", "10", "2"]

    var random: SplitMix64

    /// `text` after one or two mutations.
    mutating func mutate(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            bytes = mutateOnce(bytes)
        }
        return bytes
    }

    private mutating func mutateOnce(_ bytes: [UInt8]) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return bytes }
        let index = Int.random(in: 0..<lines.count, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
            // The most telling mutation: a number becomes an extreme value.
            let numbered = lines.indices.filter { lines[$0].contains(where: \.isNumber) }
            guard let line = numbered.randomElement(using: &random) else { return bytes }
            lines[line] = replaceNumber(in: lines[line])
        case 4:
            lines.insert(lines[index], at: index)
        case 5:
            lines.remove(at: index)
        case 6:
            let other = Int.random(in: 0..<lines.count, using: &random)
            lines.swapAt(index, other)
        case 7:
            // Exchange the keys of two lines, keeping their values.
            let keyed = lines.indices.filter { lines[$0].contains(": ") }
            guard let a = keyed.randomElement(using: &random), let b = keyed.randomElement(using: &random),
                  let ka = lines[a].range(of: ": "), let kb = lines[b].range(of: ": ") else { return bytes }
            let keyA = lines[a][..<ka.lowerBound], keyB = lines[b][..<kb.lowerBound]
            let valueA = lines[a][ka.lowerBound...], valueB = lines[b][kb.lowerBound...]
            let (lineA, lineB) = (String(keyB) + valueA, String(keyA) + valueB)
            lines[a] = lineA
            lines[b] = lineB
        case 8:
            // Cut the file short anywhere, even inside a character.
            return Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        default:
            if Bool.random(using: &random) {
                var bytes = bytes
                bytes.insert(contentsOf: [0xFF, 0xC3, 0x28, 0xFE], at: Int.random(in: 0...bytes.count, using: &random))
                return bytes
            }
            let depth = Int.random(in: 50...3000, using: &random)
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            lines[index] = lines[index].contains(": ") ? (lines[index].components(separatedBy: ": ").first ?? "") + ": " + nested : nested
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    private mutating func replaceNumber(in line: String) -> String {
        let characters = Array(line)
        var runs: [Range<Int>] = []
        var start: Int?
        for (i, c) in characters.enumerated() {
            if c.isNumber || (c == "." && start != nil) {
                if start == nil { start = i }
            } else if let s = start {
                runs.append(s..<i)
                start = nil
            }
        }
        if let s = start { runs.append(s..<characters.count) }
        guard let run = runs.randomElement(using: &random), let value = Self.extremes.randomElement(using: &random) else { return line }
        return String(characters[..<run.lowerBound]) + value + String(characters[run.upperBound...])
    }
}

/// What every command must do with any input: exit 0 or 1 (64 for a bad command line), never by a
/// signal or a timeout, and give every error a `file:line:column:` inside the file it names.
enum CommandContract {
    static func check(_ result: CLI.Result, command: String, file: URL, lineCount: Int,
                      allowUsageError: Bool = false, _ context: @autoclosure () -> String = "",
                      sourceFile: StaticString = #filePath, line: UInt = #line) {
        for problem in problems(result, command: command, file: file, lineCount: lineCount, allowUsageError: allowUsageError) {
            XCTFail("\(problem) \(context())", file: sourceFile, line: line)
        }
    }

    static func problems(_ result: CLI.Result, command: String, file: URL, lineCount: Int,
                         allowUsageError: Bool = false) -> [String] {
        let what = "\(command) \(file.lastPathComponent):"
        if result.timedOut { return ["\(what) hung (killed after its timeout)"] }
        if result.signalled { return ["\(what) crashed with signal \(result.status)\n\(result.stderr)"] }
        var problems: [String] = []
        let allowed: Set<Int32> = allowUsageError ? [0, 1, 64] : [0, 1]
        if !allowed.contains(result.status) { problems.append("\(what) exit \(result.status)\n\(result.stderr)") }
        for line in result.stderr.split(separator: "\n") where line.contains("error:") {
            guard let match = line.firstMatch(of: /^(.+):(\d+):(\d+): error: ./) else {
                problems.append("\(what) an error without a file:line:column: \(line)")
                continue
            }
            let (_, path, row, column) = match.output
            if String(path) != file.path { problems.append("\(what) the error names another file: \(line)") }
            let r = Int(row) ?? 0, c = Int(column) ?? 0
            if !(1...max(lineCount, 1)).contains(r) || c < 1 {
                problems.append("\(what) location \(r):\(c) is outside the file's \(lineCount) lines: \(line)")
            }
        }
        return problems
    }

    /// Lines as an editor counts them: a final newline does not start another.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        let newlines = bytes.filter { $0 == 0x0A }.count
        return bytes.last == 0x0A || bytes.isEmpty ? newlines : newlines + 1
    }
}

/// Mutates a scene's structure rather than its values, the way a scene grows wrong as it is
/// edited: a transition aimed back at its own screen or at a screen already shown (the root, a
/// tab's root, a screen that is presenting), a way back that makes a cycle, an entry that pushes
/// or presents a screen in a second role, a transition's ends swapped. Every mutant is still
/// valid YAML of the scene format's shape, so it reaches the timeline, where such states arise.
struct StructureMutator {
    static let styles = ["slide-up-modal", "scale-fade-modal", "full-screen-cover", "form-sheet", "page-sheet", "cross-dissolve",
                         "side-drawer", "cover-from-left", "system-push", "slide-up-push", "parallax-back-swipe", "zoom"]

    var random: SplitMix64

    /// `text` after one to three structural mutations; nil when it has no transition to mutate.
    mutating func mutate(_ text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let screens = Self.screenNames(lines)
        guard !screens.isEmpty, lines.contains(where: { $0.contains("from:") && $0.contains("style:") }) else { return nil }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            mutateOnce(&lines, screens: screens)
        }
        return lines.joined(separator: "\n")
    }

    private mutating func mutateOnce(_ lines: inout [String], screens: [String]) {
        let transitions = lines.indices.filter { lines[$0].contains("{ from: ") && lines[$0].contains("style: ") }
        let entries = lines.indices.filter { lines[$0].firstMatch(of: /\b(present|push): [A-Za-z]/) != nil }
        guard let transition = transitions.randomElement(using: &random),
              let from = Self.value(of: "from", in: lines[transition]), let to = Self.value(of: "to", in: lines[transition]) else { return }
        let indent = String(lines[transition].prefix { $0 == " " })
        let style = Self.styles.randomElement(using: &random) ?? "page-sheet"
        let screen = screens.randomElement(using: &random) ?? from
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            // A transition from a screen to itself.
            lines[transition] = lines[transition].replacingOccurrences(of: "to: \(to)", with: "to: \(from)")
        case 1:
            // The way back as a presentation or push of its own: a cycle, then an entry that takes it.
            lines.insert("\(indent)- { from: \(to), to: \(from), style: \(style) }", at: transition + 1)
            if let entry = entries.randomElement(using: &random) {
                let at = entry + (entry > transition ? 1 : 0)
                let verb = style.contains("push") || style.hasPrefix("parallax") ? "push" : "present"
                lines.insert("\(indent)- { at: \(Self.time(before: at, in: lines) + 1.3), \(verb): \(from) }", at: at + 1)
            }
        case 2:
            // An entry aimed at another screen: the root, one presenting, one already pushed.
            guard let entry = entries.randomElement(using: &random), let match = lines[entry].firstMatch(of: /\b(present|push): ([A-Za-z0-9_-]+)/) else { return }
            lines[entry].replaceSubrange(match.range, with: "\(match.output.1): \(screen)")
        case 3:
            // A transition retargeted at any screen, whatever it already does.
            lines[transition] = lines[transition].replacingOccurrences(of: "to: \(to)", with: "to: \(screen)")
        case 4:
            // A transition's ends swapped, and a second one leaving the same screen.
            lines[transition] = lines[transition].replacingOccurrences(of: "from: \(from)", with: "from: \u{0}")
                .replacingOccurrences(of: "to: \(to)", with: "to: \(from)").replacingOccurrences(of: "from: \u{0}", with: "from: \(to)")
            lines.insert("\(indent)- { from: \(to), to: \(screen), style: \(style) }", at: transition + 1)
        default:
            // The same forward entry again later, while its screen is still shown.
            guard let entry = entries.randomElement(using: &random), let match = lines[entry].firstMatch(of: /\b(present|push): ([A-Za-z0-9_-]+)/) else { return }
            let entryIndent = String(lines[entry].prefix { $0 == " " })
            let start = lines[entry].trimmingCharacters(in: .whitespaces).hasPrefix("- ") ? entryIndent : String(entryIndent.dropLast(2))
            lines.insert("\(start)- { at: \(Self.time(before: entry + 1, in: lines) + 0.9), \(match.output.1): \(match.output.2) }", at: entry + 1)
        }
    }

    /// The screens' names: the keys indented by two under `screens:`.
    static func screenNames(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("screens:") }) else { return [] }
        var names: [String] = []
        for line in lines[(start + 1)...] {
            if !line.isEmpty, !line.hasPrefix(" "), !line.hasPrefix("#") { break }
            if let match = line.firstMatch(of: /^  ([A-Za-z0-9_-]+):/) { names.append(String(match.output.1)) }
        }
        return names
    }

    /// The screen name after `key: ` in a flow mapping's line.
    static func value(of key: String, in line: String) -> String? {
        guard let range = line.range(of: "\(key): ") else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The latest `at:` on or before line `index`, 0 when there is none.
    static func time(before index: Int, in lines: [String]) -> Double {
        for line in lines[..<min(index + 1, lines.count)].reversed() {
            if let match = line.firstMatch(of: /\bat: ([0-9.]+)/), let time = Double(match.output.1) { return time }
        }
        return 0
    }
}
