/// Which iOS design a scene's system chrome is drawn in (`design:`, `--design`): what a bar, the
/// tab bar, a toolbar and a sheet look like and where they sit. Each case names one value that
/// carries the design's metrics (`chrome`), and the painters and tree builders of the layers
/// above pick theirs by it: a new design is a new case and a value per layer, not a condition in
/// each painter (docs/architecture.md, "Designs").
public enum InterfaceDesign: String, CaseIterable, SettingChoice, Sendable, Codable {
    /// iOS 26 and 27: Liquid Glass — floating glass capsules for bar items, the floating tab bar
    /// pill, floating toolbar groups. Apple's `UIDesignRequiresCompatibility` documentation: "the
    /// system ignores this key when you build for iOS 27 or later", so an app built today shows it.
    case liquidGlass
    /// iOS 17 and 18: bars edge to edge, their materials appearing as content scrolls under them.
    case classic

    /// The design's chrome metrics.
    public var chrome: any ChromeDesign {
        switch self {
        case .classic: ClassicChrome()
        case .liquidGlass: LiquidGlassChrome()
        }
    }
}
