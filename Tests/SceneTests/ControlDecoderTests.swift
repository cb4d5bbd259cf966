import CLITestSupport
import Foundation
import Geometry
import Scene
import XCTest

/// Decoding of controls, icons, bottom bars, the new row keys and view styling, with the
/// file:line:column errors every mistake gets; and the layouts Raster draws them by.
final class ControlDecoderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ControlDecoderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func load(_ screens: String, appearance: String = "light") throws -> Scene {
        let text = "device: iphone-16\nappearance: \(appearance)\nscreens:\n" + screens
        return try SceneLoader.load(text: text, file: folder.appendingPathComponent("scene.yaml").path, name: "scene")
    }

    func diagnostics(_ screens: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        rejection({ try load(screens) }, file: file, line: line)
    }

    func requireIcons() throws {
        try Requirements.fail(if: IconCatalog.codepoints.isEmpty, .iconFont, "fonts-material-design-icons-iconfont is not installed (scripts/bootstrap)")
    }

    func controls(_ screen: ScreenSpec?) -> [ControlView] {
        (screen?.views ?? []).compactMap { if case .control(let control) = $0 { return control } else { return nil } }
    }

    // MARK: Controls

    func testEveryControlDecodes() throws {
        try requireIcons()
        let scene = try load("""
              a:
                content:
                  - button: { title: Save, icon: trash, style: filled, tint: systemRed, frame: [16, 100, 361, 50], font: headline }
                  - switch: { frame: [16, 160], isOn: true }
                  - segmentedControl: { frame: [16, 200, 361, 32], segments: [Day, { icon: star.fill }], selected: 1 }
                  - textField: { frame: [16, 240, 361, 36], text: Anna, editing: true }
                  - searchBar: { frame: [16, 280, 361, 36], cancel: true }
                  - slider: { frame: [16, 320, 361, 34], value: 15, minimum: 10, maximum: 30 }
                  - stepper: { frame: [16, 360] }
                  - pageControl: { frame: [16, 400, 361, 26], pages: 4, current: 3 }
                  - progressView: { frame: [16, 430, 361, 4], progress: 0.25, opacity: 0.5 }
                  - activityIndicator: { frame: [16, 440], style: large, id: spinner }
            """, appearance: "dark")
        let views = controls(scene.screens["a"])
        XCTAssertEqual(views.count, 10)
        guard case .button(let button) = views[0].kind else { return XCTFail("\(views[0].kind)") }
        XCTAssertEqual(button.style, .filled)
        XCTAssertEqual(button.title, "Save")
        XCTAssertEqual(button.icon?.glyph, .symbol("trash"), "trash: Tabler's trash")
        XCTAssertEqual(button.fontSize, 17)
        XCTAssertEqual(button.weight, .semibold, "headline")
        XCTAssertEqual(views[0].tint, SystemColor.named("systemRed", appearance: .dark))
        guard case .toggle(true) = views[1].kind else { return XCTFail("\(views[1].kind)") }
        XCTAssertEqual(views[1].drawnFrame, Rect(x: 16, y: 160, width: 51, height: 31), "a switch keeps its 51 x 31")
        XCTAssertEqual(views[1].tint, SystemColor.named("systemGreen", appearance: .dark), "switches default to green")
        guard case .segmented(let segments, 1) = views[2].kind else { return XCTFail("\(views[2].kind)") }
        XCTAssertEqual(segments[0].title, "Day")
        XCTAssertNotNil(segments[1].icon)
        guard case .textField(let field) = views[3].kind, case .textField(let search) = views[4].kind else { return XCTFail() }
        XCTAssertEqual(field.style, .roundedRect)
        XCTAssertTrue(field.isEditing)
        XCTAssertEqual(search.style, .search)
        XCTAssertEqual(search.placeholder, "Search", "UISearchBar's default placeholder")
        XCTAssertTrue(search.showsCancel)
        guard case .slider(let fraction) = views[5].kind else { return XCTFail() }
        XCTAssertEqual(fraction, 0.25, accuracy: 1e-12, "15 in 10...30")
        XCTAssertEqual(views[6].drawnFrame.size, Size(width: 94, height: 32))
        guard case .pageControl(4, 3) = views[7].kind, case .progress(0.25) = views[8].kind,
              case .activityIndicator(true) = views[9].kind else { return XCTFail() }
        XCTAssertEqual(views[8].opacity, 0.5)
        XCTAssertEqual(views[9].drawnFrame.size, Size(width: 37, height: 37))
        XCTAssertEqual(views[9].id, "spinner")
        XCTAssertEqual(views[0].colors, ControlView.Colors.system(.dark), "colors resolved for the scene's appearance")
    }

    func testControlMistakesAreReportedWithLineAndColumn() {
        let problems = diagnostics("""
              a:
                content:
                  - switch: { frame: [16, 160], isOnn: true }
                  - button: { frame: [0, 0, 10, 10], style: filed }
                  - segmentedControl: { frame: [0, 0, 100, 32], segments: [A, B], selected: 2 }
                  - slider: { frame: [0, 0, 100, 34], minimum: 5, maximum: 1 }
                  - pageControl: { frame: [0, 0, 100, 26] }
                  - stepper: {}
                  - textField: { frame: [0, 0, 10], text: x }
                  - progressView: { frame: [0, 0, 100, 4], progress: 1.5 }
                  - activityIndicator: { frame: [0, 0], style: huge }
                  - label: { text: x, frame: [0, 0, 10, 10], opacity: 2 }
            """)
        func expect(_ fragments: String..., line: UInt = #line) {
            XCTAssertTrue(problems.contains { problem in fragments.allSatisfy { problem.contains($0) } }, "\(fragments) in \(problems)",
                          line: line)
        }
        expect("scene.yaml:6:37: error: unknown key 'isOnn'", "did you mean 'isOn'?")
        expect("scene.yaml:7:17:", "a button has a 'title', an 'icon' or both")
        expect("unknown button style 'filed'", "did you mean 'filled'?")
        expect("scene.yaml:8:", "selected segment")
        expect("a slider's maximum must be above its minimum")
        expect("missing key 'pages'")
        expect("scene.yaml:11:18:", "missing key 'frame' in a stepper: [x, y, width, height]; a control of fixed size also takes [x, y]")
        expect("scene.yaml:12:29:", "expected frame [x, y, width, height]")
        expect("progress")
        expect("unknown activityIndicator style 'huge'")
        expect("opacity")
    }

    // MARK: Icons

    /// The package's Sass map has one entry a line, `\t"delete": e872,`; anything else on a line
    /// (the map's own lines, a value that is no 32-bit hexadecimal number, a bare or empty name)
    /// is not an entry.
    func testCodepointsAreTheSassMapsQuotedNamesAndHexadecimalValues() {
        let text = """
            $material-icons-codepoints: () !default;
            $material-icons-codepoints: map-merge((
            \t"10k": e951,
            \t"delete": e872,
              "blanks_around" : E000 ;\t
            \t"not_hex": zz12,
            \t"too_long": 123456789,
            \t"": e000,
            \tbare: e000,
            \t"empty":,
            ), $material-icons-codepoints);
            """
        XCTAssertEqual(IconCatalog.parseCodepoints(Array(text.utf8)),
                       ["10k": 0xE951, "delete": 0xE872, "blanks_around": 0xE000])
    }

    func testIconNamesResolveAndUnknownOnesListTheNearest() throws {
        try requireIcons()
        XCTAssertEqual(try IconCatalog.icon(named: "10k").get().glyph, .material(0xE951), "a Material name of no symbol")
        XCTAssertEqual(try IconCatalog.icon(named: "delete").get().glyph, .symbol("filled/trash"), "Material's bin is drawn as trash.fill")
        XCTAssertEqual(try IconCatalog.icon(named: "trash.fill").get().glyph, .symbol("filled/trash"), "SF Symbol name")
        XCTAssertEqual(try IconCatalog.icon(named: "🗑").get().glyph, .text("🗑"), "emoji are drawn as text")
        XCTAssertEqual(try IconCatalog.icon(named: "ⓘ").get().glyph, .text("ⓘ"))
        guard case .failure(.unknown(_, let nearest)) = IconCatalog.icon(named: "trashcan") else { return XCTFail() }
        XCTAssertTrue(nearest.contains("trash"), "\(nearest)")
        for (name, symbol) in IconCatalog.symbols {
            XCTAssertNotNil(IconCatalog.art(forKey: symbol.art), "\(name) → \(symbol.art) is no art")
            for material in symbol.materials {
                XCTAssertNotNil(IconCatalog.codepoints[material], "\(name) → \(material) is not a Material Icons name")
            }
        }
        XCTAssertGreaterThan(IconCatalog.codepoints.count, 2000)

        let problems = diagnostics("""
              a:
                navigationBar: { trailing: [{ icon: gearshap }] }
                content:
                  - icon: { name: trashcan, frame: [0, 0, 20, 20] }
                  - icon: { frame: [0, 0, 20, 20] }
            """)
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:5:41: error: unknown icon 'gearshap'") && $0.contains("gearshape") },
                      "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:7:23: error: unknown icon 'trashcan'; nearest: ") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("missing key 'name' in an icon") }, "\(problems)")
    }

    /// An unknown SF Symbol name is answered with its own family first — the symbols of the same
    /// base name, those sharing most of its modifiers first — not with names that share only a
    /// modifier such as `.fill` (before: `paperplane.circle.fill` → "circle, bag.fill, car.fill,
    /// key.fill, map.fill"). The 13 names a newcomer reached for in a trial of 46 resolve.
    func testAnUnknownSymbolIsAnsweredWithItsFamily() throws {
        try requireIcons()
        // A variant of a known symbol's look is drawn as its family's closest; a typo or a
        // change of meaning (.slash) is still refused.
        XCTAssertEqual(try IconCatalog.icon(named: "star.circle.fill").get().glyph, try IconCatalog.icon(named: "star.fill").get().glyph)
        XCTAssertEqual(try IconCatalog.icon(named: "person.3.fill").get().glyph, try IconCatalog.icon(named: "person.2.fill").get().glyph)
        XCTAssertEqual(try IconCatalog.icon(named: "gearshape.circle").get().glyph, try IconCatalog.icon(named: "gearshape").get().glyph)
        XCTAssertEqual(try IconCatalog.icon(named: "star.circle.fill").get().name, "star.circle.fill")
        for refused in ["star.fil", "lock.slash", "tray.3.full", "zebra.fill"] {
            guard case .failure(.unknown) = IconCatalog.icon(named: refused) else { return XCTFail("\(refused) is drawn") }
        }
        XCTAssertEqual(Array(IconCatalog.nearest(to: "star.circle.fill").prefix(2)), ["star.fill", "star"])
        XCTAssertEqual(Array(IconCatalog.nearest(to: "flag.badge.clock").prefix(2)), ["flag", "flag.fill"])
        for name in ["tray.2", "mappin.circle.fill", "briefcase.fill", "cup.and.saucer.fill", "building.columns.fill",
                     "building.2.fill", "mountain.2.fill", "sportscourt.fill", "ferry.fill", "photo.fill.on.rectangle.fill",
                     "heart.text.square.fill", "rectangle.stack.fill", "paperplane.circle.fill"] {
            XCTAssertNoThrow(try IconCatalog.icon(named: name).get(), name)
        }
        for name in ["star.fil", "lock.slash", "envelope.open.fill", "paperplane.badge.clock"] {
            let base = String(name.split(separator: ".")[0])
            XCTAssertTrue(IconCatalog.nearest(to: name).prefix(2).allSatisfy { $0.hasPrefix(base) }, "\(name): \(IconCatalog.nearest(to: name))")
        }
    }

    /// A name that is no icon but means one is answered with it (issue 41): Tabler's tags and the
    /// symbols' own and Material names are the words; Material names of a symbol draw it.
    func testAnUnknownIconIsAnsweredByItsMeaning() throws {
        try requireIcons()
        let meant = ["garbage": "trash", "bin": "trash", "dustbin": "trash", "cog": "gear", "magnifier": "magnifyingglass",
                     "preferences": "gear", "notification": "bell"]
        for (word, symbol) in meant {
            guard case .failure(.unknown(let meaning, let nearest)) = IconCatalog.icon(named: word) else {
                XCTFail("\(word) is drawn"); continue
            }
            XCTAssertEqual(meaning.first, symbol, "\(word): \(meaning)")
            XCTAssertEqual(nearest.first, symbol, "\(word): \(nearest)")
        }
        // Material Icons' names of these symbols draw the symbols, as iOS shows them.
        let drawn = ["settings": "gear", "search": "magnifyingglass", "close": "xmark", "mail": "envelope.fill",
                     "share": "square.and.arrow.up", "delete_outline": "trash", "favorite": "heart.fill"]
        for (material, symbol) in drawn {
            XCTAssertEqual(try IconCatalog.icon(named: material).get().glyph, try IconCatalog.icon(named: symbol).get().glyph, material)
        }
        let problems = diagnostics("""
              a:
                navigationBar: { trailing: [{ icon: cog }] }
                content:
                  - icon: { name: garbage, frame: [0, 0, 20, 20] }
            """)
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:5:41: error: unknown icon 'cog' (did you mean 'gear'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:7:23: error: unknown icon 'garbage' (did you mean 'trash'") }, "\(problems)")
    }

    func testIconViewSizesLikeASymbol() throws {
        try requireIcons()
        let scene = try load("""
              a:
                content:
                  - icon: { name: wifi, frame: [0, 0, 40, 40], font: title1, weight: bold, color: systemGreen }
                  - icon: { name: star, frame: [0, 0, 40, 40] }
            """)
        guard case .icon(let wifi)? = scene.screens["a"]?.views.first, case .icon(let star)? = scene.screens["a"]?.views.last
        else { return XCTFail() }
        XCTAssertEqual(wifi.pointSize, 28)
        XCTAssertEqual(wifi.weight, .bold)
        XCTAssertEqual(wifi.color, SystemColor.named("systemGreen"))
        XCTAssertEqual(star.pointSize, 17, "body by default")
        XCTAssertEqual(star.color, SystemColor.named("systemBlue"), "the default tint")
    }

    // MARK: Rows and bars

    func testRowAccessoriesTilesAndHighlight() throws {
        try requireIcons()
        let scene = try load("""
              a:
                content:
                  - list:
                      style: insetGrouped
                      accessory: chevron
                      rows:
                        - { title: Airplane Mode, icon: airplane, imageColor: systemOrange, switch: true }
                        - { title: Focus, icon: moon.fill, imageColor: systemIndigo, accessory: info, highlighted: true }
                        - { title: Anna, imageColor: systemGray, imageSize: 60, imageCornerRadius: 30 }
            """)
        guard case .list(let list)? = scene.screens["a"]?.views.first else { return XCTFail() }
        let rows = list.rows
        XCTAssertEqual(rows.map(\.accessory), [.switch, .info, .chevron])
        XCTAssertTrue(rows[0].isOn)
        XCTAssertNotNil(rows[0].icon)
        XCTAssertTrue(rows[1].isHighlighted)
        XCTAssertEqual(rows[2].imageSize, 60)
        let layout = ListLayout(list, frame: Rect(x: 0, y: 0, width: 393, height: 600))
        XCTAssertEqual(layout.rows[0].accessory, Rect(x: 377 - 16 - 51, y: 20 + 22 - 15.5, width: 51, height: 31),
                       "a switch 16 pt from the card's trailing edge, centered")
        XCTAssertEqual(layout.rows[1].accessory?.size, Size(width: 22, height: 22))
        XCTAssertEqual(layout.rows[2].cell.height, 76, "a 60 pt image + 8 pt above and below")
        XCTAssertEqual(layout.rows[2].image?.size, Size(width: 60, height: 60))
        XCTAssertEqual(layout.rows[0].image?.size, Size(width: 28, height: 28), "others keep the list's size")
    }

    func testTabBarAndToolbar() throws {
        try requireIcons()
        let scene = try load("""
              a:
                tabBar:
                  selected: 1
                  items: [{ title: Favorites, icon: star.fill }, { title: Recents, icon: clock, badge: "3" }, Settings]
              b:
                toolbar: { items: [{ icon: trash }, Edit, { symbol: share }] }
            """)
        let tabBar = try XCTUnwrap(scene.screens["a"]?.tabBar)
        XCTAssertEqual(tabBar.items.map(\.title), ["Favorites", "Recents", "Settings"])
        XCTAssertEqual(tabBar.items[1].badge, "3")
        XCTAssertEqual(tabBar.selected, 1)
        XCTAssertEqual(tabBar.unselected, SystemColor.named("systemGray"))
        let toolbar = try XCTUnwrap(scene.screens["b"]?.toolbar)
        XCTAssertEqual(toolbar.items.count, 3)
        guard case .icon = toolbar.items[0].content else { return XCTFail("\(toolbar.items[0])") }

        let device = try XCTUnwrap(Device.presets["iphone-16"])
        let tabs = BottomBarLayout(height: TabBarView.barHeight, on: device)
        XCTAssertEqual(tabs.bar, Rect(x: 0, y: 852 - 34 - 49, width: 393, height: 49), "49 pt above the home indicator's 34")
        XCTAssertEqual(tabs.background.maxY, 852, "the background reaches the bottom edge")
        XCTAssertEqual(tabs.tab(2, of: 3).minX, 262, accuracy: 1e-9)

        let problems = diagnostics("""
              a:
                tabBar: { items: [{ icon: star }], selected: 3 }
                toolbar: { items: [{ title: A, icon: star }] }
              b:
                tabBar: { selected: 0 }
                content:
                  - list: { rows: [{ title: A, switch: true, accessory: chevron }] }
            """)
        XCTAssertTrue(problems.contains { $0.contains("missing key 'title' in a tab bar item") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("selected tab") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("a bar button item has one of 'title', 'icon'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("a screen has a 'tabBar' or a 'toolbar' at the bottom, not both") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:8:") && $0.contains("missing key 'items'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("a row with 'switch' has a switch as its accessory") }, "\(problems)")
    }

    // MARK: Custom fonts

    func testFontFilesAreKnownByTheirFamilyNames() throws {
        let source = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: source), .dejaVuFont, "fonts-dejavu-core is not installed")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("fonts/Serif.ttf").path)
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("fonts/Broken.ttf"))
        XCTAssertEqual(try FontFileNames.families(ofFontAt: source), ["DejaVu Serif"])

        let file = folder.appendingPathComponent("scene.yaml").path
        let scene = try SceneLoader.load(text: """
            fonts: [fonts/Serif.ttf]
            screens:
              a:
                content:
                  - label: { text: Hello, family: DejaVu Serif, frame: [0, 0, 100, 20] }
                  - button: { title: OK, family: DejaVu Serif, frame: [0, 30, 100, 34] }
                  - label: { text: Plain, family: Inter, frame: [0, 70, 100, 20] }
            """, file: file, name: "scene")
        let views = try XCTUnwrap(scene.screens["a"]?.views)
        guard case .label(let label) = views[0], case .control(let control) = views[1], case .button(let button) = control.kind,
              case .label(let plain) = views[2] else { return XCTFail("\(views)") }
        let expected = CustomFont(family: "DejaVu Serif", path: folder.appendingPathComponent("fonts/Serif.ttf").standardizedFileURL.path)
        XCTAssertEqual(label.customFont, expected)
        XCTAssertEqual(button.customFont, expected)
        XCTAssertNil(plain.customFont, "Inter is the default")

        do {
            _ = try SceneLoader.load(text: """
                fonts: [fonts/Broken.ttf, fonts/Missing.otf, fonts/readme.txt, fonts/Serif.ttf]
                screens:
                  a:
                    content:
                      - label: { text: Hello, family: DejaVu Serf, frame: [0, 0, 100, 20] }
                """, file: file, name: "scene")
            XCTFail("expected errors")
        } catch let error as SceneError {
            let problems = error.diagnostics.map(\.description)
            XCTAssertTrue(problems.contains { $0.contains("scene.yaml:1:9: error: cannot use font 'fonts/Broken.ttf'") && $0.contains("not a TrueType or OpenType font") }, "\(problems)")
            XCTAssertTrue(problems.contains { $0.contains("cannot use font 'fonts/Missing.otf'") && $0.contains("no such file") }, "\(problems)")
            XCTAssertTrue(problems.contains { $0.contains("font 'fonts/readme.txt' is not a .ttf or .otf file") }, "\(problems)")
            XCTAssertTrue(problems.contains { $0.contains("scene.yaml:5:39: error: unknown font family 'DejaVu Serf' (did you mean 'DejaVu Serif'?)") }, "\(problems)")
        }
    }

    /// `systemFont` and `systemDisplayFont` name families of the scene's fonts; without `family`
    /// a label or button is set in the system font (nil), with `family: Inter` in Inter even then.
    func testTheSystemFontIsAFamilyOfTheScenesFonts() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu"
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: "\(dejaVu)/DejaVuSerif-Bold.ttf"), .dejaVuFont,
                              "fonts-dejavu-core is not installed")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for name in ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans.ttf"] {
            try FileManager.default.copyItem(atPath: "\(dejaVu)/\(name)", toPath: folder.appendingPathComponent("fonts/\(name)").path)
        }
        let path = { (name: String) in self.folder.appendingPathComponent("fonts/\(name)").standardizedFileURL.path }
        let file = folder.appendingPathComponent("scene.yaml").path
        let scene = try SceneLoader.load(text: """
            fonts: [fonts/DejaVuSerif.ttf, fonts/DejaVuSerif-Bold.ttf, fonts/DejaVuSans.ttf]
            systemFont: DejaVu Serif
            systemDisplayFont: DejaVu Sans
            screens:
              a:
                content:
                  - label: { text: System, frame: [0, 0, 100, 20] }
                  - label: { text: Plain, family: Inter, frame: [0, 30, 100, 20] }
                  - button: { title: OK, family: DejaVu Sans, frame: [0, 60, 100, 34] }
            """, file: file, name: "scene")
        XCTAssertEqual(scene.fonts, SceneFonts(files: [path("DejaVuSerif.ttf"), path("DejaVuSerif-Bold.ttf"), path("DejaVuSans.ttf")],
                                               system: "DejaVu Serif", display: "DejaVu Sans"), "every file, in order")
        XCTAssertEqual(scene.fonts.systemFamily(at: 17), "DejaVu Serif")
        XCTAssertEqual(scene.fonts.systemFamily(at: 19.9), "DejaVu Serif")
        XCTAssertEqual(scene.fonts.systemFamily(at: 20), "DejaVu Sans", "Display from 20 pt")
        let views = try XCTUnwrap(scene.screens["a"]?.views)
        guard case .label(let system) = views[0], case .label(let inter) = views[1], case .control(let control) = views[2],
              case .button(let button) = control.kind else { return XCTFail("\(views)") }
        XCTAssertNil(system.customFont, "no family: the system font")
        XCTAssertEqual(inter.customFont, .inter, "Inter named outright keeps Inter under another system font")
        XCTAssertEqual(button.customFont, CustomFont(family: "DejaVu Sans", path: path("DejaVuSans.ttf")))

        // Without them: Inter throughout, as before (`SceneFonts.standard`), `family: Inter` the default.
        let plain = try SceneLoader.load(text: """
            fonts: [fonts/DejaVuSerif.ttf]
            screens: { a: { content: [{ label: { text: Plain, family: Inter, frame: [0, 30, 100, 20] } }] } }
            """, file: file, name: "scene")
        XCTAssertEqual(plain.fonts, SceneFonts(files: [path("DejaVuSerif.ttf")]))
        XCTAssertNil(plain.fonts.systemFamily(at: 34))
        guard case .label(let label)? = plain.screens["a"]?.views.first else { return XCTFail() }
        XCTAssertNil(label.customFont)
        let named = try SceneLoader.load(text: "systemFont: Inter\nscreens: { a: {} }\n", file: file, name: "scene")
        XCTAssertEqual(named.fonts, .standard, "systemFont: Inter is the default")

        do {
            _ = try SceneLoader.load(text: """
                fonts: [fonts/DejaVuSerif.ttf]
                systemFont: DejaVu Serf
                systemDisplayFont: Helvetica
                screens: { a: {} }
                """, file: file, name: "scene")
            XCTFail("expected errors")
        } catch let error as SceneError {
            let problems = error.diagnostics.map(\.description)
            XCTAssertTrue(problems.contains { $0.contains("scene.yaml:2:13: error: unknown font family 'DejaVu Serf' (did you mean 'DejaVu Serif'?); families: Inter, DejaVu Serif") }, "\(problems)")
            XCTAssertTrue(problems.contains { $0.contains("scene.yaml:3:20: error: unknown font family 'Helvetica'") && $0.contains("add font files under the scene's 'fonts:'") }, "\(problems)")
        }
    }

    // MARK: Styling

    func testOpacityGradientAndShadow() throws {
        let scene = try load("""
              a:
                content:
                  - rect:
                      frame: [0, 0, 100, 100]
                      opacity: 0.4
                      gradient: { colors: [systemPink, "#FF950080"], start: [0, 0], end: [1, 1] }
                      shadow: { radius: 10, offset: [0, 4] }
            """)
        guard case .rect(let rect)? = scene.screens["a"]?.views.first else { return XCTFail() }
        XCTAssertEqual(rect.opacity, 0.4)
        XCTAssertEqual(rect.gradient?.colors.count, 2)
        XCTAssertEqual(rect.gradient?.colors[1].alpha ?? 0, 128 / 255, accuracy: 1e-9)
        XCTAssertEqual(rect.gradient?.end, Point(x: 1, y: 1))
        XCTAssertEqual(rect.shadow, ViewShadow(color: .black, opacity: 0.2, radius: 10, offset: Point(x: 0, y: 4)))

        let problems = diagnostics("""
              a:
                content:
                  - rect: { frame: [0, 0, 10, 10], gradient: { colors: [red] } }
                  - rect: { frame: [0, 0, 10, 10], gradient: { start: [0, 0] } }
                  - rect: { frame: [0, 0, 10, 10], shadow: { opacity: 3, blur: 2 } }
                  - grid: { cells: [], opacity: -1 }
            """)
        XCTAssertTrue(problems.contains { $0.contains("a gradient needs at least two colors, found 1") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("missing key 'colors' in a gradient: two or more colors") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("shadow opacity") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("unknown key 'blur'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:9:") && $0.contains("opacity") }, "\(problems)")
    }
}
