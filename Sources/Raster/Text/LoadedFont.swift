internal import CCairo

/// A font Pango chose for a description; owns one `PangoFont` reference.
final class LoadedFont {
    let pointer: UnsafeMutablePointer<PangoFont>

    /// The font `context`'s font map picks for `description`; nil when it has none.
    init?(context: TextContext, description: FontDescription) {
        guard let map = pango_context_get_font_map(context.pointer),
              let pointer = pango_font_map_load_font(map, context.pointer, description.pointer) else { return nil }
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// The family of the face actually loaded.
    var family: String? {
        guard let described = pango_font_describe(pointer) else { return nil }
        return FontDescription(adopting: described).family
    }
}
