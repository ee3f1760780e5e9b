/// One exact counter across the layouts of a ``Comparison``: each layout's value and its difference from the
/// base's. Counters are the same in every repeat, so no statistics: any difference is real.
public struct CounterComparison: Sendable, Equatable {
    /// The counter.
    public var counter: EngineCounter
    /// Each layout's value, the base first; `nil` for a layout whose report lacks the counter.
    public var values: [Int?]

    /// Creates a comparison of `counter`'s values.
    public init(counter: EngineCounter, values: [Int?]) {
        self.counter = counter
        self.values = values
    }

    /// Each layout after the first: its value minus the base's; `nil` when either is missing.
    public var differences: [Int?] {
        values.dropFirst().map { value in
            guard let value, let base = values[0] else { return nil }
            return value - base
        }
    }

    /// Whether some layout's value differs from the base's.
    public var differs: Bool { values.dropFirst().contains { $0 != values[0] } }

    /// Whether every layout counted nothing (text hides such counters).
    public var isZero: Bool { values.allSatisfy { ($0 ?? 0) == 0 } }
}
