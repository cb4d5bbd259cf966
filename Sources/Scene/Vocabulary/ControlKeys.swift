import Geometry

// The declarations of controls. A control kind is declared once, here: its keys, its default
// tint and how its keys become a `ControlView.Kind`; the view decoder, the schema and the docs
// take the list `ControlKeys.kinds`. Adding a control touches its model (`ControlView.Kind`), its
// declaration here and its painter. See docs/architecture.md, "Declaring a scene key".

/// One control kind: the keys it takes, its default tint, and how its keys become a control.
public struct ControlDeclaration: Sendable {
    /// Its keys, the keys every control has first; its name is the view kind key.
    public let mapping: KeyMapping
    public var name: String { mapping.name }
    public var doc: String { mapping.doc }
    /// The tint when the scene gives none.
    let defaultTint: @Sendable (ControlFields) -> Color
    /// Its own keys made into a control; nil after reporting a problem.
    let decode: @Sendable (ControlFields) -> ControlView.Kind?

    /// A control `name` with `keys` besides those of every control; `tint` names its default tint
    /// (a system color) for the docs.
    init(_ name: String, _ what: String, doc: String, required: [String] = [], tint: String, _ keys: [any DeclaredKey],
         defaultTint: (@Sendable (ControlFields) -> Color)? = nil, decode: @escaping @Sendable (ControlFields) -> ControlView.Kind?) {
        let tintKey = Setting<Color?>("tint", defaultText: tint, doc: "the control's color", uikit: "tintColor")
        mapping = KeyMapping(name, what, doc: doc, required: ["frame"] + required, ControlKeys.common + [tintKey] + keys)
        self.defaultTint = defaultTint ?? { $0.system(tint) }
        self.decode = decode
    }
}

/// What a control's decoding reads: its keys, the scene's appearance and the shared decoders
/// (icons, fonts).
struct ControlFields {
    let decoder: ControlDecoder
    let fields: Fields
    let node: Node
    let kind: String

    var reader: NodeReader { decoder.reader }
    var colors: ControlView.Colors { ControlView.Colors.system(decoder.appearance, level: decoder.reader.level) }

    /// The value of `key`, or its default.
    func value<Value>(_ key: Setting<Value>, _ what: String? = nil) -> Value {
        reader.value(fields, key, what, appearance: decoder.appearance)
    }

    /// The node of declared `key`, when given.
    subscript(key: some DeclaredKey) -> Node? { fields[key] }

    /// The iOS system color `name` in the scene's appearance.
    func system(_ name: String) -> Color { decoder.system(name) }
}

/// The keys every control has, and the control kinds.
public enum ControlKeys {
    /// `frame` of a control: [x, y, width, height], or [x, y] for a control of fixed size.
    public static let frame = ShapedKey("frame", .oneOf([.point, .rect]), doc: "[x, y, width, height]; a control of fixed size also takes [x, y]")
    public static let common: [any DeclaredKey] = [ViewKeys.id, frame, ViewKeys.autoresizing, ViewKeys.opacity]

    public static let isOn = Setting<Bool>("isOn", default: false,
                                           doc: "on or off (`on` would read as true in YAML 1.1 tools)", uikit: "UISwitch.isOn")
    public static let segments = ShapedKey("segments", .list(.oneOf([.text, .shape("segment")])), doc: "titles, or { icon: NAME }")
    public static let selected = Setting<Int>("selected", .integer(range: Limits.index), default: 0, doc: "the selected segment",
                                              uikit: "selectedSegmentIndex")
    public static let text = Setting<String>("text", default: "", doc: "the text")
    public static let placeholder = Setting<String?>("placeholder", defaultText: "Search in a search bar, none otherwise", doc: "shown while empty")
    public static let editing = Setting<Bool>("editing", default: false, doc: "draw the insertion point", uikit: "isFirstResponder")
    public static let textFieldStyle = Setting<ControlView.TextField.Style>("style", default: .roundedRect, doc: "border style",
                                                                            uikit: "UITextField.BorderStyle")
    public static let cancel = Setting<Bool>("cancel", default: false, doc: "a Cancel button", uikit: "showsCancelButton")
    public static let minimum = Setting<Double>("minimum", default: 0, doc: "the value at the left end", uikit: "minimumValue")
    public static let maximum = Setting<Double>("maximum", default: 1, doc: "the value at the right end", uikit: "maximumValue")
    public static let sliderValue = Setting<Double?>("value", defaultText: "minimum", doc: "the value, minimum to maximum")
    public static let pages = Setting<Int?>("pages", .integer(range: Limits.columns), doc: "how many dots", uikit: "numberOfPages")
    public static let current = Setting<Int>("current", .integer(range: Limits.index), default: 0, doc: "the current page", uikit: "currentPage")
    public static let progress = Setting<Double>("progress", .number(range: Limits.unit), default: 0, doc: "the fraction done")
    public static let indicatorStyle = Setting<ActivityIndicatorStyle>("style", default: .medium, doc: "medium (20 pt) or large (37 pt)")
    public static let buttonStyle = Setting<ControlView.Button.Style>("style", default: .plain, doc: "the button configuration",
                                                                     uikit: "UIButton.Configuration")
    public static let buttonTitle = Setting<String?>("title", doc: "the title")
    public static let icon = ShapedKey("icon", .text, doc: "an icon name or an emoji")
    public static let buttonCornerRadius = Setting<Double?>("cornerRadius", .number(range: Limits.cornerRadius),
                                                            defaultText: "a quarter of the height, at most 14", doc: "corner radius")
    public static let buttonColor = Setting<Color?>("color", defaultText: "by style", doc: "the title and icon color")

    public static let dateLabel = Setting<String>("label", default: "", doc: "the row's title, at the leading edge")
    public static let date = Setting<String?>("date", doc: "YYYY-MM-DD HH:MM (24-hour), YYYY-MM-DD or HH:MM", uikit: "UIDatePicker.date")
    public static let dateMode = Setting<ControlView.DatePicker.Mode>("mode", default: .dateAndTime, doc: "which pills show",
                                                                      uikit: "UIDatePicker.Mode")

    /// `segments: [{ title, icon }]`.
    public static let segment = KeyMapping("segment", "a segment (a title, or { icon: NAME })", doc: "a segment",
                                           [Setting<String?>("title", doc: "the title"), icon])

    /// The control kinds by their scene-file key.
    public static let kinds: [ControlDeclaration] = [
        ControlDeclaration("button", "a button", doc: "a UIButton", tint: "systemBlue",
                           [buttonTitle, icon, buttonStyle, ViewKeys.font, ViewKeys.family, ViewKeys.size, ViewKeys.weight,
                            buttonCornerRadius, buttonColor]) { $0.decoder.decodeButton($0) },
        ControlDeclaration("switch", "a switch", doc: "a UISwitch", tint: "systemGreen", [isOn]) { .toggle(isOn: $0.value(isOn)) },
        ControlDeclaration("segmentedControl", "a segmentedControl", doc: "a UISegmentedControl", required: ["segments"],
                           tint: "the selected segment's white", [segments, selected],
                           defaultTint: { $0.colors.selectedSegment }) { $0.decoder.decodeSegmented($0) },
        ControlDeclaration("textField", "a textField", doc: "a UITextField", tint: "systemBlue", [text, placeholder, editing, textFieldStyle]) {
            .textField(ControlView.TextField(style: $0.value(textFieldStyle, "textField style"), text: $0.value(text),
                                             placeholder: $0.value(placeholder) ?? "", isEditing: $0.value(editing)))
        },
        ControlDeclaration("searchBar", "a searchBar", doc: "a UISearchBar", tint: "systemBlue", [text, placeholder, editing, cancel]) {
            .textField(ControlView.TextField(style: .search, text: $0.value(text), placeholder: $0.value(placeholder) ?? "Search",
                                             isEditing: $0.value(editing), showsCancel: $0.value(cancel)))
        },
        ControlDeclaration("slider", "a slider", doc: "a UISlider", tint: "systemBlue", [sliderValue, minimum, maximum]) { c in
            let low = c.value(minimum), high = c.value(maximum)
            if high <= low, let node = c[ControlKeys.maximum] ?? c[ControlKeys.minimum] {
                c.reader.error(node, "a slider's maximum must be above its minimum, found \(low)...\(high)")
            }
            let value = c[ControlKeys.sliderValue].flatMap { c.reader.double($0, "value", range: low...max(high, low)) } ?? low
            return .slider(fraction: high > low ? (value - low) / (high - low) : 0)
        },
        ControlDeclaration("stepper", "a stepper", doc: "a UIStepper", tint: "systemBlue", []) { _ in .stepper },
        ControlDeclaration("pageControl", "a pageControl", doc: "a UIPageControl", required: ["pages"], tint: "label", [pages, current]) { c in
            let count = c.value(pages)
            let page = c[ControlKeys.current].flatMap { c.reader.int($0, "current page", range: 0...max((count ?? 1) - 1, 0)) } ?? current.defaultValue
            return count.map { .pageControl(count: $0, current: page) }
        },
        ControlDeclaration("progressView", "a progressView", doc: "a UIProgressView", tint: "systemBlue", [progress]) {
            .progress(fraction: $0.value(progress))
        },
        ControlDeclaration("activityIndicator", "an activity indicator", doc: "a UIActivityIndicatorView", tint: "systemGray",
                           [indicatorStyle]) { .activityIndicator(large: $0.value(indicatorStyle, "activityIndicator style") == .large) },
        ControlDeclaration("datePicker", "a datePicker", doc: "a row with a compact UIDatePicker", required: ["date"], tint: "systemBlue",
                           [dateLabel, date, dateMode]) { c in
            guard let node = c[ControlKeys.date] else { return nil }
            guard let text = c.value(date) else { return nil }
            guard let moment = ControlView.DatePicker.Moment(parsing: text) else {
                c.reader.error(node, "expected a date as YYYY-MM-DD HH:MM, YYYY-MM-DD or HH:MM (24-hour), found '\(text)'")
                return nil
            }
            return .datePicker(ControlView.DatePicker(label: c.value(dateLabel), mode: c.value(dateMode, "datePicker mode"), date: moment))
        },
    ]
}

/// `UIActivityIndicatorView.Style`.
public enum ActivityIndicatorStyle: String, Sendable, CaseIterable, SettingChoice {
    case medium, large
}

extension ControlView.TextField.Style: SettingChoice {}
extension ControlView.DatePicker.Mode: SettingChoice {}
extension ControlView.Button.Style: SettingChoice {}
