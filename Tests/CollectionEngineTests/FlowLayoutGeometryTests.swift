import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Flow layout geometry", .tags(.fast))
struct FlowLayoutGeometryTests {
    /// The grid of `Harness.grid` scrolling horizontally in an 844 × 390 viewport, then `configure`d.
    private func horizontalGrid(_ counts: [Int],
                                configure: (FlowLayout, FixtureDataSource) -> Void = { _, _ in }) -> Harness {
        Harness(counts: counts, viewport: Size(width: 844, height: 390)) { layout, data in
            Harness.grid(layout, data)
            layout.scrollDirection = .horizontal
            configure(layout, data)
        }
    }

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

    @Test("A line with a single item is centered; the last line of a section of varying sizes is not")
    func singleItemLines() {
        let h = Harness(counts: [3]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 300, height: 50), Size(width: 300, height: 60), Size(width: 200, height: 60)]]
        }
        #expect(h.frame(0)?.rounded == [45, 10, 300, 50])
        #expect(h.frame(1)?.rounded == [45, 70, 300, 60])
        #expect(h.frame(2)?.rounded == [10, 140, 200, 60])
    }

    @Test("Uniform sizes, last line full: justified like every line")
    func lastLineUniformFull() {
        let h = Harness(counts: [6], configure: Harness.grid)
        #expect(h.frame(3)?.rounded == [10, 120, 100, 100])
        #expect(h.frame(4)?.rounded == [145, 120, 100, 100])
        #expect(h.frame(5)?.rounded == [280, 120, 100, 100])
    }

    @Test("Uniform sizes, last line partial: its items stay in the columns above")
    func lastLineUniformPartial() {
        let h = Harness(counts: [5], configure: Harness.grid)
        #expect(h.frame(3)?.rounded == [10, 120, 100, 100])
        #expect(h.frame(4)?.rounded == [145, 120, 100, 100])
        // The same through the delegate, sizes asked one by one and all equal.
        let asked = Harness(counts: [5]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size](repeating: Size(width: 100, height: 100), count: 5)]
        }
        #expect(asked.frame(4)?.rounded == [145, 120, 100, 100])
    }

    @Test("Uniform sizes, one item per line: the last line is centered like the others")
    func lastLineUniformSingle() {
        let h = Harness(counts: [2]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 300, height: 50), Size(width: 300, height: 50)]]
        }
        #expect(h.frame(0)?.rounded == [45, 10, 300, 50])
        #expect(h.frame(1)?.rounded == [45, 70, 300, 50])
        // A section of one item that leaves room for more sits in the first column.
        let lone = Harness(counts: [1], configure: Harness.grid)
        #expect(lone.frame(0)?.rounded == [10, 10, 100, 100])
    }

    @Test("Varying sizes: the last line is leading-aligned, exactly the minimum spacing apart")
    func lastLineVarying() {
        let h = Harness(counts: [5]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size](repeating: Size(width: 100, height: 100), count: 4) + [Size(width: 50, height: 100)]]
        }
        // Full line 0 stays justified; the last line (100 and 50) starts at the inset, 10 points apart.
        #expect(h.frame(2)?.rounded == [280, 10, 100, 100])
        #expect(h.frame(3)?.rounded == [10, 120, 100, 100])
        #expect(h.frame(4)?.rounded == [120, 120, 50, 100])
    }

    @Test("Scrolling horizontally, the last column of varying sizes is top-aligned, the minimum spacing apart")
    func lastLineHorizontal() {
        let h = horizontalGrid([5]) { _, data in
            data.sizes = [[Size](repeating: Size(width: 100, height: 100), count: 4) + [Size(width: 100, height: 50)]]
        }
        #expect(h.frame(2)?.rounded == [10, 280, 100, 100])
        #expect(h.frame(3)?.rounded == [120, 10, 100, 100])
        #expect(h.frame(4)?.rounded == [120, 120, 100, 50])
        // Uniform: the last column keeps the rows of the columns before it.
        let uniform = horizontalGrid([5])
        #expect(uniform.frame(4)?.rounded == [120, 145, 100, 100])
    }

    @Test("An item wider than the available width gets UIKit's warning once per layout pass; as wide is fine")
    func itemTooWide() {
        let fits = Harness(counts: [3]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 370, height: 50), Size(width: 100, height: 50), Size(width: 100, height: 50)]]
        }
        #expect(fits.collectionView.warnings.isEmpty)
        let wide = Harness(counts: [3]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 100, height: 50), Size(width: 371, height: 50), Size(width: 100, height: 50)]]
        }
        #expect(wide.collectionView.warnings == [EngineWarning(kind: .flowItemTooLarge,
                                                               message: EngineWarning.flowItemTooWideMessage, time: 0)])
        // Scrolling asks for nothing again and warns no more; a new width lays the section out and warns again.
        wide.collectionView.contentOffset = Point(x: 0, y: 40)
        wide.collectionView.layoutIfNeeded()
        #expect(wide.collectionView.warnings.count == 1)
        wide.collectionView.frame = Rect(x: 0, y: 0, width: 380, height: 844)
        wide.collectionView.layoutIfNeeded()
        #expect(wide.collectionView.warnings.count == 2)
        // The content inset counts too: 390 − 2 × 10 − 2 × 5 leaves 360 for a 365-point item.
        let inset = Harness(counts: [1]) { layout, data in
            Harness.grid(layout, data)
            layout.itemSize = Size(width: 365, height: 50)
        }
        #expect(inset.collectionView.warnings.isEmpty)
        inset.collectionView.contentInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        inset.collectionView.layoutIfNeeded()
        #expect(inset.collectionView.warnings.map(\.kind) == [.flowItemTooLarge])
    }

    @Test("Scrolling horizontally, an item taller than the available height gets the height variant")
    func itemTooTall() {
        let h = horizontalGrid([2]) { layout, _ in layout.itemSize = Size(width: 100, height: 380) }
        #expect(h.collectionView.warnings.map(\.message) == [EngineWarning.flowItemTooTallMessage])
        #expect(EngineWarning.flowItemTooTallMessage.hasSuffix(
            "the item height must be less than the height of the UICollectionView minus the section insets top and "
            + "bottom values, minus the content insets top and bottom values."))
    }

    @Test("Items of different heights are centered in a line as thick as its largest")
    func crossAxisCentering() {
        let h = Harness(counts: [3]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size(width: 100, height: 100), Size(width: 100, height: 50), Size(width: 100, height: 80)]]
        }
        // One line, the section's last, of items of different sizes: leading-aligned, 10 points apart.
        #expect(h.frame(0)?.rounded == [10, 10, 100, 100])
        #expect(h.frame(1)?.rounded == [120, 35, 100, 50])
        #expect(h.frame(2)?.rounded == [230, 20, 100, 80])
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
