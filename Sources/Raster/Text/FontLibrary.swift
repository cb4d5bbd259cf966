internal import CCairo
import Foundation
import Workers
import Scene

/// A font setup: a Pango font map that sees only the bundled Inter files, the fallback fonts for
/// symbols and emoji, the icon font and the font files of one scene (`SceneFonts`), and the
/// family the scene's system text is set in.
///
/// A scene without fonts of its own uses `shared`; one with them a library of its own
/// (`library(for:)`), so two scenes of one process never see each other's files: a family two
/// scenes' files both name, or a character only one of them has, is set in the scene's own.
/// Pango's font maps are not safe to use from several threads at once, so every use goes
/// through `withTextContext`, which holds the library's box.
///
/// Unchecked Sendable: its Pango objects are reached only through `withTextContext`, under its box.
final class FontLibrary: @unchecked Sendable {
    /// Where Debian's fonts-inter package puts Inter; `scripts/bootstrap` installs it.
    static let interDirectory = "/usr/share/fonts/opentype/inter"

    /// The family every label is set in.
    static let family = "Inter"

    /// Fonts for what Inter lacks, in the order Pango falls back to them (`families`): Noto Sans
    /// Hebrew and Noto Sans Arabic for right-to-left text (fonts-noto-core; iOS sets it in SF
    /// Hebrew and SF Arabic, sans serifs of the same kind), DejaVu Sans for arrows, dingbats and
    /// math (fonts-dejavu-core), Noto Color Emoji for emoji
    /// (fonts-noto-color-emoji), Symbola for the remaining symbols such as "ⓘ" (fonts-symbola).
    /// All from Debian packages `scripts/bootstrap` installs; one that is missing is left out.
    static let fallbackFiles = [
        "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
        "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    ]

    /// The family list every text is set in: Inter first, then the fallbacks in order, so a
    /// character Inter lacks comes from the first of them that has it, the same on every machine.
    static let families = "Inter, Noto Sans Hebrew, Noto Sans Arabic, DejaVu Sans, Noto Color Emoji, Symbola"

    /// Two Fontconfig rules, the only ones in the private configuration: a bitmap font (Noto
    /// Color Emoji's glyphs are 109 px bitmaps) is scaled to the size asked for, as Fontconfig's
    /// stock `10-scale-bitmap-fonts.conf` does; and the family `emoji`, which Pango asks for
    /// runs of emoji, means the color emoji font, as the stock `60-generic.conf` says, so emoji
    /// are in color rather than in Symbola's outlines.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same">
            <family>emoji</family>
            <prefer><family>Noto Color Emoji</family></prefer>
          </alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name> <double>0</double> <double>0</double> <name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

    /// Google's Material Icons (fonts-material-design-icons-iconfont, Apache 2.0): the icons
    /// `IconCatalog` names, drawn by codepoint.
    static let iconFile = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
    static let iconFamily = "Material Icons"

    /// The faces labels can ask for: Inter's upright weights (Inter-Thin.otf ... Inter-Black.otf).
    /// Labels have no italic and never use Inter Display, and every face Fontconfig knows is
    /// parsed at startup and considered in every match, so the other 27 files of the package
    /// would only cost time (about 20 ms per process, measured with `render --stats`).
    static func isLabelFace(_ file: String) -> Bool {
        file.hasPrefix("\(family)-") && !file.contains("Italic")
    }

    /// The library of Inter alone (`SceneFonts.standard`), or why it could not be built; the
    /// same value for the whole process.
    static let shared: Result<FontLibrary, RasterError> = Result {
        try FontLibrary(directory: interDirectory, extraFiles: fallbackFiles + [iconFile], makingCurrent: true)
    }.mapError { error in error as? RasterError ?? .fontSetup("\(error)") }

    /// The libraries of scenes with fonts of their own, by their fonts, most recently used last.
    private static let libraries = LockedValueBox([(fonts: SceneFonts, library: FontLibrary)]())
    /// How many of them are kept: a batch of scenes with fonts of their own builds each once
    /// (Fontconfig reading the Inter faces again: a few milliseconds), and keeps the last few.
    static let keptLibraries = 8

    /// The library text set in `fonts` uses: `shared` for Inter alone, else one with the scene's files.
    static func library(for fonts: SceneFonts) throws -> FontLibrary {
        let shared = try shared.get()
        guard fonts != .standard else { return shared }
        return try libraries.withLockedValue { libraries in
            if let index = libraries.firstIndex(where: { $0.fonts == fonts }) {
                let entry = libraries.remove(at: index)
                libraries.append(entry)
                return entry.library
            }
            let library = try FontLibrary(directory: interDirectory, extraFiles: fallbackFiles + [iconFile], fonts: fonts)
            libraries.append((fonts, library))
            if libraries.count > keptLibraries { libraries.removeFirst() }
            return library
        }
    }

    /// The scene's files this library sees and the families its system text is set in.
    let fonts: SceneFonts
    private let configuration: FontConfiguration
    private let fontMap: UnsafeMutablePointer<PangoFontMap>

    /// Inter's faces in `directory`, the `extraFiles` that exist and every file of `fonts`.
    /// `makingCurrent`: for the first library of the process, see below.
    init(directory: String, extraFiles: [String] = [], fonts: SceneFonts = .standard, makingCurrent: Bool = false) throws {
        self.fonts = fonts
        configuration = try FontConfiguration(directory: directory, accepting: Self.isLabelFace, extraFiles: extraFiles)
        for path in fonts.files { try configuration.add(path) }
        try configuration.load(rules: Self.rules)
        // Pango's first font map runs Fontconfig's FcInit() on a thread of its own, which loads
        // the system's fonts.conf and font caches unless a configuration is current already.
        // Making the private one current keeps that work (and the system fonts) out.
        if makingCurrent { FcConfigSetCurrent(configuration.pointer) }
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RasterError.fontSetup("Pango has no FreeType font map")
        }
        self.fontMap = fontMap
        guard segue_font_map_set_fc_config(fontMap, configuration.pointer) != 0 else {
            throw RasterError.fontSetup("Pango's FreeType font map is not Fontconfig-based")
        }
    }

    deinit {
        g_object_unref(fontMap)
    }

    /// Everything that touches Pango and Fontconfig (`fontMap`, `configuration`) happens holding
    /// this box, as they are not thread-safe.
    private let box = LockedValueBox(())

    /// Widths measured so far (`TextMeasurer`). Never held while taking `box`.
    let widths = LockedValueBox([TextMeasurer.Key: Double]())

    /// Line counts of wrapped text measured so far (`TextMeasurer.lineCount`). Never held while taking `box`.
    let lineCounts = LockedValueBox([TextMeasurer.WrapKey: Int]())

    /// The family list for text set in `custom` (nil: the system font) at `size` points, with
    /// Inter and the fallbacks after it.
    func families(for custom: CustomFont?, size: Double) -> String {
        guard let family = custom?.family ?? fonts.systemFamily(at: size) else { return Self.families }
        return "\(family), \(Self.families)"
    }

    /// Runs `body` with a fresh text context, holding the library's box throughout:
    /// everything that lays out or draws text must happen inside.
    ///
    /// Re-entrant on one thread: a thread that already holds the box (a painter laying out a list
    /// whose rows ask the measurer for their lines, `TextMeasurer.lineCount`) gets a fresh context
    /// without taking it again, which would deadlock.
    func withTextContext<R>(_ body: (TextContext) throws -> R) throws -> R {
        let thread = Thread.current.threadDictionary
        if thread[holderKey] != nil {
            return try body(try TextContext(fontMap: fontMap, fonts: self))
        }
        return try box.withLockedValue { _ in
            thread[holderKey] = true
            defer { thread[holderKey] = nil }
            let context = try TextContext(fontMap: fontMap, fonts: self)
            return try body(context)
        }
    }

    /// Runs `body` with the context text is measured in (`TextMeasurer`), holding the library's
    /// box (re-entrant as `withTextContext` is): one context made on first use and kept, never
    /// updated for a surface, so a measure depends on nothing a painter did before it.
    func withMeasuringContext<R>(_ body: (TextContext) throws -> R) throws -> R {
        let thread = Thread.current.threadDictionary
        if thread[holderKey] != nil { return try body(try measuringContextHoldingTheBox()) }
        return try box.withLockedValue { _ in
            thread[holderKey] = true
            defer { thread[holderKey] = nil }
            return try body(try measuringContextHoldingTheBox())
        }
    }

    /// The measuring context, made the first time; only with the box held.
    private func measuringContextHoldingTheBox() throws -> TextContext {
        if let measuringContext { return measuringContext }
        let context = try TextContext(fontMap: fontMap, fonts: self)
        measuringContext = context
        return context
    }

    /// Reached only holding `box` (`withMeasuringContext`).
    private var measuringContext: TextContext?

    /// The key under which a thread's dictionary marks that the thread holds this library's box.
    private var holderKey: String { "segue.FontLibrary.holder.\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" }

    /// The family of the face Pango loads when asked for `family`: an Inter face for any family it does not know.
    func resolvedFamily(for family: String) throws -> String? {
        try withTextContext { context in
            let description = try FontDescription(family: family, size: 17, weight: .regular)
            return LoadedFont(context: context, description: description)?.family
        }
    }

    /// The font families Pango offers, sorted: Inter, the fallbacks and the icon font, plus
    /// Pango's generic aliases (Sans, Serif, Monospace, System-ui).
    var familyNames: [String] {
        box.withLockedValue { _ in familyNamesHoldingTheBox }
    }

    private var familyNamesHoldingTheBox: [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { index in
            families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }.sorted()
    }
}
