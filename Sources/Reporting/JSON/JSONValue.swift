/// A JSON value whose objects keep their keys in the order they were written.
///
/// Foundation's `JSONEncoder` sorts keys or leaves them in hash order; the JSON report fixes the order of a report's
/// keys, so reports are built as `JSONValue`s and serialized by ``serialized()``.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number written in full, the shortest text that reads back as the same double, rather than rounded to
    /// three decimals: a p-value, which rounding would turn into 0.
    case precise(Double)
    /// A number in the shortest text that reads back as the same double, integers without a fraction
    /// (`60`, `-0.00119`, `1210.3333333333333`): what a snapshot prints, so that users can compare it with
    /// UIKit's figures.
    case exact(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One key and its value in an object.
    struct Member: Equatable, Sendable {
        var key: String
        var value: JSONValue

        init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An integer.
    static func int(_ value: Int) -> JSONValue {
        .number(Double(value))
    }

    /// A string, or `null` for `nil`.
    static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An array of numbers.
    static func numbers(_ values: [Double]) -> JSONValue {
        .array(values.map(JSONValue.number))
    }

    /// An array of numbers, each written exactly (``exact(_:)``).
    static func exactNumbers(_ values: [Double]) -> JSONValue {
        .array(values.map(JSONValue.exact))
    }
}
