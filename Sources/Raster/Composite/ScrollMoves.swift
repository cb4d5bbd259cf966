import Geometry
import RenderTree
import Scene

/// A scroll between two frames found in their plans: the rows the compositor can move instead of
/// painting again (`Compositor.changes(from:to:)`).
struct ScrollMoves {
    let compositor: Compositor
    private var canvas: CanvasGeometry { compositor.canvas }
    private var contentHeight: Int { compositor.contentHeight }

    private func rows(of step: PaintPlan.Step, sources: ScreenSources?) -> Range<Int>? {
        compositor.rows(of: step, sources: sources)
    }

    /// The rows of `new` that are rows of `old` moved whole, when the two plans differ by a
    /// scroll: their one scroll-content image each (`ScreenPart.Kind.scrollContent`) is the
    /// same part copied at whole pixels `dy` rows apart, under the same clips. Nil otherwise.
    /// `ends` are the plans' `PaintPlan.commonEnds`.
    ///
    /// A row `r` of `new` is row `r - dy` of `old`, pixel for pixel, when:
    /// - both rows lie inside every clip around the content, where a clip (snapped to whole
    ///   pixels, its rounded corners' rows left out) covers the same columns in every row;
    /// - what lies beneath the content paints the same in both rows: a clear, a fill's rows
    ///   clear of its corners, an image's rows that repeat the row above them byte for byte
    ///   (`ScreenImage.uniformRuns`: a screen's background) — and nothing else does there;
    /// - nothing else is painted in row `r` of `new` or row `r - dy` of `old`: not the other
    ///   steps that differ, nor those over the content that both share (bars, chrome, touches);
    /// - both rows are the scene's, not the edge padding below it.
    /// Then each pixel of both rows is the same content pixel over the same pixel beneath it,
    /// through the same clip. (The rows a backdrop reads are repainted all the same, by
    /// `Compositor.changes(from:to:)`.)
    func move(from old: PaintPlan, to new: PaintPlan, ends: (prefix: Int, suffix: Int),
                    sources: ScreenSources?) -> (dy: Int, rows: Damage)? {
        guard let sources else { return nil }
        let a = old.steps, b = new.steps
        let (prefix, suffix) = ends
        guard let ia = scrollContent(in: a[prefix..<(a.count - suffix)]),
              let ib = scrollContent(in: b[prefix..<(b.count - suffix)]),
              case let .image(part, alpha, bounds, cornerRadius, from) = a[ia],
              case let .image(newPart, newAlpha, newBounds, newCornerRadius, to) = b[ib],
              part == newPart, alpha == newAlpha, bounds == newBounds, cornerRadius == newCornerRadius,
              from.a == to.a, from.b == to.b, from.c == to.c, from.d == to.d, from.tx == to.tx,
              let source = sources.source(for: part),
              case .copied? = canvas.placement(of: bounds, device: from, pixelWidth: source.pixelWidth,
                                               pixelHeight: source.pixelHeight),
              case .copied? = canvas.placement(of: bounds, device: to, pixelWidth: source.pixelWidth,
                                               pixelHeight: source.pixelHeight) else { return nil }
        let shift = to.ty - from.ty
        guard shift.isFinite, abs(shift - shift.rounded()) < 1e-6, abs(shift) < Double(contentHeight) else { return nil }
        let dy = Int(shift.rounded())
        let clips = openClips(a, before: ia)
        guard dy != 0, clips == openClips(b, before: ib), let clipped = clipRows(clips) else { return nil }

        // Rows inside the clips and the scene, both in `new` and, `dy` rows up, in `old`.
        let scene = 0..<(contentHeight < canvas.pixelHeight ? contentHeight - 1 : contentHeight)
        let inside = clipped.clamped(to: scene)
        let candidates = inside.clamped(to: (inside.lowerBound + dy)..<(inside.upperBound + dy))
        guard !candidates.isEmpty else { return nil }

        var excluded: [Range<Int>] = []
        func exclude(_ step: PaintPlan.Step, inOld: Bool, inNew: Bool) {
            guard let rows = rows(of: step, sources: sources) else {
                excluded.append(candidates)
                return
            }
            if inNew { excluded.append(rows) }
            if inOld { excluded.append((rows.lowerBound + dy)..<(rows.upperBound + dy)) }
        }
        // Beneath: the steps both plans begin with, which must paint the two rows alike.
        var clipping: [Bool] = []
        for step in a[..<prefix] {
            switch step {
            case .beginChildren(let clip):
                clipping.append(clip != nil)
            case .endChildren:
                _ = clipping.popLast()
            default:
                guard let rows = rows(of: step, sources: sources) else { return nil }
                let touched = Damage([rows, (rows.lowerBound + dy)..<(rows.upperBound + dy)], height: canvas.pixelHeight)
                let alike = clipping.contains(true) ? .none : uniformRows(of: step, sources: sources, dy: dy)
                excluded += touched.subtracting(alike).bands
            }
        }
        // Everything else each plan paints: what differs, and what both paint over the content.
        for index in prefix..<a.count where index != ia { exclude(a[index], inOld: true, inNew: index >= a.count - suffix) }
        for index in prefix..<(b.count - suffix) where index != ib { exclude(b[index], inOld: false, inNew: true) }
        let moved = Damage([candidates], height: canvas.pixelHeight).subtracting(Damage(excluded, height: canvas.pixelHeight))
        return moved.isEmpty ? nil : (dy, moved)
    }

    /// The index of the one scroll-content image among `steps`; nil when there is none or more.
    private func scrollContent(in steps: ArraySlice<PaintPlan.Step>) -> Int? {
        var found: Int?
        for index in steps.indices {
            guard case let .image(part, _, _, _, _) = steps[index], case .scrollContent = part.kind else { continue }
            guard found == nil else { return nil }
            found = index
        }
        return found
    }

    /// The clips open before step `index` of `steps`, outermost first.
    private func openClips(_ steps: [PaintPlan.Step], before index: Int) -> [PaintPlan.Clip] {
        var open: [PaintPlan.Clip?] = []
        for step in steps[..<index] {
            switch step {
            case .beginChildren(let clip): open.append(clip)
            case .endChildren: _ = open.popLast()
            default: break
            }
        }
        return open.compactMap { $0 }
    }

    /// The rows in which `clips` cover the same whole columns in every row: each clip snapped
    /// to whole pixels, less its rounded corners' rows. Every row without clips; nil when one is rotated.
    private func clipRows(_ clips: [PaintPlan.Clip]) -> Range<Int>? {
        var rows = 0..<canvas.pixelHeight
        for clip in clips {
            guard clip.device.isAxisAligned else { return nil }
            let frame = CanvasGeometry.snapped(clip.device.boundingBox(of: clip.bounds))
            let corner = (clip.cornerRadius * CanvasGeometry.radiusScale(clip.device) * CornerCurve.continuousExtent).rounded(.up)
            let top = frame.minY + corner, bottom = frame.maxY - corner
            guard top.isFinite, bottom.isFinite, top < bottom else { return 0..<0 }
            rows = rows.clamped(to: Int(saturating: top)..<Int(saturating: bottom))
        }
        return rows
    }

    /// The rows `r` where `step`, painted beneath the content outside any clip, paints row `r`
    /// as it paints row `r - dy`: everywhere for a clear; a fill's rows clear of its rounded
    /// corners; an image copied at whole pixels, where both rows fall in one of its
    /// `uniformRuns`. None for anything else.
    private func uniformRows(of step: PaintPlan.Step, sources: ScreenSources, dy: Int) -> Damage {
        let height = canvas.pixelHeight
        func both(_ rows: Range<Int>) -> Range<Int> {
            let lower = rows.lowerBound + max(dy, 0), upper = rows.upperBound + min(dy, 0)
            return lower < upper ? lower..<upper : 0..<0
        }
        switch step {
        case .clear:
            return .all(height: height)
        case let .fill(_, _, bounds, cornerRadius, device):
            guard device.isAxisAligned else { return .none }
            let frame = CanvasGeometry.snapped(device.boundingBox(of: bounds))
            let corner = (cornerRadius * CanvasGeometry.radiusScale(device) * CornerCurve.continuousExtent).rounded(.up)
            let top = frame.minY + corner, bottom = frame.maxY - corner
            guard top.isFinite, bottom.isFinite, top < bottom else { return .none }
            return Damage([both(Int(saturating: top)..<Int(saturating: bottom))], height: height)
        case let .image(part, _, bounds, cornerRadius, device):
            guard cornerRadius == 0, let source = sources.source(for: part),
                  case let .copied(_, y, _)? = canvas.placement(of: bounds, device: device, pixelWidth: source.pixelWidth,
                                                               pixelHeight: source.pixelHeight) else { return .none }
            let top = Int(y)
            return Damage(source.image.uniformRuns.map { both(($0.lowerBound + top)..<($0.upperBound + top)) }, height: height)
        default:
            return .none
        }
    }
}
