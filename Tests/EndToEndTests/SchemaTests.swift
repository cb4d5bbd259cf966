import CLITestSupport
import Foundation
import XCTest

/// `segue schema` and the committed docs/scene.schema.json stay the same, and every example scene
/// validates against it.
final class SchemaTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testCommittedSchemaIsCurrent() throws {
        let printed = try CLI.segue(["schema"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let committed = try String(contentsOf: repository.appendingPathComponent("docs/scene.schema.json"), encoding: .utf8)
        XCTAssertEqual(printed.text, committed, "run `segue schema > docs/scene.schema.json`")
        let json = try JSONSerialization.jsonObject(with: printed.stdout) as? [String: Any]
        XCTAssertEqual(json?["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
    }

    /// The settings tables in docs/scene-format.md are the styles' descriptors, printed.
    func testSettingsTablesAreCurrent() throws {
        let printed = try CLI.segue(["schema", "--settings-tables"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let docs = try String(contentsOf: repository.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let begin = try XCTUnwrap(docs.range(of: "-->\n\n", range: try XCTUnwrap(docs.range(of: "<!-- settings tables:")).upperBound..<docs.endIndex))
        let end = try XCTUnwrap(docs.range(of: "<!-- end of settings tables -->"))
        XCTAssertEqual(String(docs[begin.upperBound..<end.lowerBound]), printed.text,
                       "paste `segue schema --settings-tables` between the markers in docs/scene-format.md")
    }

    /// The table of how each style presents, in docs/scene-format.md, is the styles' own, printed.
    func testPresentationTableIsCurrent() throws {
        let printed = try CLI.segue(["schema", "--presentation-table"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        // Every built-in style (each has a settings table) is in exactly one row.
        let tables = try CLI.segue(["schema", "--settings-tables"]).text
        let styles = tables.components(separatedBy: "\n").filter { $0.hasPrefix("#### `") }.map { $0.dropFirst(5) }.map(String.init)
        let rows = printed.text.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        XCTAssertEqual(styles.count, 12)
        for style in styles {
            XCTAssertEqual(rows.filter { $0.contains(style) }.count, 1, "\(style) in \(rows)")
        }
        let docs = try String(contentsOf: repository.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let begin = try XCTUnwrap(docs.range(of: "-->\n\n", range: try XCTUnwrap(docs.range(of: "<!-- presentation table:")).upperBound..<docs.endIndex))
        let end = try XCTUnwrap(docs.range(of: "<!-- end of presentation table -->"))
        XCTAssertEqual(String(docs[begin.upperBound..<end.lowerBound]), printed.text + "\n",
                       "paste `segue schema --presentation-table` between the markers in docs/scene-format.md")
    }

    func testExampleScenesValidateAgainstTheSchema() throws {
        let script = """
            import glob, json, sys
            try:
                import jsonschema, yaml
            except ImportError:
                sys.exit(77)
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            bad = 0
            for path in sorted(glob.glob(sys.argv[2] + '/**/*.yaml', recursive=True)):
                for error in validator.iter_errors(yaml.safe_load(open(path))):
                    print(path, error.message[:200]); bad += 1
            invalid = yaml.safe_load("screens: {a: {}}\\ntransitions: [{from: a, to: a, style: cover-from-left, width: 3}]")
            if not list(validator.iter_errors(invalid)):
                print('a setting of another style passed'); bad += 1
            custom = yaml.safe_load("screens: {a: {}}\\nstyles: {mine: {layers: [{node: from, keyframes: [{at: 2}]}]}}")
            if not list(validator.iter_errors(custom)):
                print('a keyframe past progress 1 passed'); bad += 1
            sys.exit(1 if bad else 0)
            """
        let result = try CLI.tool("python3", ["-c", script, repository.appendingPathComponent("docs/scene.schema.json").path,
                                              repository.appendingPathComponent("scenes").path])
        try Requirements.fail(if: result.status == 77, .jsonSchema, "python3 has no jsonschema/yaml modules here")
        XCTAssertEqual(result.status, 0, result.text + result.stderr)
    }
}
