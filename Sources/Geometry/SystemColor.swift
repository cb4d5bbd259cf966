/// iOS semantic and system colors by their UIKit name, in light and dark appearance.
///
/// Values are the sRGB components UIKit reports for `UIColor.<name>` on iOS 17
/// (`resolvedColor(with:)` in the light and dark trait collections).
public enum Appearance: String, Sendable, Codable, CaseIterable {
    case light, dark
}

/// `UITraitCollection.userInterfaceLevel`: content in a sheet or popover is `elevated` ("content
/// visually above your window's main content", Apple's `UIUserInterfaceLevel.elevated`); in the dark
/// appearance the background colours are lighter there, so a sheet stands out from what is behind it
/// (Apple HIG, Dark Mode: "the background color automatically changes from base to elevated when an
/// interface is in the foreground, such as a popover or modal sheet").
public enum InterfaceLevel: Sendable, Hashable {
    case base, elevated
}

public enum SystemColor {
    /// The color UIKit names `name` in `appearance` at `level`, or nil when UIKit has no such color.
    public static func named(_ name: String, appearance: Appearance = .light, level: InterfaceLevel = .base) -> Color? {
        if level == .elevated, appearance == .dark, let color = elevatedDark[name] { return color }
        guard let pair = table[name] else { return nil }
        return appearance == .light ? pair.light : pair.dark
    }

    /// The colors that differ at the elevated level, in the dark appearance (in the light one none
    /// does): the six backgrounds, each one step lighter. Labels, separators, fills and the grays
    /// are the same at both levels. Values: the dark elevated variants UIKit resolves, as Flutter's
    /// `CupertinoColors` lists them beside each `UIColor` (flutter/flutter,
    /// packages/flutter/lib/src/cupertino/colors.dart: `systemBackground` … `darkElevatedColor`).
    private static let elevatedDark: [String: Color] = [
        "systemBackground": c(28, 28, 30),
        "secondarySystemBackground": c(44, 44, 46),
        "tertiarySystemBackground": c(58, 58, 60),
        "systemGroupedBackground": c(28, 28, 30),
        "secondarySystemGroupedBackground": c(44, 44, 46),
        "tertiarySystemGroupedBackground": c(58, 58, 60),
    ]

    /// Every name `named(_:)` knows, sorted.
    public static var names: [String] { table.keys.sorted() }

    private static func c(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
        Color(r8: r, g8: g, b8: b, alpha: a)
    }

    private static let table: [String: (light: Color, dark: Color)] = [
        "black": (c(0, 0, 0), c(0, 0, 0)),
        "white": (c(255, 255, 255), c(255, 255, 255)),
        "clear": (c(0, 0, 0, 0), c(0, 0, 0, 0)),
        "systemRed": (c(255, 59, 48), c(255, 69, 58)),
        "systemOrange": (c(255, 149, 0), c(255, 159, 10)),
        "systemYellow": (c(255, 204, 0), c(255, 214, 10)),
        "systemGreen": (c(52, 199, 89), c(48, 209, 88)),
        "systemMint": (c(0, 199, 190), c(99, 230, 226)),
        "systemTeal": (c(48, 176, 199), c(64, 200, 224)),
        "systemCyan": (c(50, 173, 230), c(100, 210, 255)),
        "systemBlue": (c(0, 122, 255), c(10, 132, 255)),
        "systemIndigo": (c(88, 86, 214), c(94, 92, 230)),
        "systemPurple": (c(175, 82, 222), c(191, 90, 242)),
        "systemPink": (c(255, 45, 85), c(255, 55, 95)),
        "systemBrown": (c(162, 132, 94), c(172, 142, 104)),
        "systemGray": (c(142, 142, 147), c(142, 142, 147)),
        "systemGray2": (c(174, 174, 178), c(99, 99, 102)),
        "systemGray3": (c(199, 199, 204), c(72, 72, 74)),
        "systemGray4": (c(209, 209, 214), c(58, 58, 60)),
        "systemGray5": (c(229, 229, 234), c(44, 44, 46)),
        "systemGray6": (c(242, 242, 247), c(28, 28, 30)),
        "systemBackground": (c(255, 255, 255), c(0, 0, 0)),
        "secondarySystemBackground": (c(242, 242, 247), c(28, 28, 30)),
        "tertiarySystemBackground": (c(255, 255, 255), c(44, 44, 46)),
        "systemGroupedBackground": (c(242, 242, 247), c(0, 0, 0)),
        "secondarySystemGroupedBackground": (c(255, 255, 255), c(28, 28, 30)),
        "tertiarySystemGroupedBackground": (c(242, 242, 247), c(44, 44, 46)),
        "label": (c(0, 0, 0), c(255, 255, 255)),
        "secondaryLabel": (c(60, 60, 67, 0.6), c(235, 235, 245, 0.6)),
        "tertiaryLabel": (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
        "quaternaryLabel": (c(60, 60, 67, 0.18), c(235, 235, 245, 0.16)),
        "placeholderText": (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
        "separator": (c(60, 60, 67, 0.29), c(84, 84, 88, 0.6)),
        "opaqueSeparator": (c(198, 198, 200), c(56, 56, 58)),
        "link": (c(0, 122, 255), c(9, 132, 255)),
        "systemFill": (c(120, 120, 128, 0.2), c(120, 120, 128, 0.36)),
        "secondarySystemFill": (c(120, 120, 128, 0.16), c(120, 120, 128, 0.32)),
        "tertiarySystemFill": (c(118, 118, 128, 0.12), c(118, 118, 128, 0.24)),
        "quaternarySystemFill": (c(116, 116, 128, 0.08), c(118, 118, 128, 0.18)),
    ]
}
