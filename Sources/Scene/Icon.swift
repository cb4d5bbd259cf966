import Foundation

/// An icon where iOS would show an SF Symbol: an SF Symbol name drawn with open art in SF
/// Symbols' style (Tabler Icons), a name of the open Material Icons font, or any text — an
/// emoji or a symbol character — drawn with the text fonts.
public struct Icon: Hashable, Sendable {
    public enum Glyph: Hashable, Sendable {
        /// Vector art on a 24-unit grid: the key of `IconCatalog.art(forKey:)`.
        case symbol(String)
        /// A Material Icons codepoint.
        case material(UInt32)
        /// Characters drawn with the label fonts (Inter, then the symbol and emoji fallbacks).
        case text(String)
    }

    /// The name as written in the scene.
    public var name: String
    public var glyph: Glyph

    /// Whether UIKit draws it mirrored in a right-to-left layout: the SF Symbols named for the
    /// direction of reading (`chevron.backward`, `arrow.forward`, `arrow.uturn.backward`) flip
    /// there; those named for a side of the screen (`chevron.left`) do not (Apple, "Supporting
    /// right-to-left languages"; SF Symbols, "Localized symbols").
    public var mirrorsInRightToLeft: Bool {
        guard case .symbol = glyph else { return false }
        return name.split(separator: ".").contains { $0 == "backward" || $0 == "forward" }
    }

    public init(name: String, glyph: Glyph) {
        self.name = name
        self.glyph = glyph
    }
}

/// The icon names a scene can use: SF Symbol names of common symbols (`trash`,
/// `gearshape.fill`, `square.and.arrow.up`; `symbols`), drawn with Tabler Icons' art (MIT,
/// third_party/tabler-icons), and Google's Material Icons (Debian's
/// fonts-material-design-icons-iconfont, Apache 2.0; about 2,100 names such as `delete`,
/// `settings`, `wifi`), those that name a symbol drawn as it. See docs/scene-format.md#icons.
public enum IconCatalog {
    /// The icon font's name → codepoint table, as the package ships it (a Sass map).
    public static let codepointsFile = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

    /// Material Icons names → codepoints; empty when the package is not installed.
    public static let codepoints: [String: UInt32] = {
        guard let data = FileManager.default.contents(atPath: codepointsFile) else { return [:] }
        return parseCodepoints(Array(data))
    }()

    /// The entries of a Sass map's text, one a line as `\t"delete": e872,`: the quoted name and
    /// the hexadecimal codepoint; other lines are skipped. Read byte by byte: the file has some
    /// 2,200 lines, and every render that names an icon reads it before its first frame.
    public static func parseCodepoints(_ bytes: [UInt8]) -> [String: UInt32] {
        let quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":")
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func isEnd(_ byte: UInt8) -> Bool { isBlank(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") }
        func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
        var table: [String: UInt32] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let split = line.firstIndex(of: colon) else { continue }
            var name = line[..<split], value = line[(split + 1)...]
            while let first = name.first, isBlank(first) { name.removeFirst() }
            while let last = name.last, isBlank(last) { name.removeLast() }
            while let first = value.first, isEnd(first) { value.removeFirst() }
            while let last = value.last, isEnd(last) { value.removeLast() }
            guard name.count > 2, name.first == quote, name.last == quote, !value.isEmpty, value.count <= 8 else { continue }
            var code: UInt32 = 0
            var valid = true
            for byte in value {
                guard let digit = hexDigit(byte) else { valid = false; break }
                code = code << 4 | digit
            }
            guard valid else { continue }
            table[String(decoding: name.dropFirst().dropLast(), as: UTF8.self)] = code
        }
        return table
    }

    /// The modifiers SF Symbol names share across families (`.fill`, `.circle`, `.slash`, …): no
    /// clue to which symbol a name means.
    static let symbolModifiers: Set<String> = ["fill", "circle", "square", "slash", "badge", "rectangle", "and", "on", "left", "right", "up", "down"]

    /// Every name an icon may use, sorted, each once: SF Symbol names and Material Icons names.
    public static var names: [String] { Set(codepoints.keys).union(symbols.keys).sorted() }

    /// An icon's vector art: SVG elements (`path`, `circle`, `rect`, `line`, `polyline`,
    /// `polygon`, `ellipse`) on a 24-unit grid, and how they are drawn.
    public struct Art: Sendable {
        public enum Style: Sendable {
            /// Stroked with round caps and joins, as SF Symbols' outlines are.
            case outline
            /// Filled (nonzero winding).
            case filled
            /// An outline drawn solid: its outer shapes filled, the lines inside them cut out.
            case solid
        }
        public var elements: String
        public var style: Style

        public init(elements: String, style: Style) {
            self.elements = elements
            self.style = style
        }
    }

    /// The art `key` names (a `Symbol.art`), or nil.
    public static func art(forKey key: String) -> Art? {
        if let own = segueArt[key] { return Art(elements: own, style: .outline) }
        if key.hasPrefix("solid/") { return art(forKey: String(key.dropFirst(6))).map { Art(elements: $0.elements, style: .solid) } }
        if key.hasPrefix("filled/") { return tablerArt[key].map { Art(elements: $0, style: .filled) } }
        return tablerArt[key].map { Art(elements: $0, style: .outline) }
    }

    /// Material Icons names that name a symbol of `symbols` → that symbol's name (the shortest
    /// when several do: `settings` is `gear`'s): drawn as the symbol, so `delete` reads as iOS's bin.
    public static let materialSymbols: [String: String] = {
        var table: [String: String] = [:]
        for (name, symbol) in symbols {
            for material in symbol.materials {
                if let held = table[material], (held.count, held) < (name.count, name) { continue }
                table[material] = name
            }
        }
        return table
    }()

    /// Why an icon name was refused.
    public enum Problem: Error, Equatable {
        /// No symbol's name, and the Material Icons package, which holds the other names, is not installed.
        case setMissing
        /// No such name: the names whose meaning it is (`garbage`: `trash`), then the nearest ones.
        case unknown(meaning: [String], nearest: [String])
    }

    /// The icon `name` names: an SF Symbol name (a symbol's look variant drawn as its family's
    /// closest, `variantBase`), a Material Icons name, or any text that is not an identifier
    /// (an emoji, "ⓘ", "★") drawn with the label fonts.
    public static func icon(named name: String) -> Result<Icon, Problem> {
        if !name.isEmpty, !name.unicodeScalars.contains(where: { $0.isASCII }) {
            return .success(Icon(name: name, glyph: .text(name)))
        }
        if let symbol = symbols[name] ?? variantBase(of: name) ?? materialSymbols[name].flatMap({ symbols[$0] }) {
            return .success(Icon(name: name, glyph: .symbol(symbol.art)))
        }
        guard !codepoints.isEmpty else { return .failure(.setMissing) }
        if let code = codepoints[name] { return .success(Icon(name: name, glyph: .material(code))) }
        return .failure(.unknown(meaning: meaning(of: name), nearest: nearest(to: name)))
    }

    /// The modifiers an SF Symbol name may add to a symbol that change its look but not what it
    /// means: filled, in a circle or square, two or three of it, with a badge. (`.slash` means
    /// the opposite, `bell.slash` is "notifications off", so it is not one.)
    static let variantModifiers: Set<String> = ["fill", "circle", "square", "2", "3", "badge"]

    /// For an SF Symbol name with no entry of its own whose modifiers only vary its look
    /// (`star.circle.fill`, `person.3.fill`), its family's closest symbol with one: the same base
    /// symbol sharing most of its modifiers (`star.fill`); nil otherwise, so a typo (`star.fil`)
    /// is still refused.
    static func variantBase(of name: String) -> Symbol? {
        let components = name.split(separator: ".").map(String.init)
        guard components.count > 1, components.dropFirst().allSatisfy(variantModifiers.contains) else { return nil }
        return family(of: components).first.flatMap { symbols[$0] }
    }

    /// The SF Symbol names with an entry whose base symbol is `components`' first, those sharing
    /// most of its other components first, then the shortest.
    private static func family(of components: [String]) -> [String] {
        guard components.count > 1, let base = components.first else { return [] }
        let modifiers = Set(components.dropFirst())
        let counts = modifiers.contains { Int($0) != nil }
        // A count (`.2`, `.3`) shares with another count: three people are drawn as two, not one.
        func shared(_ alias: String) -> Int {
            alias.split(separator: ".").dropFirst().filter { modifiers.contains(String($0)) || counts && Int($0) != nil }.count
        }
        return symbols.keys.filter { $0.split(separator: ".").first.map(String.init) == base }
            .sorted { (-shared($0), $0.count, $0) < (-shared($1), $1.count, $1) }
    }

    /// What each SF Symbol name means, in words, each with its rank (the lower, the closer):
    /// 0, its base symbol's name and its Material names (`trash`, `delete`); 1, its name's other
    /// words, its art's Tabler name and Tabler's tags for it (`bin`, `garbage`, `dustbin`, …);
    /// 2, the words of that Tabler name (`lock-cog`: `cog`).
    static let symbolWords: [String: [String: Int]] = {
        var table: [String: [String: Int]] = [:]
        for (name, symbol) in symbols {
            var words: [String: Int] = [:]
            func add(_ word: String, _ rank: Int) {
                let word = word.lowercased()
                guard word.count >= 2, !symbolModifiers.contains(word), !["outline", "none", "border", "outlined"].contains(word) else { return }
                words[word] = min(words[word] ?? rank, rank)
            }
            // Segue's own art has no Tabler name or tags.
            let tabler = symbol.art.contains("segue/") ? "" : String(symbol.art.split(separator: "/").last ?? "")
            for (index, word) in name.split(separator: ".").enumerated() { add(String(word), index == 0 ? 0 : 1) }
            for material in symbol.materials {
                add(material.replacingOccurrences(of: "_", with: ""), 0)
                for word in material.split(separator: "_") { add(String(word), 1) }
            }
            add(tabler.replacingOccurrences(of: "-", with: ""), 1)
            for word in tabler.split(separator: "-") { add(String(word), 2) }
            for tag in tablerTags[tabler] ?? [] {
                add(tag.filter { $0.isLetter || $0.isNumber }, 1)
                for word in tag.split(whereSeparator: { $0 == " " || $0 == "-" }) { add(String(word), 2) }
            }
            table[name] = words
        }
        return table
    }()

    /// Up to `count` SF Symbol names `word` means by its meaning rather than its spelling
    /// (`garbage`, `bin`: `trash`; `cog`: `gear`): those naming it in their own name first, then
    /// in Tabler's tags; each family once, by its shortest name; the base symbols first.
    public static func meaning(of name: String, count: Int = 3) -> [String] {
        let word = name.lowercased().filter { $0.isLetter || $0.isNumber }
        guard word.count >= 2 else { return [] }
        let ranked = symbolWords.compactMap { symbol, words in words[word].map { (symbol, $0) } }
            .sorted { ($0.1, $0.0.count, $0.0) < ($1.1, $1.0.count, $1.0) }
        var result: [String] = []
        var families: Set<Substring> = []
        for (symbol, _) in ranked where result.count < count {
            let family = symbol.split(separator: ".").first ?? ""
            guard families.insert(family).inserted else { continue }
            result.append(symbol)
        }
        return result
    }

    /// Up to five names closest to `name`: those it means first (`meaning(of:)`), then those
    /// containing it, shortest first; then, for an SF Symbol name (`paperplane.circle.fill`),
    /// the symbol names of the same base symbol
    /// (`paperplane.fill`, `paperplane`), those sharing most of its modifiers first; then names
    /// containing a part of it between dots and underscores other than the modifiers every
    /// symbol family shares (`fill`, `circle`, …); then the fewest edits away.
    public static func nearest(to name: String, count: Int = 5) -> [String] {
        let word = name.lowercased()
        let components = word.split(separator: ".").map(String.init)
        let parts = word.split(whereSeparator: { $0 == "." || $0 == "_" }).map(String.init)
            .filter { $0.count >= 3 && !symbolModifiers.contains($0) }
        let all = names
        var result = meaning(of: name)
        func add(_ more: [String]) {
            for candidate in more where result.count < count && !result.contains(candidate) { result.append(candidate) }
        }
        add(all.filter { $0.contains(word) }.sorted { ($0.count, $0) < ($1.count, $1) })
        add(family(of: components))
        add(all.filter { candidate in parts.contains { candidate.contains($0) } }.sorted { ($0.count, $0) < ($1.count, $1) })
        if result.count < count {
            add(all.filter { !result.contains($0) }.map { ($0, Diagnostic.editDistance(word, $0)) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0))
        }
        return Array(result.prefix(count))
    }
}
