import Geometry

/// A UIKit control in its iOS 17 look: a button, switch, segmented control, text field,
/// search bar, slider, stepper, page control, progress view or activity indicator.
///
/// Controls are pictures of a state (a switch on or off, a slider's value, a field with a
/// cursor): nothing in a scene's timeline operates them. Colors are resolved for the scene's
/// appearance when the file is read.
public struct ControlView: Sendable {
    public enum Kind: Sendable {
        case button(Button)
        /// `UISwitch`, 51 × 31 pt.
        case toggle(isOn: Bool)
        /// `UISegmentedControl`: its segments and the selected one.
        case segmented(segments: [Segment], selected: Int)
        /// `UITextField` (rounded-rect border style) or `UISearchBar`'s field.
        case textField(TextField)
        /// `UISlider`: the value as a fraction 0...1 of its range.
        case slider(fraction: Double)
        /// `UIStepper`, 94 × 32 pt.
        case stepper
        /// `UIPageControl`: dots, the current one highlighted.
        case pageControl(count: Int, current: Int)
        /// `UIProgressView` (default style): the fraction done.
        case progress(fraction: Double)
        /// `UIActivityIndicatorView`: eight spokes, `large` 37 pt or medium 20 pt.
        case activityIndicator(large: Bool)
        /// A form row with a compact `UIDatePicker`: the row's label at the leading edge, the
        /// date and/or time in grey pills at the trailing edge.
        case datePicker(DatePicker)
    }

    /// A compact `UIDatePicker` (`preferredDatePickerStyle = .compact`) in a row, as in
    /// Settings or Calendar: what it shows, in the en_US formats UIKit uses by default
    /// (`DateFormatter` medium date, "Nov 23, 2026"; short time, "9:41 AM").
    public struct DatePicker: Sendable {
        /// `UIDatePicker.Mode`: which pills show.
        public enum Mode: String, Sendable, CaseIterable {
            case date, time, dateAndTime
        }

        /// A calendar date and a time of day, as written in the scene (no time zone: what the pills show).
        public struct Moment: Hashable, Sendable {
            public var year: Int
            public var month: Int
            public var day: Int
            public var hour: Int
            public var minute: Int

            public init(year: Int, month: Int, day: Int, hour: Int = 9, minute: Int = 41) {
                self.year = year
                self.month = month
                self.day = day
                self.hour = hour
                self.minute = minute
            }

            /// `DateFormatter.dateStyle = .medium` in en_US: "Nov 23, 2026".
            public var mediumDate: String {
                let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                return "\(months[min(max(month, 1), 12) - 1]) \(day), \(year)"
            }

            /// `DateFormatter.timeStyle = .short` in en_US: "9:41 AM", "12:05 PM".
            public var shortTime: String {
                let twelve = hour % 12 == 0 ? 12 : hour % 12
                return "\(twelve):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
            }

            /// What a scene writes: `YYYY-MM-DD HH:MM` (24-hour), `YYYY-MM-DD` (at 9:41) or
            /// `HH:MM` (on Jan 9, 2007, the day the iPhone was introduced); nil for anything else
            /// or a day the month does not have.
            public init?(parsing text: String) {
                let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                func numbers(_ part: String, _ separator: Character, _ counts: [Int]) -> [Int]? {
                    let fields = part.split(separator: separator, omittingEmptySubsequences: false)
                    guard fields.count == counts.count else { return nil }
                    var values: [Int] = []
                    for (field, count) in zip(fields, counts) {
                        guard field.count == count, field.allSatisfy(\.isASCII), let value = Int(field) else { return nil }
                        values.append(value)
                    }
                    return values
                }
                var date = [2007, 1, 9], time = [9, 41]
                switch parts.count {
                case 1 where parts[0].contains(":"):
                    guard let t = numbers(parts[0], ":", [2, 2]) else { return nil }
                    time = t
                case 1:
                    guard let d = numbers(parts[0], "-", [4, 2, 2]) else { return nil }
                    date = d
                case 2:
                    guard let d = numbers(parts[0], "-", [4, 2, 2]), let t = numbers(parts[1], ":", [2, 2]) else { return nil }
                    (date, time) = (d, t)
                default:
                    return nil
                }
                guard (1...12).contains(date[1]), (1...Self.days(inMonth: date[1], year: date[0])).contains(date[2]),
                      (0...23).contains(time[0]), (0...59).contains(time[1]) else { return nil }
                self.init(year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1])
            }

            /// The days of `month` in `year` (Gregorian).
            public static func days(inMonth month: Int, year: Int) -> Int {
                switch month {
                case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
                case 4, 6, 9, 11: return 30
                default: return 31
                }
            }
        }

        /// The row's title ("Starts"); empty for a picker without one.
        public var label: String
        public var mode: Mode
        public var date: Moment

        public init(label: String, mode: Mode, date: Moment) {
            self.label = label
            self.mode = mode
            self.date = date
        }

        /// The pills' texts, leading to trailing: the date, the time or both.
        public var pills: [String] {
            switch mode {
            case .date: return [date.mediumDate]
            case .time: return [date.shortTime]
            case .dateAndTime: return [date.mediumDate, date.shortTime]
            }
        }

        /// `_UIDatePickerStyle_iOS`'s compact label metrics: each pill is its 17 pt text padded
        /// 12 pt left and right and 7 pt above and below (`compactLabelBackgroundPadding`), on a
        /// body line of 20.29 pt (`UIFont.preferredFont(forTextStyle: .body).lineHeight`), with
        /// 8 pt continuous corners (`compactLabelCornerRadius`), 4 pt apart (`compactLabelButtonSpacing`).
        public static let pillPadding = Size(width: 12, height: 7)
        public static let pillHeight = 20.29 + 2 * 7
        public static let pillCornerRadius = 8.0
        public static let pillSpacing = 4.0
        public static let fontSize = 17.0
    }

    /// `UIButton.Configuration`: plain, tinted, filled or gray (bordered), with a title, an
    /// icon or both.
    public struct Button: Sendable {
        public enum Style: String, Sendable, CaseIterable {
            /// `.plain()`: tinted text, no background.
            case plain
            /// `.tinted()`: tinted text on a pale wash of the tint.
            case tinted
            /// `.filled()` / `.borderedProminent`: white text on the tint.
            case filled
            /// `.gray()` / `.bordered`: tinted text on the gray fill of system controls.
            case bordered
        }

        public var style: Style
        public var title: String?
        public var icon: Icon?
        /// Text size and weight (17 pt regular: `.body`).
        public var fontSize: Double
        public var weight: LabelView.Weight
        /// nil: UIKit's dynamic corner, about a quarter of the height (8 pt at 34 pt, 12 pt at 50 pt).
        public var cornerRadius: Double?
        /// The title and icon color; nil: by style (white on `filled`, the tint otherwise).
        public var foreground: Color?
        /// The family the title names (`family:`); nil: the scene's system font (`SceneFonts`, Inter by default).
        public var customFont: CustomFont?

        public init(style: Style, title: String?, icon: Icon? = nil, fontSize: Double = 17, weight: LabelView.Weight = .regular,
                    cornerRadius: Double? = nil, foreground: Color? = nil) {
            self.style = style
            self.title = title
            self.icon = icon
            self.fontSize = fontSize
            self.weight = weight
            self.cornerRadius = cornerRadius
            self.foreground = foreground
        }

        /// The dynamic corner radius for a button `height` tall: 0.24 × height, at most 14 pt.
        public static func dynamicCornerRadius(height: Double) -> Double { min(height * 0.24, 14) }
    }

    /// One segment: a title or an icon.
    public struct Segment: Hashable, Sendable {
        public var title: String?
        public var icon: Icon?

        public init(title: String? = nil, icon: Icon? = nil) {
            self.title = title
            self.icon = icon
        }
    }

    /// What a text field shows.
    public struct TextField: Sendable {
        public enum Style: String, Sendable, CaseIterable {
            /// `UITextField.BorderStyle.roundedRect`: a white field with a hairline border, 5 pt corners.
            case roundedRect
            /// `.none`: the text alone (as in a form row).
            case plain
            /// `UISearchTextField`: a gray 36 pt capsule-cornered field with a magnifying glass.
            case search
        }

        public var style: Style
        public var text: String
        public var placeholder: String
        /// Draws the insertion point after the text (`isFirstResponder`).
        public var isEditing: Bool
        /// `UISearchBar.showsCancelButton`: a Cancel button after the field (search style).
        public var showsCancel: Bool

        public init(style: Style, text: String = "", placeholder: String = "", isEditing: Bool = false, showsCancel: Bool = false) {
            self.style = style
            self.text = text
            self.placeholder = placeholder
            self.isEditing = isEditing
            self.showsCancel = showsCancel
        }
    }

    /// The system colors controls draw with, resolved for one appearance.
    public struct Colors: Sendable, Hashable {
        public var label: Color
        public var secondaryLabel: Color
        public var placeholder: Color
        /// The gray fill of segmented controls, steppers, search fields and gray buttons (`tertiarySystemFill`).
        public var fill: Color
        /// A slider's or progress view's unfilled track (`systemFill`).
        public var track: Color
        /// A switch's track when off.
        public var switchOff: Color
        /// The selected segment of a segmented control.
        public var selectedSegment: Color
        /// Text field backgrounds.
        public var fieldBackground: Color
        /// Hairlines: segment dividers, text field borders.
        public var separator: Color
        /// A page control's other dots.
        public var pageIndicator: Color
        /// The activity indicator's spokes.
        public var spinner: Color
        /// The alpha of a tinted button's wash of the tint.
        public var tintedWashAlpha: Double

        /// UIKit's values (iOS 17) in `appearance` at `level`.
        public static func system(_ appearance: Appearance, level: InterfaceLevel = .base) -> Colors {
            let c = { (name: String) in SystemColor.resolved(name, appearance, level: level) }
            let dark = appearance == .dark
            return Colors(
                label: c("label"), secondaryLabel: c("secondaryLabel"), placeholder: c("placeholderText"),
                fill: c("tertiarySystemFill"), track: c("systemFill"),
                switchOff: dark ? Color(r8: 57, g8: 57, b8: 61) : Color(r8: 233, g8: 233, b8: 235),
                selectedSegment: dark ? Color(r8: 99, g8: 99, b8: 102) : Color(r8: 255, g8: 255, b8: 255),
                fieldBackground: c("secondarySystemGroupedBackground"),
                separator: dark ? Color(r8: 142, g8: 142, b8: 147, alpha: 0.3) : Color(r8: 60, g8: 60, b8: 67, alpha: 0.3),
                pageIndicator: c("tertiaryLabel"), spinner: c("systemGray"), tintedWashAlpha: dark ? 0.25 : 0.15)
        }
    }

    public var kind: Kind
    /// For switches, steppers and activity indicators only the origin counts: they keep their size.
    public var frame: Rect
    /// `tintColor` (`onTintColor` of a switch, `minimumTrackTintColor` of a slider,
    /// `currentPageIndicatorTintColor` of a page control).
    public var tint: Color
    public var colors: Colors
    /// Makes the view its own render-tree node, `<screen>/<id>` (see `ViewSpec.id`).
    public var id: String?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`.
    public var opacity: Double = 1
    /// The view kind key it was declared with in the scene (`switch`, `searchBar`: its
    /// `ControlDeclaration`'s name); `control` when made in code.
    public var sceneKind = "control"

    public init(_ kind: Kind, frame: Rect, tint: Color, colors: Colors = .system(.light)) {
        self.kind = kind
        self.frame = frame
        self.tint = tint
        self.colors = colors
    }

    /// The fixed size of controls that keep theirs (`intrinsicContentSize`), nil for those that fill their frame.
    public static func fixedSize(of kind: Kind) -> Size? {
        switch kind {
        case .toggle: return Size(width: 51, height: 31)
        case .stepper: return Size(width: 94, height: 32)
        case .activityIndicator(let large): return large ? Size(width: 37, height: 37) : Size(width: 20, height: 20)
        default: return nil
        }
    }

    /// The frame drawn: `frame`, or its origin with the control's fixed size.
    public var drawnFrame: Rect {
        guard let size = Self.fixedSize(of: kind) else { return frame }
        return Rect(origin: frame.origin, size: size)
    }
}

/// An icon on its own (`UIImageView` with an SF Symbol image): centered in its frame, sized
/// by a text style or a point size like `UIImage.SymbolConfiguration`, in one color.
public struct IconView: Sendable {
    public var icon: Icon
    public var frame: Rect
    /// The symbol's point size (a text style's size): the glyph is about this tall.
    public var pointSize: Double
    public var weight: LabelView.Weight
    public var color: Color
    public var id: String?
    public var autoresizing: Autoresizing = []
    public var opacity: Double = 1

    public init(icon: Icon, frame: Rect, pointSize: Double = 17, weight: LabelView.Weight = .regular, color: Color) {
        self.icon = icon
        self.frame = frame
        self.pointSize = pointSize
        self.weight = weight
        self.color = color
    }
}
