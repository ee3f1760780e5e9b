/// The frames of one measured repeat, in order: a collection of ``FrameSample`` kept in about 5 bytes a frame.
///
/// A replay appends one frame at a time to a *compact* log (``init(refreshRate:budgetNs:pathNames:)``), which
/// keeps per frame only its duration as a `UInt32` of nanoseconds and its top path as a `UInt8` code into the
/// log's path table; everything else is derived from the position or kept sparsely:
///
/// - the index is the position and the time `index / refresh rate`, as the replay computes it;
/// - a duration of 2³² − 1 ns or more (over 4.29 s) is kept in a side table;
/// - top path codes past the 254th path are kept in a side table;
/// - the top path's self time is kept for the frames at or over the budget only (finding (d) reads it for janky
///   frames), and reads 0 for the others;
/// - cells created and on screen are kept for the frames that created cells or put more cells on screen than
///   any frame before them (finding (b) reads nothing else), and read 0 and `nil` for the others.
///
/// A log made from an array (``init(_:)``, an array literal, a test's hand-built frames) keeps the samples as
/// given, and so does a compact log once a sample that does not fit it is appended or one is replaced.
/// Either way a log compares equal to another with the same samples.
public struct FrameLog: Sendable {
    /// The samples as given, when the log is not compact.
    private var verbatim: [FrameSample]?
    /// Frames per second: frame n begins at n / refreshRate.
    public let refreshRate: Double
    /// Frames of this many nanoseconds or more keep their top path's self time: the budget rounded to whole
    /// nanoseconds, so that every frame over the budget (``FrameMath/isJanky(_:budgetNs:)``) keeps it.
    public let budgetNs: UInt64
    private var durations: [UInt32] = []
    private var topCodes: [UInt8] = []
    /// The top paths' names, by code − 1.
    private var pathNames: [String]
    private var pathCodes: [String: Int]
    private var longDurations = SparseColumn<UInt64>()
    private var overflowPaths = SparseColumn<Int32>()
    private var topSelfTimes = SparseColumn<UInt64>()
    private var cells = SparseColumn<CellCounts>()
    /// The most cells on screen in any frame so far.
    private var peakOnScreen = 0

    /// The duration that marks a frame whose duration is in ``longDurations``.
    private static let longDuration = UInt32.max
    /// The code of a frame without a top path.
    private static let noPath: UInt8 = 0
    /// The code of a frame whose top path is in ``overflowPaths``.
    private static let overflowPath: UInt8 = .max
    /// Paths with a code of their own: 1...254.
    private static let codedPaths = Int(UInt8.max) - 1

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
        self.refreshRate = refreshRate
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

    /// Reserves room for `frames` frames, so that appending them does not grow the storage past them.
    public mutating func reserveCapacity(_ frames: Int) {
        if verbatim != nil {
            verbatim?.reserveCapacity(frames)
            return
        }
        durations.reserveCapacity(frames)
        topCodes.reserveCapacity(frames)
    }

    /// The bytes the log's storage holds, by capacity: what it keeps per frame in memory, the path table's
    /// strings (shared with the replay's) aside.
    public var storageBytes: Int {
        if let verbatim { return verbatim.capacity * MemoryLayout<FrameSample>.stride }
        return durations.capacity * MemoryLayout<UInt32>.stride + topCodes.capacity
            + longDurations.storageBytes + overflowPaths.storageBytes + topSelfTimes.storageBytes + cells.storageBytes
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
                index: index, time: Double(index) / refreshRate, durationNs: durationNs,
                topPath: topPath.map { pathNames[$0] }, topPathSelfNs: topPathSelfNs, cellsCreated: cellsCreated,
                cellsOnScreen: cellsOnScreen))
            return
        }
        let position = durations.count
        if durationNs < UInt64(Self.longDuration) {
            durations.append(UInt32(truncatingIfNeeded: durationNs))
        } else {
            durations.append(Self.longDuration)
            longDurations.append(position, durationNs)
        }
        if let topPath {
            if topPath < Self.codedPaths {
                topCodes.append(UInt8(truncatingIfNeeded: topPath + 1))
            } else {
                topCodes.append(Self.overflowPath)
                overflowPaths.append(position, Int32(topPath))
            }
        } else {
            topCodes.append(Self.noPath)
        }
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
        let fits = verbatim == nil && sample.index == position && sample.time == Double(position) / refreshRate
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
        let short = durations[position]
        return short == Self.longDuration ? longDurations.value(at: position) ?? UInt64(short) : UInt64(short)
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

    private mutating func makeVerbatim() {
        guard verbatim == nil else { return }
        let samples = Array(self)
        verbatim = samples
        durations = []
        topCodes = []
        longDurations = SparseColumn()
        overflowPaths = SparseColumn()
        topSelfTimes = SparseColumn()
        cells = SparseColumn()
    }
}

extension FrameLog: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { verbatim?.count ?? durations.count }

    public subscript(position: Int) -> FrameSample {
        get {
            if let verbatim { return verbatim[position] }
            let duration = durationNs(at: position)
            let code = topCodes[position]
            var top: String?
            if code == Self.overflowPath {
                top = overflowPaths.value(at: position).map { pathNames[Int($0)] }
            } else if code != Self.noPath {
                top = pathNames[Int(code) - 1]
            }
            let selfNs = top != nil && duration >= budgetNs ? topSelfTimes.value(at: position) ?? 0 : 0
            let counts = cells.value(at: position)
            return FrameSample(
                index: position, time: Double(position) / refreshRate, durationNs: duration, topPath: top,
                topPathSelfNs: selfNs, cellsCreated: Int(counts?.created ?? 0),
                cellsOnScreen: counts.flatMap { $0.onScreen < 0 ? nil : Int($0.onScreen) })
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

    var storageBytes: Int {
        positions.capacity * MemoryLayout<Int32>.stride + values.capacity * MemoryLayout<Value>.stride
    }
}
