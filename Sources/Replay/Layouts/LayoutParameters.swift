public import CollectionEngine
import TraceXML

/// A layout's declared parameter: its name in `<layout>`, the kind of value, the default and a summary.
public struct LayoutParameter: Hashable, Sendable {
    /// The kind of value a parameter takes, as written in a trace.
    public enum Kind: Hashable, Sendable {
        /// A decimal number.
        case number
        /// A whole number.
        case integer
        /// `"W H"`.
        case size
        /// `"TOP LEFT BOTTOM RIGHT"`.
        case insets
        /// `true` or `false`.
        case boolean
        /// One of the given words.
        case choice([String])

        var expectation: String {
            switch self {
            case .number: "a number"
            case .integer: "a whole number"
            case .size: "a size \"W H\""
            case .insets: "insets \"TOP LEFT BOTTOM RIGHT\""
            case .boolean: "'true' or 'false'"
            case .choice(let words): "one of " + words.map { "'\($0)'" }.joined(separator: ", ")
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// The default, written as in a trace.
    public var defaultValue: String
    public var summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// The parameters of one `<layout>` element, checked against the layout's declarations and read with
/// their defaults.
///
/// Reading a malformed value throws a ``ReplayError`` that names the `<layout>` element's position, the
/// parameter, the value and what was expected.
public struct LayoutParameters: Sendable {
    public let layoutName: String
    private let declared: [String: LayoutParameter]
    private let given: [String: String]
    private let path: String
    private let location: TraceLocation?

    init(_ description: LayoutDescription, declared parameters: [LayoutParameter], path: String) throws(ReplayError) {
        layoutName = description.name
        declared = Dictionary(parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.path = path
        location = description.location
        var given: [String: String] = [:]
        for parameter in description.parameters {
            guard declared[parameter.name] != nil else {
                let expected = parameters.isEmpty
                    ? "layout '\(description.name)' takes no parameters"
                    : "expected one of " + parameters.map { "'\($0.name)'" }.joined(separator: ", ")
                throw ReplayError(.invalidParameter,
                                  "unknown parameter '\(parameter.name)' for layout '\(description.name)'; \(expected)",
                                  path: path, location: location)
            }
            given[parameter.name] = parameter.value
        }
        self.given = given
    }

    public func number(_ name: String) throws(ReplayError) -> Double {
        let text = try raw(name)
        guard let value = Self.number(text) else { throw invalid(name, text) }
        return value
    }

    public func integer(_ name: String) throws(ReplayError) -> Int {
        let text = try raw(name)
        guard let value = Int(text.trimmingSpaces) else { throw invalid(name, text) }
        return value
    }

    public func size(_ name: String) throws(ReplayError) -> Size {
        let text = try raw(name)
        guard let v = Self.numbers(text, count: 2) else { throw invalid(name, text) }
        return Size(width: v[0], height: v[1])
    }

    public func insets(_ name: String) throws(ReplayError) -> EdgeInsets {
        let text = try raw(name)
        guard let v = Self.numbers(text, count: 4) else { throw invalid(name, text) }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    public func boolean(_ name: String) throws(ReplayError) -> Bool {
        let text = try raw(name)
        switch text.trimmingSpaces {
        case "true": return true
        case "false": return false
        default: throw invalid(name, text)
        }
    }

    /// One of the words the parameter's ``LayoutParameter/Kind/choice(_:)`` declares.
    public func choice(_ name: String) throws(ReplayError) -> String {
        let text = try raw(name)
        guard case .choice(let words)? = declared[name]?.kind, words.contains(text.trimmingSpaces) else {
            throw invalid(name, text)
        }
        return text.trimmingSpaces
    }

    /// Reads every declared parameter once, so that a malformed value is reported before replaying.
    func checkAll() throws(ReplayError) {
        for parameter in declared.values.sorted(by: { $0.name < $1.name }) {
            switch parameter.kind {
            case .number: _ = try number(parameter.name)
            case .integer: _ = try integer(parameter.name)
            case .size: _ = try size(parameter.name)
            case .insets: _ = try insets(parameter.name)
            case .boolean: _ = try boolean(parameter.name)
            case .choice: _ = try choice(parameter.name)
            }
        }
    }

    private func raw(_ name: String) throws(ReplayError) -> String {
        guard let parameter = declared[name] else {
            preconditionFailure("layout '\(layoutName)' reads parameter '\(name)' that it does not declare")
        }
        return given[name] ?? parameter.defaultValue
    }

    private func invalid(_ name: String, _ text: String) -> ReplayError {
        let expectation = declared[name]?.kind.expectation ?? "a value"
        return ReplayError(.invalidParameter,
                           "invalid value '\(text)' for parameter '\(name)' of layout '\(layoutName)'; expected \(expectation)",
                           path: path, location: location)
    }

    private static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces), value.isFinite else { return nil }
        return value
    }

    private static func numbers(_ text: String, count: Int) -> [Double]? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == count else { return nil }
        var values: [Double] = []
        for part in parts {
            guard let value = number(String(part)) else { return nil }
            values.append(value)
        }
        return values
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
