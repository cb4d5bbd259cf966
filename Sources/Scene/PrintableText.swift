/// Text from inputs (a scene's names, a report's messages, a system error) made safe to print to
/// a terminal or a CI log: control characters but newline and tab (C0, DEL, C1 — an escape
/// sequence could move the cursor, rewrite earlier lines or retitle the window) and the bidi
/// controls that reorder what is shown (the "Trojan Source" characters, CVE-2021-42574) are
/// written as `\u{…}`; everything else is kept.
public enum PrintableText {
    public static func make(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
