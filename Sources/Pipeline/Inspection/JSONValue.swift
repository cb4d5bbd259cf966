import Engine

/// A JSON value with its keys in a fixed order, printed for people and diffs: one key per
/// line, except that arrays of numbers and strings, and objects holding nothing deeper than
/// those, take one line; numbers as `segue trace` writes them.
enum JSONValue {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
        value.map(transform) ?? .null
    }

    /// The value printed with two-space indentation, without a final newline.
    func printed(indent: String = "") -> String {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            if isFlat {
                return "{" + members.map { "\(JSONNumber.quote($0.0)): \($0.1.printed())" }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            let lines = members.map { "\(inner)\(JSONNumber.quote($0.0)): \($0.1.printed(indent: inner))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy(\.isScalar) {
                return "[" + items.map { $0.printed() }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.printed(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let text): return JSONNumber.quote(text)
        case .number(let value): return JSONNumber.format(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// An object of scalars and arrays of scalars.
    private var isFlat: Bool {
        guard case .object(let members) = self else { return false }
        return members.allSatisfy { member in
            if case .array(let items) = member.1 { return items.allSatisfy(\.isScalar) }
            return member.1.isScalar
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: return false
        default: return true
        }
    }
}
