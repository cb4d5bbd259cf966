import Foundation
import Scene
import XCTest

/// The key declarations are the one list of the scene format: every key a decoder accepts is in
/// the JSON Schema and in the docs' key tables, the decoders refuse any other key listing exactly
/// the declared ones, and ranges are checked as `Limits` states them.
final class VocabularyTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testMappingNamesAreUniqueAndEachKeyIsDeclaredOnce() {
        let names = SceneVocabulary.mappings.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "mapping names name schema definitions and docs anchors: \(names)")
        for mapping in SceneVocabulary.mappings {
            XCTAssertEqual(mapping.names.count, Set(mapping.names).count, "a key declared twice in \(mapping.name)")
            for key in mapping.required {
                XCTAssertNotNil(mapping[key], "\(mapping.name) requires '\(key)', which it does not declare")
            }
        }
    }

    /// The properties the schema gives the mapping named `name`.
    private func schemaProperties(_ name: String, in schema: [String: Any]) -> Set<String> {
        let defs = schema["$defs"] as? [String: Any] ?? [:]
        func properties(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
        }
        switch name {
        case "scene": return properties(schema)
        case "view", "entry":
            let variants = (defs[name] as? [String: Any])?["oneOf"] as? [Any] ?? []
            return variants.reduce(into: Set<String>()) { $0.formUnion(properties($1)) }
        default: return properties(defs[name])
        }
    }

    func testEveryDeclaredKeyIsInTheSchema() throws {
        let data = Data(SceneSchema.json(styles: []).utf8)
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for mapping in SceneVocabulary.mappings {
            let properties = schemaProperties(mapping.name, in: schema)
            for key in mapping.names {
                XCTAssertTrue(properties.contains(key), "'\(key)' of \(mapping.name) is missing from the schema")
            }
            XCTAssertTrue(properties.isSubset(of: Set(mapping.names)), "the schema of \(mapping.name) has undeclared keys: \(properties.subtracting(mapping.names))")
        }
    }

    private func docs() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
    }

    func testKeyTablesInTheDocsAreCurrent() throws {
        let docs = try docs()
        let marker = try XCTUnwrap(docs.range(of: "<!-- key tables:"))
        let begin = try XCTUnwrap(docs.range(of: "-->\n\n", range: marker.upperBound..<docs.endIndex))
        let end = try XCTUnwrap(docs.range(of: "<!-- end of key tables -->"))
        XCTAssertEqual(String(docs[begin.upperBound..<end.lowerBound]), SceneVocabulary.keyTables,
                       "paste `segue schema --key-tables` between the markers in docs/scene-format.md")
    }

    /// The icon names docs/scene-format.md lists are the catalog's SF Symbol names, every one.
    func testIconNamesInTheDocsAreTheCatalogs() throws {
        let docs = try docs()
        let marker = try XCTUnwrap(docs.range(of: "<!-- icon names:"))
        let begin = try XCTUnwrap(docs.range(of: "-->\n\n", range: marker.upperBound..<docs.endIndex))
        let end = try XCTUnwrap(docs.range(of: "<!-- end of icon names -->"))
        let listed = String(docs[begin.upperBound..<end.lowerBound])
        XCTAssertEqual(listed, IconCatalog.documentedNames + "\n",
                       "paste `segue schema --icon-names` between the markers in docs/scene-format.md")
        let names = Set(listed.components(separatedBy: "\n\nDrawn alike")[0].split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) })
        XCTAssertEqual(names, Set(IconCatalog.symbols.keys))
        XCTAssertGreaterThanOrEqual(names.count, 100)
    }

    func testEveryDeclaredKeyIsInTheDocs() throws {
        let docs = try docs()
        for mapping in SceneVocabulary.mappings {
            let heading = try XCTUnwrap(docs.range(of: "#### `\(mapping.name)`\n"), "no key table for \(mapping.name)")
            let next = docs.range(of: "\n#### ", range: heading.upperBound..<docs.endIndex)?.lowerBound ?? docs.endIndex
            let table = docs[heading.upperBound..<next]
            for key in mapping.names {
                XCTAssertTrue(table.contains("\n| `\(key)` |"), "'\(key)' of \(mapping.name) is missing from its docs table")
            }
        }
    }

    private func problems(_ text: String) -> [String] {
        sceneProblems(text)
    }

    /// A key no declaration has is refused in each kind of mapping, with the declared keys listed,
    /// so the decoder's allowed keys are the declaration's.
    func testAnUndeclaredKeyIsRefusedWithTheDeclaredKeys() {
        let cases: [(KeyMapping, String)] = [
            (SceneKeys.mapping, "bogus: 1\nscreens: { a: {} }"),
            (DeviceKeys.mapping, "device: { bogus: 1 }\nscreens: { a: {} }"),
            (LabelKeys.mapping, "screens: { a: { content: [ { label: { text: x, frame: [0, 0, 1, 1], bogus: 1 } } ] } }"),
            (SwipeKeys.mapping, "screens: { a: {} }\ntimeline: [ { at: 0, swipe: { from: [0, 0], to: [1, 1], bogus: 1 } } ]"),
            (SnapshotKeys.mapping, "screens: { a: {} }\nsnapshots: [ { at: 0, bogus: 1 } ]"),
            (SpringKeys.mapping, "screens: { a: {} }\nstyles: { s: { spring: { bogus: 1 }, layers: [ { node: to } ] } }"),
            (try! XCTUnwrap(ControlKeys.kinds.first { $0.name == "slider" }).mapping,
             "screens: { a: { content: [ { slider: { frame: [0, 0, 1, 1], bogus: 1 } } ] } }"),
        ]
        for (mapping, text) in cases {
            let found = problems(text)
            let expected = "unknown key 'bogus' in \(mapping.what); expected one of: \(mapping.names.joined(separator: ", "))"
            XCTAssertTrue(found.contains { $0.hasSuffix(expected) }, "\(mapping.name): \(found)")
        }
    }

    /// Ranges are the ones `Limits` names: just outside is refused with the bounds, the bound itself loads.
    func testRangesAreLimits() {
        XCTAssertEqual(problems("scale: \(Limits.scale.upperBound + 0.5)\nscreens: { a: {} }"),
                       ["scene.yaml:1:8: error: scale must be between 0.25 and 4, found 4.5"])
        XCTAssertEqual(problems("fps: \(Limits.fps.upperBound + 1)\nscreens: { a: {} }"),
                       ["scene.yaml:1:6: error: fps must be between 1 and 240, found 241"])
        XCTAssertEqual(problems("fps: \(Limits.fps.upperBound)\nscale: \(Limits.scale.lowerBound)\nscreens: { a: {} }"), [])
        XCTAssertEqual(SceneKeys.scale.descriptor.kind, .number(range: Limits.scale))
        XCTAssertEqual(SceneKeys.fps.descriptor.kind, .integer(range: Limits.fps))
    }

    /// A declared default is what a scene without the key gets.
    func testDefaultsAreTheDeclarations() throws {
        let scene = try SceneLoader.load(text: "screens: { a: {} }", file: "scene.yaml", name: "scene")
        XCTAssertEqual(scene.fps, SceneKeys.fps.defaultValue)
        XCTAssertEqual(scene.tail, SceneKeys.tail.defaultValue)
        XCTAssertEqual(scene.showsTouches, SceneKeys.touches.defaultValue)
        XCTAssertEqual(scene.appearance, SceneKeys.appearance.defaultValue)
    }
}

/// Every declared control decodes from its required keys (and a title, where it takes one) and keeps the kind key it was
/// declared with (what `segue inspect` names it by), so a new control needs no other list.
final class ControlDeclarationTests: XCTestCase {
    /// A value of `kind` that is valid at its smallest.
    private func sample(_ kind: SettingKind) -> String {
        switch kind {
        case .integer(let range): return String(max(range.lowerBound, 1))
        case .list(let item): return "[\(sample(item))]"
        case .oneOf(let kinds): return sample(kinds[0])
        case .number(let range, _): return range.map { String($0.upperBound) } ?? "1"
        case .boolean: return "true"
        default: return "a"
        }
    }

    func testEveryControlDecodesFromItsRequiredKeysAndKeepsItsName() throws {
        XCTAssertFalse(ControlKeys.kinds.isEmpty)
        for control in ControlKeys.kinds {
            var keys = ["frame: [0, 0, 100, 40]"]
            for name in control.mapping.required where name != "frame" {
                // A date picker's date is text whose format its decoder checks (not its kind).
                let value = name == "date" ? "'2026-11-23 09:41'" : sample(try XCTUnwrap(control.mapping[name]).kind)
                keys.append("\(name): \(value)")
            }
            // A button needs a title or an icon, which no single key requires.
            if control.mapping["title"] != nil { keys.append("title: a") }
            let text = "screens: { a: { content: [ { \(control.name): { \(keys.joined(separator: ", ")) } } ] } }"
            let scene = try SceneLoader.load(text: text, file: "scene.yaml", name: "scene")
            guard case .control(let view)? = scene.screens["a"]?.views.first else {
                XCTFail("\(control.name) did not decode to a control")
                continue
            }
            XCTAssertEqual(view.sceneKind, control.name)
        }
    }
}

/// Declarations state defaults as they are: a default the device decides says so, and lists of
/// names offered in messages name each once.
final class DeclaredTruthTests: XCTestCase {
    func testDefaultsTheDeviceDecidesSaySo() throws {
        // Both shown on a preset device and hidden on a custom one when the scene says nothing.
        for key in [ScreenKeys.statusBar.descriptor, ScreenKeys.homeIndicator.descriptor] {
            XCTAssertEqual(key.defaultText, "the device's", key.key)
        }
        let preset = try SceneLoader.load(text: "device: iphone-15\nscreens: { a: {} }", file: "scene.yaml", name: "scene")
        let custom = try SceneLoader.load(text: "size: [300, 400]\nscreens: { a: {} }", file: "scene.yaml", name: "scene")
        XCTAssertNil(preset.screens["a"]?.statusBar, "left to the device")
        XCTAssertNil(custom.screens["a"]?.statusBar, "left to the device")
        XCTAssertTrue(preset.device.isPreset)
        XCTAssertFalse(custom.device.isPreset, "so WindowChrome hides the status bar (WindowChromeTests)")
    }

    func testIconNamesAreEachOfferedOnce() throws {
        let names = IconCatalog.names
        XCTAssertGreaterThan(names.count, 100, "the Material Icons names are loaded (scripts/bootstrap)")
        XCTAssertEqual(names.count, Set(names).count, "duplicates: \(Dictionary(grouping: names) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        for typo in ["bolz", "star.fil", "gearshap", "wif", "clok"] {
            let nearest = IconCatalog.nearest(to: typo)
            XCTAssertEqual(nearest.count, Set(nearest).count, "\(typo): \(nearest)")
        }
    }
}
