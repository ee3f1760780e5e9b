import CollectionEngine
import Foundation
import ReelUIKit
import Testing
import TestSupport

/// One section of `count` items, answering no sizes.
private final class Counts: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView,
                        cellForItemAt indexPath: CollectionEngine.IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A context with a field of its own.
final class TaggedContext: UICollectionViewFlowLayoutInvalidationContext {
    var tag = 0
}

/// A flow layout that invalidates on every bounds change with a context of its own class, as sticky-header
/// layouts do, and keeps what it returned and received.
final class BoundsWatchingFlowLayout: UICollectionViewFlowLayout {
    var returned: [TaggedContext] = []
    var received: [UICollectionViewLayoutInvalidationContext] = []

    override class var invalidationContextClass: AnyClass { TaggedContext.self }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! TaggedContext
        context.tag = returned.count + 1
        returned.append(context)
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        received.append(context)
        super.invalidateLayout(with: context)
    }
}

@Suite("What crosses between the engine and a UIKit layout", .tags(.fast))
struct EngineBoundaryTests {
    private static func install(_ layout: UICollectionViewLayout, items: Int = 100) -> (CollectionView, AnyObject) {
        let data = Counts(count: items)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout.engineLayout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = data
        view.layoutIfNeeded()
        return (view, data)
    }

    @Test("A bounds change's context of the layout's own class comes back to invalidateLayout(with:) as it was returned")
    func boundsContext() throws {
        let layout = BoundsWatchingFlowLayout()
        let (view, data) = Self.install(layout)
        let before = layout.received.count
        view.contentOffset = Point(x: 0, y: 100)
        view.layoutIfNeeded()
        try #require(layout.returned.count == 1)
        let received = try #require(layout.received.last)
        #expect(layout.received.count == before + 1)
        #expect(received === layout.returned[0])
        #expect((received as? TaggedContext)?.tag == 1)
        // Scrolling keeps the size: flow asks the delegate for nothing and keeps every position, as UIKit's.
        #expect(!(received as! TaggedContext).invalidateFlowLayoutDelegateMetrics)
        #expect(!received.invalidateEverything)
        withExtendedLifetime(data) {}
    }

    @Test("invalidateLayout() reaches invalidateLayout(with:) with a context that invalidates everything")
    func invalidateEverything() throws {
        let layout = BoundsWatchingFlowLayout()
        let (view, data) = Self.install(layout)
        layout.invalidateLayout()
        let context = try #require(layout.received.last)
        #expect(context.invalidateEverything && context is TaggedContext)
        view.layoutIfNeeded()
        withExtendedLifetime(data) {}
    }

    @Test("The collection view a layout reads: bounds, counts, insets, traits, direction, its layout")
    func facade() throws {
        let layout = UICollectionViewFlowLayout()
        let (view, data) = Self.install(layout, items: 42)
        view.contentOffset = Point(x: 0, y: 100)
        view.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        view.displayScale = 3
        view.layoutDirection = .rightToLeft
        let collectionView = try #require(layout.collectionView)
        #expect(collectionView.bounds == CGRect(x: 0, y: 100, width: 390, height: 844))
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 100))
        #expect(collectionView.numberOfSections == 1 && collectionView.numberOfItems(inSection: 0) == 42)
        #expect(collectionView.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(collectionView.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(collectionView.traitCollection.displayScale == 3)
        #expect(collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(collectionView.collectionViewLayout === layout)
        #expect(layout.collectionView === collectionView)
        #expect(!collectionView.isDragging && !collectionView.isDecelerating)
        #expect(UICollectionViewFlowLayout().collectionView == nil)
        withExtendedLifetime(data) {}
    }

    @Test("The pan gesture: state, the finger in content coordinates, its travel and its velocity at release")
    func panGesture() throws {
        let layout = UICollectionViewFlowLayout()
        let (view, data) = Self.install(layout, items: 1_000)
        let pan = try #require(layout.collectionView?.panGestureRecognizer)
        #expect(pan.state == .possible)
        view.beginDragging(at: Point(x: 100, y: 500))
        #expect(pan.state == .began)
        #expect(pan.location(in: layout.collectionView) == CGPoint(x: 100, y: 500))
        view.advanceAnimations(to: 0.5)
        view.dragChanged(to: Point(x: 100, y: 450))
        #expect(pan.state == .changed)
        // 50 points up in half a second; the content followed by 50.
        #expect(pan.velocity(in: nil) == CGPoint(x: 0, y: -100))
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: -50))
        #expect(pan.location(in: nil) == CGPoint(x: 100, y: 500))
        #expect(layout.collectionView?.isDragging == true)
        view.endDragging(at: Point(x: 100, y: 450), velocity: Point(x: 0, y: -800))
        #expect(pan.state == .ended)
        #expect(pan.velocity(in: nil) == CGPoint(x: 0, y: -800))
        withExtendedLifetime(data) {}
    }

    @Test("A registered decoration view class (with override init(frame:)) gets a displayed decoration view")
    func decoration() throws {
        let layout = BackdropFlowLayout()
        let (view, data) = Self.install(layout)
        let decorations = view.displayedElements.filter { $0.key.category == .decorationView }
        try #require(decorations.count == 1)
        #expect(decorations[0].key.kind == BackdropFlowLayout.backdropKind)
        #expect(decorations[0].view.frame == Rect(x: 0, y: 0, width: 390, height: 200))
        #expect(decorations[0].view.zIndex == -1)
        view.contentOffset = Point(x: 0, y: 400)
        view.layoutIfNeeded()
        #expect(!view.displayedElements.contains { $0.key.category == .decorationView })
        withExtendedLifetime(data) {}
    }

    @Test("A flow subclass's attributes class is honoured: super's attributes are of it, copies too")
    func flowAttributesClass() throws {
        final class ShadowFlowLayout: UICollectionViewFlowLayout {
            override class var layoutAttributesClass: AnyClass { ShadowAttributes.self }
        }
        let layout = ShadowFlowLayout()
        let (view, data) = Self.install(layout)
        let answer = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 200)))
        #expect(!answer.isEmpty && answer.allSatisfy { $0 is ShadowAttributes })
        let item = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0)) as? ShadowAttributes)
        #expect(item.frame == CGRect(x: 7 % 6 * 68, y: 60, width: 50, height: 50))
        view.layoutIfNeeded()
        #expect(view.displayedCellCount > 0)
        withExtendedLifetime(data) {}
    }
}
