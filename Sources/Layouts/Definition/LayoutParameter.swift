import CollectionEngine

/// A layout's declared parameter: its name in a trace's `<layout>`, the kind of value, the range its
/// numbers may take, the default and a one-line summary (as `reel layouts` prints them).
public struct LayoutParameter: Hashable, Sendable {
    /// The kind of value a parameter takes, as written in a trace.
    public enum Kind: Hashable, Sendable {
        /// A decimal number.
        case number
        /// A whole number.
        case integer
        /// `"W H"`.
        case size
        /// `"W H"`, or `automatic` (UIKit's `automaticSize`): an estimated item size.
        case estimatedSize
        /// `"TOP LEFT BOTTOM RIGHT"`.
        case insets
        /// `true` or `false`.
        case boolean
        /// One of the given words.
        case choice([String])

        /// What a value of this kind looks like, for messages.
        public var expectation: String {
            switch self {
            case .number: "a number"
            case .integer: "a whole number"
            case .size: "a size \"W H\""
            case .estimatedSize: "a size \"W H\" or 'automatic'"
            case .insets: "insets \"TOP LEFT BOTTOM RIGHT\""
            case .boolean: "'true' or 'false'"
            case .choice(let words): "one of " + words.map { "'\($0)'" }.joined(separator: ", ")
            }
        }

        /// The range a number of this kind may take unless the declaration narrows it: lengths and
        /// counts of a screen's order of magnitude, generous enough for any real layout and small enough
        /// that no arithmetic on them overflows or loses its meaning.
        public var defaultRange: ClosedRange<Double> {
            switch self {
            case .number, .insets: -100_000...100_000
            case .size, .estimatedSize: 0...100_000
            case .integer: -1_000_000...1_000_000
            case .boolean, .choice: 0...0
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// The default, written as in a trace.
    public var defaultValue: String
    public var summary: String
    /// Whether a recording spells the parameter out when it takes its default (`true`); `false` for a
    /// parameter added to a layout after traces were recorded with it, whose default is the behaviour those
    /// traces had, so that recording them again writes the same bytes.
    public var spelledOutAtDefault = true
    /// The values each number of the parameter may take (every component of a size or insets); not used by
    /// booleans and choices.
    public var range: ClosedRange<Double>

    /// Declares a parameter.
    ///
    /// - Parameters:
    ///   - name: the attribute's name in `<layout>`, in kebab-case.
    ///   - kind: the kind of value.
    ///   - defaultValue: the value when the trace gives none, written as in a trace.
    ///   - summary: one line for `reel layouts`.
    ///   - range: the valid values of each number; ``Kind/defaultRange`` when `nil`.
    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ summary: String,
                range: ClosedRange<Double>? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        self.range = range ?? kind.defaultRange
    }

    /// The bounds of ``range`` as written in messages and listings: whole numbers without a decimal point.
    public var rangeBounds: (lower: String, upper: String) {
        func text(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return (text(range.lowerBound), text(range.upperBound))
    }
}
