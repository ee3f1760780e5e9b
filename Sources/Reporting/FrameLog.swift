/// The frames of one measured repeat, in order: a collection of ``FrameSample`` kept in about 1.5–2 bytes a
/// frame.
///
/// A replay appends one frame at a time to a *compact* log (``init(refreshRate:budgetNs:pathNames:)``), which
/// keeps per frame only its duration and its top path's code into the log's path table, coded against the
/// frames before it (``FrameStream``: a steady frame takes 12–14 bits, the clock's noise most of them);
/// everything else is derived from the position or kept sparsely:
///
/// - the index is the position and the time the frame clock's start of that frame (`index / refresh rate`, or
///   the sum of the intervals before it), as the replay computes it;
/// - the top path's self time is kept for the frames at or over the budget only (finding (d) reads it for janky
///   frames), and reads 0 for the others;
/// - cells created and on screen are kept for the frames that created cells or put more cells on screen than
///   any frame before them (finding (b) reads nothing else), and read 0 and `nil` for the others.
///
/// Frames read in order (``durations(in:)``, iterating the log) are decoded as they come; a frame read by
/// position decodes its block of ``FrameStream/blockFrames`` frames, which the log keeps for the next read.
///
/// A log made from an array (``init(_:)``, an array literal, a test's hand-built frames) keeps the samples as
/// given, and so does a compact log once a sample that does not fit it is appended or one is replaced.
/// Either way a log compares equal to another with the same samples.
public struct FrameLog: Sendable {
    /// The samples as given, when the log is not compact.
    private var verbatim: [FrameSample]?
    /// When each frame begins: frame n at n / refresh rate, or at the sum of the intervals before it.
    public let frameClock: FrameClock
    /// Frames per second (the fastest, when frames have their own intervals).
    public var refreshRate: Double { frameClock.refreshRate }
    /// Frames of this many nanoseconds or more keep their top path's self time: the budget rounded to whole
    /// nanoseconds, so that every frame over the budget (``FrameMath/isJanky(_:budgetNs:)``) keeps it.
    public let budgetNs: UInt64
    /// Durations and top-path codes (0: no top path; n: the path named `pathNames[n - 1]`).
    private var stream = FrameStream()
    /// The top paths' names, by code − 1.
    private var pathNames: [String]
    private var pathCodes: [String: Int]
    private var topSelfTimes = SparseColumn<UInt64>()
    private var cells = SparseColumn<CellCounts>()
    /// The most cells on screen in any frame so far.
    private var peakOnScreen = 0

    struct CellCounts: Sendable, Equatable {
        var created: Int32
        /// −1 when not measured.
        var onScreen: Int32
    }

    /// An empty compact log.
    /// - Parameters:
    ///   - refreshRate: The replay's refresh rate: a frame's time is its index / `refreshRate`.
    ///   - budgetNs: Frames of that time or more keep their top path's self time.
    ///   - pathNames: The path names the replay will name by index (``append(durationNs:topPath:topPathSelfNs:cellsCreated:cellsOnScreen:)``);
    ///     others are added as they come.
    public init(refreshRate: Double, budgetNs: UInt64, pathNames: [String] = []) {
        self.init(frameClock: FrameClock(refreshRate: refreshRate), budgetNs: budgetNs, pathNames: pathNames)
    }

    /// An empty compact log of frames timed by `frameClock`; `budgetNs` as ``init(refreshRate:budgetNs:pathNames:)``'s
    /// (the tightest frame budget, when frames have their own).
    public init(frameClock: FrameClock, budgetNs: UInt64, pathNames: [String] = []) {
        self.frameClock = frameClock
        self.budgetNs = budgetNs
        self.pathNames = pathNames
        pathCodes = Dictionary(pathNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A log of `samples`, kept as given.
    public init(_ samples: [FrameSample]) {
        self.init(refreshRate: 1, budgetNs: 0)
        verbatim = samples
    }

    /// Whether the log keeps its frames compactly (not as an array of samples).
    public var isCompact: Bool { verbatim == nil }

    /// Reserves room for the index of `frames` frames, so that appending them does not grow it past them (the
    /// frames themselves go into chunks that are never copied).
    public mutating func reserveCapacity(_ frames: Int) {
        if verbatim != nil {
            verbatim?.reserveCapacity(frames)
            return
        }
        uniqueStream().reserveCapacity(frames)
    }

    /// The bytes the log's storage holds, by capacity: what it keeps per frame in memory, the path table's
    /// strings (shared with the replay's) aside.
    public var storageBytes: Int {
        if let verbatim { return verbatim.capacity * MemoryLayout<FrameSample>.stride }
        return stream.storageBytes + topSelfTimes.storageBytes + cells.storageBytes
    }

    /// The bits a compact log's coded frames take, per frame, its last chunk's unused room aside (0 for a log
    /// kept as given, or before a block is coded).
    public var encodedBitsPerFrame: Double {
        let coded = stream.coded
        return Double(coded.bits) / Double(Swift.max(1, coded.frames))
    }

    /// Codes the frames that wait for their block to fill, and lets their room go: what a replay does at the
    /// end of a pass. Frames may still be appended after.
    public mutating func finishAppending() {
        guard verbatim == nil else { return }
        uniqueStream().finishAppending()
    }

    /// The stream, copied first when another log shares it.
    private mutating func uniqueStream() -> FrameStream {
        if !isKnownUniquelyReferenced(&stream) { stream = stream.copy() }
        return stream
    }

    /// Appends the next frame of a compact log.
    /// - Parameters:
    ///   - durationNs: The frame's time.
    ///   - topPath: The top path's index into the log's path names (those of its initialiser, then the ones
    ///     added by ``append(_:)``), if any span ran.
    ///   - topPathSelfNs: Its self time in the frame; kept only when `durationNs` is at or over the budget.
    ///   - cellsCreated: Cells created in the frame.
    ///   - cellsOnScreen: Cells on screen at its end, when measured.
    public mutating func append(durationNs: UInt64, topPath: Int?, topPathSelfNs: UInt64, cellsCreated: Int,
                                cellsOnScreen: Int?) {
        guard verbatim == nil else {
            let index = count
            verbatim?.append(FrameSample(
                index: index, time: frameClock.startTime(ofFrame: index), durationNs: durationNs,
                topPath: topPath.map { pathNames[$0] }, topPathSelfNs: topPathSelfNs, cellsCreated: cellsCreated,
                cellsOnScreen: cellsOnScreen))
            return
        }
        let position = stream.count
        uniqueStream().append(durationNs: durationNs, code: topPath.map { $0 + 1 } ?? 0)
        if durationNs >= budgetNs && topPath != nil { topSelfTimes.append(position, topPathSelfNs) }
        let onScreen = cellsOnScreen ?? -1
        if cellsCreated != 0 || onScreen > peakOnScreen {
            cells.append(position, CellCounts(created: Int32(clamping: cellsCreated), onScreen: Int32(clamping: onScreen)))
            peakOnScreen = Swift.max(peakOnScreen, onScreen)
        }
    }

    /// Appends `sample`. A compact log keeps it compactly when it is the next frame at its time (index = the
    /// log's count, time = index / refresh rate) and its counts fit; otherwise the log turns into an array
    /// of its samples first.
    public mutating func append(_ sample: FrameSample) {
        let position = count
        let fits = verbatim == nil && sample.index == position && sample.time == frameClock.startTime(ofFrame: position)
            && Int32(exactly: sample.cellsCreated) != nil && sample.cellsOnScreen.map { Int32(exactly: $0) != nil } ?? true
            && (sample.cellsOnScreen ?? 0) >= 0
        guard fits else {
            makeVerbatim()
            verbatim?.append(sample)
            return
        }
        var code: Int?
        if let name = sample.topPath {
            if let known = pathCodes[name] {
                code = known
            } else {
                code = pathNames.count
                pathCodes[name] = pathNames.count
                pathNames.append(name)
            }
        }
        append(durationNs: sample.durationNs, topPath: code, topPathSelfNs: sample.topPathSelfNs,
               cellsCreated: sample.cellsCreated, cellsOnScreen: sample.cellsOnScreen)
    }

    /// The duration of frame `position`, without building its sample.
    public func durationNs(at position: Int) -> UInt64 {
        if let verbatim { return verbatim[position].durationNs }
        return stream.frame(at: position).durationNs
    }

    /// The durations of the frames at `positions`, in order, decoded as they are read.
    public func durations(in positions: Range<Int>) -> Durations {
        precondition(positions.lowerBound >= 0 && positions.upperBound <= count,
                     "frames \(positions) of a log of \(count)")
        return Durations(log: self, positions: positions)
    }

    /// The frames that may have created cells or put more on screen than before: those whose counts a compact
    /// log keeps (every other frame created none and reads no on-screen count), or every frame.
    var framesWithCellCounts: [FrameSample] {
        if let verbatim { return verbatim }
        return cells.keptPositions.map { self[$0] }
    }

    /// The positions of the frames that may be janky with a top path: those whose top path's self time a
    /// compact log keeps (every frame at or over the budget with a top path), or every position.
    var positionsWithTopPathSelfTime: [Int] {
        if verbatim != nil { return Array(indices) }
        return topSelfTimes.keptPositions
    }

    /// The frame number of the frame at `position`: the position itself in a compact log.
    func frameIndex(at position: Int) -> Int {
        verbatim?[position].index ?? position
    }

    /// Frame 0, the initial display, when the log has it.
    var initialFrame: FrameSample? {
        if let verbatim { return verbatim.first { $0.index == 0 } }
        return isEmpty ? nil : self[0]
    }

    /// The sample of frame `position` of a compact log, whose duration and top path's code are given.
    private func sample(at position: Int, durationNs duration: UInt64, code: Int) -> FrameSample {
        let top = code == 0 ? nil : pathNames[code - 1]
        let selfNs = top != nil && duration >= budgetNs ? topSelfTimes.value(at: position) ?? 0 : 0
        let counts = cells.value(at: position)
        return FrameSample(
            index: position, time: frameClock.startTime(ofFrame: position), durationNs: duration, topPath: top,
            topPathSelfNs: selfNs, cellsCreated: Int(counts?.created ?? 0),
            cellsOnScreen: counts.flatMap { $0.onScreen < 0 ? nil : Int($0.onScreen) })
    }

    private mutating func makeVerbatim() {
        guard verbatim == nil else { return }
        let samples = Array(self)
        verbatim = samples
        stream = FrameStream()
        topSelfTimes = SparseColumn()
        cells = SparseColumn()
    }
}

extension FrameLog {
    /// Durations of consecutive frames of a log, decoded in order as they are iterated.
    public struct Durations: Sequence {
        let log: FrameLog
        let positions: Range<Int>

        public func makeIterator() -> Iterator {
            Iterator(log: log, positions: positions)
        }

        public struct Iterator: IteratorProtocol {
            private var position: Int
            private let end: Int
            /// The stream's reader, or the samples of a log that is not compact.
            private var reader: FrameStream.Reader?
            private let verbatim: [FrameSample]?

            init(log: FrameLog, positions: Range<Int>) {
                position = positions.lowerBound
                end = positions.upperBound
                verbatim = log.verbatim
                reader = log.verbatim == nil && !positions.isEmpty
                    ? FrameStream.Reader(stream: log.stream, frame: positions.lowerBound) : nil
            }

            public mutating func next() -> UInt64? {
                guard position < end else { return nil }
                position += 1
                if let verbatim { return verbatim[position - 1].durationNs }
                return reader?.next().durationNs
            }
        }
    }

    /// The samples of a log in order, decoded as they are iterated.
    public struct Iterator: IteratorProtocol {
        private let log: FrameLog
        private var position = 0
        private var reader: FrameStream.Reader?

        init(log: FrameLog) {
            self.log = log
            if log.verbatim == nil && !log.isEmpty { reader = FrameStream.Reader(stream: log.stream, frame: 0) }
        }

        public mutating func next() -> FrameSample? {
            guard position < log.count else { return nil }
            defer { position += 1 }
            guard let frame = reader?.next() else { return log.verbatim?[position] }
            return log.sample(at: position, durationNs: frame.durationNs, code: frame.code)
        }
    }
}

extension FrameLog: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { verbatim?.count ?? stream.count }

    public func makeIterator() -> Iterator { Iterator(log: self) }

    public subscript(position: Int) -> FrameSample {
        get {
            if let verbatim { return verbatim[position] }
            let frame = stream.frame(at: position)
            return sample(at: position, durationNs: frame.durationNs, code: frame.code)
        }
        set {
            makeVerbatim()
            verbatim?[position] = newValue
        }
    }
}

extension FrameLog: ExpressibleByArrayLiteral {
    public init(arrayLiteral samples: FrameSample...) {
        self.init(samples)
    }
}

extension FrameLog: Equatable {
    /// Logs are equal when their samples are.
    public static func == (lhs: FrameLog, rhs: FrameLog) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

/// Values kept for a few positions of a long sequence, appended in ascending position: a position's value is
/// found by binary search.
struct SparseColumn<Value: Sendable>: Sendable {
    private var positions: [Int32] = []
    private var values: [Value] = []

    mutating func append(_ position: Int, _ value: Value) {
        positions.append(Int32(truncatingIfNeeded: position))
        values.append(value)
    }

    func value(at position: Int) -> Value? {
        var low = 0
        var high = positions.count
        let target = Int32(truncatingIfNeeded: position)
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && positions[low] == target ? values[low] : nil
    }

    /// The positions that have a value, in order.
    var keptPositions: [Int] { positions.map { Int($0) } }

    var storageBytes: Int {
        positions.capacity * MemoryLayout<Int32>.stride + values.capacity * MemoryLayout<Value>.stride
    }
}
