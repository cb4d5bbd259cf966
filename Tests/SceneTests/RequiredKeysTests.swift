import Foundation
@testable import Scene
import XCTest

/// Required keys are enforced from the declarations, in one message form, for every mapping.
final class RequiredKeysTests: XCTestCase {
    func testEveryDeclaredRequiredKeyIsReportedInOneForm() throws {
        let declaring = SceneVocabulary.mappings.filter { !$0.required.isEmpty }
        XCTAssertGreaterThan(declaring.count, 25)
        for mapping in declaring {
            let reader = NodeReader(file: "s.yaml")
            let node = try XCTUnwrap(try SceneDocument.compose("{}", aliasLimit: 100)?.root)
            XCTAssertNotNil(reader.mapping(node, mapping))
            let expected = mapping.required.map { key in
                "s.yaml:1:1: error: missing key '\(key)' in \(mapping.what): \(mapping[key]?.doc ?? "")"
            }
            XCTAssertEqual(reader.diagnostics.map(\.description), expected, mapping.name)
        }
    }

    func testAGivenRequiredKeyIsNotReported() throws {
        let reader = NodeReader(file: "s.yaml")
        let node = try XCTUnwrap(try SceneDocument.compose("{ text: Hi, frame: [0, 0, 10, 10] }", aliasLimit: 100)?.root)
        XCTAssertNotNil(reader.mapping(node, LabelKeys.mapping))
        XCTAssertEqual(reader.diagnostics.count, 0)
    }
}
