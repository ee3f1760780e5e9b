extension JSONValue {
    /// Numbers are written rounded to a multiple of 1 / `roundingScale`: three decimals, microseconds for
    /// times in milliseconds.
    static let roundingScale = 1000.0
    /// 2^53: integers up to it are exact in a `Double` and written without a fraction.
    static let largestExactInteger = 9_007_199_254_740_992.0

    /// The value as indented JSON text, deterministic to the byte.
    ///
    /// Objects put one member per line, indented by two spaces; arrays of scalars stay on one line
    /// (`[10, 1210, 100, 100]`) and arrays holding arrays or objects put one element per line, an object of
    /// scalars on one line (`{"index": 3, "ms": 21.4}`). Numbers are
    /// rounded to three decimals and written in their shortest form: `1.2`, not `1.200`; integers without
    /// `.0`; never `-0`; ``exact(_:)`` numbers (snapshots) in full instead. Non-finite numbers, which JSON
    /// cannot hold, are written as `null`.
    ///
    /// - Parameter nestedOnOneLine: Whether an array's object whose members are scalars or objects of scalars
    ///   is written on one line too (`{"ph": "X", "args": {"frame": 3}}`): one line per event of a Chrome
    ///   trace.
    func serialized(nestedOnOneLine: Bool = false) -> String {
        serialized(indent: "", nestedOnOneLine: nestedOnOneLine)
    }

    /// The value as it is written inside a document where its own lines are indented by `indent`.
    func serialized(indent: String, nestedOnOneLine: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: indent, nestedOnOneLine: nestedOnOneLine)
        return output
    }

    /// The value as it is written as an element of an array that holds arrays or objects, the element's
    /// line indented by `indent` (not included): what a writer that streams such an array writes per element.
    func serializedAsElement(indent: String, nestedOnOneLine: Bool = false) -> String {
        var output = ""
        Self.writeElement(self, to: &output, indent: indent, nestedOnOneLine: nestedOnOneLine)
        return output
    }

    private func write(to output: inout String, indent: String, nestedOnOneLine: Bool = false) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .number(let value):
            output += Self.format(value)
        case .precise(let value):
            output += value.isFinite ? (value == 0 ? "0" : "\(value)") : "null"
        case .exact(let value):
            output += Self.exactFormat(value)
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let elements):
            writeArray(elements, to: &output, indent: indent, nestedOnOneLine: nestedOnOneLine)
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (position, member) in members.enumerated() {
                output += inner
                Self.writeString(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, indent: inner, nestedOnOneLine: nestedOnOneLine)
                output += position == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    /// Whether this is a number, string, boolean or null.
    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Whether this is an object whose members are all scalars.
    private var isFlatObject: Bool {
        guard case .object(let members) = self else { return false }
        return members.allSatisfy(\.value.isScalar)
    }

    /// An object whose members are all scalars (or objects of scalars), written on one line:
    /// `{"index": 3, "ms": 21.4}`.
    private func writeFlatObject(_ members: [Member], to output: inout String) {
        output += "{"
        for (position, member) in members.enumerated() {
            if position > 0 { output += ", " }
            Self.writeString(member.key, to: &output)
            output += ": "
            if case .object(let nested) = member.value, !nested.isEmpty {
                writeFlatObject(nested, to: &output)
            } else {
                member.value.write(to: &output, indent: "")
            }
        }
        output += "}"
    }

    private func writeArray(_ elements: [JSONValue], to output: inout String, indent: String,
                            nestedOnOneLine: Bool) {
        guard elements.allSatisfy(\.isScalar) else {
            let inner = indent + "  "
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += inner
                Self.writeElement(element, to: &output, indent: inner, nestedOnOneLine: nestedOnOneLine)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
            return
        }
        output += "["
        for (position, element) in elements.enumerated() {
            if position > 0 { output += ", " }
            element.write(to: &output, indent: indent)
        }
        output += "]"
    }

    /// An element of an array that holds arrays or objects, on a line indented by `indent`: an object of
    /// scalars on that one line.
    private static func writeElement(_ element: JSONValue, to output: inout String, indent: String,
                                     nestedOnOneLine: Bool) {
        if case .object(let members) = element, !members.isEmpty,
           members.allSatisfy({ $0.value.isScalar || (nestedOnOneLine && $0.value.isFlatObject) }) {
            element.writeFlatObject(members, to: &output)
        } else {
            element.write(to: &output, indent: indent, nestedOnOneLine: nestedOnOneLine)
        }
    }

    /// `value` rounded to three decimals, in its shortest form.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * roundingScale).rounded() / roundingScale
        // Beyond about 1.8e305 the scaled value overflows to infinity; such a value has no decimals to round.
        guard rounded.isFinite else { return exactFormat(value) }
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) <= Self.largestExactInteger {
            return String(Int64(rounded))
        }
        return "\(rounded)"
    }

    /// `value` in the shortest text that reads back as the same double — Swift's `description`, which
    /// prints exactly that — with integers up to 2^53 written without `.0` and zero as `0`, never `-0`.
    /// Non-finite numbers, which JSON cannot hold, are written as `null`.
    static func exactFormat(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) <= Self.largestExactInteger { return String(Int64(value)) }
        return value.description
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
