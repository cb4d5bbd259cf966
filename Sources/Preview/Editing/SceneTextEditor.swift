import Foundation
import Scene

/// Inserts timeline entries into a YAML scene file's text, line by line: every other line,
/// comment and blank line stays as it was, and the new entry follows the indentation and the
/// form (flow `- { at: … }` or block `- at: …`) of the entries already there.
///
/// Only a top-level block sequence under `timeline:` (or an empty `timeline: []`, or none) can
/// be edited; anything else is refused with a message rather than rewritten.
public enum SceneTextEditor {
    /// Why an edit was refused.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// `text` with `gesture` inserted into its `timeline:` in time order (after entries at the
    /// same time), and the 1-based line where the new entry starts.
    public static func insert(_ gesture: DrawnGesture, into text: String) throws -> (text: String, line: Int) {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        let unit = indentUnit(lines)

        guard let keyIndex = lines.firstIndex(where: { isKey(SceneKeys.timeline.key, $0) }) else {
            // No timeline yet: add one at the end.
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            lines.append(SceneKeys.timeline.key + ":")
            let start = lines.count
            lines += entryLines(gesture, indent: unit, flow: false)
            return (join(lines, newline), start + 1)
        }
        let rest = valueAfterKey(lines[keyIndex])
        if rest.hasPrefix("[") {
            guard rest.replacingOccurrences(of: " ", with: "").hasPrefix("[]") else {
                throw Refusal(description: "the scene's timeline is written as a flow list ([ ... ]) on line \(keyIndex + 1); "
                                         + "write it as a block list (one '- at:' entry per line) to add drawn gestures")
            }
            let comment = rest.range(of: "#").map { "  " + rest[$0.lowerBound...] } ?? ""
            lines[keyIndex] = SceneKeys.timeline.key + ":" + comment
            lines.insert(contentsOf: entryLines(gesture, indent: unit, flow: false), at: keyIndex + 1)
            return (join(lines, newline, endsWithNewline), keyIndex + 2)
        }
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw Refusal(description: "line \(keyIndex + 1): 'timeline:' should be followed by a list of entries")
        }

        // The sequence: every line after the key up to the next top-level key.
        var end = keyIndex + 1
        while end < lines.count {
            let line = lines[end]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !trimmed.hasPrefix("#"), indentation(line) == 0, !trimmed.hasPrefix("-") { break }
            end += 1
        }
        let body = (keyIndex + 1)..<end
        let itemStarts = body.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("-") }
        let itemIndent = itemStarts.first.map { indentation(lines[$0]) } ?? unit
        let starts = itemStarts.filter { indentation(lines[$0]) == itemIndent }
        let flow = starts.first.map { lines[$0].dropFirst(itemIndent).dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("{") } ?? false

        // Before the first entry that happens later, with the comments right above it.
        var position: Int
        if let later = starts.first(where: { (time(ofEntryAt: $0, in: lines, itemIndent: itemIndent) ?? -.infinity) > gesture.at + 1e-9 }) {
            position = later
            while position - 1 > keyIndex, lines[position - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") { position -= 1 }
        } else {
            // Right after the last entry's last line: blank lines and comments after it belong to what follows.
            position = end
            while position - 1 > keyIndex {
                let trimmed = lines[position - 1].trimmingCharacters(in: .whitespaces)
                guard trimmed.isEmpty || trimmed.hasPrefix("#") else { break }
                position -= 1
            }
        }
        lines.insert(contentsOf: entryLines(gesture, indent: itemIndent, flow: flow), at: position)
        return (join(lines, newline, endsWithNewline), position + 1)
    }

    /// The lines of one entry at `indent`: `- { at: 1.2, tap: [x, y] }` when the file writes its
    /// entries as flow maps and the value fits on one line, else `- at: 1.2` and the action below.
    static func entryLines(_ gesture: DrawnGesture, indent: Int, flow: Bool) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let at = DrawnGesture.number(gesture.at)
        let atKey = EntryKeys.at.key, expectKey = EntryKeys.expect.key
        if flow, case .tap = gesture.kind {
            let expect = gesture.expect.map { ", \(expectKey): \($0)" } ?? ""
            return ["\(pad)- { \(atKey): \(at), \(gesture.key): \(gesture.valueText(column: 0, continuation: 0))\(expect) }"]
        }
        let keyPad = pad + "  "
        let prefix = "\(keyPad)\(gesture.key): "
        let value = gesture.valueText(column: prefix.count, continuation: prefix.count)
        return ["\(pad)- \(atKey): \(at)"] + (prefix + value).components(separatedBy: "\n")
            + (gesture.expect.map { ["\(keyPad)\(expectKey): \($0)"] } ?? [])
    }

    /// The `at:` of the entry starting at line `index`, if it says so plainly.
    static func time(ofEntryAt index: Int, in lines: [String], itemIndent: Int) -> Double? {
        var candidates = [lines[index]]
        var next = index + 1
        while next < lines.count, indentation(lines[next]) > itemIndent || lines[next].trimmingCharacters(in: .whitespaces).isEmpty {
            candidates.append(lines[next])
            next += 1
        }
        for line in candidates {
            guard let range = line.range(of: #"(^|[\s{,-])at:\s*(-?[0-9.]+)"#, options: .regularExpression) else { continue }
            let match = line[range]
            if let colon = match.range(of: "at:") {
                let number = match[colon.upperBound...].trimmingCharacters(in: .whitespaces)
                if let value = Double(number) { return value }
            }
        }
        return nil
    }

    /// The indentation step the file uses (the smallest non-zero indentation of a content line), 2 if none.
    static func indentUnit(_ lines: [String]) -> Int {
        let indents = lines.filter {
            let trimmed = $0.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }.map(indentation).filter { $0 > 0 }
        return indents.min() ?? 2
    }

    static func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// Whether `line` is the top-level key `name`.
    static func isKey(_ name: String, _ line: String) -> Bool {
        line.hasPrefix(name + ":") || line.hasPrefix("\"\(name)\":") || line.hasPrefix("'\(name)':")
    }

    /// What follows the key's colon, trimmed.
    static func valueAfterKey(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":") else { return "" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    private static func join(_ lines: [String], _ newline: String, _ endsWithNewline: Bool = true) -> String {
        lines.joined(separator: newline) + (endsWithNewline ? newline : "")
    }
}
