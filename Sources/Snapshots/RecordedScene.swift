import Engine
import Foundation
import Scene

/// What a scene's goldens were recorded from: a hash of each line of the scene file, kept beside
/// the goldens (`__snapshots__/<scene>/.segue-scene.txt`) and written with them. When a check
/// fails after the scene file changed, the failure is located on the changed line that feeds the
/// failing run — its timeline entry, its transition, the screens it moves, or a setting every
/// frame reads — rather than on the entry alone: GitHub shows an annotation inline only on a line
/// the pull request changed.
enum RecordedScene {
    static let fileName = ".segue-scene.txt"

    /// The file's text for `scene`'s text: a header, then one hash per line.
    static func text(of scene: String) -> String {
        "segue scene 1\n" + lines(of: scene).map { String(format: "%08x", hash($0)) }.joined(separator: "\n") + "\n"
    }

    /// The line hashes recorded in `goldens`, nil when none were (or the file is not one of these).
    static func read(in goldens: URL) -> [UInt32]? {
        guard let text = try? String(contentsOf: goldens.appendingPathComponent(fileName), encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "segue scene 1" else { return nil }
        lines.removeFirst()
        if lines.last == "" { lines.removeLast() }
        let hashes = lines.compactMap { UInt32($0, radix: 16) }
        return hashes.count == lines.count ? hashes : nil
    }

    static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// FNV-1a, 32 bits: enough to tell a line changed.
    static func hash(_ line: Substring) -> UInt32 {
        var value: UInt32 = 2_166_136_261
        for byte in line.utf8 { value = (value ^ UInt32(byte)) &* 16_777_619 }
        return value
    }

    /// The 1-based lines of `now` that are not in `recorded` (changed or added), by the longest
    /// common subsequence of the two after their common start and end; a middle too long to
    /// compare (over 4,000 lines on either side) counts as changed throughout.
    static func changedLines(recorded: [UInt32], now text: String) -> [Int] {
        let now = lines(of: text).map(hash)
        var start = 0
        while start < min(now.count, recorded.count), now[start] == recorded[start] { start += 1 }
        var end = 0
        while end < min(now.count, recorded.count) - start, now[now.count - 1 - end] == recorded[recorded.count - 1 - end] { end += 1 }
        let a = Array(now[start..<(now.count - end)]), b = Array(recorded[start..<(recorded.count - end)])
        guard !a.isEmpty else { return [] }
        guard a.count <= 4000, b.count <= 4000, !b.isEmpty else { return Array((start + 1)...(start + a.count)) }
        // lengths[i][j]: the common subsequence of a[i...] and b[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var changed: [Int] = []
        var i = 0, j = 0
        while i < a.count {
            if j < b.count, a[i] == b[j] { i += 1; j += 1 }
            else if j < b.count, lengths[i][j + 1] >= lengths[i + 1][j] { j += 1 }
            else { changed.append(start + i + 1); i += 1 }
        }
        return changed
    }

    /// Where a failure of the run started by `entry` (moving screens `screens`, by `transition`
    /// when it has one) is best annotated, given the scene's `changed` lines: the first changed line
    /// of the entry; else the first of the transition, the screens and the scene's own settings
    /// (its top-level keys other than screens, transitions, timeline, styles, tabs and snapshots);
    /// nil when no changed line feeds the run (the entry's place stands).
    static func cause(entry: Int, screens: Set<String>, transition: TransitionSpec?, scene: Scene, text: String,
                      changed: [Int]) -> Int? {
        guard !changed.isEmpty else { return nil }
        let all = lines(of: text)
        let tops = topLevelKeys(all)
        func sectionEnd(after line: Int) -> Int { tops.map(\.line).first { $0 > line } ?? all.count + 1 }
        func span(from line: Int, to next: Int) -> ClosedRange<Int> { line...max(line, next - 1) }
        var feeding: [ClosedRange<Int>] = []
        let timeline = scene.timeline
        if entry >= 0, entry < timeline.count {
            let line = timeline[entry].location.line
            let next = timeline.map(\.location.line).filter { $0 > line }.min()
            feeding.append(span(from: line, to: min(next ?? .max, sectionEnd(after: line))))
        }
        if let transition {
            let line = transition.location.line
            let next = scene.transitions.map(\.location.line).filter { $0 > line }.min()
            feeding.append(span(from: line, to: min(next ?? .max, sectionEnd(after: line))))
        }
        if let screensKey = tops.first(where: { $0.key == SceneKeys.screens.key }) {
            feeding += screenSpans(all, from: screensKey.line, to: sectionEnd(after: screensKey.line))
                .filter { screens.contains($0.name) }.map(\.lines)
        }
        let sections: Set<String> = ["screens", "transitions", "timeline", "styles", "snapshots", "tabs"]
        for top in tops where !sections.contains(top.key) {
            feeding.append(span(from: top.line, to: sectionEnd(after: top.line)))
        }
        // The entry's own span first (it was appended first), then the others in file order.
        if let own = feeding.first, entry >= 0, entry < timeline.count, let line = changed.first(where: own.contains) { return line }
        return changed.first { line in feeding.contains { $0.contains(line) } }
    }

    /// The scene file's top-level keys (a line starting with `key:`) and their lines.
    static func topLevelKeys(_ lines: [Substring]) -> [(key: String, line: Int)] {
        lines.enumerated().compactMap { index, line in
            guard let first = line.first, first.isLetter || first == "_", let colon = line.firstIndex(of: ":") else { return nil }
            let key = line[..<colon]
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            return (String(key), index + 1)
        }
    }

    /// Each screen's lines within `screens:` (lines `start` up to `end`, exclusive), for a
    /// block-style mapping (`  name:` on a line of its own, indented one step); none for a flow one.
    static func screenSpans(_ all: [Substring], from start: Int, to end: Int) -> [(name: String, lines: ClosedRange<Int>)] {
        var starts: [(name: String, line: Int)] = []
        var indent: Int?
        for number in (start + 1)..<max(start + 1, end) where number <= all.count {
            let line = all[number - 1]
            let leading = line.prefix { $0 == " " }.count
            guard leading > 0, leading < line.count, line.dropFirst(leading).first != "#" else { continue }
            if indent == nil { indent = leading }
            guard leading == indent, let colon = line.firstIndex(of: ":") else { continue }
            starts.append((String(line[line.index(line.startIndex, offsetBy: leading)..<colon]).trimmingCharacters(in: .whitespaces), number))
        }
        return starts.enumerated().map { index, start in
            (start.name, start.line...max(start.line, (index + 1 < starts.count ? starts[index + 1].line : end) - 1))
        }
    }
}
