internal import CCairo
import Scene

/// A Pango font description; owns one `PangoFontDescription`.
final class FontDescription {
    let pointer: OpaquePointer

    /// `family` at `size` points (absolute: user-space units, independent of resolution) and `weight`.
    init(family: String, size: Double, weight: LabelView.Weight) throws {
        guard let pointer = pango_font_description_new() else {
            throw RasterError.fontSetup("Pango could not create a font description")
        }
        self.pointer = pointer
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_absolute_size(pointer, max(size, 0) * Double(PANGO_SCALE))
        pango_font_description_set_weight(pointer, Self.pangoWeight(weight))
    }

    /// Takes ownership of a description Pango returned.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        pango_font_description_free(pointer)
    }

    var family: String? {
        pango_font_description_get_family(pointer).map { String(cString: $0) }
    }

    /// UIFont.Weight to Pango (CSS) weights.
    static func pangoWeight(_ weight: LabelView.Weight) -> PangoWeight {
        switch weight {
        case .ultralight: return PANGO_WEIGHT_ULTRALIGHT  // 200
        case .thin: return PANGO_WEIGHT_THIN  // 100
        case .light: return PANGO_WEIGHT_LIGHT  // 300
        case .regular: return PANGO_WEIGHT_NORMAL  // 400
        case .medium: return PANGO_WEIGHT_MEDIUM  // 500
        case .semibold: return PANGO_WEIGHT_SEMIBOLD  // 600
        case .bold: return PANGO_WEIGHT_BOLD  // 700
        case .heavy: return PANGO_WEIGHT_ULTRABOLD  // 800
        case .black: return PANGO_WEIGHT_HEAVY  // 900
        }
    }
}
