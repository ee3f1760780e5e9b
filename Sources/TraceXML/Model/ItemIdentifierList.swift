/// A section's item identifiers as a trace writes them (`items="m0…m499 x7 draft"`), kept as runs: a run
/// `PREFIXa…PREFIXb` of numbered identifiers costs one entry however long it is.
///
/// An identifier is any text without white space. One that ends in a number written without leading zeros
/// (`m7`) is that number of its prefix, so `m7` written alone and `m7` inside `m0…m9` are the same identifier.
public struct ItemIdentifierList: Hashable, Sendable {
    /// `count` identifiers `prefix` + `start`, `prefix` + (`start` + 1), …; or, when `start` is `nil`, the
    /// single identifier `prefix`.
    public struct Run: Hashable, Sendable {
        public var prefix: String
        public var start: Int?
        public var count: Int

        public init(prefix: String, start: Int?, count: Int) {
            self.prefix = prefix
            self.start = start
            self.count = count
        }

        /// One identifier, split into its prefix and number when it ends in one.
        public init(identifier: String) {
            if let (prefix, number) = ItemIdentifierList.split(Substring(identifier)) {
                self.init(prefix: prefix, start: number, count: 1)
            } else {
                self.init(prefix: identifier, start: nil, count: 1)
            }
        }
    }

    public private(set) var runs: [Run] = []
    /// The number of identifiers.
    public private(set) var count = 0

    public init() {}

    public init(_ runs: [Run]) {
        for run in runs { append(run) }
    }

    /// A list of the identifiers given one by one (merged into runs where they are consecutive numbers).
    public init(identifiers: [String]) {
        for identifier in identifiers { append(Run(identifier: identifier)) }
    }

    /// Appends `run`, merging it into the last run when it continues it.
    public mutating func append(_ run: Run) {
        count += run.count
        if let last = runs.last, let start = last.start, let next = run.start, last.prefix == run.prefix,
           start + last.count == next {
            runs[runs.count - 1].count += run.count
        } else {
            runs.append(run)
        }
    }

    /// The numbers of numbered runs stay below 10^15, so every number is exact and sums never overflow.
    static let largestNumber = 999_999_999_999_999

    /// `text`'s prefix and the number it ends with, or nil when it ends in none or in one with a leading zero.
    static func split(_ text: Substring) -> (String, Int)? {
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0 && digits <= 15 else { return nil }
        let number = text.suffix(digits)
        if digits > 1 && number.first == "0" { return nil }
        guard let value = Int(number) else { return nil }
        return (String(text.dropLast(digits)), value)
    }

    /// The list `text` holds, or nil when `text` is a single count (the other form of `items`).
    ///
    /// - Throws: a description of what is wrong with a token (for the reader's positioned error).
    static func parse(_ text: String) throws(ParseError) -> ItemIdentifierList? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if tokens.count == 1, tokens[0].allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        guard !tokens.isEmpty else { throw ParseError(token: "", reason: "an item count or identifiers") }
        var list = ItemIdentifierList()
        for token in tokens {
            let ellipsis = token.range(of: "…") ?? token.range(of: "...")
            guard let ellipsis else {
                list.append(Run(identifier: String(token)))
                continue
            }
            let first = token[..<ellipsis.lowerBound], last = token[ellipsis.upperBound...]
            guard let (prefix, start) = split(first), let (lastPrefix, end) = split(last), prefix == lastPrefix,
                  end >= start else {
                throw ParseError(token: String(token),
                                 reason: "a run PREFIXa…PREFIXb: the same prefix on both sides, numbers without "
                                    + "leading zeros, a ≤ b")
            }
            list.append(Run(prefix: prefix, start: start, count: end - start + 1))
        }
        return list
    }

    /// What is wrong with one token of an identifier list.
    struct ParseError: Error {
        var token: String
        var reason: String
    }

    /// The list as `items` writes it: runs of more than one as `PREFIXa…PREFIXb` (the Unicode ellipsis).
    public var text: String {
        runs.map { run in
            guard let start = run.start else { return run.prefix }
            if run.count == 1 { return run.prefix + String(start) }
            return run.prefix + String(start) + "…" + run.prefix + String(start + run.count - 1)
        }.joined(separator: " ")
    }

    /// Every identifier, in order (expands the runs).
    public var identifiers: [String] {
        runs.flatMap { run -> [String] in
            guard let start = run.start else { return [run.prefix] }
            return (0..<run.count).map { run.prefix + String(start + $0) }
        }
    }

    /// Why the list cannot be written so that it reads back the same, or nil when it can.
    var unwritableReason: String? {
        for run in runs {
            if run.prefix.contains(where: \.isWhitespace) { return "identifier '\(run.prefix)' holds white space" }
            if run.prefix.contains("…") || run.prefix.contains("...") {
                return "identifier '\(run.prefix)' holds an ellipsis, which writes a run"
            }
            if run.start == nil, run.prefix.isEmpty { return "an identifier is empty" }
            if let start = run.start, start + run.count - 1 > Self.largestNumber { return "a run's number passes 10^15" }
        }
        if runs.count == 1, runs[0].count == 1, runs[0].prefix.isEmpty {
            return "a list of the one identifier '\(text)' reads back as an item count"
        }
        return nil
    }
}

/// A `<apply>` event: a diffable data source applying a new snapshot.
public struct SnapshotApply: Hashable, Sendable {
    /// `animated`: `apply(_:animatingDifferences:)`'s flag; `true` unless the trace says otherwise.
    public var animated: Bool
    /// `reload-data="true"`: `applySnapshotUsingReloadData(_:)` (no diff, `reloadData`).
    public var reloadData: Bool
    /// Identifiers the snapshot reconfigures (`reconfigureItems(_:)`).
    public var reconfigure: [String]
    /// Identifiers the snapshot reloads (`reloadItems(_:)`).
    public var reload: [String]
    /// The new snapshot: every section with its identifier and its items' identifiers.
    public var sections: [SectionDescription]

    public init(animated: Bool = true, reloadData: Bool = false, reconfigure: [String] = [], reload: [String] = [],
                sections: [SectionDescription]) {
        self.animated = animated
        self.reloadData = reloadData
        self.reconfigure = reconfigure
        self.reload = reload
        self.sections = sections
    }
}
