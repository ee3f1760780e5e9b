import Testing
import CollectionEngine
import TestSupport

/// A phase recorder's marks, spelled as ``PhaseLog`` spells an observer's calls: `+configure cell`, then
/// `-configure cell` where the innermost open span ends.
private func spelled(_ marks: [PhaseRecorder.Mark]) -> [String] {
    var names: [Int: String] = [:]
    for phase in EnginePhase.allCases {
        for category in [nil] + ElementCategory.allCases {
            names[PhaseRecorder.span(of: phase, category)] = "\(phase.rawValue)\(category.map { " \($0)" } ?? "")"
        }
    }
    var open: [String] = []
    return marks.map { mark in
        if mark.isEnd { return "-" + (open.popLast() ?? "?") }
        let name = names[mark.span] ?? "owner \(mark.span - PhaseRecorder.firstOwnerSpan)"
        open.append(name)
        return "+" + name
    }
}

/// A recorder stamped by a counter that advances by one per mark, and everything it was full with.
private final class CountingRecorder {
    var time: UInt64 = 0
    var taken: [PhaseRecorder.Mark] = []
    private(set) var recorder: PhaseRecorder!

    init(capacity: Int = 4_096) {
        recorder = PhaseRecorder(capacity: capacity, stamp: .reading { [unowned self] in
            time += 1
            return time
        }, whenFull: { [unowned self] full in
            taken += full.marks
            full.removeAll()
        })
    }

    /// Every mark so far, oldest first.
    var marks: [PhaseRecorder.Mark] { taken + recorder.marks }
}

@Suite("Phase recorder", .tags(.fast))
struct PhaseRecorderTests {
    private func harness() -> Harness {
        Harness(counts: [400]) { layout, _ in layout.itemSize = Size(width: 120, height: 80) }
    }

    @Test("Every phase and category has its own span, below the owner's")
    func spans() {
        var seen: Set<Int> = []
        for phase in EnginePhase.allCases {
            for category in [nil] + ElementCategory.allCases {
                let span = PhaseRecorder.span(of: phase, category)
                #expect((0..<PhaseRecorder.firstOwnerSpan).contains(span))
                #expect(seen.insert(span).inserted, "\(phase) \(String(describing: category)) shares span \(span)")
            }
        }
    }

    @Test("A recorder marks the phases an observer hears, in the same order and nesting, with stamps in order")
    func sameAsObserver() {
        let h = harness()
        let log = PhaseLog()
        let counting = CountingRecorder()
        h.collectionView.observer = log
        h.collectionView.phaseRecorder = counting.recorder
        for step in 1...40 { h.scroll(to: Point(x: 0, y: Double(step * 37))) }
        h.data.counts = [401]
        #expect(throws: Never.self) {
            try h.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])], animated: false)
        }
        let marks = counting.marks
        #expect(log.events.count > 100)
        #expect(spelled(marks) == log.events)
        #expect(marks.map(\.stamp) == Array(1...UInt64(marks.count)))
        #expect(!marks.contains { $0.followsInterruption })
    }

    @Test("A full buffer goes to its owner before the next mark, and nothing is lost", arguments: [2, 3, 64])
    func fullBuffer(capacity: Int) {
        let h = harness()
        let log = PhaseLog()
        let counting = CountingRecorder(capacity: capacity)
        h.collectionView.observer = log
        h.collectionView.phaseRecorder = counting.recorder
        for step in 1...10 { h.scroll(to: Point(x: 0, y: Double(step * 50))) }
        #expect(counting.taken.count.isMultiple(of: capacity))
        #expect(counting.recorder.marks.count <= capacity)
        #expect(spelled(counting.marks) == log.events)
    }

    @Test("The owner's spans nest with the engine's phases")
    func ownerSpans() {
        let h = harness()
        let counting = CountingRecorder()
        h.collectionView.phaseRecorder = counting.recorder
        counting.recorder.begin(PhaseRecorder.firstOwnerSpan + 2)
        h.collectionView.contentOffset = Point(x: 0, y: 300)
        h.collectionView.layoutIfNeeded()
        counting.recorder.end()
        let spelledMarks = spelled(counting.marks)
        #expect(spelledMarks.first == "+owner 2")
        #expect(spelledMarks.last == "-owner 2")
        #expect(spelledMarks.contains("+query"))
    }

    @Test("Marks note when the watched word no longer holds its armed value, and arm it again")
    func interruptions() {
        let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { word.deallocate() }
        word.initialize(to: 7)
        let counting = CountingRecorder()
        let recorder: PhaseRecorder = counting.recorder
        recorder.watchInterruptions(of: word, armedValue: 7)
        recorder.begin(PhaseRecorder.firstOwnerSpan)
        word.pointee = 0
        recorder.end()
        #expect(word.pointee == 7)
        recorder.begin(PhaseRecorder.firstOwnerSpan)
        word.pointee = 0
        recorder.end()
        recorder.stopWatchingInterruptions()
        word.pointee = 0
        recorder.begin(PhaseRecorder.firstOwnerSpan)
        #expect(counting.marks.map(\.followsInterruption) == [false, true, false, true, false])
        #expect(recorder.interruptions == 2)
        #expect(word.pointee == 0)
    }

    @Test("A recorder replaced inside a phase gets that phase's end; the new one marks the rest")
    func replacedInsidePhase() {
        let first = CountingRecorder(), second = CountingRecorder()
        var replaced = false
        var collectionView: CollectionView?
        let h = Harness(counts: [400]) { layout, _ in layout.itemSize = Size(width: 120, height: 80) }
        h.collectionView.register(forCellWithReuseIdentifier: "cell") {
            let cell = InstrumentationTests.HookCell()
            cell.onApply = {
                guard !replaced, let cv = collectionView, cv.phaseRecorder === first.recorder else { return }
                replaced = true
                cv.phaseRecorder = second.recorder
            }
            return cell
        }
        collectionView = h.collectionView
        h.collectionView.phaseRecorder = first.recorder
        for step in 1...30 { h.scroll(to: Point(x: 0, y: Double(step * 40))) }
        #expect(replaced)
        for marks in [first.marks, second.marks] {
            #expect(!marks.isEmpty)
            #expect(marks.filter(\.isEnd).count == marks.filter { !$0.isEnd }.count)
        }
        #expect(spelled(first.marks).last { $0.hasPrefix("+") } == "+apply-attributes cell")
        #expect(spelled(second.marks).first?.hasPrefix("+") == true)
    }

    @Test("Counters are the same with and without a recorder")
    func recorderDoesNotChangeTheWork() {
        func run(recorded: Bool) -> EngineCounters {
            let counting = CountingRecorder()
            let h = harness()
            if recorded { h.collectionView.phaseRecorder = counting.recorder }
            for step in 0..<200 { h.scroll(to: Point(x: 0, y: Double(step * step % 9000))) }
            return h.collectionView.counters
        }
        #expect(run(recorded: true) == run(recorded: false))
    }
}
