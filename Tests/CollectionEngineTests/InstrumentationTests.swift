import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

/// Records phases as a nested trace: `+configure cell`, `-configure cell`.
final class PhaseLog: CollectionViewObserver {
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

@Suite("Instrumentation", .tags(.fast))
struct InstrumentationTests {
    @Test("Every phase is reported, nested as the calls nest")
    func phases() {
        let recorder = PhaseLog()
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
        // The first screen is not prefetched.
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
            let recorder = PhaseLog()
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
        _ = plain.collectionView.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))
        _ = plain.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        // One more for the item; a zero-size header builds nothing.
        #expect(plain.collectionView.counters.layoutAttributesBuilt == displayed + 1)
        // Asked directly, not by the collection view: not the collection view's work.
        _ = plain.layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))
        #expect(plain.collectionView.counters.layoutAttributesBuilt == displayed + 1)

        let whole = Harness(counts: [300], prefetching: false, layout: WholeContentFlow(), configure: Harness.grid)
        #expect(whole.collectionView.counters.layoutAttributesBuilt == 300 + displayed)
        whole.layout.invalidateLayout()
        whole.collectionView.layoutIfNeeded()
        #expect(whole.collectionView.counters.layoutAttributesBuilt == 2 * (300 + displayed))
    }

    /// A cell that runs `onApply` whenever attributes are applied to it (inside a layout pass's phases).
    final class HookCell: CollectionViewCell {
        var onApply: () -> Void = {}
        override func apply(_ layoutAttributes: LayoutAttributes) { onApply() }
    }

    /// A harness whose cells run `hook` when attributes are applied to them.
    private func hookedHarness(_ hook: @escaping () -> Void) -> Harness {
        let h = Harness(counts: [400]) { layout, _ in layout.itemSize = Size(width: 120, height: 80) }
        h.collectionView.register(forCellWithReuseIdentifier: "cell") {
            let cell = HookCell()
            cell.onApply = hook
            return cell
        }
        return h
    }

    @Test("An observer replaced inside a pass hears the end of the phases it heard begin; the new one hears the rest")
    func observerReplacedInsidePass() {
        let first = PhaseLog(), second = PhaseLog()
        var replaced = false
        var collectionView: CollectionView?
        let h = hookedHarness {
            // The first new cell's attributes, deep inside prefetch ⊃ configure ⊃ dequeue ⊃ apply-attributes.
            guard !replaced, let cv = collectionView, cv.observer === first else { return }
            replaced = true
            cv.observer = second
        }
        collectionView = h.collectionView
        h.collectionView.observer = first
        for step in 1...30 { h.scroll(to: Point(x: 0, y: Double(step * 40))) }
        #expect(replaced)
        #expect(first.depth == 0)
        #expect(second.depth == 0)
        // The change came inside apply-attributes: the last phase the first observer heard begin. After it, it
        // heard only the ends of the phases then open, and the second observer heard the rest.
        #expect(first.events.last { $0.hasPrefix("+") } == "+apply-attributes cell")
        let afterChange = first.events.drop { $0 != "+apply-attributes cell" }.dropFirst()
        #expect(afterChange.first == "-apply-attributes cell")
        #expect(afterChange.allSatisfy { $0.hasPrefix("-") })
        #expect(second.events.first?.hasPrefix("+") == true)
        // Every phase either observer heard begin, it heard end.
        for recorder in [first, second] {
            #expect(recorder.events.filter { $0.hasPrefix("+") }.count == recorder.events.filter { $0.hasPrefix("-") }.count)
        }
    }

    @Test("An observer removed inside a pass hears the end of its open phases and nothing after")
    func observerRemovedInsidePass() {
        let recorder = PhaseLog()
        var removed = false
        var collectionView: CollectionView?
        let h = hookedHarness {
            guard !removed, let cv = collectionView, cv.observer != nil else { return }
            removed = true
            cv.observer = nil
        }
        collectionView = h.collectionView
        h.collectionView.observer = recorder
        h.scroll(to: Point(x: 0, y: 400))
        #expect(removed)
        let heard = recorder.events.count
        #expect(recorder.depth == 0)
        h.scroll(to: Point(x: 0, y: 800))
        #expect(recorder.events.count == heard)
    }

    @Test("An observer deallocated while installed is no longer called, and the view goes on")
    func observerDeallocated() {
        let h = Harness(counts: [400]) { layout, _ in layout.itemSize = Size(width: 120, height: 80) }
        var heard = 0
        do {
            let recorder = PhaseLog()
            h.collectionView.observer = recorder
            h.scroll(to: Point(x: 0, y: 400))
            heard = recorder.events.count
        }
        #expect(heard > 0)
        #expect(h.collectionView.observer == nil)
        h.scroll(to: Point(x: 0, y: 800))
        h.data.counts = [401]
        #expect(throws: Never.self) {
            try h.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])], animated: false)
        }
        h.scroll(to: Point(x: 0, y: 1_200))
        #expect(h.collectionView.observer == nil)
    }

    @Test("Phases outside a layout pass are observed: a batch update, and a dequeue the app makes itself")
    func phasesOutsidePass() {
        let recorder = PhaseLog()
        let h = Harness(counts: [400]) { layout, _ in layout.itemSize = Size(width: 120, height: 80) }
        h.collectionView.observer = recorder
        h.data.counts = [401]
        #expect(throws: Never.self) {
            try h.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])], animated: false)
        }
        #expect(Array(recorder.events.prefix(2)) == ["+updates-validate", "-updates-validate"])
        #expect(recorder.events.contains("+updates-apply"))
        recorder.events.removeAll()
        _ = h.collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: IndexPath(item: 3, section: 0))
        #expect(recorder.events.first == "+dequeue cell")
        #expect(recorder.events.last == "-dequeue cell")
        #expect(recorder.depth == 0)
    }
}
