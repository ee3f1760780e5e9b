import CCycleCounter

/// Records the engine's phases as timestamped marks in a buffer, without calling out: for a profiler that
/// must disturb short frames as little as it can.
///
/// A ``CollectionViewObserver`` is called at both ends of every phase: two opaque calls (a class method and a
/// protocol witness), after which the engine reloads its own state. In a steady scrolling frame the engine
/// opens about ten phases of 50–400 ns each, so those calls cost more than the phases' clock readings. A
/// recorder installed with ``CollectionView/phaseRecorder`` is written to inline instead: a phase's begin and
/// end each append a ``Mark`` (a stamp and a code, 16 bytes) to memory the last mark touched. Its owner reads
/// the marks afterwards (``marks``), typically once a frame, turns the stamps into times and rebuilds the
/// nesting from the order of the begins and ends; it can write marks of its own spans into the same buffer
/// (``begin(_:)``, ``end()``), so that they nest with the engine's.
///
/// Stamps are the processor's cycle counter (``Stamp/cycleCounter``: `rdtsc` on x86-64, `cntvct_el0` on
/// arm64), which the owner converts with a timebase it keeps, or readings of a function (``Stamp/reading(_:)``)
/// for a clock that cannot be converted after the fact (a test's manual clock).
///
/// A CPU-time clock also needs to know where the thread lost its processor. A recorder compares a word with
/// a value at every mark (``watchInterruptions(of:armedValue:)``) — a flag the kernel lowers when it
/// deschedules the thread — and when the word no longer holds the value, notes it in the mark, counts it
/// (``interruptions``) and arms the word again, so that each interruption is noted at the first mark after it.
///
/// A recorder belongs to one thread. It is not `Sendable`.
public final class PhaseRecorder {
    /// How marks are timestamped.
    public enum Stamp {
        /// The processor's cycle counter, one unserialised instruction: the owner converts ticks to time.
        case cycleCounter
        /// A reading of `read`, already a time.
        case reading(() -> UInt64)
    }

    /// One end of a span: its stamp and what it is.
    public struct Mark: Hashable, Sendable {
        /// The cycle counter or the reading, as the recorder's ``Stamp`` said when the mark was made.
        public var stamp: UInt64
        /// The span (for a begin), the end flag and the interruption flag.
        public var code: UInt32

        static let endFlag: UInt32 = 1 << 31
        static let interruptedFlag: UInt32 = 1 << 30

        /// Whether the mark ends the innermost open span; otherwise it begins ``span``.
        public var isEnd: Bool { code & Self.endFlag != 0 }
        /// The span a begin mark opens: an engine phase's (``span(of:_:)``) or the owner's own (from
        /// ``firstOwnerSpan``); 0 for an end mark.
        public var span: Int { Int(code & 0xFFFF) }
        /// Whether the watched word had stopped holding its armed value when the mark was made: the thread
        /// was interrupted between the previous mark (or the arming of the word) and this one
        /// (``watchInterruptions(of:armedValue:)``).
        public var followsInterruption: Bool { code & Self.interruptedFlag != 0 }
    }

    /// The span of `phase` on elements of `category`: below ``firstOwnerSpan``, one per phase and category
    /// (and one for a phase without a category).
    /// - Complexity: O(1).
    public static func span(of phase: EnginePhase, _ category: ElementCategory?) -> Int {
        phase.ordinal * 4 + (category.map { $0.rawValue + 1 } ?? 0)
    }

    /// The first span number the owner may use for spans of its own; the engine's are below it.
    public static let firstOwnerSpan = 64

    /// How many marks the buffer holds before ``whenFull`` is called.
    public let capacity: Int
    // The buffer and the state a mark reads are `@exclusivity(unchecked)` or behind pointers: a mark is a
    // handful of loads and stores, which dynamic exclusivity checks would double. A recorder is used by one
    // thread, and no access spans a call that could reach another.
    private let buffer: UnsafeMutablePointer<Mark>
    @exclusivity(unchecked) private var storedCount = 0
    @exclusivity(unchecked) private var readsCycleCounter: Bool
    /// What a ``Stamp/reading(_:)`` recorder reads. Not optional: calling an optional closure through
    /// `Optional`'s generic API would allocate a reabstraction thunk on every mark.
    @exclusivity(unchecked) private var reading: () -> UInt64 = { 0 }
    @exclusivity(unchecked) private var watchedWord: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var armedValue: UInt64
    /// What the recorder watches when nothing else is: a word that always holds 0.
    private let quietWord: UnsafeMutablePointer<UInt64>
    /// Called when a mark finds the buffer full, before the mark is stored: the owner takes the marks and
    /// calls ``removeAll()``. Without it, or if it leaves the buffer full, the marks so far are discarded.
    private let whenFull: (PhaseRecorder) -> Void

    /// A recorder of `capacity` marks, stamped as `stamp` says.
    ///
    /// - Parameters:
    ///   - capacity: The marks the buffer holds; at least 2.
    ///   - whenFull: Called when a mark finds the buffer full, to take the marks so far and empty it.
    public init(capacity: Int, stamp: Stamp, whenFull: @escaping (PhaseRecorder) -> Void) {
        precondition(capacity >= 2, "a phase recorder holds at least 2 marks, not \(capacity)")
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
        quietWord = .allocate(capacity: 1)
        quietWord.initialize(to: 0)
        watchedWord = quietWord
        armedValue = 0
        readsCycleCounter = false
        self.whenFull = whenFull
        self.stamp = stamp
    }

    deinit {
        buffer.deallocate()
        quietWord.deallocate()
    }

    /// How the next marks are stamped. Change it only when the buffer is empty: the marks of one reading must
    /// be stamped one way.
    public var stamp: Stamp {
        get { readsCycleCounter ? .cycleCounter : .reading(reading) }
        set {
            switch newValue {
            case .cycleCounter:
                readsCycleCounter = true
                reading = { 0 }
            case .reading(let read):
                readsCycleCounter = false
                reading = read
            }
        }
    }

    /// How many marks found the watched word lowered, since the recorder was made. (Unchecked storage behind
    /// an inlinable getter, as ``CollectionView/counters``: the profiler reads it at every frame's end.)
    public private(set) var interruptions: Int {
        @inlinable get { storedInterruptions }
        _modify { yield &storedInterruptions }
    }
    @usableFromInline @exclusivity(unchecked) var storedInterruptions: Int = 0

    /// Watches `word`: every mark notes whether it still holds `armedValue`, and stores `armedValue` into it
    /// again when it does not. The word must stay valid and be written only by the recorder's thread or the
    /// kernel on its behalf, until ``stopWatchingInterruptions()`` or another call of this.
    public func watchInterruptions(of word: UnsafeMutablePointer<UInt64>, armedValue: UInt64) {
        watchedWord = word
        self.armedValue = armedValue
    }

    /// Stops watching a word: marks no longer note interruptions.
    public func stopWatchingInterruptions() {
        watchedWord = quietWord
        armedValue = 0
    }

    /// The marks made since the last ``removeAll()``, oldest first. Valid until the next mark or
    /// ``removeAll()``.
    public var marks: UnsafeBufferPointer<Mark> {
        UnsafeBufferPointer(start: buffer, count: storedCount)
    }

    /// Forgets the marks.
    public func removeAll() {
        storedCount = 0
    }

    /// Marks the beginning of `span`: an engine phase's (``span(of:_:)``) or, from ``firstOwnerSpan`` to
    /// 65,535, one of the owner's.
    /// - Complexity: O(1); a read of the stamp and a store.
    public func begin(_ span: Int) {
        precondition((0...0xFFFF).contains(span), "a phase recorder's spans are 0 to 65,535, not \(span)")
        record(UInt32(truncatingIfNeeded: span))
    }

    /// Marks the end of the innermost open span.
    /// - Complexity: O(1); a read of the stamp and a store.
    public func end() {
        record(Mark.endFlag)
    }

    /// Marks the beginning of an engine phase.
    @inline(__always)
    func begin(_ phase: EnginePhase, _ category: ElementCategory?) {
        record(UInt32(truncatingIfNeeded: Self.span(of: phase, category)))
    }

    @inline(__always)
    private func record(_ code: UInt32) {
        // The stamp first: a word still armed after it proves no interruption came before the stamp.
        let stamp = readsCycleCounter ? reel_cycle_counter_read() : reading()
        var interrupted: UInt32 = 0
        if watchedWord.pointee != armedValue {
            interrupted = Mark.interruptedFlag
            watchedWord.pointee = armedValue
            interruptions &+= 1
        }
        var count = storedCount
        if count == capacity {
            whenFull(self)
            count = storedCount
            // An owner that took nothing: start over rather than write past the buffer.
            if count == capacity { count = 0 }
        }
        (buffer + count).initialize(to: Mark(stamp: stamp, code: code | interrupted))
        storedCount = count &+ 1
    }
}

extension EnginePhase {
    /// The phase's position in ``allCases``, without searching it.
    var ordinal: Int {
        switch self {
        case .prepare: 0
        case .query: 1
        case .create: 2
        case .dequeue: 3
        case .configure: 4
        case .prepareForReuse: 5
        case .applyAttributes: 6
        case .willDisplay: 7
        case .didEndDisplaying: 8
        case .prefetch: 9
        case .validateUpdates: 10
        case .applyUpdates: 11
        case .measure: 12
        case .snapshotDiff: 13
        case .visibleItemsHandler: 14
        }
    }
}
