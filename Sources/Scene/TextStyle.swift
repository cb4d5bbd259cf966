/// The user's preferred text size (`UIContentSizeCategory`): the seven standard sizes and the
/// five larger accessibility sizes, in order. `large` is iOS's default.
public enum ContentSizeCategory: String, CaseIterable, SettingChoice, Sendable, Codable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
         accessibilityExtraExtraExtraLarge

    /// Whether it is one of the larger accessibility sizes (`isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }
}

/// UIKit's Dynamic Type text styles (`UIFont.TextStyle`), as `UIFont.preferredFont(forTextStyle:)`
/// sets them at each content size category.
///
/// Sizes and leadings: Apple Human Interface Guidelines, Typography, Specifications, "iOS, iPadOS
/// Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications);
/// the sizes match `preferredFont(forTextStyle:)` as measured on the iOS 13.3 simulator
/// (temoki/UIKit_DynamicType, README) but for Caption 2 at accessibilityExtraExtraExtraLarge,
/// measured 41 pt where the HIG gives 40 (the HIG's value is kept).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The weight Segue sets the style in: the HIG's (Headline semibold, the rest regular), but
    /// `largeTitle` bold, as navigation bars' large titles are drawn (the HIG's Large Title style
    /// is regular; kept bold so scenes that use it keep their look).
    public var weight: LabelView.Weight {
        switch self {
        case .largeTitle: .bold
        case .headline: .semibold
        default: .regular
        }
    }

    /// Point size and leading (line height) at `category`.
    public func metrics(at category: ContentSizeCategory = .large) -> (size: Double, leading: Double) {
        let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
        let row = table[index]
        return (Double(row.0), Double(row.1))
    }

    /// Size and leading in points for each category, extraSmall to accessibilityExtraExtraExtraLarge.
    private var table: [(Int, Int)] {
        switch self {
        case .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)]
        case .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)]
        case .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)]
        case .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)]
        case .headline: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
        case .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
        case .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)]
        case .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)]
        case .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)]
        case .caption1: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)]
        case .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)]
        }
    }
}
