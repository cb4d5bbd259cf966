import Foundation
import Geometry
import Workers

/// What the parts of a scene's decoder share while they read one file: the reader that collects
/// every problem, the scene's appearance and fonts, and the files read so far.
struct DecodingContext {
    var reader: NodeReader
    var appearance: Appearance = .light
    /// The user's text size, which text styles are set at (`contentSize:`).
    var contentSize: ContentSizeCategory = .large
    /// The design bars take their default colours from (`ChromeDesign.plainItemColor`).
    var design: InterfaceDesign = .classic
    /// The image files checked so far, to check each once and keep them within `Limits.pixelMemory`.
    let images = ImageFiles()
    /// Every file read so far besides the scene file (`Scene.readFiles`).
    let reads = ReadFiles()
    /// The names the scene gives its screens, known before any screen is decoded, for the
    /// screens a bar button's action pushes or presents.
    let screenNames = ScreenNames()
    /// The scene's own fonts by family name (`fonts:`), read before the screens.
    var fonts: [String: CustomFont] = [:]
    /// The scene's font files and system families (`fonts:`, `systemFont:`), read before the screens.
    var sceneFonts: SceneFonts = .standard

    init(reader: NodeReader) {
        self.reader = reader
    }
}

/// One part of the scene's decoder (screens and views, controls, lists and grids, bars), each a
/// value over the shared `DecodingContext`; the keys every view shares, icons, images, fonts and
/// colours are read here, once, for all of them.
protocol DecodingPart {
    var context: DecodingContext { get }
}

extension DecodingPart {
    var reader: NodeReader { context.reader }
    var appearance: Appearance { context.appearance }
    var images: ImageFiles { context.images }
    var reads: ReadFiles { context.reads }
    var screenNames: ScreenNames { context.screenNames }
    var fonts: [String: CustomFont] { context.fonts }

    var views: ViewDecoder { ViewDecoder(context: context) }
    var controls: ControlDecoder { ControlDecoder(context: context) }
    var collections: CollectionDecoder { CollectionDecoder(context: context) }
    var bars: BarDecoder { BarDecoder(context: context) }

    /// A view's `id`: a plain name (no '/'), so that `<screen>/<id>` names one render-tree node.
    func decodeViewID(_ fields: Fields, _ kind: String) -> String? {
        guard let node = fields[ViewKeys.id], let id = reader.string(node, "\(kind) id") else { return nil }
        if id.isEmpty || id.contains("/") {
            reader.error(node, "a view id is a plain name (not empty, no '/'), found '\(id)'")
            return nil
        }
        return id
    }

    /// `autoresizing`: one of UIKit's `UIView.AutoresizingMask` names, or a list of them.
    func decodeAutoresizing(_ fields: Fields) -> Autoresizing {
        guard let node = fields[ViewKeys.autoresizing] else { return [] }
        let r = reader
        let names = Autoresizing.names.map(\.name)
        let items = node.sequence.map(Array.init) ?? [node]
        var mask: Autoresizing = []
        for item in items {
            guard let name = r.string(item, "autoresizing") else { continue }
            if let value = Autoresizing.names.first(where: { $0.name == name })?.value {
                mask.insert(value)
            } else {
                let hint = Diagnostic.didYouMean(name, in: names)
                r.error(item, "unknown autoresizing '\(name)'\(hint); expected one or a list of: \(names.joined(separator: ", "))")
            }
        }
        return mask
    }

    /// A PNG path, relative to the scene file's folder (or absolute), checked to be a whole PNG
    /// file within the limits.
    func decodeImageFile(_ node: Node) -> ImageFile? {
        let r = reader
        guard let given = r.string(node, "image file") else { return nil }
        guard !given.isEmpty else {
            r.error(node, "expected a PNG file path, found an empty string")
            return nil
        }
        let url = imageURL(given)
        let path = url.standardizedFileURL.path
        guard url.pathExtension.lowercased() == "png" else {
            r.error(node, "image '\(given)' is not a .png file; Segue reads PNG images")
            return nil
        }
        reads.record(path, at: r.location(node))
        do {
            let (header, total) = try images.check(path)
            if let total, total > Limits.pixelMemory {
                r.error(node, "image '\(given)' brings the images to \(Limits.mebibytes(Double(total))) MB once decoded, over the limit of \(Limits.mebibytes(Double(Limits.pixelMemory))) MB; use fewer or smaller images")
                return nil
            }
            let stem = url.deletingPathExtension().lastPathComponent
            let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
            return ImageFile(path: path, pixelWidth: header.width, pixelHeight: header.height, scale: scale)
        } catch {
            r.error(node, "cannot use image '\(given)' (\(path)): \(error)")
            return nil
        }
    }

    /// Where an image file path written in the scene leads: relative to the scene file's folder,
    /// or absolute.
    func imageURL(_ given: String) -> URL {
        given.hasPrefix("/") ? URL(fileURLWithPath: given)
            : URL(fileURLWithPath: reader.file).deletingLastPathComponent().appendingPathComponent(given)
    }

    /// The color `key` gives, or its declared default: the system color its declaration's
    /// `defaultText` names, in the scene's appearance.
    func color(_ fields: Fields, _ key: Setting<Color?>, _ what: String? = nil) -> Color {
        reader.value(fields, key, what, appearance: appearance) ?? key.descriptor.defaultText.map(system) ?? .clear
    }

    /// The iOS system color `name` in the scene's appearance, at the level the screens are read at.
    func system(_ name: String) -> Color {
        SystemColor.resolved(name, appearance, level: reader.level)
    }

    /// `font` (a text style, at the scene's content size), then `size` and `weight` overriding it.
    func decodeFont(_ fields: Fields, defaultSize: Double, defaultWeight: LabelView.Weight = .regular) -> (size: Double, weight: LabelView.Weight) {
        let r = reader
        var size = defaultSize
        var weight = defaultWeight
        if let font = fields[ViewKeys.font], let style = r.string(font, "font") {
            if let preset = TextStyle(rawValue: style) {
                size = preset.metrics(at: context.contentSize).size
                weight = preset.weight
            } else {
                let names = TextStyle.allCases.map(\.rawValue).sorted()
                let hint = Diagnostic.didYouMean(style, in: names)
                r.error(font, "unknown font text style '\(style)'\(hint); expected one of: \(names.joined(separator: ", "))")
            }
        }
        if let value = r.value(fields, ViewKeys.size, "font size") { size = value }
        if let value = r.value(fields, ViewKeys.weight) { weight = value }
        return (size, weight)
    }

    /// `opacity`: 0...1, default 1 (`UIView.alpha`).
    func decodeOpacity(_ fields: Fields) -> Double {
        reader.value(fields, ViewKeys.opacity)
    }

    /// An icon name (an SF Symbol name, a Material Icons name) or a non-ASCII text such as an emoji.
    func decodeIcon(_ node: Node) -> Icon? {
        let r = reader
        guard let name = r.string(node, "icon name") else { return nil }
        switch IconCatalog.icon(named: name) {
        case .success(let icon):
            return icon
        case .failure(.setMissing):
            r.error(node, "icon '\(name)' needs the Material Icons font: run scripts/bootstrap (it installs fonts-material-design-icons-iconfont)")
        case .failure(.unknown(let meaning, let nearest)):
            let meant = meaning.isEmpty ? "" : " (did you mean \(meaning.map { "'\($0)'" }.joined(separator: " or "))?)"
            let hint = nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))"
            r.error(node, "unknown icon '\(name)'\(meant)\(hint) (SF Symbol names of common symbols, Material Icons names, or an emoji)")
        }
        return nil
    }

    /// `fonts: [path, …]`: .ttf or .otf files relative to the scene file, each known by the
    /// family names in its `name` table; the families, and every file in order.
    func decodeFonts(_ node: Node) -> (families: [String: CustomFont], files: [String]) {
        let r = reader
        var fonts: [String: CustomFont] = [:]
        var files: [String] = []
        for item in r.sequence(node, "fonts (a list of .ttf or .otf files)") ?? [] {
            guard let given = r.string(item, "font file") else { continue }
            let folder = URL(fileURLWithPath: r.file).deletingLastPathComponent()
            let url = given.hasPrefix("/") ? URL(fileURLWithPath: given) : folder.appendingPathComponent(given)
            guard ["ttf", "otf"].contains(url.pathExtension.lowercased()) else {
                r.error(item, "font '\(given)' is not a .ttf or .otf file")
                continue
            }
            let path = url.standardizedFileURL.path
            reads.record(path, at: r.location(item))
            do {
                for family in try FontFileNames.families(ofFontAt: path) where fonts[family] == nil {
                    fonts[family] = CustomFont(family: family, path: path)
                }
                if !files.contains(path) { files.append(path) }
            } catch {
                r.error(item, "cannot use font '\(given)' (\(path)): \(error)")
            }
        }
        return (fonts, files)
    }

    /// `family`: the scene's system font (the default), Inter, or a family of the scene's `fonts`.
    /// Nil stands for the system font; Inter named in a scene whose system font is another
    /// family is `CustomFont.inter`.
    func decodeFamily(_ fields: Fields) -> CustomFont? {
        guard let node = fields[ViewKeys.family], let family = reader.string(node, "font family") else { return nil }
        guard let font = knownFamily(family, at: node) else { return nil }
        return font == .inter && context.sceneFonts.system == nil && context.sceneFonts.display == nil ? nil : font
    }

    /// The family `family` names, given at `node`: Inter (`CustomFont.inter`) or one of the scene's
    /// `fonts`; nil, with a located error suggesting the closest family, for any other.
    func knownFamily(_ family: String, at node: Node) -> CustomFont? {
        if family == CustomFont.inter.family { return .inter }
        if let font = fonts[family] { return font }
        let known = [CustomFont.inter.family] + fonts.keys.sorted()
        let hint = Diagnostic.didYouMean(family, in: known)
        reader.error(node, "unknown font family '\(family)'\(hint); families: \(known.joined(separator: ", ")) — add font files under the scene's 'fonts:'")
        return nil
    }
}

/// The distinct image files a scene shows: each checked once however often it is shown, and
/// their pixels counted as Raster will decode them.
final class ImageFiles {
    private var checked: [String: Result<PNGCheck, Error>] = [:]
    /// The files whose pixels are counted: those shown so far.
    private var counted: Set<String> = []
    private var pixels = 0

    /// Checks the files at `paths` now, several at once (a check inflates the whole image, and
    /// a scene's photos are large), so that `check` finds them done; what is checked and what
    /// it finds are as if `check` had checked each. A file no view shows is checked for nothing.
    func prefetch(_ paths: [String]) {
        var seen = Set<String>()
        let new = paths.filter { checked[$0] == nil && seen.insert($0).inserted }
        guard new.count > 1 else { return }
        for (path, result) in zip(new, WorkerPool.outcomes(of: new, name: "segue-png-check", PNGCheck.init(contentsOf:))) {
            checked[path] = result
        }
    }

    /// The check of the file at `path`, and the pixels of all images so far when `path` is new.
    func check(_ path: String) throws -> (PNGCheck, total: Int?) {
        let result = checked[path] ?? Result { try PNGCheck(contentsOf: path) }
        checked[path] = result
        let image = try result.get()
        guard counted.insert(path).inserted else { return (image, nil) }
        pixels += image.width * image.height
        return (image, pixels)
    }
}

/// The files a scene reads besides itself, each recorded where the decoder reads it.
final class ReadFiles {
    /// Each path, at the first place the scene names it.
    private(set) var locations: [String: SourceLocation] = [:]

    func record(_ path: String, at location: SourceLocation) {
        if locations[path] == nil { locations[path] = location }
    }

    /// The absolute paths, sorted.
    var paths: [String] { locations.keys.sorted() }
}

/// The screen names of the scene being decoded (the keys of `screens:`).
final class ScreenNames {
    var names: [String] = []
}
