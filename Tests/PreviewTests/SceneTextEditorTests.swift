import XCTest
@testable import Preview

final class SceneTextEditorTests: XCTestCase {
}
