import Scene

/// What a finger did: the run it started or caught, or why it did nothing.
enum GestureEffect {
    case run(Int)
    /// It scrolled `scrolls[index]`.
    case scroll(Int)
    case nothing(String)
    /// It acted without a transition run (a tab switch), said in words.
    case acted(String)
    /// A sheet and the scroll view inside it shared it (`SheetScrollArbitration`): the runs it
    /// drove the sheet through and the scrolls it made, each in time order.
    case shared(runs: [Int], scrolls: [Int])
}

/// Each gesture against what it was expected to do (`expect:`): a gesture that does nothing
/// unasked, or one whose run ends otherwise than `expect:` says, is an error at its entry.
struct GestureExpectations {
    /// Every gesture entry and what it did, in timeline order.
    var gestures: [(entry: TimelineEntry, effect: GestureEffect)] = []

    mutating func record(_ entry: TimelineEntry, _ effect: GestureEffect) {
        gestures.append((entry, effect))
    }

    /// The gestures whose effect differs from their `expect:`, each a diagnostic at its entry,
    /// given the runs and scrolls the replay made.
    func problems(runs: [ReplayedRun], scrolls: [ScrollRun]) -> [Diagnostic] {
        gestures.compactMap { entry, recorded in
            problem(entry, recorded, runs: runs, scrolls: scrolls).map { Diagnostic(location: entry.location, message: $0) }
        }
    }

    private func problem(_ entry: TimelineEntry, _ recorded: GestureEffect, runs: [ReplayedRun], scrolls: [ScrollRun]) -> String? {
        let kind = entry.gestureName
        let format = Wording.number
        var effect = recorded
        if case .shared(let runs, let scrolled) = recorded {
            // A pan the sheet and its scroll view shared answers for the part its `expect:` names:
            // its last scroll for `scroll`, its last run of the sheet otherwise.
            let scroll = scrolled.last.map(GestureEffect.scroll), run = runs.last.map(GestureEffect.run)
            effect = (entry.expect == .scroll ? scroll ?? run : run ?? scroll) ?? .nothing("it has no samples")
        }
        switch (effect, entry.expect) {
        case (.scroll(let index), .scroll?) where entry.expectedScroll != nil:
            let run = scrolls[index]
            guard let wanted = entry.expectedScroll else { return nil }
            if run.key.view != wanted.list {
                return "this \(kind) should scroll '\(wanted.list)', but it scrolls '\(run.key.view)' of '\(run.key.screen)'"
            } else if abs(run.restingOffset - wanted.offset) > wanted.tolerance {
                return "this \(kind) should scroll '\(wanted.list)' to rest at \(format(wanted.offset)) pt (± \(format(wanted.tolerance))), but it comes to rest at \(format(run.restingOffset)) pt at \(format(run.endTime)) s"
            }
            return nil
        case (.nothing, .nothing?), (.scroll, .scroll?), (.scroll, nil):
            return nil
        case (.scroll(let index), let expected?):
            let run = scrolls[index]
            return "this \(kind) should \(expected.rawValue == "nothing" ? "do nothing" : "\(expected.rawValue) a transition"), but it scrolls '\(run.key.view)' of '\(run.key.screen)' (to rest at \(format(run.restingOffset)) pt at \(format(run.endTime)) s)"
        case (.nothing(let why), .scroll?):
            return "this \(kind) should scroll a list or grid but does nothing: \(why)"
        case (.nothing(let why), nil):
            return "this \(kind) does nothing: \(why); if that is intended, add 'expect: nothing'"
        case (.nothing(let why), let expected?):
            return "this \(kind) should \(expected.rawValue) a transition but does nothing: \(why)"
        case (.run(let index), let expected?):
            let driver = runs[index].driver
            let ended = driver.completion.map { $0.finished ? "finished" : "was cancelled" } ?? "was still held when the scene ended"
            let verb = driver.completion.map { " at \(format($0.time)) s" } ?? ""
            let what = "the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)'"
            let detent = driver.completion == nil ? nil : driver.detentChange
            switch expected {
            case .scroll:
                return "this \(kind) should scroll a list or grid, but it drives \(what), which \(ended)\(verb)"
            case .nothing:
                return "this \(kind) should do nothing, but it drives \(what), which \(ended)\(verb)"
            case .detent where detent == nil:
                return "this \(kind) should move the sheet to \(entry.expectedDetent.map { "the \($0) detent" } ?? "another detent"), but it drives \(what), which \(ended)\(verb)"
            case .detent where entry.expectedDetent != nil && entry.expectedDetent != detent:
                return "this \(kind) should move the sheet to the \(entry.expectedDetent ?? "") detent, but it settles at the \(detent ?? "") detent\(verb)"
            case .cancel where detent != nil:
                return "this \(kind) moves the sheet to the \(detent ?? "") detent\(verb), not back where it was; write 'expect: { detent: \(detent ?? "") }'"
            case .finish where driver.completion?.finished != true, .cancel where driver.completion?.finished != false:
                return "this \(kind) should \(expected.rawValue) \(what), but it \(ended)\(verb)"
            default:
                return nil
            }
        case (.run, nil), (.acted, nil):
            return nil
        case (.acted(let what), let expected?):
            return "this \(kind) should \(expected.rawValue == "nothing" ? "do nothing" : "\(expected.rawValue) a transition"), but it \(what)"
        case (.shared, _):
            return nil
        }
    }
}
