/// SplitMix64 (Steele, Lea and Flood 2014): a mutant is reproducible from the run's seed and its number alone.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One mutant of a seed trace: the new bytes and what was changed, for the report.
struct Mutant {
    var bytes: [UInt8]
    /// What was changed, one entry per change: `line 12: refresh-rate="60" → "nan"`, `line 40: <batch> deleted`.
    var changes: [String]
    /// The moment `reel snapshot --time` asks for: the `t` of one of the mutant's events.
    var snapshotTime: String
}

/// Makes mutants of a trace: one to three attribute values replaced by a hostile value, or an event duplicated
/// or deleted.
///
/// The trace is scanned once, as bytes (so a seed need not be valid XML), for its attribute values and the
/// elements directly inside `<events>`.
struct Mutator {
    /// The values a hostile trace writes: zero, −1, the extremes of a `Double`, not-a-number, infinity, a
    /// subnormal, integers past `Int64` and at its maximum, and nothing.
    static let hostileValues = ["0", "-1", "1e308", "-1e308", "nan", "inf", "1e-320", "99999999999999999999",
                                "9223372036854775807", ""]

    /// An attribute value: where it starts and ends (between the quotes) and its attribute's name.
    struct Value {
        var name: String
        var range: Range<Int>
    }

    let bytes: [UInt8]
    /// Values that hold a number or a list of numbers (`t="1.5"`, `item-size="100 100"`, `at="0 3 4"`).
    let values: [Value]
    /// The byte ranges of the elements directly inside `<events>`, each with its tag name.
    let events: [(name: String, range: Range<Int>)]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        values = Self.scanValues(bytes)
        events = Self.scanEvents(bytes)
    }

    /// Mutant number `index` of this seed under `seed`.
    func mutant(seed: UInt64, index: Int) -> Mutant {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0x2545_F491_4F6C_DD1D))
        var changes: [String] = []
        var result = bytes
        if !events.isEmpty && (values.isEmpty || random.next() % 5 == 0) {
            let event = events[Int(random.next() % UInt64(events.count))]
            let line = lineNumber(at: event.range.lowerBound)
            if random.next() % 2 == 0 {
                result.replaceSubrange(event.range, with: [])
                changes.append("line \(line): <\(event.name)> deleted")
            } else {
                result.insert(contentsOf: Array(bytes[event.range]) + [UInt8(ascii: "\n")], at: event.range.lowerBound)
                changes.append("line \(line): <\(event.name)> duplicated")
            }
        } else if !values.isEmpty {
            // Replace from the last value to the first, so that earlier ranges stay valid.
            let picks = Set((0..<(1 + Int(random.next() % 3))).map { _ in Int(random.next() % UInt64(values.count)) })
            for pick in picks.sorted(by: >) {
                let value = values[pick]
                let hostile = Self.hostileValues[Int(random.next() % UInt64(Self.hostileValues.count))]
                var range = value.range
                let words = Self.words(in: bytes, range)
                // In a list, replace one number of it half the time: `item-size="100 nan"`.
                if words.count > 1 && random.next() % 2 == 0 {
                    range = words[Int(random.next() % UInt64(words.count))]
                }
                let old = String(decoding: bytes[range], as: UTF8.self)
                result.replaceSubrange(range, with: Array(hostile.utf8))
                changes.append("line \(lineNumber(at: range.lowerBound)): \(value.name)=\"\(old)\" → \"\(hostile)\"")
            }
            changes.reverse()
        }
        return Mutant(bytes: result, changes: changes, snapshotTime: Self.snapshotTime(in: result, &random))
    }

    private func lineNumber(at offset: Int) -> Int {
        1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    // MARK: Scanning

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    /// Every `name="value"` whose value holds a digit.
    static func scanValues(_ bytes: [UInt8]) -> [Value] {
        var values: [Value] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "="), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"")
            else {
                index += 1
                continue
            }
            var nameStart = index
            while nameStart > 0 && isNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
            let start = index + 2
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let value = bytes[start..<end]
            if nameStart < index, value.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                values.append(Value(name: String(decoding: bytes[nameStart..<index], as: UTF8.self), range: start..<end))
            }
            index = end + 1
        }
        return values
    }

    /// The ranges of the space-separated words of a value.
    static func words(in bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for index in range {
            if bytes[index] == UInt8(ascii: " ") {
                if let begun = start { words.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append(begun..<range.upperBound) }
        return words
    }

    /// The elements directly inside `<events>`: a depth count over start, end and empty-element tags.
    static func scanEvents(_ bytes: [UInt8]) -> [(name: String, range: Range<Int>)] {
        let open = Array("<events>".utf8)
        guard let eventsStart = firstRange(of: open, in: bytes, from: 0) else { return [] }
        var events: [(name: String, range: Range<Int>)] = []
        var index = eventsStart.upperBound
        var depth = 0
        var current: (name: String, start: Int)?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let isEnd = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            let isEmpty = bytes[close - 1] == UInt8(ascii: "/")
            let isOther = index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?"))
            let nameStart = isEnd ? index + 2 : index + 1
            var nameEnd = nameStart
            while nameEnd < close && isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            if isOther {
                // A comment or processing instruction: not an event.
            } else if isEnd {
                if depth == 0 { break } // </events>
                depth -= 1
                if depth == 0, let begun = current {
                    events.append((begun.name, begun.start..<(close + 1)))
                    current = nil
                }
            } else if isEmpty {
                if depth == 0 { events.append((name, index..<(close + 1))) }
            } else {
                if depth == 0 { current = (name, index) }
                depth += 1
            }
            index = close + 1
        }
        return events
    }

    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }

    /// The `t` of one of the events (`t="…"` values that are numbers from 0), or 1 when there is none.
    static func snapshotTime(in bytes: [UInt8], _ random: inout SplitMix64) -> String {
        let times = scanValues(bytes).filter { $0.name == "t" }.compactMap { value -> String? in
            let text = String(decoding: bytes[value.range], as: UTF8.self)
            guard let time = Double(text), time.isFinite, time >= 0 else { return nil }
            return text
        }
        return times.isEmpty ? "1" : times[Int(random.next() % UInt64(times.count))]
    }
}
