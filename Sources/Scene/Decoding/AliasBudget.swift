// libyaml, the parser Yams composes with (Debian's headers, `CLibYAML`): its event stream is read
// here once, before Yams builds any node, so an alias bomb is refused before anything walks (or
// hashes) what it expands to.
internal import CLibYAML

/// The nodes a document's aliases add once followed, counted from the parser's events before
/// the document is composed.
///
/// Yams resolves an alias to the node its anchor named, so a composed tree is small however far
/// its aliases reach; but every walk of it — the scene decoder, and Yams's own duplicate-key check,
/// which hashes a key node in full — visits each alias's whole subtree again. Nine nested lists of
/// ten aliases each ("a billion laughs") make a file of a few hundred bytes that a walk would take
/// minutes over. Mature YAML libraries bound this the same way: Go's yaml.v3 refuses "excessive
/// aliasing" when aliases make up too much of the nodes decoded (decode.go, `allowedAliasRatio`),
/// SnakeYAML counts the aliases to collections (`LoaderOptions.maxAliasesForCollections`), and
/// serde_yaml stops a document whose aliases repeat too many events ("repetition limit exceeded").
///
/// Here every node is counted where it would be visited: an anchored node's size is the count of
/// nodes in its subtree (aliases inside it followed), and each alias adds its anchor's size. The
/// first alias that takes the total past `Limits.aliasedNodes` is the error, at its own line and
/// column. The pass is linear in the file's events, whatever the aliases expand to.
enum AliasBudget {
    /// The alias that takes the document past `limit`, and the total it brings the aliased
    /// nodes to; nil when the aliases stay within it, or when the text does not parse (Yams
    /// reports that with its own message).
    static func overrun(in text: String, limit: Int) -> (line: Int, column: Int, anchor: String, total: Int)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> (Int, Int, String, Int)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // The sizes of the anchored nodes closed so far (a later anchor of the same name
            // replaces an earlier one, as it does in Yams); the open collections' sizes so far
            // and anchors.
            var sizes: [String: Int] = [:]
            var open: [(size: Int, anchor: String?)] = []
            var aliased = 0
            func add(_ size: Int) {
                if !open.isEmpty { open[open.count - 1].size += size }
            }
            func close(_ size: Int, anchor: String?) {
                if let anchor { sizes[anchor] = size }
                add(size)
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    close(1, anchor: name(event.data.scalar.anchor))
                case YAML_SEQUENCE_START_EVENT:
                    open.append((1, name(event.data.sequence_start.anchor)))
                case YAML_MAPPING_START_EVENT:
                    open.append((1, name(event.data.mapping_start.anchor)))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let collection = open.popLast() { close(collection.size, anchor: collection.anchor) }
                case YAML_ALIAS_EVENT:
                    let anchor = name(event.data.alias.anchor) ?? ""
                    // An alias to an anchor not yet closed is an error Yams reports; count it as one node.
                    let size = sizes[anchor] ?? 1
                    aliased += size
                    if aliased > limit {
                        return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1, anchor, aliased)
                    }
                    add(size)
                default:
                    continue
                }
            }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
