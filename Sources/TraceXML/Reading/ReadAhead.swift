#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
import Synchronization

/// Runs a ``PieceParser`` on a thread of its own, up to four batches of events ahead of the thread that reads
/// them: libxml2 tokenizes the next stretch of the trace while the reader checks and replays this one.
///
/// `reel validate` reads a trace this way (``TraceValidator``): libxml2's parsing and the position tracking
/// are about half of its work, and the checks and the replay on a clock that spends no time the other half,
/// so on two processors a large trace is read in about half the time. So does the read of every event before
/// a replay's first pass. The passes do not: their frames are measured, and a thread parsing beside them
/// would share their processor's caches and memory bandwidth.
///
/// A batch is the events of at least 256 pieces (128 KiB of input) that do not end in text, which the next
/// piece might continue, or the last events of the document. Batches move between the threads by swapping
/// queues' contents (``SAXEvents/exchangeContents(with:)``), in a ring of four slots guarded by two
/// semaphores: nothing is copied and, once the queues have grown, nothing allocated.
///
/// The parser's thread touches only the parser, its input (the byte source, the position tracker, the
/// truncation guard and the error state) and the queue it fills; the reader touches the parser's input again
/// only once the last batch has come (``isFinished``). Each start's position is found on the parser's thread and carried in its event
/// (``SAXEvents/recordsPositions``). A nesting deeper than the reader accepts stops the parser after its
/// batch, as the reader stops on it.
final class ReadAhead {
    private static let slotCount = 4
    /// 128 KiB of input a batch: a handover that finds the other thread asleep costs it a wake-up, and in
    /// alternating runs of `reel validate` on a 2-core VM smaller batches were slower (median 1.16×
    /// for 32 KiB against 64 KiB, 1.13× for 64 against 128); more slots changed nothing.
    static let piecesPerBatch = 256

    private let parser: PieceParser
    private let slots: [SAXEvents]
    /// The parser's state after each slot's batch.
    private let states: UnsafeMutablePointer<PieceParser.State>
    /// Counts batches ready for the reader, and slots free for the parser.
    private let readyBatches: UnsafeMutablePointer<sem_t>
    private let freeSlots: UnsafeMutablePointer<sem_t>
    private let stopping = Atomic<Bool>(false)
    private var thread = pthread_t()
    /// The next slot the reader takes.
    @exclusivity(unchecked) private var nextSlot = 0
    /// Whether the reader has taken the last batch: the parser's thread has ended or is about to, touching
    /// nothing more.
    @exclusivity(unchecked) private(set) var isFinished = false

    /// Whether reading ahead can pay: with one processor the two threads would only take turns.
    static var isWorthwhile: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 }

    /// Starts parsing on a new thread; `nil` when no thread can be made (the caller parses on its own).
    init?(parser: PieceParser, depthLimit: Int) {
        self.parser = parser
        parser.events.recordsPositions = true
        parser.events.depthLimit = depthLimit
        slots = (0..<Self.slotCount).map { _ in SAXEvents(input: parser.input) }
        states = .allocate(capacity: Self.slotCount)
        states.initialize(repeating: .reading, count: Self.slotCount)
        readyBatches = .allocate(capacity: 1)
        freeSlots = .allocate(capacity: 1)
        sem_init(readyBatches, 0, 0)
        sem_init(freeSlots, 0, UInt32(Self.slotCount))
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let readAhead = Unmanaged<ReadAhead>.fromOpaque(context).takeRetainedValue()
            readAhead.parse()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ReadAhead>.fromOpaque(context).release()
            parser.events.recordsPositions = false
            parser.events.depthLimit = .max
            return nil
        }
    }

    deinit {
        sem_destroy(readyBatches)
        sem_destroy(freeSlots)
        readyBatches.deallocate()
        freeSlots.deallocate()
        states.deallocate()
    }

    /// The parser's thread: fills a free slot with a batch, hands it over, until the document ends or fails
    /// or the reader stops.
    private func parse() {
        var slot = 0
        let events = parser.events
        while true {
            wait(freeSlots)
            if stopping.load(ordering: .acquiring) { return }
            var pieces = 0
            repeat {
                parser.parseNextPiece()
                pieces += 1
            } while parser.state == .reading && !events.reachedDepthLimit
                && (pieces < Self.piecesPerBatch || events.endsWithText)
            // At the depth limit the reader refuses the element (`XMLStream.loadElement`) before it would see
            // the failure; past it, libxml2 is handed nothing more.
            let state = parser.state == .reading && events.reachedDepthLimit ? .failed : parser.state
            slots[slot].exchangeContents(with: events)
            events.removeAll()
            states[slot] = state
            sem_post(readyBatches)
            if state != .reading { return }
            slot = (slot + 1) % Self.slotCount
        }
    }

    /// Waits for the next batch and swaps it into `queue`, whose events the reader has handed out; returns the
    /// parser's state after the batch (`.reading` while more will come).
    func receive(into queue: SAXEvents) -> PieceParser.State {
        wait(readyBatches)
        queue.exchangeContents(with: slots[nextSlot])
        let state = states[nextSlot]
        sem_post(freeSlots)
        nextSlot = (nextSlot + 1) % Self.slotCount
        if state != .reading { isFinished = true }
        return state
    }

    /// Stops the parser's thread, wherever it is, and waits for it to end. Call once, before the parser is
    /// freed.
    func stop() {
        stopping.store(true, ordering: .releasing)
        sem_post(freeSlots)
        pthread_join(thread, nil)
    }

    private func wait(_ semaphore: UnsafeMutablePointer<sem_t>) {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }
}
