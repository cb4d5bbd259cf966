import Foundation
import Geometry
import Motion

/// The JSON Schema (draft 2020-12) of scene files, for editors to validate and complete them.
///
/// Its keys are written here a second time beside the decoders' `allowed:` lists (the style
/// settings alone come from their descriptors), so a key added to a decoder must be added here
/// too. A test checks that the committed `docs/scene.schema.json` equals this output.
public enum SceneSchema {
    /// A transition style as the schema describes it: its name and its settings.
    public struct Style: Sendable {
        public var name: String
        public var settings: [SettingDescriptor]

        public init(name: String, settings: [SettingDescriptor]) {
            self.name = name
            self.settings = settings
        }
    }

    /// The schema as pretty-printed JSON with sorted keys, with the settings of `styles` (the
    /// built-in transition styles, from their descriptors).
    public static func json(styles: [Style]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: document(styles), options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private typealias Object = [String: Any]

    private static func ref(_ name: String) -> Object { ["$ref": "#/$defs/\(name)"] }
    private static func number(_ description: String, minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil) -> Object {
        var object: Object = ["type": "number", "description": description]
        if let minimum { object["minimum"] = minimum }
        if let maximum { object["maximum"] = maximum }
        if let exclusiveMinimum { object["exclusiveMinimum"] = exclusiveMinimum }
        return object
    }
    private static func strings(_ values: [String], _ description: String) -> Object {
        ["type": "string", "enum": values, "description": description]
    }
    private static func numbers(_ count: Int, _ description: String) -> Object {
        ["type": "array", "items": ["type": "number"], "minItems": count, "maxItems": count, "description": description]
    }
    private static func object(_ properties: Object, required: [String] = [], _ description: String) -> Object {
        var result: Object = ["type": "object", "properties": properties, "additionalProperties": false, "description": description]
        if !required.isEmpty { result["required"] = required }
        return result
    }
    private static var boolean: Object { ["type": "boolean"] }

    /// A setting's schema, from its kind and documentation.
    private static func schema(of setting: SettingDescriptor) -> Object {
        var result: Object
        switch setting.kind {
        case .number(let range, let exclusiveMinimum):
            result = number(setting.doc, minimum: range?.lowerBound, maximum: range?.upperBound, exclusiveMinimum: exclusiveMinimum)
        case .seconds:
            result = number(setting.doc, maximum: Limits.duration, exclusiveMinimum: 0)
        case .numbers(let count, let range):
            result = ["type": "array", "items": number("", minimum: range.lowerBound, maximum: range.upperBound),
                      "minItems": count, "maxItems": count]
        case .point: result = numbers(2, "[x, y] in points")
        case .color: result = ref("color")
        case .curve: result = ref("curve")
        case .spring: result = ref("spring")
        case .choice(let names): result = strings(names, setting.doc)
        case .cell: result = object(["list": text, "index": ["type": "integer", "minimum": 0]], required: ["list"], setting.doc)
        default: result = [:]
        }
        if result["$ref"] == nil { result["description"] = setting.doc }
        return result
    }
    private static var text: Object { ["type": "string"] }

    private static func document(_ styles: [Style]) -> Object {
        var root = object([
            "device": ["oneOf": [strings(Device.presets.keys.sorted(), "a device preset"), ref("device")]],
            "size": numbers(2, "screen size [width, height] in points"),
            "scale": number("pixels per point", minimum: 0.25, maximum: 4),
            "appearance": strings(Appearance.allCases.map(\.rawValue), "light or dark system colors"),
            "fps": ["type": "integer", "minimum": 1, "maximum": 240, "description": "frames per second"],
            "duration": number("video length in seconds (default: the last motion, then tail)", maximum: Limits.duration, exclusiveMinimum: 0),
            "tail": number("seconds kept after the last motion", minimum: 0, maximum: 60),
            "touches": boolean.merging(["description": "draw the finger circle"]) { $1 },
            "background": ["anyOf": [["const": "transparent"], ref("color")],
                           "description": "what shows where no screen covers the frame: a color (default #000000) or transparent"],
            "fonts": ["type": "array", "items": ["type": "string"],
                      "description": ".ttf or .otf files relative to the scene file, used by family name in labels and buttons"],
            "screens": ["type": "object", "additionalProperties": ref("screen"), "minProperties": 1],
            "root": text.merging(["description": "the screen shown first"]) { $1 },
            "tabs": ref("tabs"),
            "styles": ["type": "object", "additionalProperties": ref("customStyle"),
                       "description": "transition styles the scene declares, by name; transitions use them with 'style: <name>'"],
            "transitions": ["type": "array", "items": ref("transition")],
            "timeline": ["type": "array", "items": ref("entry")],
            "snapshots": ["type": "array", "items": ref("snapshot")],
        ], required: ["screens"], "A Segue scene: screens, transitions between them, and a timeline of actions and finger traces.")
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["title"] = "Segue scene"
        root["$defs"] = definitions(styles)
        return root
    }

    private static func definitions(_ styles: [Style]) -> Object {
        let rect = numbers(4, "[x, y, width, height] in points")
        let point = numbers(2, "[x, y] in points")
        let viewID: Object = ["type": "string", "pattern": "^[^/]+$", "description": "names the view: its own render-tree node <screen>/<id>"]
        let autoresizingName = strings(Autoresizing.names.map(\.name), "UIView.AutoresizingMask")
        let autoresizing: Object = ["oneOf": [autoresizingName, ["type": "array", "items": autoresizingName]]]
        var defs: Object = [:]
        defs["color"] = ["type": "string", "description": "an iOS system color name or #RGB, #RRGGBB, #RRGGBBAA",
                         "anyOf": [["enum": SystemColor.names], ["pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"]]]
        defs["device"] = object([
            "preset": strings(Device.presets.keys.sorted(), "start from a preset"),
            "size": numbers(2, "[width, height] in points"), "scale": number("pixels per point", minimum: 0.25, maximum: 4),
            "cornerRadius": number("display corner radius", minimum: 0), "safeArea": numbers(2, "[top, bottom] insets"),
        ], "a custom device")
        defs["curve"] = ["oneOf": [strings(CubicTimingCurve.named.keys.sorted(), "a UIKit curve"),
                                   numbers(4, "control points [x1, y1, x2, y2], x in [0, 1]")]]
        defs["spring"] = object([
            "mass": number("mass", maximum: 1000, exclusiveMinimum: 0), "stiffness": number("stiffness", maximum: 100_000, exclusiveMinimum: 0),
            "damping": number("damping", maximum: 100_000, exclusiveMinimum: 0), "initialVelocity": number("in units of the distance per second"),
            "dampingRatio": number("damping ratio (with duration)", maximum: 100, exclusiveMinimum: 0), "duration": number("seconds", maximum: Limits.duration, exclusiveMinimum: 0),
            "bounce": number("SwiftUI bounce (with duration)", minimum: -0.99, maximum: 0.99), "allowsOverdamping": boolean,
        ], "{mass, stiffness, damping}, {dampingRatio, duration} or {duration, bounce}")
        defs["screen"] = object([
            "background": ref("color"), "content": ["type": "array", "items": ref("view")],
            "navigationBar": ref("navigationBar"), "tabBar": ref("tabBar"), "toolbar": ref("toolbar"),
            "statusBar": ["oneOf": [boolean, strings(StatusBarStyle.allCases.map(\.rawValue), "status bar style")]],
            "homeIndicator": boolean,
            "hidesBottomBarWhenPushed": boolean.merging(["description": "pushed inside a tab, hides the tab bar"]) { $1 },
        ], "a screen: a view controller's view")
        let opacity = number("UIView.alpha", minimum: 0, maximum: 1)
        let icon: Object = ["type": "string", "description": "an icon: a Material Icons name (delete, settings), an SF Symbol name of a common symbol (trash, gearshape.fill) or an emoji"]
        let fontStyle = strings(LabelView.textStyles.keys.sorted(), "a Dynamic Type style")
        let weight = strings(LabelView.Weight.allCases.map(\.rawValue), "font weight")
        let originOrRect: Object = ["oneOf": [numbers(2, "[x, y]: the control keeps its own size"), rect]]
        let labelProperties: Object = [
            "opacity": opacity, "family": text.merging(["description": "Inter (default) or a family of the scene's fonts"]) { $1 },
            "id": viewID, "autoresizing": autoresizing, "text": text, "frame": rect, "font": strings(LabelView.textStyles.keys.sorted(), "a Dynamic Type style"),
            "size": number("points", minimum: 1), "weight": strings(LabelView.Weight.allCases.map(\.rawValue), "font weight"),
            "color": ref("color"), "alignment": strings(LabelView.Alignment.allCases.map(\.rawValue), "text alignment"),
            "lines": ["type": "integer", "minimum": 0],
        ]
        let corner = strings(CornerCurve.allCases.map(\.rawValue), "corner curve")
        let imageFile: Object = ["type": "string", "description": "a PNG path relative to the scene file"]
        let row: Object = ["oneOf": [text, object([
            "title": text, "subtitle": text, "detail": text, "image": imageFile, "imageColor": ref("color"),
            "icon": icon, "imageSize": number("points", minimum: 0), "imageCornerRadius": number("points", minimum: 0),
            "accessory": strings(ListView.Accessory.allCases.map(\.rawValue), "row accessory"),
            "switch": boolean.merging(["description": "a switch accessory, on or off"]) { $1 },
            "highlighted": boolean.merging(["description": "drawn selected"]) { $1 },
        ], required: ["title"], "a row")]]
        let cell: Object = ["oneOf": [imageFile, object([
            "image": imageFile, "color": ref("color"), "caption": text, "subtitle": text,
        ], "a grid cell")]]
        var views: [String: Object] = [
            "rect": object([
                "opacity": opacity, "gradient": object([
                    "colors": ["type": "array", "items": ref("color"), "minItems": 2],
                    "start": numbers(2, "unit point, default [0.5, 0]"), "end": numbers(2, "unit point, default [0.5, 1]"),
                ], required: ["colors"], "a linear gradient over the fill (CAGradientLayer)"),
                "shadow": object([
                    "color": ref("color"), "opacity": number("default 0.2", minimum: 0, maximum: 1),
                    "radius": number("blur radius, default 3", minimum: 0), "offset": numbers(2, "[dx, dy], default [0, -3]"),
                ], "a drop shadow (CALayer.shadow…)"),
                "id": viewID, "autoresizing": autoresizing, "frame": rect, "fill": ref("color"), "cornerRadius": number("points", minimum: 0), "cornerCurve": corner,
                "border": object(["color": ref("color"), "width": number("points", minimum: 0)], "a border drawn inside"),
                "clipsToBounds": boolean, "content": ["type": "array", "items": ref("view")],
            ], required: ["frame"], "a rectangle, holding subviews"),
            "label": object(labelProperties, required: ["text", "frame"], "text"),
            "image": object([
                "opacity": opacity, "id": viewID, "autoresizing": autoresizing, "file": imageFile, "frame": rect, "contentMode": strings(ImageView.ContentMode.allCases.map(\.rawValue), "fill, fit or center"),
                "cornerRadius": number("points", minimum: 0), "cornerCurve": corner, "background": ref("color"),
            ], required: ["file", "frame"], "a PNG image"),
            "list": object([
                "opacity": opacity, "id": viewID, "autoresizing": autoresizing, "frame": rect, "style": strings(ListView.Style.allCases.map(\.rawValue), "list style"),
                "rows": ["type": "array", "items": row],
                "sections": ["type": "array", "items": object(["header": text, "footer": text, "rows": ["type": "array", "items": row]],
                                                              required: ["rows"], "a section")],
                "rowHeight": number("points", minimum: 1), "imageSize": number("points", minimum: 0),
                "imageCornerRadius": number("points", minimum: 0),
                "accessory": strings(ListView.Accessory.allCases.map(\.rawValue), "default row accessory"), "background": ref("color"),
            ], "a table of rows"),
            "grid": object([
                "opacity": opacity, "id": viewID, "autoresizing": autoresizing, "frame": rect, "columns": ["type": "integer", "minimum": 1], "spacing": number("points", minimum: 0),
                "inset": number("points", minimum: 0), "aspectRatio": number("image height / width", exclusiveMinimum: 0),
                "cornerRadius": number("points", minimum: 0),
                "contentMode": strings(ImageView.ContentMode.allCases.map(\.rawValue), "image content mode"),
                "cells": ["type": "array", "items": cell], "background": ref("color"),
            ], "a grid of image cells"),
        ]
        let control: Object = ["id": viewID, "autoresizing": autoresizing, "opacity": opacity, "tint": ref("color")]
        func controlObject(_ properties: Object, required: [String] = ["frame"], _ description: String) -> Object {
            object(control.merging(properties) { $1 }, required: required, description)
        }
        views["icon"] = object([
            "id": viewID, "autoresizing": autoresizing, "opacity": opacity, "name": icon, "frame": rect, "font": fontStyle,
            "size": number("point size", minimum: 1), "weight": weight, "color": ref("color"),
        ], required: ["name", "frame"], "an icon (an SF Symbol image view)")
        views["button"] = controlObject([
            "frame": rect, "title": text, "icon": icon, "style": strings(ControlView.Button.Style.allCases.map(\.rawValue), "UIButton.Configuration"),
            "font": fontStyle, "family": text, "size": number("points", minimum: 1), "weight": weight,
            "cornerRadius": number("points, default about height / 4", minimum: 0), "color": ref("color"),
        ], "a UIButton")
        views["switch"] = controlObject(["frame": originOrRect, "isOn": boolean], "a UISwitch, 51 x 31")
        let segment: Object = ["oneOf": [text, object(["title": text, "icon": icon], "a segment")]]
        views["segmentedControl"] = controlObject([
            "frame": rect, "segments": ["type": "array", "items": segment, "minItems": 1], "selected": ["type": "integer", "minimum": 0],
        ], required: ["frame", "segments"], "a UISegmentedControl")
        views["textField"] = controlObject([
            "frame": rect, "text": text, "placeholder": text, "editing": boolean,
            "style": strings(ControlView.TextField.Style.allCases.map(\.rawValue), "border style"),
        ], "a UITextField")
        views["searchBar"] = controlObject([
            "frame": rect, "text": text, "placeholder": text, "editing": boolean, "cancel": boolean,
        ], "a UISearchBar's field")
        views["slider"] = controlObject(["frame": rect, "value": number("the value"), "minimum": number("default 0"),
                                         "maximum": number("default 1")], "a UISlider")
        views["stepper"] = controlObject(["frame": originOrRect], "a UIStepper, 94 x 32")
        views["pageControl"] = controlObject([
            "frame": rect, "pages": ["type": "integer", "minimum": 1], "current": ["type": "integer", "minimum": 0],
        ], required: ["frame", "pages"], "a UIPageControl")
        views["progressView"] = controlObject(["frame": rect, "progress": number("0 to 1", minimum: 0, maximum: 1)], "a UIProgressView")
        views["activityIndicator"] = controlObject([
            "frame": originOrRect, "style": strings(ActivityIndicatorStyle.allCases.map(\.rawValue), "20 or 37 pt"),
        ], "a UIActivityIndicatorView")
        defs["view"] = ["oneOf": views.keys.sorted().map { kind in
            object([kind: views[kind] ?? [:]], required: [kind], "a \(kind)")
        }]
        let barItem: Object = ["oneOf": [text, object(["title": text, "symbol": strings(NavigationBarView.Item.Symbol.allCases.map(\.rawValue), "SF Symbol"),
                                                       "icon": icon, "style": strings(["plain", "done"], "item style"),
                                                       "action": ["oneOf": [strings(["pop", "dismiss"], "pop or dismiss the screen on top"),
                                                                            object(["push": text], required: ["push"], "push a screen"),
                                                                            object(["present": text], required: ["present"], "present a screen")]]],
                                                      "a bar button item")]]
        let separator: Object = ["oneOf": [boolean, ref("color")]]
        defs["tabBar"] = object([
            "items": ["type": "array", "minItems": 1, "items": ["oneOf": [text, object(["title": text, "icon": icon, "badge": text],
                                                                                       required: ["title"], "a tab bar item")]]],
            "selected": ["type": "integer", "minimum": 0], "tint": ref("color"), "unselectedTint": ref("color"),
            "background": ref("color"), "separator": separator,
        ], required: ["items"], "a tab bar at the bottom")
        defs["tabs"] = object([
            "items": ["type": "array", "minItems": 1, "items": object(["title": text, "icon": icon, "badge": text,
                                                                       "root": text.merging(["description": "the screen at the bottom of the tab's navigation stack"]) { $1 }],
                                                                      required: ["title", "root"], "a tab")],
            "selected": ["type": "integer", "minimum": 0], "tint": ref("color"), "unselectedTint": ref("color"),
            "background": ref("color"), "separator": separator,
        ], required: ["items"], "a UITabBarController at the scene's root, instead of 'root': a navigation stack per tab under one tab bar")
        defs["toolbar"] = object([
            "items": ["type": "array", "items": barItem], "tint": ref("color"), "background": ref("color"), "separator": separator,
        ], required: ["items"], "a toolbar at the bottom")
        defs["navigationBar"] = object([
            "title": text, "largeTitle": boolean, "back": text,
            "leading": ["type": "array", "items": barItem], "trailing": ["type": "array", "items": barItem],
            "background": ref("color"), "separator": ["oneOf": [boolean, ref("color")]], "tint": ref("color"),
        ], "a navigation bar")

        var transitionProperties: Object = [
            "from": text, "to": text,
            "style": ["type": "string", "examples": styles.map(\.name),
                      "description": "a built-in style (\(styles.map(\.name).joined(separator: ", "))) or one declared under 'styles'"],
        ]
        var option: Object = [:]
        for style in styles {
            for setting in style.settings where option[setting.key] == nil {
                option[setting.key] = schema(of: setting)
            }
        }
        transitionProperties.merge(option) { $1 }
        var transition = object(transitionProperties, required: ["from", "to", "style"], "a transition and its settings")
        transition["allOf"] = styles.map { style -> Object in
            let allowed = Set(style.settings.map(\.key))
            let forbidden = option.keys.filter { !allowed.contains($0) }.sorted()
            return ["if": ["properties": ["style": ["const": style.name]]],
                    "then": ["not": ["anyOf": forbidden.map { ["required": [$0]] }]]]
        }
        transition["properties"] = (transition["properties"] as? Object ?? [:]).merging([
            "tap": object(["list": text, "index": ["type": "integer", "minimum": 0]], required: ["list"],
                          "the rows or cells of a list or grid whose tap starts this transition (any, or 'index')"),
        ]) { $1 }
        defs["transition"] = transition

        customStyleDefinitions(&defs)

        let sample: Object = ["type": "array", "items": ["type": "number"], "minItems": 3, "maxItems": 3]
        let actions: [String: Object] = [
            "present": text, "push": text, "dismiss": boolean, "pop": boolean,
            "pan": ["type": "array", "items": sample, "minItems": 2, "description": "[t, x, y] samples, t from 'at'"],
            "swipe": ["oneOf": [
                object(["from": point, "to": point, "duration": number("seconds", maximum: Limits.duration, exclusiveMinimum: 0),
                        "curve": ref("curve"), "rate": number("samples per second", minimum: 10, maximum: 1000),
                        "hold": number("seconds", minimum: 0)], required: ["from", "to"], "a synthesized finger trace from a point to a point"),
                object(["direction": strings(SwipeDirection.allCases.map(\.rawValue), "which way the finger moves"), "from": point,
                        "distance": ["oneOf": [number("points", exclusiveMinimum: 0), ["type": "string", "pattern": "^[0-9.]+%$"]]],
                        "velocity": number("release velocity, pt/s", minimum: 0), "rate": number("samples per second", minimum: 10, maximum: 1000)],
                       required: ["direction"], "a swipe by direction"),
                object(["edge": strings(SwipeEdge.allCases.map(\.rawValue), "the screen edge it starts at"), "x": number("points"), "y": number("points"),
                        "distance": ["oneOf": [number("points", exclusiveMinimum: 0), ["type": "string", "pattern": "^[0-9.]+%$"]]],
                        "velocity": number("release velocity, pt/s", minimum: 0), "rate": number("samples per second", minimum: 10, maximum: 1000)],
                       required: ["edge"], "a swipe from a screen edge"),
            ]],
            "tap": ["oneOf": [point, object(["list": text, "index": ["type": "integer", "minimum": 0]], required: ["list"], "a row or cell"),
                              object(["view": text], required: ["view"], "a view with an id"),
                              object(["tab": ["type": "integer", "minimum": 0]], required: ["tab"], "an item of the scene's tab bar"),
                              object(["back": ["const": true]], required: ["back"], "the back button of the navigation bar on top"),
                              object(["barItem": text], required: ["barItem"], "a bar button item of the navigation bar on top")]],
        ]
        defs["entry"] = ["oneOf": actions.keys.sorted().map { action in
            var properties: Object = ["at": number("seconds from the start", minimum: 0, maximum: Limits.duration), action: actions[action] ?? [:],
                                      "name": text]
            if ["pan", "swipe", "tap"].contains(action) {
                properties["expect"] = ["oneOf": [strings(Outcome.allCases.map(\.rawValue), "what the gesture should do; checked against the replay"),
                                                  object(["detent": strings(["large", "medium", "custom"], "the detent a sheet settles at")],
                                                         required: ["detent"], "a drag that moves a sheet to this detent")]]
            }
            return object(properties, required: ["at", action], action)
        }]
        defs["snapshot"] = ["oneOf": [
            object(["at": number("seconds", minimum: 0, maximum: Limits.duration), "name": text], required: ["at"], "a frame at a time"),
            object(["progress": number("0 to 1", minimum: 0, maximum: 1), "transition": ["type": "integer", "minimum": 0], "name": text],
                   required: ["progress"], "the first frame where a transition run reaches a progress"),
        ]]
        return defs
    }

    /// The `styles:` section: custom transitions (docs/scene-format.md#custom-transitions).
    private static func customStyleDefinitions(_ defs: inout Object) {
        let length: Object = ["oneOf": [["type": "number"], ["type": "string", "pattern": "^\\s*-?[0-9]+(\\.[0-9]+)?\\s*%$"]],
                              "description": "points, or a percentage (\"-100%\") of the container's width (x) or height (y)"]
        defs["length"] = length
        let lengths = { (count: Int, description: String) -> Object in
            ["type": "array", "items": ref("length"), "minItems": count, "maxItems": count, "description": description]
        }
        let viewReference: Object = ["type": "string", "pattern": "^(from|to|below|above)/[^/]+$",
                                     "description": "a view with an id on the transition's from or to screen"]
        defs["frameValue"] = ["oneOf": [strings(["full", "cell"], "the container's bounds, or the tapped cell's image"), viewReference,
                                        lengths(4, "[x, y, width, height]")]]
        defs["keyframe"] = object([
            "at": number("progress 0 to 1: how far the top screen is in", minimum: 0, maximum: 1),
            "curve": ref("curve"), "frame": ref("frameValue"),
            "offset": lengths(2, "[dx, dy] translation"),
            "scale": ["oneOf": [["type": "number"], numbers(2, "[sx, sy]")], "description": "about the layer's anchor"],
            "rotation": number("degrees, clockwise, about the layer's anchor"),
            "alpha": number("opacity", minimum: 0, maximum: 1),
            "cornerRadius": ["$ref": "#/$defs/length", "description": "points, or a percentage of the frame's shorter side"],
            "shadowOpacity": number("the shadow's opacity", minimum: 0, maximum: 1),
        ], required: ["at"], "a node's properties at one progress; curve eases the segments ending here")
        let end: Object = ["oneOf": [["const": "cell"], viewReference]]
        defs["layer"] = object([
            "node": ["type": "string", "description": "from, to, below, above, from/<view id>, to/<view id>, dimming or shadow"],
            "match": object(["from": end, "to": end, "draws": viewReference, "hides": boolean, "curve": ref("curve")],
                            required: ["from", "to"], "a matched element: a view flying from one frame to another"),
            "color": ref("color"),
            "layout": strings(LayerSpec.Layout.allCases.map(\.rawValue), "scaled: laid out at full size and scaled; frame: laid out at its frame; fill: scaled to cover, clipped"),
            "shadow": object(["color": ref("color"), "radius": number("points", minimum: 0), "offset": numbers(2, "[x, y] points"),
                              "opacity": number("default opacity", minimum: 0, maximum: 1)], "the shadow the node casts"),
            "anchor": numbers(2, "the point scale and rotation keep in place, in unit coordinates of the frame (default [0.5, 0.5])"),
            "keyframes": ["type": "array", "items": ref("keyframe")],
        ], "one animated node")
        let progress: Object = object([
            "translation": strings(GestureSpec.Axis.allCases.map(\.rawValue), "the pan's translation along this axis"),
            "location": strings(GestureSpec.Axis.allCases.map(\.rawValue), "the touch's position over the container's width or height"),
            "distance": ref("length"),
            "direction": strings(GestureSpec.Direction.allCases.map(\.rawValue), "which way of the axis counts"),
            "readIn": strings(["container", "from", "to"], "read the translation in a screen's own (scaled) coordinates"),
        ], "how progress follows the finger")
        defs["gesture"] = object([
            "recognizer": strings(["pan", "edgePan"], "UIPanGestureRecognizer or UIScreenEdgePanGestureRecognizer"),
            "edge": strings(Edge.allCases.map(\.rawValue), "the edgePan's edge"),
            "edgeZone": number("points from the edge", exclusiveMinimum: 0),
            "beginsIn": ["oneOf": [strings(["anywhere", "leftHalf", "rightHalf", "topHalf", "bottomHalf"], "where the touch goes down"),
                                   numbers(4, "a region [x, y, width, height] in points")]],
            "beginsMoving": strings(["any", "left", "right", "up", "down"], "the direction the touch moves in when the pan is recognized"),
            "progress": progress,
            "finish": object(["above": number("progress", minimum: 0, maximum: 1), "atLeast": number("progress", minimum: 0, maximum: 1),
                              "velocity": number("pt/s along the progress direction"), "flick": number("pt/s: decides by direction", minimum: 0)],
                             "when a release finishes"),
            "autoFinish": number("progress past which it finishes at once", minimum: 0, maximum: 1),
            "completionCurve": ref("curve"), "completionSpeed": number("speed of the completion", minimum: 0.001),
            "interruptible": boolean,
            "follow": object(["node": strings(["from", "to", "below", "above"], "the screen that follows the finger"), "spring": ref("spring"),
                              "releaseVelocity": strings(["inherit", "zero"], "what starts the spring")],
                             required: ["spring"], "the screen follows the finger, then a spring carries it"),
        ], "the gesture that drives a direction")
        defs["direction"] = object(["layers": ["type": "array", "items": ref("layer")], "gesture": ref("gesture"),
                                    "animator": strings(DirectionSpec.Animator.allCases.map(\.rawValue),
                                                        "system: UIKit's own push or pop plays this direction")],
                                   "a direction's own layers and gesture")
        let presentation = strings(Presentation.allCases.map(\.rawValue), "push/pop or present/dismiss")
        defs["customStyle"] = object([
            "presentation": ["oneOf": [presentation, ["type": "array", "items": presentation, "minItems": 1]]],
            "duration": number("seconds", exclusiveMinimum: 0), "curve": ref("curve"), "spring": ref("spring"),
            "scrubbing": strings(CustomStyleSpec.Scrubbing.allCases.map(\.rawValue), "how a finger scrubs the animation"),
            "layers": ["type": "array", "items": ref("layer"), "minItems": 1],
            "forward": ref("direction"), "back": ref("direction"),
            "resting": strings(CustomStyleSpec.Resting.allCases.map(\.rawValue), "what stays on screen after a present or push"),
        ], required: ["layers"], "a custom transition style")
    }
}
