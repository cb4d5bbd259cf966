import Engine
import Geometry
import Scene

extension SceneInspection {
    /// The inspection as JSON, keys in this order (a stable contract, documented in the README):
    ///
    /// `scene`, `device` {`name`, `size`, `scale`, `safeAreaTop`, `safeAreaBottom`}, with `--at` `at`
    /// {`time`, `stack`}, `tabs` {`bar`,
    /// `selected`, `items` [{`index`, `title`, `frame`, `root`}]} or null, `screens`:
    /// [{`name`, `size`, `presentedAs` {`style`, `frame`} or null, `contentTop`, `safeAreaBottomY` (a screen
    /// inside a tab) or null, `navigationBar` {`bar`, `title`, `largeTitle`, `back`,
    /// `backChevron`, `leading`, `trailing`, `items` [{`side`, `title`, `frame`, `action`}]} or null, `tabBar` {`bar`, `selected`, `items`
    /// [{`index`, `title`, `frame`}]} or null, `toolbar` {`bar`, `items` [{`index`, `title`}]}
    /// or null, `views` [{`id`, `kind`, `frame`, `topLevel`}], `collections` [{`kind`, `id`,
    /// `frame`, `headers` [{`section`, `title`, `frame`, `pinned`}], `cells` [{`index`, `section`, `title`, `subtitle`,
    /// `cell`, `image`}]}]}].
    ///
    /// Where the design floats bars on glass (Liquid Glass), the glass shapes follow, each
    /// {`name`, `frame`, `cornerRadius`}: `tabs` ends with `pill`, and `navigationBar`, `tabBar` and
    /// `toolbar` with `glass` [shapes]; in the classic design these keys are absent.
    ///
    /// Frames are `[x, y, width, height]` in points from the screen's top-left corner; sizes
    /// `[width, height]`. Absent values are `null`, never left out.
    public var json: String {
        func rect(_ r: Rect) -> JSONValue { .array(r.components.map(JSONValue.number)) }
        func size(_ s: Size) -> JSONValue { .array([.number(s.width), .number(s.height)]) }
        func text(_ t: String?) -> JSONValue { .optional(t, JSONValue.string) }
        func shape(_ s: GlassShape) -> JSONValue {
            .object([("name", .string(s.name)), ("frame", rect(s.frame)), ("cornerRadius", .number(s.cornerRadius))])
        }
        /// `("glass", [shapes])`, only where there are any: the classic output stays as it was.
        func glass(_ shapes: [GlassShape]) -> [(String, JSONValue)] { shapes.isEmpty ? [] : [("glass", .array(shapes.map(shape)))] }
        let screens: [JSONValue] = self.screens.map { screen in
            let navigationBar = JSONValue.optional(screen.navigationBar) { bar in
                .object([("bar", rect(bar.bar)), ("title", text(bar.title)), ("largeTitle", .optional(bar.largeTitle, rect)),
                         ("back", text(bar.back)), ("backChevron", .optional(bar.backChevron, rect)),
                         ("leading", .array(bar.leading.map { .string($0.title) })),
                         ("trailing", .array(bar.trailing.map { .string($0.title) })),
                         ("items", .array((bar.leading.map { ("leading", $0) } + bar.trailing.map { ("trailing", $0) }).map { side, item in
                             .object([("side", .string(side)), ("title", .string(item.title)), ("frame", .optional(item.frame, rect)),
                                      ("action", text(item.action))])
                         }))] + glass(bar.glass))
            }
            var tabBar = JSONValue.null, toolbar = JSONValue.null
            if let bottom = screen.bottomBar, bottom.kind == "tabBar" {
                tabBar = .object([("bar", rect(bottom.bar)), ("selected", .optional(bottom.selected) { .number(Double($0)) }),
                                  ("items", .array(bottom.items.enumerated().map { index, item in
                                      .object([("index", .number(Double(index))), ("title", .string(item.title)),
                                               ("frame", .optional(item.frame, rect))])
                                  }))] + glass(bottom.glass))
            } else if let bottom = screen.bottomBar {
                toolbar = .object([("bar", rect(bottom.bar)),
                                   ("items", .array(bottom.items.enumerated().map { index, item in
                                       .object([("index", .number(Double(index))), ("title", .string(item.title))])
                                   }))] + glass(bottom.glass))
            }
            let views: [JSONValue] = screen.views.map { view in
                .object([("id", .string(view.id)), ("kind", .string(view.kind)), ("frame", rect(view.frame)),
                         ("topLevel", .bool(view.isTopLevel))])
            }
            let collections: [JSONValue] = screen.collections.map { collection in
                .object([("kind", .string(collection.kind)), ("id", text(collection.id)), ("frame", rect(collection.frame))]
                         + (collection.contentOffset.map { [("contentOffset", JSONValue.number($0))] } ?? []) + [
                         ("headers", .array(collection.headers.map { header in
                             .object([("section", .number(Double(header.section))), ("title", .string(header.title)),
                                      ("frame", rect(header.frame)), ("pinned", .bool(header.isPinned))])
                         })),
                         ("cells", .array(collection.cells.map { cell in
                             .object([("index", .number(Double(cell.index))),
                                      ("section", .optional(cell.section) { .number(Double($0)) }),
                                      ("title", text(cell.title)), ("subtitle", text(cell.subtitle)),
                                      ("cell", rect(cell.cell)), ("image", .optional(cell.image, rect))])
                         }))])
            }
            let presentedAs = JSONValue.optional(screen.presentedAs) { shown in
                .object([("style", .string(shown.style)), ("frame", rect(shown.frame))])
            }
            return .object([("name", .string(screen.name)), ("size", size(screen.size)), ("presentedAs", presentedAs),
                            ("contentTop", .number(screen.contentTop)), ("safeAreaBottomY", .optional(screen.safeAreaBottomY, JSONValue.number)),
                            ("navigationBar", navigationBar), ("tabBar", tabBar), ("toolbar", toolbar),
                            ("views", .array(views)), ("collections", .array(collections))])
        }
        let device = JSONValue.object([("name", .string(self.device.name)), ("size", size(self.device.size)),
                                       ("scale", .number(self.device.scale)), ("safeAreaTop", .number(self.device.safeAreaTop)),
                                       ("safeAreaBottom", .number(self.device.safeAreaBottom))])
        let tabs = JSONValue.optional(self.tabs) { tabs in
            .object([("bar", rect(tabs.bar)), ("selected", .number(Double(tabs.selected))),
                     ("items", .array(tabs.items.enumerated().map { index, item in
                         .object([("index", .number(Double(index))), ("title", .string(item.title)), ("frame", rect(item.frame)),
                                  ("root", .string(item.root))])
                     }))] + (tabs.pill.map { [("pill", shape($0))] } ?? []))
        }
        let moment = self.moment.map { moment in
            [("at", JSONValue.object([("time", .number(moment.time))] + (moment.videoTime.map { [("videoTime", JSONValue.number($0))] } ?? [])
                                     + [("stack", .array(moment.stack.map(JSONValue.string))),
                                      ("drawn", .array(moment.drawn.map { .object([("screen", .string($0.screen)), ("frame", rect($0.frame))]) }))]))]
        } ?? []
        return JSONValue.object([("scene", .string(scene)), ("device", device)] + moment + [("tabs", tabs), ("screens", .array(screens))])
            .printed() + "\n"
    }

    /// The inspection for a terminal: per screen, one line per part — what it is, its frame
    /// `[x, y, width, height]` in points, and its text — in aligned columns.
    public var text: String {
        func number(_ value: Double) -> String { JSONNumber.format(value) }
        func rect(_ r: Rect) -> String { "[" + r.components.map(number).joined(separator: ", ") + "]" }
        func quoted(_ t: String?) -> String { t.map { "\"\($0)\"" } ?? "" }
        func glass(_ shape: GlassShape) -> (String, String, String) {
            ("  glass \(shape.name)", rect(shape.frame), "corner radius \(number(shape.cornerRadius))" + (shape.tint.alpha > 0 ? ", tinted" : ""))
        }
        var out = "\(scene): \(device.name), \(number(device.size.width)) × \(number(device.size.height)) pt @\(number(device.scale))x; "
            + "frames are [x, y, width, height] in points from the screen's top-left corner\n"
        if let moment {
            let video = moment.videoTime.map { " of the scene (\(number($0)) s into the video, as its 'playback' plays it)" } ?? ""
            out += "\nat \(number(moment.time)) s\(video): " + (tabs.map { "tab \($0.selected) selected, " } ?? "")
                + "'\(moment.stack.last ?? "")' on top (stack: \(moment.stack.joined(separator: " > ")))\n"
            out += aligned(moment.drawn.map { ("'\($0.screen)' drawn at", rect($0.frame), "") })
        }
        if let tabs {
            out += "\ntab bar controller: bar \(rect(tabs.bar)), over every tab\n"
            var rows: [(String, String, String)] = []
            for (index, item) in tabs.items.enumerated() {
                rows.append(("tab \(index)", rect(item.frame),
                             "\"\(item.title)\" root \(item.root)" + (index == tabs.selected ? " (selected)" : "")))
            }
            if let pill = tabs.pill { rows.append(("glass pill", rect(pill.frame), "corner radius \(number(pill.cornerRadius))")) }
            out += aligned(rows)
        }
        for screen in screens {
            var rows: [(String, String, String)] = []
            if let bar = screen.navigationBar {
                rows.append(("navigation bar", rect(bar.bar), bar.title.map { "title \"\($0)\"" } ?? ""))
                if let large = bar.largeTitle { rows.append(("  large title", rect(large), quoted(bar.title))) }
                if let chevron = bar.backChevron { rows.append(("  back", rect(chevron), bar.back.map { "\"\($0)\"" } ?? "")) }
                for (side, items) in [("leading", bar.leading), ("trailing", bar.trailing)] {
                    for item in items {
                        rows.append(("  \(side) item", item.frame.map(rect) ?? "",
                                     "\"\(item.title)\"" + (item.action.map { "  action \($0)" } ?? "")))
                    }
                }
                rows += bar.glass.map(glass)
            }
            // Lists and grids show with their rows below; their id and frame are on that line.
            for view in screen.views where view.kind != "list" && view.kind != "grid" {
                rows.append(("view \(view.id)", rect(view.frame), view.kind + (view.isTopLevel ? "" : " (inside a rect)")))
            }
            for collection in screen.collections {
                let noun = collection.kind == "list" ? "rows" : "cells"
                let scrolled = collection.contentOffset.map { ", scrolled to \(number($0)) pt" } ?? ""
                rows.append(("\(collection.kind) \(collection.id ?? "(no id)")", rect(collection.frame), "\(collection.cells.count) \(noun)\(scrolled)"))
                for header in collection.headers {
                    rows.append(("  header \(header.section)", rect(header.frame), quoted(header.title) + (header.isPinned ? " (pinned)" : "")))
                }
                for cell in collection.cells {
                    var note = quoted(cell.title)
                    if let subtitle = cell.subtitle { note += (note.isEmpty ? "" : " ") + "\"\(subtitle)\"" }
                    if let image = cell.image { note += (note.isEmpty ? "" : "  ") + "image \(rect(image))" }
                    if let section = cell.section, collection.cells.contains(where: { $0.section != 0 }) {
                        note = "section \(section)  " + note
                    }
                    rows.append(("  \(collection.kind == "list" ? "row" : "cell") \(cell.index)", rect(cell.cell), note))
                }
            }
            if let bottom = screen.bottomBar {
                rows.append((bottom.kind == "tabBar" ? "tab bar" : "toolbar", rect(bottom.bar), ""))
                for (index, item) in bottom.items.enumerated() {
                    let selected = bottom.selected == index ? " (selected)" : ""
                    rows.append(("  \(bottom.kind == "tabBar" ? "tab" : "item") \(index)", item.frame.map(rect) ?? "",
                                 "\"\(item.title)\"\(selected)"))
                }
                rows += bottom.glass.map(glass)
            }
            out += "\nscreen \(screen.name): content from y \(number(screen.contentTop))"
            if let bottom = screen.safeAreaBottomY { out += " to the tab bar at y \(number(bottom))" }
            if let shown = screen.presentedAs {
                out += "; presented as \(shown.style) at \(rect(shown.frame)), laid out at \(number(screen.size.width)) × \(number(screen.size.height)): its frames are in its own points from the sheet's top-left corner"
            }
            out += "\n"
            out += aligned(rows)
        }
        return out
    }

    /// Rows of (what, frame, note) in aligned columns, each line indented and without trailing spaces.
    private func aligned(_ rows: [(String, String, String)]) -> String {
        let first = rows.map(\.0.count).max() ?? 0, second = rows.map(\.1.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(width - text.count, 0)) }
        return rows.map { what, frame, note in
            let line = "  " + pad(what, first) + "  " + pad(frame, second) + "  " + note
            return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
    }
}
