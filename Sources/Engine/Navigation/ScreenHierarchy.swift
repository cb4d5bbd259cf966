/// The view controllers a scene shows at one moment, by screen name: the stack on top (the
/// selected tab's navigation stack with whatever is presented over it) and the other tabs' stacks.
///
/// A screen of a scene is one view controller, so it can stand in one place at a time. UIKit
/// refuses the rest with an `NSInvalidArgumentException`: presenting a view controller that is
/// already shown ("Application tried to present modally an active controller <…>",
/// `-[UIViewController presentViewController:animated:completion:]`), pushing one already among
/// the navigation controller's children ("Pushing the same view controller instance more than
/// once is not supported"; published decompilations of `-[UINavigationController
/// pushViewController:animated:]` show the `childViewControllers containsObject:` check); and a
/// view controller has one parent, so a tab's root cannot also be pushed or presented elsewhere.
struct ScreenHierarchy {
    /// One stack entry: its screen, and whether it was pushed (true) or presented (false); the
    /// first entry of a stack is its root.
    struct Level: Equatable {
        var screen: String
        var pushed: Bool
    }

    /// The stack on top.
    var stack: [Level]
    /// The other tabs' stacks, by tab index (the selected tab's is `stack`).
    var otherTabs: [(index: Int, stack: [Level])] = []

    /// Why `screen` cannot be pushed or presented (`verb`) now, or nil when it is nowhere yet.
    func refusal(toShow screen: String, verb: String) -> String? {
        let reason = "a screen is one view controller, and UIKit raises when a view controller already in the hierarchy is pushed or presented again; declare another screen for the second appearance"
        if let level = stack.firstIndex(where: { $0.screen == screen }) {
            let role = level == 0 ? "the root of the stack on screen"
                : "\(stack[level].pushed ? "pushed" : "presented") onto '\(stack[level - 1].screen)'"
            return "cannot \(verb) '\(screen)': it is already shown (\(role)); \(reason)"
        }
        for (index, tabStack) in otherTabs {
            guard let level = tabStack.firstIndex(where: { $0.screen == screen }) else { continue }
            let role = level == 0 ? "the root of tab \(index)" : "in tab \(index)'s stack"
            return "cannot \(verb) '\(screen)': it is already shown (\(role)); \(reason)"
        }
        return nil
    }
}
