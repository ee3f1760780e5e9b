import Testing
import CollectionEngine
import TestSupport

@Suite("Flow layout geometry")
struct FlowLayoutGeometryTests {
    @Test("Full lines are justified: first item at the leading inset, last at the trailing edge")
    func justified() {
        let h = Harness(counts: [7], configure: Harness.grid)
        // 370 points available, 3 items of 100: gaps of (370 − 300) / 2 = 35.
        #expect(h.frame(0)?.rounded == [10, 10, 100, 100])
        #expect(h.frame(1)?.rounded == [145, 10, 100, 100])
        #expect(h.frame(2)?.rounded == [280, 10, 100, 100])
        #expect(h.frame(3)?.rounded == [10, 120, 100, 100])
        // The last line (item 6 alone) aligns with the first column.
        #expect(h.frame(6)?.rounded == [10, 230, 100, 100])
        #expect(h.collectionView.contentSize == Size(width: 390, height: 340))
    }

    @Test("Scrolling horizontally, lines are columns filled top to bottom")
    func horizontal() {
        let h = Harness(counts: [7], viewport: Size(width: 844, height: 390)) { layout, data in
            Harness.grid(layout, data)
            layout.scrollDirection = .horizontal
        }
        #expect(h.frame(0)?.rounded == [10, 10, 100, 100])
        #expect(h.frame(1)?.rounded == [10, 145, 100, 100])
        #expect(h.frame(3)?.rounded == [120, 10, 100, 100])
        #expect(h.frame(6)?.rounded == [230, 10, 100, 100])
        #expect(h.collectionView.contentSize == Size(width: 340, height: 390))
    }

    @Test("A line with a single item is centered, the last line too when no copy fits")
    func singleItemLines() {
        let h = Harness(counts: [2]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 300, height: 50), Size(width: 300, height: 60)]]
        }
        #expect(h.frame(0)?.rounded == [45, 10, 300, 50])
        #expect(h.frame(1)?.rounded == [45, 70, 300, 60])
    }

    @Test("The last line is spaced as if filled with copies of its last item")
    func lastLine() {
        let h = Harness(counts: [5]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size](repeating: Size(width: 100, height: 100), count: 4) + [Size(width: 50, height: 100)]]
        }
        // Last line: 100 and 50, then three copies of 50 fit (100 + 4·50 + 4·10 = 340 ≤ 370):
        // five slots, gap (370 − 300) / 4 = 17.5.
        #expect(h.frame(3)?.rounded == [10, 120, 100, 100])
        #expect(h.frame(4)?.rounded == [127.5, 120, 50, 100])
    }

    @Test("Items of different heights are centered in a line as thick as its largest")
    func crossAxisCentering() {
        let h = Harness(counts: [3]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 100, height: 100), Size(width: 100, height: 50), Size(width: 100, height: 80)]]
        }
        #expect(h.frame(0)?.rounded == [10, 10, 100, 100])
        #expect(h.frame(1)?.rounded == [145, 35, 100, 50])
        #expect(h.frame(2)?.rounded == [280, 20, 100, 80])
        #expect(h.collectionView.contentSize.height == 120)
    }

    @Test("Headers and footers span the width, around the section inset; zero sizes produce none")
    func headersAndFooters() {
        let h = Harness(counts: [3, 1]) { layout, data in
            Harness.grid(layout, data)
            layout.headerReferenceSize = Size(width: 999, height: 40)
            layout.footerReferenceSize = Size(width: 999, height: 20)
        }
        let layout = h.layout
        let header = layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))
        #expect(header?.frame.rounded == [0, 0, 390, 40])
        #expect(h.frame(0)?.rounded == [10, 50, 100, 100])
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: "footer", at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame.rounded == [0, 160, 390, 20])
        let secondHeader = layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1))
        #expect(secondHeader?.frame.rounded == [0, 180, 390, 40])
        #expect(h.collectionView.contentSize.height == 360)

        let bare = Harness(counts: [3], configure: Harness.grid)
        #expect(bare.layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(bare.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844))
            .allSatisfy { $0.representedElementCategory == .cell })
    }

    @Test("Horizontal headers span the height and use only the reference width")
    func horizontalHeaders() {
        let h = Harness(counts: [2], viewport: Size(width: 844, height: 390)) { layout, data in
            Harness.grid(layout, data)
            layout.scrollDirection = .horizontal
            layout.headerReferenceSize = Size(width: 30, height: 999)
        }
        let header = h.layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))
        #expect(header?.frame.rounded == [0, 0, 30, 390])
        #expect(h.frame(0)?.rounded == [40, 10, 100, 100])
    }

    @Test("The content inset narrows the available width")
    func contentInset() {
        let h = Harness(counts: [4]) { layout, data in Harness.grid(layout, data) }
        h.collectionView.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        h.collectionView.layoutIfNeeded()
        // 350 − 20 = 330 available: three items still fit, gaps of 15.
        #expect(h.frame(1)?.rounded == [125, 10, 100, 100])
        #expect(h.collectionView.contentSize.width == 350)
    }

    @Test("Delegate metrics per section override the layout's properties")
    func perSectionDelegate() {
        let h = Harness(counts: [2, 2]) { layout, data in
            Harness.grid(layout, data)
            data.sectionInsets = [EdgeInsets(all: 10), EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)]
            data.interitemSpacings = [10, 0]
            data.lineSpacings = [10, 30]
            data.headerSizes = [.zero, Size(width: 0, height: 25)]
            data.footerSizes = [Size(width: 0, height: 15), .zero]
        }
        // Section 0 ends at 10 + 100 + 10 + footer 15 = 135; section 1 header 25, inset 5.
        #expect(h.frame(0, section: 1)?.rounded == [0, 165, 100, 100])
        // Section 1: 390 available, 0 spacing, three fit: two items in the last line spaced for three.
        #expect(h.frame(1, section: 1)?.rounded == [145, 165, 100, 100])
    }

    @Test("Negative line spacing makes lines overlap, and queries still find every element")
    func negativeLineSpacing() {
        let h = Harness(counts: [9]) { layout, data in
            Harness.grid(layout, data)
            layout.minimumLineSpacing = -60
        }
        #expect(h.frame(3)?.rounded == [10, 50, 100, 100])
        // Lines span [10, 110), [50, 150), [90, 190): y = 120 is in the last two only.
        let found = h.layout.layoutAttributesForElements(in: Rect(x: 0, y: 120, width: 390, height: 1)).map(\.indexPath.item)
        #expect(found.sorted() == [3, 4, 5, 6, 7, 8])
    }

    @Test("Layouts of random data match the reference model, element by element",
          arguments: Seed.first(60))
    func matchesReference(_ seed: Seed) throws {
        var rng = SplitMix64(seed: seed.value)
        let horizontal = rng.next() % 2 == 0
        let uniform = rng.next() % 3 == 0
        let viewport = Size(width: Double(200 + rng.next() % 400), height: Double(200 + rng.next() % 400))
        let sectionCount = Int(1 + rng.next() % 4)
        var sections: [ReferenceFlowLayout.Section] = []
        for _ in 0..<sectionCount {
            let count = Int(rng.next() % 25)
            let common = Size(width: Double(10 + rng.next() % 150), height: Double(10 + rng.next() % 150))
            let sizes = (0..<count).map { _ in
                uniform ? common : Size(width: Double(10 + rng.next() % 150) / 2, height: Double(10 + rng.next() % 150))
            }
            sections.append(ReferenceFlowLayout.Section(
                sizes: sizes,
                inset: EdgeInsets(top: Double(rng.next() % 20), left: Double(rng.next() % 20),
                                  bottom: Double(rng.next() % 20), right: Double(rng.next() % 20)),
                lineSpacing: Double(rng.next() % 15), interitemSpacing: Double(rng.next() % 15),
                header: rng.next() % 2 == 0 ? .zero : Size(width: Double(5 + rng.next() % 40), height: Double(5 + rng.next() % 40)),
                footer: rng.next() % 2 == 0 ? .zero : Size(width: Double(5 + rng.next() % 40), height: Double(5 + rng.next() % 40))))
        }
        let reference = ReferenceFlowLayout(sections: sections, viewport: viewport, horizontal: horizontal).layout()

        let h = Harness(counts: sections.map(\.sizes.count), viewport: viewport) { layout, data in
            layout.scrollDirection = horizontal ? .horizontal : .vertical
            data.sizes = sections.map(\.sizes)
            data.sectionInsets = sections.map(\.inset)
            data.lineSpacings = sections.map(\.lineSpacing)
            data.interitemSpacings = sections.map(\.interitemSpacing)
            data.headerSizes = sections.map(\.header)
            data.footerSizes = sections.map(\.footer)
        }
        #expect(h.collectionView.contentSize == reference.contentSize, "seed \(seed.value)")
        let content = Rect(origin: .zero, size: reference.contentSize).insetBy(dx: -1, dy: -1)
        var found: [ElementKey: Rect] = [:]
        for attributes in h.layout.layoutAttributesForElements(in: content) {
            found[attributes.elementKey] = attributes.frame
        }
        // Every non-empty element of the reference, found with its frame; nothing else.
        let expected = reference.frames.filter { !$0.value.isEmpty }
        #expect(Set(found.keys) == Set(expected.keys), "seed \(seed.value)")
        for (key, frame) in expected {
            #expect(found[key]?.rounded == frame.rounded, "seed \(seed.value): \(key)")
            if key.category == .cell {
                #expect(h.layout.layoutAttributesForItem(at: key.indexPath)?.frame.rounded == frame.rounded)
            }
        }
        // Random windows: the query returns exactly the elements whose frames intersect the window.
        for _ in 0..<20 {
            let window = Rect(x: Double(rng.next() % 800) - 100, y: Double(rng.next() % 800) - 100,
                              width: Double(1 + rng.next() % 300), height: Double(1 + rng.next() % 300))
            let answer = Set(h.layout.layoutAttributesForElements(in: window).map(\.elementKey))
            let naive = Set(expected.filter { $0.value.intersects(window) }.keys)
            #expect(answer == naive, "seed \(seed.value): window \(window)")
        }
    }

    @Test("Uniform sections without a delegate lay out like the same sizes from a delegate")
    func uniformFastPathMatchesDelegatePath() {
        let configure: (FlowLayout, FixtureDataSource) -> Void = { layout, _ in
            layout.itemSize = Size(width: 70, height: 45)
            layout.sectionInset = EdgeInsets(top: 3, left: 7, bottom: 11, right: 5)
            layout.headerReferenceSize = Size(width: 0, height: 12)
        }
        let fast = Harness(counts: [17, 0, 5], useDelegate: false, configure: configure)
        let asked = Harness(counts: [17, 0, 5], configure: configure)
        #expect(fast.data.sizeQueries == 0)
        #expect(asked.data.sizeQueries == 22)
        let everything = Rect(x: 0, y: 0, width: 390, height: 2000)
        let a = fast.layout.layoutAttributesForElements(in: everything).map { "\($0.elementKey) \($0.frame)" }
        let b = asked.layout.layoutAttributesForElements(in: everything).map { "\($0.elementKey) \($0.frame)" }
        #expect(a == b)
    }
}
