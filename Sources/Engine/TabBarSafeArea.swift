import Scene

extension Scene {
    /// The scene with the tab bar in the safe area of every screen shown inside a tab: each tab's
    /// root, and each screen a navigation style pushes from one (transitively) unless it sets
    /// `hidesBottomBarWhenPushed`, gets `tabBarInset`: the bar's height above the bottom safe area
    /// (`TabBarLayout.contentInset`: 49 pt in the classic design).
    ///
    /// `UITabBarController` lays its bar over its children and adds the bar's height to their
    /// `safeAreaInsets.bottom` (Apple, "Positioning content relative to the safe area": "the
    /// safe area … reflects the area not covered by navigation bars, tab bars, toolbars"), so a
    /// scroll view's adjusted content inset lets its last row come to rest above the bar while
    /// the content still scrolls under it. A screen presented over a tab is not inside it.
    /// Applying it again changes nothing.
    public func withTabBarSafeArea() -> Scene {
        guard let tabs else { return self }
        let registry = StyleRegistry(scene: self)
        var inTabs = Set(tabs.roots)
        var queue = tabs.roots
        while let screen = queue.popLast() {
            for transition in transitions where transition.from == screen && !inTabs.contains(transition.to) {
                guard let style = registry.style(named: transition.style), style.presentations.contains(.navigation),
                      screens[transition.to]?.hidesBottomBarWhenPushed == false else { continue }
                inTabs.insert(transition.to)
                queue.append(transition.to)
            }
        }
        var scene = self
        let inset = device.chrome.tabBar(itemCount: tabs.bar.items.count, on: device).contentInset
        for name in inTabs where scene.screens[name] != nil {
            scene.screens[name]?.tabBarInset = inset
        }
        return scene
    }
}
