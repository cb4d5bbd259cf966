import Geometry
import Scene

/// How a navigation bar, and the tab bar, answer their screen's scroll view (iOS 15 and later),
/// by the scroll view's `contentOffset.y` (docs/uikit-semantics.md#bars-that-respond-to-scrolling).
///
/// A large title's area (52 pt at the default text size) shrinks by the offset as the content scrolls up — the content's top
/// stays at the bar's bottom edge — and grows by it when the content is pulled down; once it is
/// gone the inline title fades in. The bar shows its scroll-edge appearance (transparent, no
/// hairline) while no content lies under it and its standard appearance (background and
/// hairline) once content does.
public enum BarScrollResponse {
    /// Points of scrolling over which the standard appearance fades in as content passes under the bar [EST].
    public static let appearanceRamp = 10.0
    /// Points of scrolling over which the inline title fades in once the large title is gone [EST].
    public static let inlineTitleRamp = 10.0

    /// The height of the large title's area at `offset`: `area` − offset, never below 0 (more
    /// than `area` while the content is pulled down). `area` is the bar's `largeTitleAreaHeight`,
    /// 52 pt at the default text size.
    public static func largeTitleHeight(offset: Double, area: Double = NavigationBarView.largeTitleHeight) -> Double {
        max(area - offset, 0)
    }

    /// The offset at which content starts to pass under the bar: once the large title (its area
    /// `area` tall) is gone.
    public static func edge(hasLargeTitle: Bool, area: Double = NavigationBarView.largeTitleHeight) -> Double {
        hasLargeTitle ? area : 0
    }

    /// The standard appearance's opacity with `under` points of content lying under a bar (the
    /// navigation bar's bottom edge or the tab bar's top edge): 0 at the scroll edge (and while
    /// the content stops short of the bar), 1 once `appearanceRamp` points lie under it.
    public static func standardAppearance(contentUnder under: Double) -> Double {
        min(max(under / appearanceRamp, 0), 1)
    }

    /// The navigation bar's standard appearance at `offset`: content passes under it once the
    /// large title is gone.
    public static func standardAppearance(offset: Double, hasLargeTitle: Bool,
                                          area: Double = NavigationBarView.largeTitleHeight) -> Double {
        standardAppearance(contentUnder: offset - edge(hasLargeTitle: hasLargeTitle, area: area))
    }

    /// The tab bar's standard appearance over `screen` (iOS 15 and later): by how far the bottom
    /// of its lists' and grids' content, each at its offset, lies below the bar's top edge; a
    /// screen without a list or grid reaching down to the bar shows the scroll-edge appearance.
    public static func tabBarStandardAppearance(over screen: ScreenSpec, on device: Device, offset: (String) -> Double) -> Double {
        let top = device.chrome.tabBar(itemCount: 0, on: device).area.minY
        return standardAppearance(contentUnder: screen.contentBelow(top, on: device, offset: offset) ?? -.infinity)
    }

    /// Where scroll view `scroll` of `screen` shows content from at `offset`, in screen points:
    /// its frame's top, or, for one at the content top under a navigation bar (drawn reaching up
    /// under the bar), the bar's bottom edge, which rises as the large title collapses. The
    /// adjusted content inset's top: where a finger reaches it and where section headers pin.
    public static func visibleTop(of scroll: ScrollGeometry, offset: Double, on screen: ScreenSpec?, device: Device) -> Double {
        guard let screen, let bar = screen.navigationBar, screen.reachesUnderBar(scroll, on: device) else { return scroll.frame.minY }
        let area = bar.largeTitleAreaHeight
        let collapsed = bar.largeTitle ? area - largeTitleHeight(offset: offset, area: area) : 0
        return scroll.frame.minY - collapsed
    }

    /// The inline title's opacity on a bar with a large title whose area is `area` tall.
    public static func inlineTitle(offset: Double, area: Double = NavigationBarView.largeTitleHeight) -> Double {
        min(max((offset - area) / inlineTitleRamp, 0), 1)
    }
}
