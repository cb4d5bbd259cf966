internal import CCairo
import Foundation
import Geometry
import Scene

/// Controls and icons in their iOS 17 look. Sizes are UIKit's at the default Dynamic Type
/// size (Apple HIG, https://developer.apple.com/design/human-interface-guidelines/toggles,
/// …/segmented-controls, …/sliders, …/steppers, …/page-controls, …/progress-indicators,
/// …/text-fields, …/search-fields, …/buttons); see docs/scene-format.md#controls.
struct ControlPainter {
    /// The screen's painter, whose context, text and shadows a control draws with.
    let painter: ScreenPainter

    var cairo: CairoContext { painter.cairo }
    var scale: Double { painter.scale }
    var icons: IconPainter { painter.icons }

    func paint(_ control: ControlView) throws {
        let frame = control.drawnFrame
        guard frame.width > 0, frame.height > 0 else { return }
        let colors = control.colors
        switch control.kind {
        case .button(let button):
            try paint(button, in: frame, tint: control.tint, colors: colors)
        case .toggle(let isOn):
            paintSwitch(in: frame, isOn: isOn, tint: control.tint, off: colors.switchOff)
        case .segmented(let segments, let selected):
            try paintSegments(segments, selected: selected, in: frame, tint: control.tint, colors: colors)
        case .textField(let field):
            try paint(field, in: frame, tint: control.tint, colors: colors)
        case .slider(let fraction):
            paintSlider(fraction: fraction, in: frame, tint: control.tint, colors: colors)
        case .stepper:
            paintStepper(in: frame, colors: colors)
        case .pageControl(let count, let current):
            let diameter = 7.0, pitch = 16.0
            let width = Double(count - 1) * pitch
            for index in 0..<count {
                let center = Point(x: frame.midX - width / 2 + Double(index) * pitch, y: frame.midY)
                cairo.fillCircle(center: center, radius: diameter / 2, color: index == current ? control.tint : colors.pageIndicator)
            }
        case .progress(let fraction):
            let track = Rect(x: frame.minX, y: frame.midY - 2, width: frame.width, height: 4)
            cairo.fill(track, cornerRadius: 2, curve: .circular, color: colors.track)
            cairo.fill(Rect(x: track.minX, y: track.minY, width: track.width * min(max(fraction, 0), 1), height: 4),
                       cornerRadius: 2, curve: .circular, color: control.tint)
        case .activityIndicator(let large):
            paintSpinner(in: frame, large: large, color: control.tint)
        case .datePicker(let picker):
            try paint(picker, in: frame, colors: colors)
        }
    }

    /// A row with a compact `UIDatePicker`: its label at the leading margin, then, ending at the
    /// trailing margin, a `tertiarySystemFill` pill per shown part (`ControlView.DatePicker`'s
    /// metrics) with the date or time in 17 pt `label` text; the row's label gives way to them.
    private func paint(_ picker: ControlView.DatePicker, in frame: Rect, colors: ControlView.Colors) throws {
        typealias Metrics = ControlView.DatePicker
        let margin = SystemMargins.horizontal(forWidth: painter.device.size.width)
        let pillTop = frame.midY - Metrics.pillHeight / 2
        var trailing = frame.maxX - margin
        for text in picker.pills.reversed() {
            let textWidth = try painter.width(of: text, size: Metrics.fontSize)
            let pill = Rect(x: trailing - textWidth - 2 * Metrics.pillPadding.width, y: pillTop,
                            width: textWidth + 2 * Metrics.pillPadding.width, height: Metrics.pillHeight)
            cairo.fill(pill, cornerRadius: Metrics.pillCornerRadius, color: colors.fill)
            try painter.draw(text, in: Rect(x: pill.minX + Metrics.pillPadding.width, y: pill.minY, width: textWidth + 1, height: pill.height),
                     size: Metrics.fontSize, color: colors.label)
            trailing = pill.minX - Metrics.pillSpacing
        }
        let labelWidth = trailing + Metrics.pillSpacing - 8 - (frame.minX + margin)
        if !picker.label.isEmpty, labelWidth > 0 {
            try painter.draw(picker.label, in: Rect(x: frame.minX + margin, y: frame.minY, width: labelWidth, height: frame.height),
                     size: Metrics.fontSize, color: colors.label)
        }
    }

    /// Background by style, then the icon and title side by side, centered, 6 pt apart.
    private func paint(_ button: ControlView.Button, in frame: Rect, tint: Color, colors: ControlView.Colors) throws {
        let radius = button.cornerRadius ?? ControlView.Button.dynamicCornerRadius(height: frame.height)
        let background: Color
        var foreground = tint
        switch button.style {
        case .plain: background = .clear
        case .tinted: background = tint.withAlpha(tint.alpha * colors.tintedWashAlpha)
        case .filled:
            background = tint
            foreground = .white
        case .bordered: background = colors.fill
        }
        if let color = button.foreground { foreground = color }
        cairo.fill(frame, cornerRadius: radius, color: background)
        try drawContent(title: button.title, icon: button.icon, in: frame, fontSize: button.fontSize, weight: button.weight,
                        color: foreground, font: button.customFont)
    }

    /// An icon and a title centered together in `frame`; the title tail-truncated to fit.
    func drawContent(title: String?, icon: Icon?, in frame: Rect, fontSize: Double, weight: LabelView.Weight, color: Color,
                     alignment: LabelView.Alignment = .center, font: CustomFont? = nil) throws {
        let iconSide = icon == nil ? 0 : fontSize * 1.25
        let gap = icon != nil && title?.isEmpty == false ? 6.0 : 0
        let available = max(frame.width - 2 * min(12, frame.width / 8) - iconSide - gap, 0)
        let titleWidth = try title.map { min(try painter.width(of: $0, size: fontSize, weight: weight, font: font), available) } ?? 0
        let total = iconSide + gap + titleWidth
        var x = alignment == .center ? frame.midX - total / 2 : frame.minX
        if let icon {
            try icons.draw(icon, in: Rect(x: x, y: frame.midY - iconSide / 2, width: iconSide, height: iconSide),
                           pointSize: fontSize, weight: weight, color: color)
            x += iconSide + gap
        }
        if let title, titleWidth > 0 {
            try painter.draw(title, in: Rect(x: x, y: frame.minY, width: titleWidth + 1, height: frame.height), size: fontSize,
                     weight: weight, color: color, font: font)
        }
    }

    /// `UISwitch`: a 51 × 31 capsule, its 27 pt white knob 2 pt from the edge — left when off,
    /// right when on over the tint.
    func paintSwitch(in frame: Rect, isOn: Bool, tint: Color, off: Color) {
        let track = Rect(origin: frame.origin, size: Size(width: 51, height: 31))
        cairo.fill(track, cornerRadius: 15.5, curve: .circular, color: isOn ? tint : off)
        let knob = Point(x: track.minX + (isOn ? 51 - 15.5 : 15.5), y: track.midY)
        paintKnob(center: knob, radius: 13.5)
    }

    /// A white round knob with UIKit's soft shadow (0, 3) blur 8 at 15 % and a 1 pt contact shadow.
    private func paintKnob(center: Point, radius: Double) {
        let knob = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        painter.paintShadow(of: knob, cornerRadius: radius, shadow: ViewShadow(color: .black, opacity: 0.15, radius: 8, offset: Point(x: 0, y: 3)))
        painter.paintShadow(of: knob, cornerRadius: radius, shadow: ViewShadow(color: .black, opacity: 0.06, radius: 1, offset: Point(x: 0, y: 3)))
        cairo.fillCircle(center: center, radius: radius, color: .white)
    }

    /// `UISegmentedControl`: a gray rounded track (radius 9), the selected segment a raised
    /// card inset 2 pt (radius 7); 13 pt titles, semibold when selected; hairline dividers
    /// between unselected neighbours.
    private func paintSegments(_ segments: [ControlView.Segment], selected: Int, in frame: Rect, tint: Color,
                               colors: ControlView.Colors) throws {
        guard !segments.isEmpty else { return }
        cairo.fill(frame, cornerRadius: min(9, frame.height / 2), color: colors.fill)
        let inner = Rect(x: frame.minX + 2, y: frame.minY + 2, width: frame.width - 4, height: frame.height - 4)
        let width = inner.width / Double(segments.count)
        func box(_ index: Int) -> Rect { Rect(x: inner.minX + Double(index) * width, y: inner.minY, width: width, height: inner.height) }
        if segments.indices.contains(selected) {
            let card = box(selected)
            let radius = min(7, card.height / 2)
            painter.paintShadow(of: card, cornerRadius: radius, shadow: ViewShadow(color: .black, opacity: 0.12, radius: 8, offset: Point(x: 0, y: 3)))
            painter.paintShadow(of: card, cornerRadius: radius, shadow: ViewShadow(color: .black, opacity: 0.04, radius: 1, offset: Point(x: 0, y: 3)))
            cairo.fill(card, cornerRadius: radius, color: tint)
        }
        for index in 1..<max(segments.count, 1) where index != selected && index - 1 != selected {
            let x = inner.minX + Double(index) * width
            cairo.fill(Rect(x: x - 0.5, y: frame.midY - 6, width: 1, height: 12), color: colors.separator)
        }
        for (index, segment) in segments.enumerated() {
            try drawContent(title: segment.title, icon: segment.icon, in: box(index), fontSize: 13,
                            weight: index == selected ? .semibold : .regular, color: colors.label)
        }
    }

    /// Text fields: the rounded-rect field (hairline border, 5 pt corners, text 8 pt in), the
    /// plain one, or the search field (gray, 10 pt corners, magnifying glass, optional Cancel);
    /// placeholder in the placeholder color; the insertion point 2 pt wide in the tint.
    private func paint(_ field: ControlView.TextField, in frame: Rect, tint: Color, colors: ControlView.Colors) throws {
        var box = frame
        var textX = frame.minX
        var placeholderColor = colors.placeholder
        switch field.style {
        case .roundedRect:
            cairo.fill(box, cornerRadius: 5, color: colors.fieldBackground)
            painter.paintBorder(of: box, width: 1 / scale, cornerRadius: 5, curve: .continuous, color: colors.separator)
            textX += 8
        case .plain:
            break
        case .search:
            if field.showsCancel {
                let cancelWidth = try painter.width(of: "Cancel", size: 17)
                try painter.draw("Cancel", in: Rect(x: frame.maxX - cancelWidth - 1, y: frame.minY, width: cancelWidth + 1, height: frame.height),
                         size: 17, color: tint)
                box.size.width = max(frame.width - cancelWidth - 12, 0)
            }
            cairo.fill(box, cornerRadius: min(10, box.height / 2), color: colors.fill)
            if case .success(let glass) = IconCatalog.icon(named: "search") {
                try icons.draw(glass, in: Rect(x: box.minX + 6, y: box.midY - 10, width: 20, height: 20), pointSize: 17,
                               color: colors.secondaryLabel)
            }
            textX += 30
            placeholderColor = colors.secondaryLabel
        }
        let textWidth = max(box.maxX - textX - 8, 0)
        var cursorX = textX
        if !field.text.isEmpty {
            try painter.draw(field.text, in: Rect(x: textX, y: box.minY, width: textWidth, height: box.height), size: 17, color: colors.label)
            cursorX += min(try painter.width(of: field.text, size: 17), textWidth) + 1
        } else if !field.placeholder.isEmpty {
            try painter.draw(field.placeholder, in: Rect(x: textX, y: box.minY, width: textWidth, height: box.height), size: 17,
                     color: placeholderColor)
        }
        if field.isEditing {
            cairo.fill(Rect(x: cursorX, y: box.midY - 11, width: 2, height: 22), cornerRadius: 1, curve: .circular, color: tint)
        }
    }

    /// `UISlider`: a 4 pt capsule track, tinted up to the 28 pt white thumb.
    private func paintSlider(fraction: Double, in frame: Rect, tint: Color, colors: ControlView.Colors) {
        let radius = 14.0
        let x = frame.minX + radius + min(max(fraction, 0), 1) * max(frame.width - 2 * radius, 0)
        let track = Rect(x: frame.minX, y: frame.midY - 2, width: frame.width, height: 4)
        cairo.fill(track, cornerRadius: 2, curve: .circular, color: colors.track)
        cairo.fill(Rect(x: track.minX, y: track.minY, width: x - track.minX, height: 4), cornerRadius: 2, curve: .circular, color: tint)
        paintKnob(center: Point(x: x, y: frame.midY), radius: radius)
    }

    /// `UIStepper`: 94 × 32, gray, 8 pt corners, a divider, − and + in the label color.
    private func paintStepper(in frame: Rect, colors: ControlView.Colors) {
        cairo.fill(frame, cornerRadius: 8, color: colors.fill)
        cairo.fill(Rect(x: frame.midX - 0.5, y: frame.midY - 9, width: 1, height: 18), color: colors.separator)
        let minus = Point(x: frame.minX + frame.width / 4, y: frame.midY), plus = Point(x: frame.maxX - frame.width / 4, y: frame.midY)
        let half = 7.0, stroke = 2.0
        cairo.strokeLines([Point(x: minus.x - half, y: minus.y), Point(x: minus.x + half, y: minus.y)], width: stroke, color: colors.label)
        cairo.strokeLines([Point(x: plus.x - half, y: plus.y), Point(x: plus.x + half, y: plus.y)], width: stroke, color: colors.label)
        cairo.strokeLines([Point(x: plus.x, y: plus.y - half), Point(x: plus.x, y: plus.y + half)], width: stroke, color: colors.label)
    }

    /// `UIActivityIndicatorView` (iOS 13+): eight round-capped spokes fading behind the leading
    /// one; medium in a 20 pt box, large in 37 pt. A still picture: frames are independent of time.
    private func paintSpinner(in frame: Rect, large: Bool, color: Color) {
        let center = Point(x: frame.midX, y: frame.midY)
        let inner = large ? 8.5 : 4.6, outer = large ? 16.2 : 8.6, width = large ? 4.2 : 2.4
        for spoke in 0..<8 {
            let angle = -Double.pi / 2 - Double(spoke) * Double.pi / 4
            let alpha = max(1 - Double(spoke) * 0.11, 0.25)
            let (s, c) = (sin(angle), cos(angle))
            cairo.strokeLines([Point(x: center.x + c * inner, y: center.y + s * inner), Point(x: center.x + c * outer, y: center.y + s * outer)],
                              width: width, color: color.withAlpha(color.alpha * alpha))
        }
    }
}
