import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// The steady-scroll query: the flow layout builds each answer in the storage of one of its last two
/// answers (`ReusedAnswer`) and looks its cells up in a table of trivial slots (`LayoutAttributesCache`);
/// neither may change what a query answers, nor what an answer someone holds contains.
@Suite("Answer reuse", .tags(.fast))
struct AnswerReuseTests {
    /// `answer` built through a `ReusedAnswer` of `storage`, which then holds it; counts the appends at which
    /// the answer's `count` was wrong in `miscounts`.
    private static func build(_ answer: [LayoutAttributes], from storage: inout AnswerStorage,
                              miscounts: inout Int) -> [LayoutAttributes] {
        var reused = ReusedAnswer(reusing: storage)
        for (index, element) in answer.enumerated() {
            if reused.count != index { miscounts += 1 }
            reused.append(element)
        }
        if reused.count != answer.count { miscounts += 1 }
        let (built, next) = reused.finish()
        storage = next
        return built
    }

    private static func identical(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    @Test("every answer of up to three of three objects is built exactly after any two last answers, which stay as they were")
    func everySmallAnswer() {
        let objects = (0..<3).map { LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0)) }
        var answers: [[LayoutAttributes]] = [[]]
        var previous: [[LayoutAttributes]] = [[]]
        for _ in 1...3 {
            previous = previous.flatMap { answer in objects.map { answer + [$0] } }
            answers += previous
        }
        #expect(answers.count == 40)
        var wrong = 0, miscounts = 0, changed = 0, notRecent = 0
        for older in answers {
            for recent in answers {
                for answer in answers {
                    let (olderBefore, recentBefore) = (older, recent)
                    var storage = AnswerStorage(recent: recent, older: older)
                    let built = Self.build(answer, from: &storage, miscounts: &miscounts)
                    if !Self.identical(built, answer) { wrong += 1 }
                    if !Self.identical(storage.recent, answer) { notRecent += 1 }
                    if !Self.identical(older, olderBefore) || !Self.identical(recent, recentBefore) { changed += 1 }
                }
            }
        }
        #expect(wrong == 0)
        #expect(miscounts == 0)
        #expect(notRecent == 0)
        #expect(changed == 0)
    }

    @Test("an answer that repeats the last one is built in its storage; one that repeats the one before, in that one's")
    func repeatedAnswerSharesStorage() {
        let objects = (0..<90).map { LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0)) }
        // A visible rect's answer, and the region ahead's, which begins inside it.
        let visible = Array(objects[0..<60]), band = Array(objects[54..<90])
        var storage = AnswerStorage()
        var miscounts = 0
        func base(_ answer: [LayoutAttributes]) -> UnsafePointer<LayoutAttributes>? {
            answer.withUnsafeBufferPointer { $0.baseAddress }
        }
        let answers = [visible, band, visible, band, visible, visible].map {
            Self.build($0, from: &storage, miscounts: &miscounts)
        }
        #expect(zip(answers, [visible, band, visible, band, visible, visible]).allSatisfy { Self.identical($0, $1) })
        #expect(miscounts == 0)
        // Once both are in the storage, each answer is built in the storage of the last one like it.
        #expect(base(answers[3]) == base(answers[1]))
        #expect(base(answers[4]) == base(answers[2]))
        #expect(base(answers[5]) == base(answers[4]))
        #expect(base(answers[2]) != base(answers[1]))
    }

    @Test("random answers — scrolled, jumped, alternating with a band, with repeats — are built exactly",
          arguments: Seed.first(20))
    func randomAnswers(_ seed: Seed) {
        var rng = SplitMix64(seed: seed.value)
        let objects = (0..<200).map { LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0)) }
        var storage = AnswerStorage()
        var start = 0, miscounts = 0
        var held: [([LayoutAttributes], [LayoutAttributes])] = []
        for step in 0..<80 {
            let answer: [LayoutAttributes]
            switch rng.next() % 5 {
            case 0: answer = (0..<Int(rng.next() % 12)).map { _ in objects[Int(rng.next() % 200)] }
            case 1: answer = []
            case 2 where step % 2 == 1: answer = Array(objects[(start + 40)..<(start + 70)])
            default:
                start = min(120, max(0, start + Int(rng.next() % 9) - 3))
                answer = Array(objects[start..<(start + 50)])
            }
            let built = Self.build(answer, from: &storage, miscounts: &miscounts)
            #expect(Self.identical(built, answer), "seed \(seed.value), step \(step)")
            held.append((built, answer))
        }
        #expect(miscounts == 0)
        #expect(held.allSatisfy { Self.identical($0.0, $0.1) }, "seed \(seed.value)")
    }

    /// A flow layout that builds new attributes for every query (the reference).
    final class Fresh: FlowLayout {}

    /// A flow layout that keeps its attributes and trims the first element of `super`'s answer (the array,
    /// not the objects).
    final class Trimming: FlowLayout {
        override var keepsLayoutAttributes: Bool { true }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            var answer = super.layoutAttributesForElements(in: rect)
            if !answer.isEmpty { answer.removeFirst() }
            return answer
        }
    }

    /// `Fresh`, trimmed like `Trimming`.
    final class FreshTrimming: FlowLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            Array(super.layoutAttributesForElements(in: rect).dropFirst())
        }
    }

    @Test("the flow layout answers as a fresh one through scrolling, bands, jumps, invalidations and batch updates, over sections of different sizes with headers, footers and insets, and for a subclass that changes super's answer",
          arguments: Seed.first(12))
    func flowAnswersMatchFresh(_ seed: Seed) throws {
        var rng = SplitMix64(seed: seed.value)
        let uniform = rng.chance(0.5), trimming = rng.chance(0.3)
        func size() -> Size {
            uniform ? Size(width: 60, height: 60) : Size(width: rng.uniform(20...150), height: rng.uniform(20...90))
        }
        var sizes = (0..<Int(1 + rng.next() % 4)).map { _ in (0..<Int(10 + rng.next() % 300)).map { _ in size() } }
        func configure(_ layout: FlowLayout, _ data: FixtureDataSource) {
            layout.headerReferenceSize = Size(width: 0, height: 30)
            layout.footerReferenceSize = Size(width: 0, height: 20)
            layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
            data.sizes = sizes
        }
        let kept = Harness(counts: sizes.map(\.count), layout: trimming ? Trimming() : FlowLayout(), configure: configure)
        let fresh = Harness(counts: sizes.map(\.count), layout: trimming ? FreshTrimming() : Fresh(),
                            configure: configure)
        var held: [(answer: [LayoutAttributes], text: [String])] = []
        var y = 0.0
        for step in 0..<60 {
            switch rng.next() % 10 {
            case 0:
                for harness in [kept, fresh] { harness.layout.minimumLineSpacing += 1 }
            case 1:
                let item = Int(rng.next() % UInt64(sizes[0].count + 1))
                sizes[0].insert(size(), at: item)
                for harness in [kept, fresh] {
                    harness.data.counts[0] += 1
                    harness.data.sizes = sizes
                    try harness.collectionView.performBatchUpdates([.insertItems([IndexPath(item: item, section: 0)])],
                                                                   animated: false)
                }
            case 2: y = rng.uniform(0...max(0, kept.collectionView.contentSize.height - 844))
            default: y += rng.uniform(-20...60)
            }
            let offset = Point(x: 0, y: max(0, y))
            kept.scroll(to: offset)
            fresh.scroll(to: offset)
            let visible = Rect(origin: offset, size: Size(width: 390, height: 844))
            let band = Rect(x: 0, y: offset.y + 844, width: 390, height: 422)
            for rect in rng.chance(0.5) ? [visible, band] : [visible] {
                let answer = kept.layout.layoutAttributesForElements(in: rect)
                let text = answer.map(\.description)
                #expect(text == fresh.layout.layoutAttributesForElements(in: rect).map(\.description),
                        "seed \(seed.value), step \(step)")
                // Asked again, the layout answers with the same objects.
                let again = kept.layout.layoutAttributesForElements(in: rect)
                _ = fresh.layout.layoutAttributesForElements(in: rect)
                #expect(Self.identical(again, answer), "seed \(seed.value), step \(step)")
                held.append((answer, text))
                held.append((again, text))
            }
        }
        // No later query changed an answer someone holds.
        #expect(held.allSatisfy { $0.answer.map(\.description) == $0.text }, "seed \(seed.value)")
        #expect(kept.collectionView.displayedElements.map { "\($0.key) \($0.view.frame)" }
            == fresh.collectionView.displayedElements.map { "\($0.key) \($0.view.frame)" }, "seed \(seed.value)")
        #expect(kept.collectionView.counters == fresh.collectionView.counters, "seed \(seed.value)")
    }

    @Test("the cache keeps the views of 64 kinds, makes those of further kinds anew each time, and lets its objects go with it")
    func cacheKindsAndLifetime() {
        weak var watched: LayoutAttributes?
        do {
            let cache = LayoutAttributesCache()
            let kinds = (0..<70).map { "kind-\($0)" }
            func answer() -> [LayoutAttributes] {
                cache.beginQuery()
                return kinds.map { kind in
                    let indexPath = IndexPath(item: 0, section: 3)
                    return cache.attributes(for: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)) {
                        LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
                    }
                }
            }
            let first = answer(), second = answer()
            #expect(zip(first, second).prefix(64).allSatisfy { $0 === $1 })
            #expect(zip(first, second).dropFirst(64).allSatisfy { $0 !== $1 && $0 == $1 })
            #expect(second.map(\.representedElementKind) == kinds)
            #expect(cache.count == 64)
            watched = first[0]
        }
        #expect(watched == nil)
    }

    @Test("cell attributes someone held when the cache let them go are recycled once nobody holds them")
    func heldObjectsRecycledLater() {
        let cache = LayoutAttributesCache()
        /// Weakly: an object seen before is the very object only while it lives.
        final class Seen { weak var object: LayoutAttributes?; init(_ object: LayoutAttributes) { self.object = object } }
        func answer(_ query: Int) -> [LayoutAttributes] {
            cache.beginQuery()
            return (query * 500..<query * 500 + 90).map { item in
                let indexPath = IndexPath(item: item, section: 0)
                return cache.attributes(for: ElementKey(category: .cell, kind: nil, indexPath: indexPath)) {
                    let attributes = cache.recycledCellAttributes(at: indexPath)
                    attributes.frame = Rect(x: 0, y: Double(item), width: 50, height: 50)
                    return attributes
                }
            }
        }
        // The first ten answers are held while the cache lets them go, then let go.
        var kept = (0..<10).flatMap(answer)
        let watched = kept.map(Seen.init)
        for query in 10..<100 { _ = answer(query) }
        #expect(watched.allSatisfy { $0.object != nil })
        let numbers = Dictionary(uniqueKeysWithValues: kept.enumerated().map { (ObjectIdentifier($1), $0) })
        kept.removeAll()
        var recycled = Set<Int>()
        for query in 100..<200 {
            for attributes in answer(query) {
                if let number = numbers[ObjectIdentifier(attributes)], watched[number].object === attributes {
                    recycled.insert(number)
                }
            }
        }
        #expect(recycled.count == watched.count)
    }

    @Test("elements made while another is being made, as the table grows, are each kept in their own place")
    func reentrantMake() {
        let cache = LayoutAttributesCache()
        let cells = (0..<400).map { ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: $0, section: 0)) }
        func header(of cell: ElementKey) -> ElementKey {
            ElementKey(category: .supplementaryView, kind: "header", indexPath: IndexPath(item: 0, section: cell.indexPath.item))
        }
        func make(_ key: ElementKey) -> LayoutAttributes {
            key.category == .cell ? LayoutAttributes(forCellWith: key.indexPath)
                : LayoutAttributes(forSupplementaryViewOfKind: "header", with: key.indexPath)
        }
        cache.beginQuery()
        var headers: [LayoutAttributes] = []
        let first = cells.map { cell in
            cache.attributes(for: cell) {
                // Asks the cache for another element, which may grow the table, before making this one.
                headers.append(cache.attributes(for: header(of: cell)) { make(header(of: cell)) })
                return make(cell)
            }
        }
        #expect(cache.count == 800)
        cache.beginQuery()
        var madeAgain = 0
        let second = cells.map { cell in cache.attributes(for: cell) { madeAgain += 1; return make(cell) } }
        let secondHeaders = cells.map { cell in cache.attributes(for: header(of: cell)) { madeAgain += 1; return make(header(of: cell)) } }
        #expect(madeAgain == 0)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(zip(headers, secondHeaders).allSatisfy { $0 === $1 })
        #expect(zip(cells, second).allSatisfy { $0.indexPath == $1.indexPath && $1.representedElementCategory == .cell })
    }
}
