/// Text written into an HTML page Segue makes (the snapshot report, an exported page).
public enum HTMLText {
    /// `text` safe as HTML text or inside a quoted attribute: `&`, `<`, `>`, `"` and `'` as entities.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// JSON `json` safe as the text of a `<script>` element, whatever its strings hold: `<`, `>`
    /// and `&` written `\u003c`, `\u003e`, `\u0026`, and U+2028 and U+2029 as `\u2028`, `\u2029`.
    ///
    /// The HTML standard's script data states (§13.2.5.4 to 13.2.5.26, "script data less-than
    /// sign state" on) end an element's text at `</script`, and after `<!--` a `<script` makes a
    /// later `</script>` part of the text, so the page's own script never runs; with no `<` in
    /// the text none of those states is entered. Outside a string JSON has none of these
    /// characters, and inside one each escape reads back as the character (RFC 8259 §7).
    public static func scriptData(_ json: String) -> String {
        let bytes = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                out += Array((bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
