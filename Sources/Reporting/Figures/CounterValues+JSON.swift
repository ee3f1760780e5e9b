extension CounterValues {
    /// The report's `counters` object: the present counters under their keys in report order, then the unknown
    /// ones sorted by name.
    var json: JSONValue {
        .object(named.map { .init($0.name, .int($0.value)) })
    }

    /// Reads a `counters` object, the known counters in report order, then the others by name (written by a
    /// later Reel, kept in ``unknownCounters``); every value an integer.
    init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        self = try CounterValues { counter in
            fields.contains(JSONKey(counter.key)) ? try fields.int(counter.key) : nil
        }
        let unknown = fields.allKeys.map(\.stringValue).filter { EngineCounter(rawValue: $0) == nil }
        for name in unknown.sorted() {
            unknownCounters[name] = try fields.int(name)
        }
    }
}
