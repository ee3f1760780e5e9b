public import CollectionEngine

/// What a layout's factory is given: the trace's parameters, read with their declared kinds, ranges and
/// defaults, and a random generator seeded by the layout's `seed` parameter.
///
/// Reading a malformed or out-of-range value throws a ``LayoutParameterError`` that names the parameter,
/// quotes the value and says what was expected; ``invalid(_:_:)`` makes one for a value the factory
/// refuses for its own reasons.
public struct LayoutContext: Sendable {
    /// The name the layout is registered under.
    public let layoutName: String
    private let declared: [String: LayoutParameter]
    private let order: [String]
    private let given: [String: String]
    /// The elements inside the trace's `<layout>`, for a layout described as a tree; empty for most.
    public let elements: [LayoutSpecElement]

    init(layoutName: String, declared parameters: [LayoutParameter],
         given: [(name: String, value: String)], elements: [LayoutSpecElement] = []) throws(LayoutParameterError) {
        self.layoutName = layoutName
        self.elements = elements
        declared = Dictionary(parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        order = parameters.map(\.name)
        var values: [String: String] = [:]
        for (name, value) in given {
            guard declared[name] != nil else {
                let expected = parameters.isEmpty
                    ? "layout '\(layoutName)' takes no parameters"
                    : "expected one of " + parameters.map { "'\($0.name)'" }.joined(separator: ", ")
                throw LayoutParameterError(parameter: name,
                                           message: "unknown parameter '\(name)' for layout '\(layoutName)'; \(expected)")
            }
            values[name] = value
        }
        self.given = values
    }

    /// Whether the trace gives `name` (rather than leaving it to its default).
    public func isGiven(_ name: String) -> Bool { given[name] != nil }

    /// A decimal number within the parameter's range.
    public func number(_ name: String) throws(LayoutParameterError) -> Double {
        let text = raw(name)
        guard let value = Self.number(text) else { throw invalid(name, text) }
        return try checked(name, text, value)
    }

    /// A whole number within the parameter's range.
    public func integer(_ name: String) throws(LayoutParameterError) -> Int {
        let text = raw(name)
        guard let value = Int(text.trimmingSpaces) else { throw invalid(name, text) }
        return Int(try checked(name, text, Double(value)))
    }

    /// A size `"W H"`, each component within the parameter's range.
    public func size(_ name: String) throws(LayoutParameterError) -> Size {
        let text = raw(name)
        guard let v = Self.numbers(text, count: 2) else { throw invalid(name, text) }
        for component in v { _ = try checked(name, text, component) }
        return Size(width: v[0], height: v[1])
    }

    /// An estimated item size: `"W H"`, each component within the parameter's range, or `automatic`, which is
    /// ``FlowLayout/automaticSize``.
    public func estimatedSize(_ name: String) throws(LayoutParameterError) -> Size {
        let text = raw(name)
        if text.trimmingSpaces == "automatic" { return FlowLayout.automaticSize }
        guard let v = Self.numbers(text, count: 2) else { throw invalid(name, text) }
        for component in v { _ = try checked(name, text, component) }
        return Size(width: v[0], height: v[1])
    }

    /// Insets `"TOP LEFT BOTTOM RIGHT"`, each within the parameter's range.
    public func insets(_ name: String) throws(LayoutParameterError) -> EdgeInsets {
        let text = raw(name)
        guard let v = Self.numbers(text, count: 4) else { throw invalid(name, text) }
        for component in v { _ = try checked(name, text, component) }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// `true` or `false`.
    public func boolean(_ name: String) throws(LayoutParameterError) -> Bool {
        let text = raw(name)
        switch text.trimmingSpaces {
        case "true": return true
        case "false": return false
        default: throw invalid(name, text)
        }
    }

    /// One of the words the parameter's ``LayoutParameter/Kind/choice(_:)`` declares.
    public func choice(_ name: String) throws(LayoutParameterError) -> String {
        let text = raw(name)
        guard case .choice(let words)? = declared[name]?.kind, words.contains(text.trimmingSpaces) else {
            throw invalid(name, text)
        }
        return text.trimmingSpaces
    }

    /// The layout's seed: its `seed` parameter when it declares one, else 1.
    public func seed() throws(LayoutParameterError) -> UInt64 {
        guard declared["seed"] != nil else { return 1 }
        return UInt64(try integer("seed"))
    }

    /// A generator seeded by ``seed()``: the same numbers on every machine and in every replay.
    public func randomGenerator() throws(LayoutParameterError) -> SplitMix64 {
        SplitMix64(seed: try seed())
    }

    /// An error for the value of `name`, which the factory refuses `because` (a reason, e.g. "the item
    /// must fit in the stack"): the message quotes the value and the reason.
    public func invalid(_ name: String, because reason: String) -> LayoutParameterError {
        LayoutParameterError(parameter: name,
                             message: "invalid value '\(raw(name))' for parameter '\(name)' of layout '\(layoutName)': \(reason)")
    }

    /// Reads every declared parameter once, so that a malformed value is found before replaying.
    func checkAll() throws(LayoutParameterError) {
        for name in order {
            switch declared[name]?.kind {
            case .number?: _ = try number(name)
            case .integer?: _ = try integer(name)
            case .size?: _ = try size(name)
            case .estimatedSize?: _ = try estimatedSize(name)
            case .insets?: _ = try insets(name)
            case .boolean?: _ = try boolean(name)
            case .choice?: _ = try choice(name)
            case nil: break
            }
        }
    }

    private func raw(_ name: String) -> String {
        guard let parameter = declared[name] else {
            preconditionFailure("layout '\(layoutName)' reads parameter '\(name)' that it does not declare")
        }
        return given[name] ?? parameter.defaultValue
    }

    private func checked(_ name: String, _ text: String, _ value: Double) throws(LayoutParameterError) -> Double {
        guard let parameter = declared[name], parameter.range.contains(value) else {
            let bounds: (lower: String, upper: String) = declared[name]?.rangeBounds ?? (lower: "0", upper: "0")
            throw LayoutParameterError(
                parameter: name,
                message: "value '\(text)' for parameter '\(name)' of layout '\(layoutName)' is out of range; "
                    + "expected a value from \(bounds.lower) to \(bounds.upper)")
        }
        return value
    }

    private func invalid(_ name: String, _ text: String) -> LayoutParameterError {
        let expectation = declared[name]?.kind.expectation ?? "a value"
        return LayoutParameterError(
            parameter: name,
            message: "invalid value '\(text)' for parameter '\(name)' of layout '\(layoutName)'; expected \(expectation)")
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
