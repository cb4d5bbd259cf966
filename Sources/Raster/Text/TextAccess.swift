/// How a painter reaches Pango, which one thread at a time may use (`FontLibrary`): through a
/// context whose library box its caller already holds, or by taking the box for each text or
/// icon drawn. A band of scroll content is drawn the second way, so two threads can draw two
/// bands at once, meeting only at their labels.
enum TextAccess {
    /// A context the caller holds the library's box for (`FontLibrary.withTextContext`).
    case held(TextContext)
    /// The library's box taken, and a context made, for each use.
    case perUse(FontLibrary)

    /// `body` with a context this thread alone uses while it runs.
    func with<R>(_ body: (TextContext) throws -> R) throws -> R {
        switch self {
        case .held(let context): try body(context)
        case .perUse(let fonts): try fonts.withTextContext(body)
        }
    }
}
