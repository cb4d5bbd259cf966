import Foundation
import Hummingbird
import Stills

/// A request naming a variant the scene does not declare (`?variant=NAME`): answered 404 with
/// JSON the page shows as the scene's error, with the variants it does declare to pick from.
struct UnknownVariant: HTTPResponseError {
    /// The scene, by its path relative to the workspace.
    let scene: String
    let variant: String
    /// The variants the scene declares.
    let variants: [String]

    var status: HTTPResponse.Status { .notFound }

    var message: String { "\(PipelineError.unknownVariant(variant, scene: scene, variants: variants))" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let object: [String: Any] = ["ok": false, "scene": scene, "variant": variant, "variants": variants,
                                     "errors": [["message": message, "description": "error: \(message)"]]]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
