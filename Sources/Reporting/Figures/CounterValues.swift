/// Reel's exact counters for one repeat: at most one value per ``EngineCounter``, in report order.
///
/// A counter can be absent, and absent is not zero: a report written before Reel counted something omits it,
/// and `reel gate` and `reel compare` tell a counter only one side reported from one that counted nothing.
/// Iterating yields the present counters in report order (``EngineCounter/allCases``).
///
/// A report written by a later Reel may hold counters this Reel does not know; reading it keeps them in
/// ``unknownCounters``, which are shown and written back after the known ones but never judged.
public struct CounterValues: Hashable, Sendable {
    /// The declared counters in report order, computed once: a synthesized `allCases` builds its array anew on
    /// every use.
    fileprivate static let order = EngineCounter.allCases

    /// One slot per declared counter, at its place in ``order``; `nil` when absent.
    private var slots: [Int?]

    /// Counters a later Reel wrote that this one does not declare, by name; only a report read back has any.
    public internal(set) var unknownCounters: [String: Int]

    /// No counter at all.
    ///
    /// - Complexity: O(*k*) for *k* declared counters.
    public init() {
        slots = Array(repeating: nil, count: Self.order.count)
        unknownCounters = [:]
    }

    /// Each declared counter with the value `value` gives it; absent where it gives `nil`.
    ///
    /// - Parameter value: The value of a counter, or `nil` when it was not measured.
    /// - Complexity: O(*k*) calls of `value` for *k* declared counters.
    public init(_ value: (EngineCounter) throws -> Int?) rethrows {
        slots = try Self.order.map(value)
        unknownCounters = [:]
    }

    /// The value of `counter`; `nil` when it is absent. Setting `nil` removes it.
    ///
    /// - Complexity: O(*k*) for *k* declared counters, to find the counter's place.
    public subscript(counter: EngineCounter) -> Int? {
        get { slots[counter.position] }
        set { slots[counter.position] = newValue }
    }

    /// Every present counter by the name reports show it under: the known ones in report order, then the
    /// unknown ones sorted by name.
    ///
    /// - Complexity: O(*k* + *u* log *u*) for *k* declared and *u* unknown counters.
    var named: [(name: String, value: Int)] {
        map { ($0.counter.key, $0.value) } + unknownCounters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension CounterValues: Sequence {
    /// Walks the present counters in report order.
    public struct Iterator: IteratorProtocol {
        private let slots: [Int?]
        private var position = 0

        fileprivate init(slots: [Int?]) {
            self.slots = slots
        }

        public mutating func next() -> (counter: EngineCounter, value: Int)? {
            while position < slots.count {
                defer { position += 1 }
                if let value = slots[position] {
                    return (CounterValues.order[position], value)
                }
            }
            return nil
        }
    }

    /// - Complexity: O(1); the whole walk takes O(*k*) for *k* declared counters.
    public func makeIterator() -> Iterator {
        Iterator(slots: slots)
    }
}

extension CounterValues: ExpressibleByDictionaryLiteral {
    /// The counters listed, each at most once: `[.cellsCreated: 28, .layoutPrepares: 148]`.
    ///
    /// - Complexity: O(*k* × *n*) for *k* declared counters and *n* listed.
    public init(dictionaryLiteral elements: (EngineCounter, Int)...) {
        self.init()
        for (counter, value) in elements {
            precondition(self[counter] == nil, "\(counter.key) is listed twice")
            self[counter] = value
        }
    }
}

extension EngineCounter {
    /// The counter's place in report order: its index in ``allCases``, where ``CounterValues`` keeps its value.
    fileprivate var position: Int {
        guard let position = CounterValues.order.firstIndex(of: self) else {
            preconditionFailure("\(key) is missing from EngineCounter.allCases")
        }
        return position
    }
}
