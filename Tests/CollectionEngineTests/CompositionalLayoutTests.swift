import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// The data sources of the harnesses, which collection views hold weakly, kept alive for the suite.
nonisolated(unsafe) private var dataSources: [FixtureDataSource] = []

/// A collection view of `counts` items on `layout`, `size` points, laid out once; decorations of kind
/// `background` registered.
private func harness(_ layout: CompositionalLayout, counts: [Int], size: Size = Size(width: 400, height: 800),
                     sizing: Bool = false) -> (CollectionView, CompositionalLayout, FixtureDataSource) {
    let data = FixtureDataSource(counts: counts)
    dataSources.append(data)
    let collectionView = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
    data.register(on: collectionView)
    if sizing { collectionView.register(SizingCell.self, forCellWithReuseIdentifier: "cell") }
    layout.register(forDecorationViewOfKind: "background") { RecordingView() }
    collectionView.dataSource = data
    collectionView.delegate = data
    collectionView.isPrefetchingEnabled = false
    collectionView.layoutIfNeeded()
    return (collectionView, layout, data)
}

private func item(_ width: LayoutDimension, _ height: LayoutDimension, insets: DirectionalEdgeInsets = .zero,
                  edges: LayoutEdgeSpacing? = nil) -> LayoutGroupElement {
    .item(LayoutItem(layoutSize: LayoutSize(width: width, height: height), contentInsets: insets, edgeSpacing: edges))
}

private func frame(_ layout: CollectionViewLayout, _ item: Int, _ section: Int = 0) -> Rect? {
    layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
}

private func section(_ group: LayoutGroup, spacing: Double = 0, insets: DirectionalEdgeInsets = .zero) -> LayoutSection {
    var section = LayoutSection(group: group)
    section.interGroupSpacing = spacing
    section.contentInsets = insets
    return section
}

/// Geometry of UIKit's compositional layout, rule by rule, each expected frame worked out by hand from the
/// header's sentence it quotes (a 400 × 800 view unless said otherwise).
@Suite("Compositional layout", .tags(.fast), .serialized)
struct CompositionalLayoutTests {
    // "a group that will have N items equally sized along the horizontal axis": (400 − 10·2) / 3 = 126.67.
    @Test("A count group divides (L − spacing·(n − 1)) / n")
    func countGroup() throws {
        var group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                           subitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
        group.interItemSpacing = .fixed(10)
        let (_, layout, _) = harness(CompositionalLayout(section: section(group)), counts: [7])
        let each = (400.0 - 20) / 3
        #expect(try #require(frame(layout, 1)) == Rect(x: each + 10, y: 0, width: each, height: 100))
        // Item 4 is the second of the second group, 100 points down.
        #expect(try #require(frame(layout, 4)) == Rect(x: each + 10, y: 100, width: each, height: 100))
    }

    // "computed as a fraction of the width/height of the containing group": a group half the view wide (200)
    // and 80 high holds items half of it wide (100) and as high (80).
    @Test("Fractional dimensions resolve against the containing group")
    func fractionsOfTheGroup() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(0.5), height: .absolute(80)),
                                           subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let (_, layout, _) = harness(CompositionalLayout(section: section(group)), counts: [4])
        #expect(try #require(frame(layout, 1)) == Rect(x: 100, y: 0, width: 100, height: 80))
        #expect(try #require(frame(layout, 2)) == Rect(x: 0, y: 80, width: 100, height: 80))
    }

    // "contentInsets values < 1.0 are interpreted as fractional values (e.g. leading:0.15 == 15% width)":
    // leading 0.1 of 400 is 40, trailing 20 points; the group's fractional width 1 is the 340 left.
    @Test("Section insets below 1.0 are fractions of the container")
    func fractionalInsets() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let (_, layout, _) = harness(CompositionalLayout(section: section(group, insets: DirectionalEdgeInsets(top: 8, leading: 0.1, trailing: 20))),
                                     counts: [2])
        #expect(try #require(frame(layout, 0)) == Rect(x: 40, y: 8, width: 340, height: 50))
    }

    // Item insets "adjust the final size of the item after layout is computed", and "contentInsets are
    // ignored for any axis with an .estimated dimension": 5 points off each side across, none along the
    // estimated height.
    @Test("Item insets shrink the frame, except along an estimated dimension")
    func itemInsets() throws {
        let size = LayoutSize(width: .fractionalWidth(1), height: .estimated(60))
        let group = LayoutGroup.vertical(layoutSize: size, subitems: [item(.fractionalWidth(1), .estimated(60), insets: DirectionalEdgeInsets(all: 5))])
        let absolute = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(60)),
                                              subitems: [item(.fractionalWidth(1), .fractionalHeight(1), insets: DirectionalEdgeInsets(all: 5))])
        let (_, estimated, _) = harness(CompositionalLayout(section: section(group)), counts: [2])
        #expect(try #require(frame(estimated, 1)) == Rect(x: 5, y: 60, width: 390, height: 60))
        let (_, fixed, _) = harness(CompositionalLayout(section: section(absolute)), counts: [2])
        #expect(try #require(frame(fixed, 1)) == Rect(x: 5, y: 65, width: 390, height: 50))
    }

    // "a group that will repeat items until available horizontal space is exhausted": 100-point items 20
    // apart fit 3 in 400 (the fourth would end at 460); "Any remaining space after laying out items can be
    // apportioned among flexible interItemSpacing definitions": at least 20 apart, 3 fit again, and the
    // 400 − 300 = 100 left go to the 2 gaps, 50 each.
    @Test("A subitems group repeats until the space is used; flexible spacing shares what is left")
    func subitemsGroup() throws {
        var group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                           subitems: [item(.absolute(100), .absolute(100))])
        group.interItemSpacing = .fixed(20)
        let (_, fixed, _) = harness(CompositionalLayout(section: section(group)), counts: [4])
        #expect(try #require(frame(fixed, 2)) == Rect(x: 240, y: 0, width: 100, height: 100))
        #expect(try #require(frame(fixed, 3)) == Rect(x: 0, y: 100, width: 100, height: 100))
        group.interItemSpacing = .flexible(20)
        let (_, flexible, _) = harness(CompositionalLayout(section: section(group)), counts: [4])
        #expect(try #require(frame(flexible, 1)) == Rect(x: 150, y: 0, width: 100, height: 100))
        #expect(try #require(frame(flexible, 2)) == Rect(x: 300, y: 0, width: 100, height: 100))
    }

    // `edgeSpacing(bottom: .flexible(0))` "forces items to align to the top of their group's geometry"; a
    // flexible top edge takes the free 40 points above a 60-point item in a 100-point group.
    @Test("Flexible edge spacing places an item across its group")
    func edgeSpacing() throws {
        let top = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                         subitems: [item(.fractionalWidth(1), .absolute(60), edges: LayoutEdgeSpacing(bottom: .flexible(0)))])
        let bottom = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                            subitems: [item(.fractionalWidth(1), .absolute(60), edges: LayoutEdgeSpacing(top: .flexible(0)))])
        let (_, a, _) = harness(CompositionalLayout(section: section(top)), counts: [1])
        let (_, b, _) = harness(CompositionalLayout(section: section(bottom)), counts: [1])
        #expect(try #require(frame(a, 0)).origin.y == 0)
        #expect(try #require(frame(b, 0)).origin.y == 40)
    }

    // Groups 50 high, 10 apart: a section of 3 is 170 long; the next starts 20 (inter-section spacing) after.
    @Test("Inter-group and inter-section spacing")
    func spacing() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var configuration = CompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let (view, layout, _) = harness(CompositionalLayout(section: section(group, spacing: 10), configuration: configuration),
                                        counts: [3, 3])
        #expect(try #require(frame(layout, 2)).origin.y == 120)
        #expect(try #require(frame(layout, 0, 1)).origin.y == 190)
        #expect(view.contentSize == Size(width: 400, height: 360))
    }

    // `extendsBoundary` "will automatically extend the content area of the host geometry"; without it the
    // header lies over the first items.
    @Test("A header that extends the boundary pushes the items down; one that does not lies over them")
    func boundary() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        for extends in [true, false] {
            var description = section(group)
            description.boundarySupplementaryItems = [LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                elementKind: CollectionView.elementKindSectionHeader, alignment: .top, extendsBoundary: extends)]
            let (_, layout, _) = harness(CompositionalLayout(section: description), counts: [3])
            #expect(try #require(frame(layout, 0)).origin.y == (extends ? 40 : 0))
            let header = try #require(layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
            #expect(header.frame == Rect(x: 0, y: 0, width: 400, height: 40))
        }
    }

    // `pinToVisibleBounds` keeps the header "visible while any portion of the host geometry (e.g. section)
    // is visible": section 0 is 40 + 20·50 = 1040 long; its header follows the top until the section's end
    // pushes it out (1040 − 40 = 1000); section 1's header then pins in turn.
    @Test("Pinned headers and footers at several offsets", arguments: [(0.0, 0.0), (100, 100), (990, 990), (1020, 1000), (1500, 1500)])
    func pinned(offset: Double, headerY: Double) throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var description = section(group)
        description.boundarySupplementaryItems = [LayoutBoundarySupplementaryItem(
            layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
            elementKind: CollectionView.elementKindSectionHeader, alignment: .top, pinToVisibleBounds: true)]
        let (view, layout, _) = harness(CompositionalLayout(section: description), counts: [20, 20])
        view.contentOffset = Point(x: 0, y: offset)
        view.layoutIfNeeded()
        let section = offset >= 1040 ? 1 : 0
        let header = try #require(view.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section)))
        #expect(header.frame.origin.y == headerY)
        #expect(layout.layoutAttributesForElements(in: view.bounds).contains { $0 === header })
    }

    @Test("A pinned header stops above a pinned footer: occlusion between the two is resolved")
    func headerAndFooterPinned() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var description = section(group)
        let size = LayoutSize(width: .fractionalWidth(1), height: .absolute(40))
        description.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(layoutSize: size, elementKind: CollectionView.elementKindSectionHeader,
                                            alignment: .top, pinToVisibleBounds: true),
            LayoutBoundarySupplementaryItem(layoutSize: size, elementKind: CollectionView.elementKindSectionFooter,
                                            alignment: .bottom, pinToVisibleBounds: true),
        ]
        // Section 0: header 0–40, 2 items to 140, footer 140–180. Scrolled to 120, the footer sits at the
        // bottom of the view's visible part (pinned at its natural 140 since 920 − 40 is later), the header
        // is pushed up to 140 − 40 = 100.
        let (view, layout, _) = harness(CompositionalLayout(section: description), counts: [2, 40])
        view.contentOffset = Point(x: 0, y: 120)
        view.layoutIfNeeded()
        let header = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        let footer = try #require(layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0)))
        #expect(footer.frame.origin.y == 140)
        #expect(header.frame.origin.y == 100)
    }

    // `backgroundDecorationItem`: "zIndex defaults to 0" and "all other section items will be automatically
    // be promoted to zIndex=1"; it covers the section's groups and insets.
    @Test("A background decoration sits at zIndex 0 under the section, its cells promoted to 1")
    func decoration() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var description = section(group, insets: DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
        description.decorationItems = [.background(elementKind: "background")]
        let (view, layout, _) = harness(CompositionalLayout(section: description), counts: [3])
        let elements = layout.layoutAttributesForElements(in: view.bounds)
        let background = try #require(elements.first { $0.representedElementCategory == .decorationView })
        #expect(background.frame == Rect(x: 0, y: 0, width: 400, height: 170))
        #expect(background.zIndex == 0)
        #expect(elements.filter { $0.representedElementCategory == .cell }.allSatisfy { $0.zIndex == 1 })
    }

    // "Actual size will be determined when the content is rendered": rows estimated at 50 that measure 80
    // move the rows and the sections after them (never left at estimated origins).
    @Test("Estimated rows take their cells' sizes and later sections move to measured origins")
    func estimated() throws {
        SizingCell.actual = { _, _ in Size(width: 400, height: 80) }
        SizingCell.asked = [:]
        let row = LayoutSize(width: .fractionalWidth(1), height: .estimated(50))
        let group = LayoutGroup.vertical(layoutSize: row, subitems: [item(.fractionalWidth(1), .estimated(50))])
        let (view, layout, _) = harness(CompositionalLayout(section: section(group)), counts: [5, 100], sizing: true)
        // Section 0's five rows are on screen and measured: 400 points; section 1 starts there.
        #expect(try #require(frame(layout, 4)) == Rect(x: 0, y: 320, width: 400, height: 80))
        #expect(try #require(frame(layout, 0, 1)).origin.y == 400)
        #expect(view.counters.selfSizingInvalidations > 0)
        // Off screen, rows keep the estimate.
        #expect(try #require(frame(layout, 90, 1)).size.height == 50)
    }

    @Test("The section provider gives each section its own description")
    func provider() throws {
        let layout = CompositionalLayout { index, environment in
            let height = index == 0 ? 100.0 : 30
            #expect(environment.container.contentSize.width == 400)
            return section(LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(height)),
                                                  subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))]))
        }
        let (_, _, _) = harness(layout, counts: [4, 4])
        #expect(try #require(frame(layout, 3)) == Rect(x: 200, y: 100, width: 200, height: 100))
        #expect(try #require(frame(layout, 3, 1)) == Rect(x: 200, y: 230, width: 200, height: 30))
    }

    @Test("Right to left, leading is on the right")
    func rightToLeft() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [item(.absolute(100), .fractionalHeight(1))])
        let layout = CompositionalLayout(section: section(group, insets: DirectionalEdgeInsets(leading: 10)))
        let (view, _, _) = harness(layout, counts: [2])
        view.layoutDirection = .rightToLeft
        view.layoutIfNeeded()
        #expect(try #require(frame(layout, 0)) == Rect(x: 290, y: 0, width: 100, height: 50))
    }

    // MARK: Orthogonal sections

    /// Section 0: groups of one card 300 × 200 across, 10 apart, insets 20 leading and trailing; section 1 rows.
    static func carousel(_ behavior: OrthogonalScrollingBehavior) -> (CollectionView, CompositionalLayout) {
        let layout = CompositionalLayout { index, _ in
            if index == 1 {
                return section(LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(60)),
                                                      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]))
            }
            var description = section(LayoutGroup.horizontal(layoutSize: LayoutSize(width: .absolute(300), height: .absolute(200)),
                                                             subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]),
                                      spacing: 10, insets: DirectionalEdgeInsets(leading: 20, trailing: 20))
            description.orthogonalScrollingBehavior = behavior
            return description
        }
        let (view, _, _) = harness(layout, counts: [10, 30])
        return (view, layout)
    }

    @Test("An orthogonal section lays its groups across, in a band that scrolls on its own")
    func orthogonalGeometry() throws {
        let (view, layout) = Self.carousel(.continuous)
        // Cards at 20 + 310·i; the band is 200 high and section 1 starts under it.
        #expect(try #require(frame(layout, 3)) == Rect(x: 950, y: 0, width: 300, height: 200))
        #expect(try #require(frame(layout, 0, 1)).origin.y == 200)
        let scroller = try #require(layout.nestedScroller(containing: Point(x: 10, y: 100)))
        #expect(scroller.id == 0 && scroller.axis == .horizontal && scroller.decelerationRate == .normal)
        let length: Double = 20 + 10 * 300 + 9 * 10 + 20
        #expect(scroller.contentLength == length)
        view.setNestedScrollOffset(500, of: 0)
        view.layoutIfNeeded()
        #expect(try #require(frame(layout, 3)).origin.x == 450)
        // Card 1 (330 − 500 = −170, ending at 130) and card 2 (from 140) meet the view.
        let cells = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 400, height: 200))
            .filter { $0.representedElementCategory == .cell }.map(\.indexPath.item)
        #expect(cells == [1, 2])
    }

    // Each behaviour's rest: the stride is a group and its spacing, 310; paging's page is the view's 400.
    /// (behaviour, current offset, proposed, velocity, rest).
    static let rests: [(OrthogonalScrollingBehavior, Double, Double, Double, Double)] = [
        (.continuous, 0, 777, 900, 777),
        (.continuousGroupLeadingBoundary, 0, 777, 900, 930), (.continuousGroupLeadingBoundary, 0, 777, -900, 620),
        (.continuousGroupLeadingBoundary, 0, 777, 0, 930),
        (.paging, 0, 777, 2000, 400), (.paging, 400, 100, -2000, 0), (.paging, 400, 500, 0, 400),
        (.groupPaging, 0, 777, 2000, 310), (.groupPaging, 620, 100, -900, 310), (.groupPaging, 310, 450, 0, 310),
        (.groupPagingCentered, 0, 777, 2000, 310),
    ]

    // Each behaviour's rest: the stride is a group and its spacing, 310; paging's page is the view's 400.
    @Test("Each orthogonal behaviour's resting offset", arguments: Self.rests)
    func restingOffsets(behavior: OrthogonalScrollingBehavior, current: Double, proposed: Double, velocity: Double,
                        expected: Double) throws {
        let (view, layout) = Self.carousel(behavior)
        view.setNestedScrollOffset(current, of: 0)
        let scroller = try #require(layout.nestedScroller(withID: 0))
        #expect(scroller.decelerationRate == ([.continuous, .continuousGroupLeadingBoundary].contains(behavior) ? .normal : .fast))
        #expect(layout.targetOffset(forNestedScroller: scroller, proposedOffset: proposed, velocity: velocity) == expected)
    }

    // Group paging "with additional leading and trailing content insets to center each group's contents":
    // (400 − 40 − 300) / 2 = 30 more on each side.
    @Test("Centered group paging centres each group")
    func centered() throws {
        let (_, layout) = Self.carousel(.groupPagingCentered)
        #expect(try #require(frame(layout, 0)).origin.x == 50)
    }

    // "Called for each layout pass to allow modification of item properties right before they are displayed".
    @Test("The visible-items handler runs on every pass over the visible cells, and its changes show")
    func visibleItemsHandler() throws {
        nonisolated(unsafe) var calls: [[Int]] = []
        let layout = CompositionalLayout { _, _ in
            var description = section(LayoutGroup.horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                                             subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]))
            description.visibleItemsInvalidationHandler = { items, offset, _ in
                calls.append(items.map(\.indexPath.item))
                for item in items { item.alpha = 0.5 }
                _ = offset
            }
            return description
        }
        let (view, _, _) = harness(layout, counts: [100])
        let before = calls.count
        #expect(before >= 1)
        #expect(calls.last == Array(0..<8))
        view.contentOffset = Point(x: 0, y: 150)
        view.layoutIfNeeded()
        #expect(calls.count == before + 1)
        #expect(calls.last == Array(1..<10))
        #expect(view.visibleCells.allSatisfy { $0.layoutAttributes?.alpha == 0.5 })
    }

    // MARK: Lists

    @Test("List appearances: rows span the section, inset-grouped 20 points in, grouped sections 35 apart",
          arguments: [(ListConfiguration.Appearance.plain, 0.0, 400.0, 28.0), (.grouped, 0, 400, 17.5 + 38),
                      (.insetGrouped, 20, 360, 17.5 + 38), (.sidebar, 10, 380, 17.5 + 38)])
    func lists(appearance: ListConfiguration.Appearance, x: Double, width: Double, firstRow: Double) throws {
        var configuration = ListConfiguration(appearance: appearance)
        configuration.headerMode = .supplementary
        let (_, layout, _) = harness(.list(using: configuration), counts: [3, 3])
        let row = try #require(frame(layout, 0))
        #expect(row == Rect(x: x, y: firstRow, width: width, height: 44))
    }
}

/// Drags and flings of an orthogonal section in gestures mode.
@Suite("Nested scrollers under the finger", .tags(.fast), .serialized)
struct NestedScrollerDragTests {
    /// A drag from (300, 100) by `dx`, `dy` in three moves, released at `velocity` (finger, points per second),
    /// then frames until everything rests.
    static func drag(_ view: CollectionView, dx: Double, dy: Double, velocity: Point) {
        view.advanceAnimations(to: 1)
        view.beginDragging(at: Point(x: 300, y: 100))
        for step in 1...3 {
            view.dragChanged(to: Point(x: 300 + dx * Double(step) / 3, y: 100 + dy * Double(step) / 3))
            view.layoutIfNeeded()
        }
        view.endDragging(at: Point(x: 300 + dx, y: 100 + dy), velocity: velocity)
        var time = 1.0
        while view.isAnimating && time < 10 {
            time += 1.0 / 60
            view.advanceAnimations(to: time)
            view.layoutIfNeeded()
        }
    }

    @Test("A drag along a carousel scrolls it, not the content; a drag across it scrolls the content")
    func routing() throws {
        let (view, layout) = CompositionalLayoutTests.carousel(.continuous)
        Self.drag(view, dx: -120, dy: 5, velocity: .zero)
        #expect(view.nestedScrollOffset(of: 0) == 120)
        #expect(view.contentOffset == .zero)
        #expect(try #require(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).frame.origin.x == 330 - 120)
        Self.drag(view, dx: 5, dy: -150, velocity: .zero)
        #expect(view.nestedScrollOffset(of: 0) == 120)
        #expect(view.contentOffset.y == 150)
    }

    // A fling at 1,000 points per second to the left proposes 1,000 · 0.99 / 0.01 / 1000 = 99 points on at the
    // fast rate; group paging moves one group (310) from 120 and rests there.
    @Test("A fling decelerates to the behaviour's rest: one group along for group paging, the natural rest when continuous")
    func flings() throws {
        let (paging, _) = CompositionalLayoutTests.carousel(.groupPaging)
        Self.drag(paging, dx: -120, dy: 0, velocity: Point(x: -1_000, y: 0))
        #expect(paging.nestedScrollOffset(of: 0) == 310)
        #expect(!paging.isDecelerating)
        // Continuous, the normal rate: 1,000 · 0.998 / 0.002 / 1000 = 499 points on from 120.
        let (continuous, _) = CompositionalLayoutTests.carousel(.continuous)
        Self.drag(continuous, dx: -120, dy: 0, velocity: Point(x: -1_000, y: 0))
        #expect(abs(continuous.nestedScrollOffset(of: 0) - (120 + 499)) < 1e-9)
        // Past the end it clamps: the carousel's content is 3,130 long in a 400-point view.
        Self.drag(continuous, dx: -200, dy: 0, velocity: Point(x: -20_000, y: 0))
        #expect(continuous.nestedScrollOffset(of: 0) == 2_730)
        continuous.reloadData()
        #expect(continuous.nestedScrollOffset(of: 0) == 0)
    }
}
