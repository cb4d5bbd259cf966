extension IconCatalog {
    /// The SF Symbol names `symbols` draws, as docs/scene-format.md#icons lists them (between its
    /// icon-names markers; `segue schema --icon-names` prints it, a test keeps the two equal): the
    /// names by their base symbol, one line a letter, then the names drawn alike.
    public static var documentedNames: String {
        let names = symbols.keys.sorted()
        var lines: [String] = []
        var letter: Character?
        for name in names {
            let code = "`\(name)`"
            if name.first == letter {
                lines[lines.count - 1] += ", " + code
            } else {
                letter = name.first
                lines.append("- " + code)
            }
        }
        let alike = Dictionary(grouping: names) { symbols[$0]?.art ?? "" }.values
            .filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        lines.append("")
        lines.append("Drawn alike (one picture, several names): "
            + alike.map { $0.map { "`\($0)`" }.joined(separator: " = ") }.joined(separator: "; ") + ".")
        return lines.joined(separator: "\n") + "\n"
    }
}
