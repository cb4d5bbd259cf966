// A scene file composed from libyaml's event stream (Debian's libyaml-dev, `CLibYAML`) into flat
// arrays: one pass, which also counts what the document's aliases repeat.
internal import CLibYAML

/// A composed YAML (or JSON) document: every node is a fixed-size item in one array, the
/// children of collections one array of indices, and the scalars' text one array of bytes.
///
/// A general-purpose composer gives each node its own objects (a scalar's string, its tag, the
/// pairs of a mapping): a 100,000-row list of `{ title, subtitle, detail }` is 700,000 nodes,
/// which took 170 MB as a general-purpose node tree and left the heap fragmented under the render's
/// allocations. Here the same document is four arrays of about 23 MB, freed in one piece, and a
/// scalar's string is made when a decoder asks for it.
///
/// An alias is the index of the node its anchor names, so nothing is copied; `Limits.aliasedNodes`
/// still bounds what walks of the document visit (see `compose`).
final class SceneDocument: Sendable {
    struct Item {
        enum Kind: UInt8 { case scalar, mapping, sequence }
        var kind: Kind
        var style: Scalar.Style
        /// A plain scalar YAML's core schema reads as null (`~`, `null`, nothing), or one tagged `!!null`.
        var isNull: Bool
        var line: UInt32
        var column: UInt32
        /// A scalar's first byte in `text`; a collection's first child in `children`.
        var start: UInt32
        /// A scalar's length in bytes; a mapping's pairs (two children each); a sequence's items.
        var count: UInt32
    }

    let items: [Item]
    let children: [UInt32]
    let text: [UInt8]
    private let rootIndex: UInt32

    private init(items: [Item], children: [UInt32], text: [UInt8], root: UInt32) {
        self.items = items
        self.children = children
        self.text = text
        rootIndex = root
    }

    /// Why a text is not a document this loader composes, at a line and column (1-based): the
    /// whole message a diagnostic shows.
    struct Failure: Error {
        let line: Int
        let column: Int
        let message: String
    }

    /// The document in `text`, or nil when it holds none (an empty file, or only comments).
    ///
    /// Every node is counted where a walk would visit it: an anchored node's size is the count of
    /// nodes in its subtree (aliases inside it followed), and each alias adds its anchor's size.
    /// The first alias that takes the total past `aliasLimit` is the error, at its own line and
    /// column, so nine nested lists of ten aliases each ("a billion laughs", a few hundred bytes)
    /// are refused before anything walks them. Mature YAML libraries bound this the same way: Go's
    /// yaml.v3 refuses "excessive aliasing" (decode.go, `allowedAliasRatio`), SnakeYAML counts the
    /// aliases to collections (`LoaderOptions.maxAliasesForCollections`), and serde_yaml stops a
    /// document whose aliases repeat too many events ("repetition limit exceeded").
    ///
    /// As YAML 1.2 requires (§3.2.1.3, "mapping keys must be unique"), a mapping that repeats a key
    /// is refused, at the first of the repeated keys; a stream of more than one document is refused.
    ///
    /// A list or mapping nested deeper than `depthLimit` is refused where it opens, so no walk over
    /// the document (each recurses once per level) meets a depth the stack cannot hold.
    static func compose(_ text: String, aliasLimit: Int, depthLimit: Int = Limits.nesting) throws(Failure) -> SceneDocument? {
        var composer = Composer(aliasLimit: aliasLimit, depthLimit: depthLimit)
        var bytes = Array(text.utf8)
        let result: Result<Bool, Failure> = bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(Failure(line: 1, column: 1, message: "invalid YAML/JSON: the parser could not start (out of memory)"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(Self.failure(of: parser, in: buffer))
                }
                defer { yaml_event_delete(&event) }
                do throws(Failure) {
                    if try composer.take(event) { return .success(true) }
                } catch {
                    return .failure(error)
                }
            }
        }
        bytes = []
        switch result {
        case .failure(let failure): throw failure
        case .success:
            guard let root = composer.root else { return nil }
            return SceneDocument(items: composer.items, children: composer.children, text: composer.text, root: root)
        }
    }

    var root: Node { Node(document: self, index: rootIndex) }

    func string(_ item: Item) -> String {
        text.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(item.start) ..< Int(item.start + item.count)]), as: UTF8.self)
        }
    }

    /// The parser's own description of a syntax error, at its mark; an undecodable byte (a
    /// reader error, which has only an offset) at the line and column of that byte.
    private static func failure(of parser: yaml_parser_t, in bytes: UnsafeMutableBufferPointer<UInt8>) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        if parser.error == YAML_READER_ERROR {
            let offset = min(parser.problem_offset, bytes.count)
            let before = bytes[..<offset]
            let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart ..< offset], as: UTF8.self).count + 1
            return Failure(line: line, column: column, message: "invalid YAML/JSON: \(problem) (byte \(offset))")
        }
        let context = parser.context.map { "\(String(cString: $0)) (line \(parser.context_mark.line + 1)): " } ?? ""
        let message = "invalid YAML/JSON: " + context + problem
        // The parser marks the end of a file without a final newline on the line after the last;
        // such a problem is at the end of the last line.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let lineCount = bytes.last == 0x0A ? lines.count - 1 : lines.count
        if Int(parser.problem_mark.line) + 1 > lineCount, lineCount > 0 {
            return Failure(line: lineCount, column: String(decoding: lines[lineCount - 1], as: UTF8.self).count + 1, message: message)
        }
        return Failure(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, message: message)
    }
}

/// Builds a `SceneDocument`'s arrays from libyaml's events, in order. The items of open
/// collections wait in `pending` until their end event moves them into `children`.
private struct Composer {
    typealias Item = SceneDocument.Item
    typealias Failure = SceneDocument.Failure

    let aliasLimit: Int
    let depthLimit: Int
    var items: [Item] = []
    var children: [UInt32] = []
    var text: [UInt8] = []
    var root: UInt32?
    private var pending: [UInt32] = []
    /// The open collections: their item, where their children start in `pending`, the nodes they
    /// hold so far (aliases followed), the levels of lists and mappings they hold (themselves
    /// included, aliases followed) and their anchor.
    private var open: [(item: UInt32, first: Int, size: Int, height: Int, anchor: String?)] = []
    /// The anchors closed so far, with their node and size (a later anchor of the same name
    /// replaces an earlier one, as YAML 1.2 §3.2.2.2 says).
    private var anchors: [String: (item: UInt32, size: Int, height: Int)] = [:]
    private var aliased = 0
    private var documents = 0

    init(aliasLimit: Int, depthLimit: Int) {
        self.aliasLimit = aliasLimit
        self.depthLimit = depthLimit
    }

    /// Takes one event; true at the end of the stream.
    mutating func take(_ event: yaml_event_t) throws(Failure) -> Bool {
        let line = UInt32(event.start_mark.line + 1), column = UInt32(event.start_mark.column + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw Failure(line: Int(line), column: Int(column),
                              message: "invalid YAML/JSON: a scene file holds one document, but another starts here")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let start = UInt32(text.count)
            if let value = scalar.value { text.append(contentsOf: UnsafeBufferPointer(start: value, count: scalar.length)) }
            let style = Scalar.Style(scalar.style)
            let isNull: Bool
            if let tag = Self.name(scalar.tag) {
                isNull = tag == "tag:yaml.org,2002:null"
            } else {
                isNull = style == .plain && scalar.length <= 4 && Self.nulls.contains(text[Int(start)...])
            }
            let index = add(Item(kind: .scalar, style: style, isNull: isNull, line: line, column: column,
                                 start: start, count: UInt32(scalar.length)))
            try close(index, size: 1, height: 0, anchor: Self.name(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            try openCollection(.sequence, line: line, column: column, anchor: Self.name(event.data.sequence_start.anchor))
        case YAML_MAPPING_START_EVENT:
            try openCollection(.mapping, line: line, column: column, anchor: Self.name(event.data.mapping_start.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let collection = open.popLast() else { break }
            // The members are read through short-lived slices: a slice kept while `pending` shrinks
            // would make every removal copy the whole array (a list of 500,000 mappings took 40 s).
            let members = pending.count - collection.first
            items[Int(collection.item)].start = UInt32(children.count)
            if items[Int(collection.item)].kind == .mapping {
                items[Int(collection.item)].count = UInt32(members / 2)
                try checkUniqueKeys(pending[collection.first...])
            } else {
                items[Int(collection.item)].count = UInt32(members)
            }
            children.append(contentsOf: pending[collection.first...])
            pending.removeLast(members)
            try close(collection.item, size: collection.size, height: collection.height, anchor: collection.anchor)
        case YAML_ALIAS_EVENT:
            let anchor = Self.name(event.data.alias.anchor) ?? ""
            guard let target = anchors[anchor] else {
                throw Failure(line: Int(line), column: Int(column), message: "invalid YAML/JSON: alias '*\(anchor)' names no anchor defined before it")
            }
            aliased += target.size
            if aliased > aliasLimit {
                throw Failure(line: Int(line), column: Int(column), message:
                    "alias '*\(anchor)' brings the nodes the aliases repeat to \(aliased), over the limit of \(aliasLimit) nodes; write the repeated part out, or repeat it fewer times")
            }
            // An alias nests its anchor's levels where it stands: a chain of aliases, each inside
            // the next anchor, would otherwise nest deeper than any one anchor is written.
            if open.count + target.height > depthLimit {
                throw Failure(line: Int(line), column: Int(column), message:
                    "alias '*\(anchor)' nests its \(target.height) levels of lists and mappings \(open.count + target.height) deep, over the limit of \(depthLimit) levels")
            }
            try close(target.item, size: target.size, height: target.height, anchor: nil)
        default:
            break
        }
        return false
    }

    private mutating func add(_ item: Item) -> UInt32 {
        items.append(item)
        return UInt32(items.count - 1)
    }

    private mutating func openCollection(_ kind: Item.Kind, line: UInt32, column: UInt32, anchor: String?) throws(Failure) {
        guard open.count < depthLimit else {
            throw Failure(line: Int(line), column: Int(column), message:
                "a \(kind == .mapping ? "mapping" : "list") nested \(open.count + 1) deep, over the limit of \(depthLimit) levels of lists and mappings; a scene's views nest a dozen deep at most")
        }
        let index = add(Item(kind: kind, style: .plain, isNull: false, line: line, column: column, start: 0, count: 0))
        open.append((index, pending.count, 1, 1, anchor))
    }

    /// A complete node: a member of the innermost open collection, or the root.
    private mutating func close(_ index: UInt32, size: Int, height: Int, anchor: String?) throws(Failure) {
        if let anchor { anchors[anchor] = (index, size, height) }
        if open.isEmpty {
            root = root ?? index
        } else {
            open[open.count - 1].size += size
            open[open.count - 1].height = max(open[open.count - 1].height, height + 1)
            pending.append(index)
        }
    }

    /// A mapping's keys (every other member, from the first) must differ; the first key whose
    /// text repeats an earlier one is the error, at the earlier one.
    private func checkUniqueKeys(_ members: ArraySlice<UInt32>) throws(Failure) {
        guard members.count > 2 else { return }
        var seen: [ArraySlice<UInt8>: Item] = [:]
        var repeated: [(name: String, first: Item)] = []
        for position in stride(from: members.startIndex, to: members.endIndex, by: 2) {
            let key = items[Int(members[position])]
            guard key.kind == .scalar else { continue }
            let name = text[Int(key.start) ..< Int(key.start + key.count)]
            if let first = seen[name] {
                if !repeated.contains(where: { $0.first.start == first.start }) {
                    repeated.append((String(decoding: name, as: UTF8.self), first))
                }
            } else {
                seen[name] = key
            }
        }
        guard let first = repeated.first else { return }
        throw Failure(line: Int(first.first.line), column: Int(first.first.column),
                      message: "duplicate keys: \(repeated.map(\.name).joined(separator: ", "))")
    }

    private static let nulls: [ArraySlice<UInt8>] = ["", "~", "null", "Null", "NULL"].map { ArraySlice($0.utf8) }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}

/// A node of a `SceneDocument`: which item it is, read through the document.
struct Node: Sendable {
    let document: SceneDocument
    let index: UInt32

    private var item: SceneDocument.Item { document.items[Int(index)] }

    /// Where the node starts in the file (1-based); an alias's node is where its anchor is.
    var mark: Mark? { Mark(line: Int(item.line), column: Int(item.column)) }

    var scalar: Scalar? {
        let item = item
        return item.kind == .scalar ? Scalar(string: document.string(item), style: item.style) : nil
    }

    /// A plain `~`, `null` or nothing, or a scalar tagged `!!null`.
    var isNull: Bool { item.isNull }

    var mapping: Mapping? {
        let item = item
        return item.kind == .mapping ? Mapping(document: document, start: Int(item.start), count: Int(item.count)) : nil
    }

    var sequence: Sequence? {
        let item = item
        return item.kind == .sequence ? Sequence(document: document, start: Int(item.start), count: Int(item.count)) : nil
    }

    /// The value of `key` in a mapping node.
    subscript(key: String) -> Node? { mapping?[key] }

    enum Shape {
        case scalar(Scalar)
        case mapping(Mapping)
        case sequence(Sequence)
    }

    var shape: Shape {
        if let scalar { return .scalar(scalar) }
        if let mapping { return .mapping(mapping) }
        return .sequence(sequence ?? Sequence(document: document, start: 0, count: 0))
    }
}

struct Mark: Sendable {
    let line: Int
    let column: Int
}

struct Scalar: Sendable {
    enum Style: UInt8, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded

        init(_ style: yaml_scalar_style_t) {
            switch style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: self = .literal
            case YAML_FOLDED_SCALAR_STYLE: self = .folded
            default: self = .plain
            }
        }
    }

    let string: String
    let style: Style
}

/// A mapping node's pairs, in file order.
struct Mapping: RandomAccessCollection, Sendable {
    let document: SceneDocument
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> (key: Node, value: Node) {
        (Node(document: document, index: document.children[start + 2 * position]),
         Node(document: document, index: document.children[start + 2 * position + 1]))
    }

    var keys: [Node] { map(\.key) }
    var values: [Node] { map(\.value) }

    /// The value whose key is the scalar `key` (keys are unique: `SceneDocument.compose` refuses repeats).
    subscript(key: String) -> Node? {
        let bytes = Array(key.utf8)
        for position in indices {
            let item = document.items[Int(document.children[start + 2 * position])]
            guard item.kind == .scalar, Int(item.count) == bytes.count,
                  document.text[Int(item.start) ..< Int(item.start + item.count)].elementsEqual(bytes) else { continue }
            return self[position].value
        }
        return nil
    }
}

/// A sequence node's items, in file order.
struct Sequence: RandomAccessCollection, Sendable {
    let document: SceneDocument
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Node { Node(document: document, index: document.children[start + position]) }
}
