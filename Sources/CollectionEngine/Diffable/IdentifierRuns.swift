/// A list of item identifiers kept as runs: `m0…m499` is one run of 500 numbered identifiers, `x7` a run of
/// one, `"draft"` a literal identifier with no number.
///
/// A diffable snapshot of a million items in a few runs costs a few runs of memory, and
/// ``SnapshotDiff`` compares runs against runs, expanding only what differs.
public struct IdentifierRuns: Hashable, Sendable {
    /// One run: `count` identifiers `prefix` + `start`, `prefix` + (`start` + 1), …; or, when `start` is `nil`,
    /// the single literal identifier `prefix`.
    public struct Run: Hashable, Sendable {
        public var prefix: String
        public var start: Int?
        public var count: Int

        /// A numbered run of `count` identifiers from `prefix` + `start`.
        public init(prefix: String, start: Int, count: Int) {
            precondition(count > 0 && start >= 0, "a run holds at least one identifier numbered from 0 up")
            self.prefix = prefix
            self.start = start
            self.count = count
        }

        /// One identifier. Text that ends in a number written without leading zeros (`m7`) is the numbered
        /// run of one, so that it equals the same identifier inside a run (`m0…m9`).
        public init(identifier: String) {
            let split = Self.split(identifier)
            prefix = split?.0 ?? identifier
            start = split?.1
            count = 1
        }

        /// The identifier at `offset` in the run.
        public func identifier(at offset: Int) -> String {
            guard let start else { return prefix }
            return prefix + String(start + offset)
        }

        /// The run's last number, for a numbered run.
        var end: Int? { start.map { $0 + count } }

        /// Numbered runs go up to 10^15, well inside `Int` and exact in a `Double`.
        static let largestNumber = 999_999_999_999_999

        /// `identifier` as a prefix and the number it ends with, or `nil` when it ends in no number, or in
        /// one with a leading zero (`m07` is a literal: it is not `m7`).
        static func split(_ identifier: String) -> (String, Int)? {
            let utf8 = identifier.utf8
            var digits = utf8.endIndex
            while digits > utf8.startIndex {
                let before = utf8.index(before: digits)
                guard utf8[before] >= UInt8(ascii: "0") && utf8[before] <= UInt8(ascii: "9") else { break }
                digits = before
            }
            let count = utf8.distance(from: digits, to: utf8.endIndex)
            guard count > 0 && count <= 15 else { return nil }
            if count > 1 && utf8[digits] == UInt8(ascii: "0") { return nil }
            var number = 0
            for byte in utf8[digits...] { number = number * 10 + Int(byte - UInt8(ascii: "0")) }
            return (String(identifier[..<digits]), number)
        }
    }

    /// The runs, in order. Adjacent numbered runs that continue each other are merged.
    public private(set) var runs: [Run] = []
    /// The number of identifiers.
    public private(set) var count = 0

    public init() {}

    /// The identifiers of `runs`, merged where they continue each other.
    public init(_ runs: [Run]) {
        for run in runs { append(run) }
    }

    /// Appends a run, merging it into the last one when it continues it (`m0…m4` then `m5`).
    ///
    /// - Complexity: O(1) amortised.
    public mutating func append(_ run: Run) {
        count += run.count
        if let last = runs.last, let end = last.end, let start = run.start, end == start, last.prefix == run.prefix {
            runs[runs.count - 1].count += run.count
        } else {
            runs.append(run)
        }
    }

    /// Every identifier, in order (expands the runs: for tests and small lists).
    public var identifiers: [String] {
        runs.flatMap { run in (0..<run.count).map { run.identifier(at: $0) } }
    }
}

/// One section of a diffable snapshot: its identifier and its items' identifiers.
public struct SnapshotSection: Hashable, Sendable {
    public var identifier: String
    public var items: IdentifierRuns

    public init(identifier: String, items: IdentifierRuns) {
        self.identifier = identifier
        self.items = items
    }
}
