import Testing
import CollectionEngine
import TestSupport

/// Records phases as a nested trace: `+configure cell`, `-configure cell`.
final class PhaseRecorder: CollectionViewObserver {
    var events: [String] = []
    var depth = 0
    var maxDepth = 0

    func collectionView(_ collectionView: CollectionView, willBegin phase: EnginePhase, category: ElementCategory?) {
        events.append("+\(phase.rawValue)\(category.map { " \($0)" } ?? "")")
        depth += 1
        maxDepth = max(maxDepth, depth)
    }

    func collectionView(_ collectionView: CollectionView, didEnd phase: EnginePhase, category: ElementCategory?) {
        events.append("-\(phase.rawValue)\(category.map { " \($0)" } ?? "")")
        depth -= 1
    }
}

@Suite("Instrumentation")
struct InstrumentationTests {
    @Test("Every phase is reported, nested as the calls nest")
    func phases() {
        let recorder = PhaseRecorder()
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let data = FixtureDataSource(counts: [60])
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: layout)
        cv.observer = recorder
        data.register(on: cv)
        cv.dataSource = data
        cv.delegate = data
        cv.layoutIfNeeded()
        #expect(recorder.depth == 0)
        #expect(Array(recorder.events.prefix(4)) == ["+prepare", "-prepare", "+query", "-query"])
        // A first display: configure ⊃ dequeue ⊃ create, then apply inside dequeue.
        #expect(recorder.events.contains("+configure cell"))
        let first = recorder.events.drop { $0 != "+configure cell" }.prefix(8)
        #expect(Array(first) == ["+configure cell", "+dequeue cell", "+create cell", "-create cell",
                                 "+apply-attributes cell", "-apply-attributes cell", "-dequeue cell", "-configure cell"])
        #expect(recorder.events.contains("+will-display cell"))
        #expect(recorder.events.contains("+configure supplementary"))
        // The first screen is not prefetched (SPEC §5.2).
        #expect(!recorder.events.contains("+prefetch cell"))

        recorder.events.removeAll()
        cv.contentOffset = Point(x: 0, y: 400)
        cv.layoutIfNeeded()
        #expect(recorder.events.contains("+prefetch cell"))
        #expect(recorder.events.contains("+did-end-displaying cell"))
        #expect(recorder.events.contains("+prepare-for-reuse cell"))
        #expect(recorder.depth == 0)
        #expect(recorder.maxDepth == 4)  // prefetch ⊃ configure ⊃ dequeue ⊃ apply-attributes or prepare-for-reuse
    }

    @Test("Counters are the same with and without an observer")
    func observerDoesNotChangeTheWork() {
        func run(observed: Bool) -> EngineCounters {
            let recorder = PhaseRecorder()
            let h = Harness(counts: [400]) { layout, data in layout.itemSize = Size(width: 120, height: 80) }
            if observed { h.collectionView.observer = recorder }
            for step in 0..<200 { h.scroll(to: Point(x: 0, y: Double(step * step % 9000))) }
            return h.collectionView.counters
        }
        #expect(run(observed: true) == run(observed: false))
    }

    /// A flow subclass that asks `super` for its whole content in `prepare()`, as the book's springy layout.
    final class WholeContentFlow: FlowLayout {
        override func prepare() {
            super.prepare()
            _ = super.layoutAttributesForElements(in: Rect(origin: .zero, size: collectionViewContentSize))
        }
    }

    @Test("Flow counts the attributes it builds: the displayed ones per pass, the whole content when asked")
    func attributesBuilt() {
        let plain = Harness(counts: [300], prefetching: false, configure: Harness.grid)
        let displayed = plain.collectionView.visibleCells.count
        #expect(displayed > 0 && plain.collectionView.counters.layoutAttributesBuilt == displayed)
        _ = plain.layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))
        _ = plain.layout.layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                             at: IndexPath(item: 0, section: 0))
        // One more for the item; a zero-size header builds nothing.
        #expect(plain.collectionView.counters.layoutAttributesBuilt == displayed + 1)

        let whole = Harness(counts: [300], prefetching: false, layout: WholeContentFlow(), configure: Harness.grid)
        #expect(whole.collectionView.counters.layoutAttributesBuilt == 300 + displayed)
        whole.layout.invalidateLayout()
        whole.collectionView.layoutIfNeeded()
        #expect(whole.collectionView.counters.layoutAttributesBuilt == 2 * (300 + displayed))
    }
}
