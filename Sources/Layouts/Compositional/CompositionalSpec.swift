import CollectionEngine

/// Reads one element of a compositional layout's description inside `<layout>`: each attribute by its kind,
/// with a positioned error that quotes the value and says what was expected, and unknown attributes refused.
struct SpecReader {
    let element: LayoutSpecElement
    private var read: Set<String> = []

    init(_ element: LayoutSpecElement) { self.element = element }

    func error(_ message: String) -> LayoutParameterError {
        LayoutParameterError(parameter: nil, message: message, position: element.position)
    }

    func invalid(_ name: String, _ value: String, expected: String) -> LayoutParameterError {
        error("invalid value '\(value)' for attribute '\(name)' of <\(element.name)>; expected \(expected)")
    }

    mutating func text(_ name: String) -> String? {
        read.insert(name)
        return element[name]?.trimmingCharacters(in: " ")
    }

    mutating func number(_ name: String, in range: ClosedRange<Double>, default value: Double? = nil) throws(LayoutParameterError) -> Double {
        guard let text = text(name) else {
            guard let value else { throw error("missing attribute '\(name)' on <\(element.name)>") }
            return value
        }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw invalid(name, text, expected: "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
        }
        return number
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(LayoutParameterError) -> Int? {
        guard let text = text(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw invalid(name, text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    mutating func boolean(_ name: String, default value: Bool) throws(LayoutParameterError) -> Bool {
        guard let text = text(name) else { return value }
        switch text {
        case "true": return true
        case "false": return false
        default: throw invalid(name, text, expected: "'true' or 'false'")
        }
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, default value: T) throws(LayoutParameterError) -> T
        where T.RawValue == String {
        guard let text = text(name) else { return value }
        guard let choice = T(rawValue: text) else {
            throw invalid(name, text, expected: "one of " + T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
        }
        return choice
    }

    /// `KIND VALUE`: `fractional-width 0.5` (a fraction above 0 and at most 100), `absolute 44` or
    /// `estimated 44` (0–100,000 points).
    mutating func dimension(_ name: String, default value: LayoutDimension? = nil) throws(LayoutParameterError) -> LayoutDimension {
        guard let text = text(name) else {
            guard let value else { throw error("missing attribute '\(name)' on <\(element.name)>") }
            return value
        }
        let expected = "'KIND VALUE' with KIND one of 'fractional-width', 'fractional-height', 'absolute', 'estimated' "
            + "(fractions above 0 and at most 100, points from 0 to 100000)"
        let parts = text.split(separator: " ")
        guard parts.count == 2, let kind = LayoutDimension.Kind(rawValue: String(parts[0])),
              let number = Double(parts[1]), number.isFinite else { throw invalid(name, text, expected: expected) }
        switch kind {
        case .fractionalWidth, .fractionalHeight: guard number > 0 && number <= 100 else { throw invalid(name, text, expected: expected) }
        case .absolute, .estimated: guard (0...100_000).contains(number) else { throw invalid(name, text, expected: expected) }
        }
        return LayoutDimension(kind, number)
    }

    /// `TOP LEADING BOTTOM TRAILING`, each 0–100,000 points (values below 1 are fractions, as UIKit's).
    mutating func insets(_ name: String) throws(LayoutParameterError) -> DirectionalEdgeInsets {
        guard let text = text(name) else { return .zero }
        let values = text.split(separator: " ").compactMap { Double($0) }
        guard values.count == 4, text.split(separator: " ").count == 4, values.allSatisfy({ (0...100_000).contains($0) }) else {
            throw invalid(name, text, expected: "insets 'TOP LEADING BOTTOM TRAILING', each from 0 to 100000")
        }
        return DirectionalEdgeInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    /// `fixed N` or `flexible N`, N from −10,000 to 10,000 points.
    mutating func spacing(_ name: String) throws(LayoutParameterError) -> LayoutSpacing? {
        guard let text = text(name) else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let number = Double(parts[1]), (-10_000...10_000).contains(number) else {
            throw invalid(name, text, expected: "'fixed N' or 'flexible N', N from -10000 to 10000")
        }
        switch parts[0] {
        case "fixed": return .fixed(number)
        case "flexible": return .flexible(number)
        default: throw invalid(name, text, expected: "'fixed N' or 'flexible N', N from -10000 to 10000")
        }
    }

    /// `edge-leading`, `edge-top`, `edge-trailing`, `edge-bottom`: an item's or group's edge spacing.
    mutating func edgeSpacing() throws(LayoutParameterError) -> LayoutEdgeSpacing? {
        let edges = LayoutEdgeSpacing(leading: try spacing("edge-leading"), top: try spacing("edge-top"),
                                      trailing: try spacing("edge-trailing"), bottom: try spacing("edge-bottom"))
        return edges == LayoutEdgeSpacing() ? nil : edges
    }

    /// Numbers separated by spaces, `count` of them, each in `range`.
    mutating func numbers(_ name: String, count: Int, in range: ClosedRange<Double>, what: String) throws(LayoutParameterError) -> [Double]? {
        guard let text = text(name) else { return nil }
        let parts = text.split(separator: " ")
        let values = parts.compactMap { Double($0) }
        guard parts.count == count, values.count == count, values.allSatisfy({ range.contains($0) }) else {
            throw invalid(name, text, expected: "\(what), each from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
        }
        return values
    }

    /// Refuses the attributes nobody read.
    func finish() throws(LayoutParameterError) {
        for (name, _) in element.attributes where !read.contains(name) {
            let known = read.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw error("unknown attribute '\(name)' on <\(element.name)>; expected one of \(known)")
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}
