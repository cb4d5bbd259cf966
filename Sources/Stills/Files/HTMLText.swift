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
}
