/// The user's Reduce Transparency setting as a variant names it (`variants: { reduceTransparency:
/// [transparent, reduceTransparency] }`; the scene key is `reduceTransparency: true`).
/// `UIAccessibility.isReduceTransparencyEnabled`: Liquid Glass frosted and near opaque, the bars'
/// blur materials opaque (docs/uikit-semantics.md#liquid-glass).
public enum Transparency: String, CaseIterable, SettingChoice, Sendable, Codable {
    /// Reduce Transparency off.
    case transparent
    /// Reduce Transparency on.
    case reduceTransparency

    public var isReduced: Bool { self == .reduceTransparency }
}
