/// One of N deterministic, disjoint parts of a list of traces — `--shard I/N` on `reel replay`, `compare` and
/// `gate` — so that a CI matrix can spread the list over its jobs.
///
/// The element at position k of the list (from 0) belongs to shard (k mod N) + 1: shard 1 of 3 takes positions
/// 0, 3, 6, …, shard 2 takes 1, 4, 7, …. The shards of one N are disjoint and together hold the whole list, and
/// a shard depends on nothing but the list, so every job of a matrix must be given the same list in the same
/// order (a shell glob sorts the same way on every runner). Taking every N-th element rather than a run of
/// neighbours spreads a sorted list's neighbours, often traces of one feature and of similar length, over the
/// shards. A shard of a list shorter than N may be empty.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 1 to ``count``.
    public let index: Int
    /// How many shards the list is split into, at least 1.
    public let count: Int

    /// Shard `index` of `count`.
    /// - Precondition: 1 ≤ `index` ≤ `count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is I of N with 1 ≤ I ≤ N, not \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// Reads `I/N`, as `--shard` takes it: two whole numbers with 1 ≤ I ≤ N.
    /// - Throws: ``ParseError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ParseError(text: text, reason: "expected two numbers separated by '/'") }
        guard let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ParseError(text: text, reason: "I and N are whole numbers")
        }
        guard count >= 1 else { throw ParseError(text: text, reason: "a list is split into one shard or more") }
        guard index >= 1 else { throw ParseError(text: text, reason: "shards are numbered from 1") }
        guard index <= count else { throw ParseError(text: text, reason: "there is no shard \(index) of \(count)") }
        self.init(index: index, count: count)
    }

    /// Why a `--shard` value could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The value as given.
        public var text: String
        /// What is wrong with it.
        public var reason: String

        /// `'4/3' is not I/N with 1 ≤ I ≤ N: there is no shard 4 of 3`.
        public var description: String { "'\(text)' is not I/N with 1 ≤ I ≤ N: \(reason)" }
    }

    /// Whether position `position` of a list (from 0) belongs to this shard.
    public func owns(_ position: Int) -> Bool {
        position >= 0 && position % count == index - 1
    }

    /// The positions of this shard in a list of `total` elements, in order.
    /// - Complexity: O(`total` / ``count``).
    public func positions(inListOf total: Int) -> [Int] {
        Array(stride(from: index - 1, to: max(0, total), by: count))
    }

    /// This shard's part of `list`: each element with its position in the whole list, in list order.
    /// - Complexity: O(*n* / ``count``) for *n* elements.
    public func part<Element>(of list: [Element]) -> [(position: Int, element: Element)] {
        positions(inListOf: list.count).map { ($0, list[$0]) }
    }

    /// `shard 2 of 3`.
    public var description: String { "shard \(index) of \(count)" }
}
