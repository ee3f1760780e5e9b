/// A list of sizes kept as runs of equal sizes: the item sizes of a `<section>`.
///
/// The trace format writes a run of *K* equal sizes as one entry `W H*K`,
/// and the list keeps it as one entry too: 1,000,000 items of one size cost one run, 1,000,000 items of
/// their own sizes one run each (24 bytes). Appending a size equal to the last one lengthens the last run,
/// so two lists of the same sizes have the same runs and compare equal however they were built.
///
/// ```swift
/// var sizes = TraceSizeList()
/// sizes.append(Size(width: 100, height: 100), count: 999_999)
/// sizes.append(Size(width: 100, height: 300))
/// sizes.count       // 1,000,000
/// sizes.runCount    // 2
/// sizes[999_999]    // 100 300
/// ```
///
/// As a `RandomAccessCollection` of ``Size`` it reads like the array it replaces: iterating is
/// O(1) per size, the subscript O(log *runs*).
public struct TraceSizeList: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral,
                             CustomStringConvertible {
    /// `count` consecutive items of one `size`.
    public struct Run: Hashable, Sendable {
        public var size: Size
        public var count: Int

        public init(size: Size, count: Int) {
            self.size = size
            self.count = count
        }
    }

    /// The size of each run.
    private var runSizes: [Size] = []
    /// The end of each run: the index of the item after its last one, increasing.
    private var runEnds: [Int] = []

    /// An empty list.
    public init() {}

    /// The sizes of `sizes`, in order, equal consecutive ones as runs.
    ///
    /// - Complexity: O(*n*).
    public init<S: Sequence>(_ sizes: S) where S.Element == Size {
        for size in sizes { append(size) }
    }

    /// The sizes of `runs`, in order; runs of no items are left out.
    public init(runs: some Sequence<Run>) {
        for run in runs { append(run.size, count: run.count) }
    }

    public init(arrayLiteral elements: Size...) {
        self.init(elements)
    }

    /// Appends `count` items of `size` (none when `count` is 0).
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: amortised O(1).
    public mutating func append(_ size: Size, count: Int = 1) {
        precondition(count >= 0, "TraceSizeList.append(_:count:) with a negative count")
        guard count > 0 else { return }
        let end = self.count + count
        if let last = runSizes.last, last == size {
            runEnds[runEnds.count - 1] = end
        } else {
            runSizes.append(size)
            runEnds.append(end)
        }
    }

    /// Appends the sizes of `other`, in order.
    public mutating func append(contentsOf other: TraceSizeList) {
        for run in other.runs { append(run.size, count: run.count) }
    }

    /// Reserves room for `runs` runs.
    public mutating func reserveCapacity(runs: Int) {
        runSizes.reserveCapacity(runs)
        runEnds.reserveCapacity(runs)
    }

    /// How many runs the list holds: the entries the trace format writes for it.
    public var runCount: Int { runSizes.count }

    /// The run at `index` (from 0 to ``runCount`` − 1).
    public func run(at index: Int) -> Run {
        Run(size: runSizes[index], count: runEnds[index] - (index == 0 ? 0 : runEnds[index - 1]))
    }

    /// The index of the first item of the run at `index`.
    public func firstItem(ofRun index: Int) -> Int { index == 0 ? 0 : runEnds[index - 1] }

    /// The runs, in order.
    public var runs: LazyMapSequence<Range<Int>, Run> { (0..<runCount).lazy.map { run(at: $0) } }

    /// The index of the run that holds `item`.
    ///
    /// - Precondition: `0 <= item < count`.
    /// - Complexity: O(log *runs*).
    public func runIndex(containing item: Int) -> Int {
        precondition(item >= 0 && item < count, "item \(item) out of a list of \(count) sizes")
        var low = 0
        var high = runEnds.count - 1
        while low < high {
            let middle = (low + high) / 2
            if runEnds[middle] > item { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: RandomAccessCollection

    public var startIndex: Int { 0 }
    public var endIndex: Int { runEnds.last ?? 0 }
    public var count: Int { runEnds.last ?? 0 }
    public var isEmpty: Bool { runEnds.isEmpty }

    /// The size of item `position`.
    ///
    /// - Complexity: O(log *runs*).
    public subscript(position: Int) -> Size { runSizes[runIndex(containing: position)] }

    /// Walks the runs: O(1) per size.
    public struct Iterator: IteratorProtocol {
        private let list: TraceSizeList
        private var run = 0
        private var item = 0

        fileprivate init(_ list: TraceSizeList) { self.list = list }

        public mutating func next() -> Size? {
            guard run < list.runEnds.count else { return nil }
            let size = list.runSizes[run]
            item += 1
            if item == list.runEnds[run] { run += 1 }
            return size
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    /// The list as the trace format writes it: `"100 100*3, 50 80"`.
    public var description: String {
        runs.map { $0.count == 1 ? $0.size.traceText : "\($0.size.traceText)*\($0.count)" }.joined(separator: ", ")
    }
}
