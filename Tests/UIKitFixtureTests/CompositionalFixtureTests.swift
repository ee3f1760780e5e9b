import Testing
import Foundation
import CollectionEngine
import Layouts
import ReelUIKit
import Replay
import TestSupport

/// One section of `count` items.
private final class Items: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView,
                        cellForItemAt indexPath: CollectionEngine.IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A compositional layout subclass that counts what the engine asks it, as an app's subclass may override.
private final class CountingCompositionalLayout: UICollectionViewCompositionalLayout {
    var prepares = 0
    var queries = 0
    var sawCollectionView = false

    override func prepare() {
        prepares += 1
        sawCollectionView = sawCollectionView || collectionView != nil
        super.prepare()
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        queries += 1
        return super.layoutAttributesForElements(in: rect)
    }
}

/// The two compositional fixtures of `Layouts/`, written as iOS code: they compile through ReelUIKit, register
/// and build as catalogue layouts, and describe to the engine the sections they say. Frames are the engine
/// solver's to test.
@Suite("UIKit compositional fixtures", .tags(.shippedTraces))
struct CompositionalFixtureTests {
    static let environment = LayoutEnvironment(container: .init(contentSize: Size(width: 390, height: 844)))

    @Test("Both register and build an engine compositional layout", arguments: [
        FixtureRegistry.storeCompositional, FixtureRegistry.insetGroupedList,
    ])
    func registers(_ name: String) throws {
        let definition = try #require(FixtureRegistry.registry.definition(named: name))
        let layout = try definition.makeLayout(parameters: [])
        #expect(layout is CompositionalLayout)
    }

    @Test("The store's configuration: 24 between sections, vertical, from the safe area")
    func storeConfiguration() {
        let configuration = StoreCompositionalLayout.make().engineConfiguration
        #expect(configuration.interSectionSpacing == 24)
        #expect(configuration.scrollDirection == .vertical)
        #expect(configuration.contentInsetsReference == .safeArea)
        #expect(configuration.boundarySupplementaryItems.isEmpty)
    }

    @Test("Section 0: a group-paging carousel of cards 0.9 wide, 300 high, scaled by a visible-items handler")
    func featuredCards() throws {
        let section = try #require(StoreCompositionalLayout.make().engineSection(0, environment: Self.environment))
        #expect(section.orthogonalScrollingBehavior == .groupPaging)
        #expect(section.contentInsets == DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        #expect(section.group.layoutSize == LayoutSize(width: .fractionalWidth(0.9), height: .absolute(300)))
        guard case .horizontal = section.group.arrangement else { Issue.record("not horizontal"); return }
        #expect(section.group.count == nil)
        #expect(section.group.subitems.count == 1)
        guard case .item(let card) = section.group.subitems[0] else { Issue.record("not an item"); return }
        #expect(card.layoutSize == LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        #expect(card.contentInsets == DirectionalEdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 6))
        #expect(section.visibleItemsInvalidationHandler != nil)
        try expectPinnedHeader(section)
    }

    @Test("Section 1: columns of three rows, 0.85 wide, 210 high, 4 apart, resting on a column's leading edge")
    func rowColumns() throws {
        let section = try #require(StoreCompositionalLayout.make().engineSection(1, environment: Self.environment))
        #expect(section.orthogonalScrollingBehavior == .continuousGroupLeadingBoundary)
        #expect(section.interGroupSpacing == 10)
        let group = section.group
        guard case .vertical = group.arrangement else { Issue.record("not vertical"); return }
        #expect(group.count == 3)
        #expect(group.layoutSize == LayoutSize(width: .fractionalWidth(0.85), height: .absolute(210)))
        #expect(group.interItemSpacing == .fixed(4))
        guard case .item(let row) = group.subitems.first else { Issue.record("not an item"); return }
        #expect(row.layoutSize.height == .fractionalHeight(1.0 / 3))
        #expect(section.visibleItemsInvalidationHandler == nil)
        try expectPinnedHeader(section)
    }

    @Test("Sections 2 on: rows estimated 64 high, over an inset background, under a pinned header", arguments: [2, 3, 7])
    func rows(_ index: Int) throws {
        let section = try #require(StoreCompositionalLayout.make().engineSection(index, environment: Self.environment))
        #expect(section.orthogonalScrollingBehavior == .none)
        #expect(section.group.layoutSize == LayoutSize(width: .fractionalWidth(1), height: .estimated(64)))
        #expect(section.group.layoutSize.height.isEstimated)
        #expect(section.interGroupSpacing == 1)
        #expect(section.decorationItems == [LayoutDecorationItem(
            elementKind: StoreCompositionalLayout.backgroundKind,
            contentInsets: DirectionalEdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12), zIndex: 0)])
        try expectPinnedHeader(section)
    }

    private func expectPinnedHeader(_ section: LayoutSection) throws {
        #expect(section.boundarySupplementaryItems.count == 1)
        let header = try #require(section.boundarySupplementaryItems.first)
        #expect(header.elementKind == StoreCompositionalLayout.headerKind)
        #expect(header.alignment == .top)
        #expect(header.pinToVisibleBounds)
        #expect(header.extendsBoundary)
        #expect(header.zIndex == 2)
        #expect(header.layoutSize == LayoutSize(width: .fractionalWidth(1), height: .estimated(44)))
    }

    @Test("The carousel's handler scales a card through NSCollectionLayoutVisibleItem into the engine's attributes")
    func visibleItemsWriteThrough() throws {
        let section = try #require(StoreCompositionalLayout.make().engineSection(0, environment: Self.environment))
        let handler = try #require(section.visibleItemsInvalidationHandler)
        let card = LayoutAttributes(forCellWith: CollectionEngine.IndexPath(item: 1, section: 0))
        card.frame = Rect(x: 390, y: 0, width: 351, height: 300)   // centre 565.5: 370.5 right of the middle
        let header = LayoutAttributes(forSupplementaryViewOfKind: StoreCompositionalLayout.headerKind,
                                      with: CollectionEngine.IndexPath(item: 0, section: 0))
        handler([card, header], Point(x: 0, y: 0), Self.environment)
        let scale = 1 - 0.25 * min(1, abs(565.5 - 195) / 390)
        #expect(card.transform3D == Transform3D.scale(x: scale, y: scale))
        #expect(header.transform3D == .identity)
    }

    @Test("Every property a handler sets on a visible item lands in the engine's attributes")
    func visibleItemProperties() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100),
                                                                            heightDimension: .absolute(50)))
        let section = NSCollectionLayoutSection(group: .horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            subitems: [item]))
        var seen: [(Foundation.IndexPath, CGRect, CGRect, UICollectionElementCategory, String?)] = []
        section.visibleItemsInvalidationHandler = { items, _, environment in
            #expect(environment.container.contentSize == CGSize(width: 390, height: 844))
            for item in items {
                seen.append((item.indexPath, item.frame, item.bounds, item.representedElementCategory,
                             item.representedElementKind))
                item.alpha = 0.5
                item.zIndex = 7
                item.isHidden = true
                item.center = CGPoint(x: 10, y: 20)
                item.transform = CGAffineTransform(rotationAngle: .pi / 2)
            }
        }
        let layout = UICollectionViewCompositionalLayout(section: section)
        let engine = try #require(layout.engineSection(0, environment: Self.environment))
        let attributes = LayoutAttributes(forCellWith: CollectionEngine.IndexPath(item: 3, section: 2))
        attributes.frame = Rect(x: 100, y: 200, width: 100, height: 50)
        let handler = try #require(engine.visibleItemsInvalidationHandler)
        handler([attributes], .zero, Self.environment)
        #expect(seen.count == 1)
        #expect(seen.first?.0 == Foundation.IndexPath(item: 3, section: 2))
        #expect(seen.first?.1 == CGRect(x: 100, y: 200, width: 100, height: 50))
        #expect(seen.first?.2 == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(seen.first?.3 == .cell)
        #expect(seen.first?.4 == nil)
        #expect(attributes.alpha == 0.5)
        #expect(attributes.zIndex == 7)
        #expect(attributes.isHidden)
        #expect(attributes.center == Point(x: 10, y: 20))
        #expect(attributes.transform3D.isAffine)
        #expect(abs(attributes.transform3D.rowMajor[1] - 1) < 1e-12)
    }

    @Test("A group copies its subitems when made, as UIKit's; a section's properties are read when converted")
    func captureRules() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                            heightDimension: .absolute(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: item.layoutSize, subitems: [item])
        item.contentInsets = NSDirectionalEdgeInsets(top: 9, leading: 9, bottom: 9, trailing: 9)
        let section = NSCollectionLayoutSection(group: group)
        let layout = UICollectionViewCompositionalLayout(section: section)
        section.interGroupSpacing = 12
        let engine = try #require(layout.engineSection(5, environment: Self.environment))
        guard case .item(let captured) = engine.group.subitems.first else { Issue.record("not an item"); return }
        #expect(captured.contentInsets == .zero)
        #expect(engine.interGroupSpacing == 12)
    }

    @Test("The list: inset-grouped rows estimated 44 high, with supplementary headers")
    func list() throws {
        let layout = InsetGroupedListLayout.make()
        let section = try #require(layout.engineSection(0, environment: Self.environment))
        #expect(section.group.layoutSize == LayoutSize(width: .fractionalWidth(1), height: .estimated(44)))
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        #expect(configuration.appearance == .insetGrouped)
        #expect(configuration.headerMode == .supplementary)
        #expect(configuration.showsSeparators)
        #expect(configuration.footerMode == .none)
    }

    @Test("NSCollectionLayoutDimension reports its kind and value")
    func dimensions() {
        let fraction = NSCollectionLayoutDimension.fractionalWidth(0.5)
        #expect(fraction.isFractionalWidth && !fraction.isFractionalHeight && !fraction.isAbsolute && !fraction.isEstimated)
        #expect(fraction.dimension == 0.5)
        #expect(NSCollectionLayoutDimension.fractionalHeight(1).isFractionalHeight)
        #expect(NSCollectionLayoutDimension.absolute(20).isAbsolute)
        #expect(NSCollectionLayoutDimension.estimated(44).isEstimated)
        #expect(NSCollectionLayoutSpacing.flexible(8).isFlexibleSpacing)
        #expect(NSCollectionLayoutSpacing.fixed(8).spacing == 8)
        let custom = NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 1, y: 2, width: 3, height: 4), zIndex: 5)
        #expect(custom.zIndex == 5)
        #expect(NSCollectionLayoutGroupCustomItem(frame: .zero).zIndex == 0)
    }

    @Test("The engine layout is the engine's compositional layout, and takes a new configuration when it is set")
    func configurationReachesTheEngine() throws {
        let layout = StoreCompositionalLayout.make()
        let engine = try #require(layout.engineLayout as? CompositionalLayout)
        #expect(engine.configuration.interSectionSpacing == 24)
        let configuration = layout.configuration
        configuration.interSectionSpacing = 8
        configuration.scrollDirection = .horizontal
        #expect(engine.configuration.interSectionSpacing == 24, "the getter's copy is not the layout's")
        layout.configuration = configuration
        #expect(engine.configuration.interSectionSpacing == 8)
        #expect(engine.configuration.scrollDirection == .horizontal)
        #expect(layout.configuration !== configuration)
    }

    @Test("Installed in a collection view, the engine's preparation and queries reach a subclass's overrides")
    func subclassOverridesAreCalled() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                            heightDimension: .absolute(44)))
        let layout = CountingCompositionalLayout(section: NSCollectionLayoutSection(group: .vertical(
            layoutSize: item.layoutSize, subitems: [item])))
        let data = Items(count: 20)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                  collectionViewLayout: layout.engineLayout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = data
        view.layoutIfNeeded()
        #expect(layout.prepares >= 1)
        #expect(layout.queries >= 1)
        #expect(layout.sawCollectionView)
        withExtendedLifetime(data) {}
    }
}
