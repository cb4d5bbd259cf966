import Foundation

/// An icon where iOS would show an SF Symbol: a glyph of the open Material Icons set named
/// by its name (or by a common SF Symbol name), or any text — an emoji or a symbol character —
/// drawn with the text fonts.
public struct Icon: Hashable, Sendable {
    public enum Glyph: Hashable, Sendable {
        /// A Material Icons codepoint.
        case material(UInt32)
        /// Characters drawn with the label fonts (Inter, then the symbol and emoji fallbacks).
        case text(String)
    }

    /// The name as written in the scene.
    public var name: String
    public var glyph: Glyph

    public init(name: String, glyph: Glyph) {
        self.name = name
        self.glyph = glyph
    }
}

/// The icon names a scene can use: Google's Material Icons (Debian's
/// fonts-material-design-icons-iconfont, Apache 2.0; about 2,100 names such as `delete`,
/// `settings`, `wifi`) and SF Symbol names of common symbols mapped onto them (`trash`,
/// `gearshape.fill`, `bell.badge`). See docs/scene-format.md#icons.
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

    /// SF Symbol names (iOS) → the Material Icons glyph that looks most like them.
    public static let symbolAliases: [String: String] = [
        "trash": "delete_outline", "trash.fill": "delete", "info.circle": "info_outline", "info.circle.fill": "info",
        "gear": "settings", "gearshape": "settings", "gearshape.fill": "settings",
        "bell": "notifications_none", "bell.fill": "notifications", "bell.badge.fill": "notifications_active",
        "bell.slash.fill": "notifications_off", "airplane": "flight", "wifi": "wifi", "cellularbars": "signal_cellular_alt",
        "antenna.radiowaves.left.and.right": "signal_cellular_alt", "personalhotspot": "wifi_tethering",
        "battery.100": "battery_full", "battery.100.bolt": "battery_charging_full",
        "lock": "lock_outline", "lock.fill": "lock", "person": "person_outline", "person.fill": "person",
        "person.2.fill": "people", "person.crop.circle.fill": "account_circle", "person.crop.circle": "account_circle",
        "heart": "favorite_border", "heart.fill": "favorite", "star": "star_border", "star.fill": "star",
        "bookmark": "bookmark_border", "bookmark.fill": "bookmark", "house": "home", "house.fill": "home",
        "magnifyingglass": "search", "plus": "add", "plus.circle.fill": "add_circle", "minus": "remove",
        "xmark": "close", "xmark.circle.fill": "cancel", "checkmark": "check", "checkmark.circle.fill": "check_circle",
        "square.and.arrow.up": "ios_share", "square.and.arrow.down": "file_download", "pencil": "edit",
        "square.and.pencil": "edit_note", "envelope": "mail_outline", "envelope.fill": "mail", "tray": "inbox",
        "tray.fill": "inbox", "archivebox": "archive", "archivebox.fill": "archive", "paperplane": "send",
        "paperplane.fill": "send", "arrowshape.turn.up.left": "reply", "arrowshape.turn.up.left.fill": "reply",
        "flag": "outlined_flag", "flag.fill": "flag", "photo": "photo", "photo.fill": "photo",
        "photo.on.rectangle": "collections", "camera": "photo_camera", "camera.fill": "photo_camera",
        "music.note": "music_note", "play.fill": "play_arrow", "pause.fill": "pause", "forward.fill": "fast_forward",
        "backward.fill": "fast_rewind", "speaker.wave.2.fill": "volume_up", "speaker.slash.fill": "volume_off",
        "mic": "mic_none", "mic.fill": "mic", "message": "chat_bubble_outline", "message.fill": "chat_bubble",
        "bubble.left": "chat_bubble_outline", "bubble.left.fill": "chat_bubble", "phone": "phone", "phone.fill": "phone",
        "location": "near_me", "location.fill": "near_me", "mappin": "place", "map": "map", "map.fill": "map",
        "calendar": "calendar_today", "clock": "schedule", "clock.fill": "schedule", "alarm": "alarm",
        "cloud": "cloud_queue", "cloud.fill": "cloud", "folder": "folder_open", "folder.fill": "folder",
        "doc": "insert_drive_file", "doc.text": "description", "paperclip": "attach_file", "link": "link",
        "globe": "public", "ellipsis": "more_horiz", "ellipsis.circle": "more_horiz", "line.3.horizontal": "menu",
        "chevron.left": "chevron_left", "chevron.right": "chevron_right", "chevron.down": "expand_more",
        "chevron.up": "expand_less", "arrow.clockwise": "refresh", "arrow.left": "arrow_back", "arrow.right": "arrow_forward",
        "line.3.horizontal.decrease": "filter_list", "slider.horizontal.3": "tune", "eye": "visibility",
        "eye.slash": "visibility_off", "moon": "dark_mode", "moon.fill": "dark_mode", "sun.max": "light_mode",
        "sun.max.fill": "light_mode", "accessibility": "accessibility", "hourglass": "hourglass_empty", "timer": "timer",
        "cart": "shopping_cart", "cart.fill": "shopping_cart", "bag": "shopping_bag", "bag.fill": "shopping_bag",
        "creditcard": "credit_card", "creditcard.fill": "credit_card", "wallet.pass": "account_balance_wallet",
        "gift": "card_giftcard", "tag": "local_offer", "tag.fill": "local_offer", "exclamationmark.triangle": "warning",
        "exclamationmark.triangle.fill": "warning", "exclamationmark.circle.fill": "error",
        "questionmark.circle": "help_outline", "questionmark.circle.fill": "help", "hand.raised.fill": "front_hand",
        "hand.raised": "front_hand", "key": "vpn_key", "key.fill": "vpn_key", "faceid": "face", "touchid": "fingerprint",
        "figure.walk": "directions_walk", "figure.run": "directions_run", "car": "directions_car", "car.fill": "directions_car",
        "fork.knife": "restaurant", "cup.and.saucer": "local_cafe", "gamecontroller": "sports_esports",
        "gamecontroller.fill": "sports_esports", "tv": "tv", "headphones": "headphones", "keyboard": "keyboard",
        "textformat.size": "format_size", "textformat": "text_fields", "square.grid.2x2": "grid_view",
        "square.grid.2x2.fill": "grid_view", "list.bullet": "format_list_bulleted", "iphone": "smartphone",
        "applewatch": "watch", "switch.2": "toggle_on", "sos": "sos", "bolt.fill": "bolt", "bolt": "bolt",
        "app.badge": "apps", "square.stack": "layers", "hand.thumbsup": "thumb_up", "hand.thumbsup.fill": "thumb_up",
        "shield": "shield", "shield.fill": "shield", "wrench.and.screwdriver": "build", "wrench.fill": "build",
        "music.note.list": "queue_music", "video": "videocam", "video.fill": "videocam", "film": "movie",
        "book": "menu_book", "book.fill": "menu_book", "newspaper": "newspaper", "safari": "explore", "compass": "explore",
        "cloud.sun.fill": "wb_cloudy", "drop.fill": "water_drop", "leaf.fill": "eco", "pawprint.fill": "pets",
        "gift.fill": "card_giftcard", "sparkles": "auto_awesome", "wand.and.stars": "auto_fix_high",
        "rectangle.portrait.and.arrow.right": "logout", "arrow.up.arrow.down": "swap_vert", "printer": "print",
        "qrcode": "qr_code", "barcode": "qr_code_scanner", "scissors": "content_cut", "doc.on.doc": "content_copy",
        "doc.on.clipboard": "content_paste", "arrow.uturn.backward": "undo", "arrow.uturn.forward": "redo",
        "square.and.arrow.up.fill": "ios_share", "plus.circle": "add_circle_outline", "minus.circle.fill": "remove_circle",
        "checkmark.circle": "check_circle_outline", "xmark.circle": "highlight_off", "battery.25": "battery_2_bar",
        "hourglass.circle": "hourglass_empty", "person.circle": "account_circle", "at": "alternate_email",
        "number": "tag", "dollarsign.circle": "monetization_on", "chart.bar.fill": "bar_chart", "chart.pie.fill": "pie_chart",
        "bell.badge": "notifications_active", "lightbulb": "lightbulb_outline", "lightbulb.fill": "lightbulb",
        "pin": "push_pin", "pin.fill": "push_pin", "speaker.wave.3.fill": "volume_up", "airplayaudio": "cast",
        "airplayvideo": "cast", "square.and.arrow.down.fill": "file_download", "icloud": "cloud_queue", "icloud.fill": "cloud",
        "externaldrive.fill": "storage", "cpu": "memory", "hammer.fill": "handyman", "paintbrush.fill": "brush",
        "paintpalette.fill": "palette", "wallet.pass.fill": "account_balance_wallet", "house.circle.fill": "home",
        // Names a newcomer reached for in a trial of 46 (issue 39): Mail's, Maps', Wallet's, Health's and Photos' symbols.
        "tray.2": "all_inbox", "tray.2.fill": "all_inbox", "mappin.circle": "location_on", "mappin.circle.fill": "location_on",
        "mappin.and.ellipse": "pin_drop", "briefcase": "work_outline", "briefcase.fill": "work", "cup.and.saucer.fill": "local_cafe",
        "building.columns": "account_balance", "building.columns.fill": "account_balance", "building.2": "apartment",
        "building.2.fill": "apartment", "mountain.2": "terrain", "mountain.2.fill": "terrain", "sportscourt": "stadium",
        "sportscourt.fill": "stadium", "ferry": "directions_boat", "ferry.fill": "directions_boat",
        "photo.on.rectangle.angled": "collections", "photo.fill.on.rectangle.fill": "photo_library",
        "heart.text.square": "monitor_heart", "heart.text.square.fill": "monitor_heart", "rectangle.stack": "filter_none",
        "rectangle.stack.fill": "auto_awesome_motion", "paperplane.circle": "send", "paperplane.circle.fill": "send",
    ]

    /// The modifiers SF Symbol names share across families (`.fill`, `.circle`, `.slash`, …): no
    /// clue to which symbol a name means.
    static let symbolModifiers: Set<String> = ["fill", "circle", "square", "slash", "badge", "rectangle", "and", "on", "left", "right", "up", "down"]

    /// Every name an icon may use, sorted, each once: Material Icons names and SF Symbol aliases
    /// (an alias may be spelled like the Material name it stands for, as "bolt" is).
    public static var names: [String] { Set(codepoints.keys).union(symbolAliases.keys).sorted() }

    /// Why an icon name was refused.
    public enum Problem: Error, Equatable {
        /// The icon package is not installed.
        case setMissing
        /// No such name; the nearest ones.
        case unknown(nearest: [String])
    }

    /// The icon `name` names: a Material Icons or SF Symbol name (a symbol's look variant drawn as
    /// its family's closest, `variantBase`), or any text that is not an identifier (an emoji,
    /// "ⓘ", "★") drawn with the label fonts.
    public static func icon(named name: String) -> Result<Icon, Problem> {
        if !name.isEmpty, !name.unicodeScalars.contains(where: { $0.isASCII }) {
            return .success(Icon(name: name, glyph: .text(name)))
        }
        guard !codepoints.isEmpty else { return .failure(.setMissing) }
        let key = symbolAliases[name] ?? variantBase(of: name) ?? name
        guard let code = codepoints[key] else { return .failure(.unknown(nearest: nearest(to: name))) }
        return .success(Icon(name: name, glyph: .material(code)))
    }

    /// The modifiers an SF Symbol name may add to a symbol that change its look but not what it
    /// means: filled, in a circle or square, two or three of it, with a badge. (`.slash` means
    /// the opposite, `bell.slash` is "notifications off", so it is not one.)
    static let variantModifiers: Set<String> = ["fill", "circle", "square", "2", "3", "badge"]

    /// For an SF Symbol name with no entry of its own whose modifiers only vary its look
    /// (`star.circle.fill`, `person.3.fill`), the glyph name of its family's closest symbol with
    /// one: the same base symbol sharing most of its modifiers (`star.fill`); nil otherwise, so
    /// a typo (`star.fil`) is still refused.
    static func variantBase(of name: String) -> String? {
        let components = name.split(separator: ".").map(String.init)
        guard components.count > 1, components.dropFirst().allSatisfy(variantModifiers.contains) else { return nil }
        return family(of: components).first.flatMap { symbolAliases[$0] }
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
        return symbolAliases.keys.filter { $0.split(separator: ".").first.map(String.init) == base }
            .sorted { (-shared($0), $0.count, $0) < (-shared($1), $1.count, $1) }
    }

    /// Up to five names closest to `name`: those containing it first, shortest first; then, for
    /// an SF Symbol name (`paperplane.circle.fill`), the symbol names of the same base symbol
    /// (`paperplane.fill`, `paperplane`), those sharing most of its modifiers first; then names
    /// containing a part of it between dots and underscores other than the modifiers every
    /// symbol family shares (`fill`, `circle`, …); then the fewest edits away.
    public static func nearest(to name: String, count: Int = 5) -> [String] {
        let word = name.lowercased()
        let components = word.split(separator: ".").map(String.init)
        let parts = word.split(whereSeparator: { $0 == "." || $0 == "_" }).map(String.init)
            .filter { $0.count >= 3 && !symbolModifiers.contains($0) }
        let all = names
        var result = all.filter { $0.contains(word) }.sorted { ($0.count, $0) < ($1.count, $1) }
        func add(_ more: [String]) {
            for candidate in more where result.count < count && !result.contains(candidate) { result.append(candidate) }
        }
        add(family(of: components))
        add(all.filter { candidate in parts.contains { candidate.contains($0) } }.sorted { ($0.count, $0) < ($1.count, $1) })
        if result.count < count {
            add(all.filter { !result.contains($0) }.map { ($0, Diagnostic.editDistance(word, $0)) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0))
        }
        return Array(result.prefix(count))
    }
}
