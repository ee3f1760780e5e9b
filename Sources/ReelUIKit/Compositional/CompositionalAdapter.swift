internal import CollectionEngine
import Foundation

/// The engine's side of a ``UICollectionViewCompositionalLayout``: the engine's compositional layout, whose every
/// query asks the UIKit layout first — whose own implementations come back to the engine's (the `engine…`
/// methods). Its sections come from the UIKit layout's section or section provider, converted when asked for.
/// The nested scrollers of orthogonal sections are the engine layout's own (this class does not override them).
///
/// As ``LayoutAdapter``, it owns the UIKit layout, which refers back to it unretained.
class CompositionalAdapter: CompositionalLayout, TimeDrivenLayout, LayoutBridging {
    let uikitLayout: UICollectionViewLayout
    /// The UIKit context last returned for a change of bounds, until the engine invalidates with it.
    private var boundsContext: UICollectionViewLayoutInvalidationContext?

    /// The UIKit layout, as a compositional layout.
    unowned(unsafe) let compositionalLayout: UICollectionViewCompositionalLayout

    init(layout: UICollectionViewCompositionalLayout) {
        uikitLayout = layout
        compositionalLayout = layout
        let sections = layout.sections
        super.init(configuration: layout.configuration.engine) { index, environment in
            switch sections {
            case .one(let section): section.engine
            case .provider(let provider): provider(index, EnvironmentValue(environment))?.engine
            }
        }
    }

    deinit { uikitLayout.adapterDidEnd(self) }


    func advance(to time: Double) -> Bool { uikitLayout.frameTick?(time) ?? false }

    override func prepare() {
        uikitLayout.prepare()
    }

    override var collectionViewContentSize: EngineSize { uikitLayout.collectionViewContentSize.engine }

    override func layoutAttributesForElements(in rect: EngineRect) -> [LayoutAttributes] {
        let compositionalLayout = self.compositionalLayout
        guard let answer = compositionalLayout.layoutAttributesForElements(in: CGRect(rect)) else { return [] }
        if let unchanged = compositionalLayout.takeEngineAnswer(for: answer) { return unchanged }
        return UICollectionViewLayoutAttributes.engineAnswer(answer)
    }

    override func layoutAttributesForItem(at indexPath: EngineIndexPath) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(uikitLayout.layoutAttributesForItem(at: Foundation.IndexPath(indexPath)))
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                       at indexPath: EngineIndexPath) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: Foundation.IndexPath(indexPath)))
    }

    override func layoutAttributesForDecorationView(ofKind kind: String,
                                                    at indexPath: EngineIndexPath) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.layoutAttributesForDecorationView(ofKind: kind, at: Foundation.IndexPath(indexPath)))
    }

    // MARK: Invalidation

    override func shouldInvalidateLayout(forBoundsChange newBounds: EngineRect) -> Bool {
        uikitLayout.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds))
    }

    override func invalidationContext(forBoundsChange newBounds: EngineRect) -> InvalidationContext {
        let context = uikitLayout.invalidationContext(forBoundsChange: CGRect(newBounds))
        boundsContext = context
        return context.engine
    }

    override func invalidateLayout(with context: InvalidationContext) {
        uikitLayout.invalidateLayout(with: uikitLayout.bridgedContext(context, pending: &boundsContext))
    }

    override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                         withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        uikitLayout.bridgedShouldInvalidate(preferred: preferredAttributes, original: originalAttributes)
    }

    override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                      withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        // Kept, as a bounds change's is, so that the layout's `invalidateLayout(with:)` gets the very object.
        let context = uikitLayout.bridgedContext(preferred: preferredAttributes, original: originalAttributes)
        boundsContext = context
        return context.engine
    }

    func engineInvalidate(with context: InvalidationContext) { super.invalidateLayout(with: context) }

    // MARK: The engine's compositional layout, for the UIKit layout's own implementations

    final func enginePrepare() { super.prepare() }

    final var engineContentSize: EngineSize { super.collectionViewContentSize }

    final func engineElements(in rect: EngineRect) -> [LayoutAttributes] { super.layoutAttributesForElements(in: rect) }

    final func engineItem(at indexPath: EngineIndexPath) -> LayoutAttributes? { super.layoutAttributesForItem(at: indexPath) }

    final func engineSupplementary(ofKind kind: String, at indexPath: EngineIndexPath) -> LayoutAttributes? {
        super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    final func engineShouldInvalidate(forBoundsChange newBounds: EngineRect) -> Bool {
        super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    func engineInvalidationContext(forBoundsChange newBounds: EngineRect) -> InvalidationContext {
        super.invalidationContext(forBoundsChange: newBounds)
    }

    final func engineShouldInvalidate(forPreferred preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
        super.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    }

    final func engineInvalidationContext(forPreferred preferred: LayoutAttributes,
                                         original: LayoutAttributes) -> InvalidationContext {
        super.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    }

    // MARK: Scrolling

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: EnginePoint,
                                      withScrollingVelocity velocity: EnginePoint) -> EnginePoint {
        uikitLayout.targetContentOffset(forProposedContentOffset: CGPoint(proposedContentOffset),
                                        withScrollingVelocity: CGPoint(velocity)).engine
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: EnginePoint) -> EnginePoint {
        uikitLayout.targetContentOffset(forProposedContentOffset: CGPoint(proposedContentOffset)).engine
    }

    // MARK: Updates
    //
    // From here on the same forwarding as `FlowAdapter`'s.

    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        uikitLayout.prepare(forCollectionViewUpdates: uikitLayout.bridgedUpdateItems(updateItems))
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        uikitLayout.finalizeCollectionViewUpdates()
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: EngineIndexPath) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.initialLayoutAttributesForAppearingItem(at: Foundation.IndexPath(itemIndexPath)))
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: EngineIndexPath) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.finalLayoutAttributesForDisappearingItem(at: Foundation.IndexPath(itemIndexPath)))
    }

    override func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: EngineIndexPath
    ) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind,
                                                                                at: Foundation.IndexPath(elementIndexPath)))
    }

    override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: EngineIndexPath
    ) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind,
                                                                                 at: Foundation.IndexPath(elementIndexPath)))
    }

    override func initialLayoutAttributesForAppearingDecorationElement(
        ofKind kind: String, at decorationIndexPath: EngineIndexPath
    ) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.initialLayoutAttributesForAppearingDecorationElement(ofKind: kind,
                                                                             at: Foundation.IndexPath(decorationIndexPath)))
    }

    override func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind kind: String, at decorationIndexPath: EngineIndexPath
    ) -> LayoutAttributes? {
        UICollectionViewLayoutAttributes.engineAttributes(
            uikitLayout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: kind,
                                                                              at: Foundation.IndexPath(decorationIndexPath)))
    }

    override func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [EngineIndexPath] {
        uikitLayout.indexPathsToInsertForSupplementaryView(ofKind: kind).map(\.engine)
    }

    override func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [EngineIndexPath] {
        uikitLayout.indexPathsToDeleteForSupplementaryView(ofKind: kind).map(\.engine)
    }

    override func indexPathsToInsertForDecorationView(ofKind kind: String) -> [EngineIndexPath] {
        uikitLayout.indexPathsToInsertForDecorationView(ofKind: kind).map(\.engine)
    }

    override func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [EngineIndexPath] {
        uikitLayout.indexPathsToDeleteForDecorationView(ofKind: kind).map(\.engine)
    }

    override func prepare(forAnimatedBoundsChange oldBounds: EngineRect) {
        super.prepare(forAnimatedBoundsChange: oldBounds)
        uikitLayout.prepare(forAnimatedBoundsChange: CGRect(oldBounds))
    }

    override func finalizeAnimatedBoundsChange() {
        super.finalizeAnimatedBoundsChange()
        uikitLayout.finalizeAnimatedBoundsChange()
    }

    // MARK: Transitions (only between UIKit layouts: UIKit's signatures name no other kind)

    override func prepareForTransition(to newLayout: CollectionViewLayout) {
        super.prepareForTransition(to: newLayout)
        if let other = newLayout.bridgedUIKitLayout { uikitLayout.prepareForTransition(to: other) }
    }

    override func prepareForTransition(from oldLayout: CollectionViewLayout) {
        super.prepareForTransition(from: oldLayout)
        if let other = oldLayout.bridgedUIKitLayout { uikitLayout.prepareForTransition(from: other) }
    }

    override func finalizeLayoutTransition() {
        super.finalizeLayoutTransition()
        uikitLayout.finalizeLayoutTransition()
    }
}

/// The engine's side of a compositional layout whose attributes are of a subclass: engine attributes that carry
/// the subclass's fields.
final class SnapshotCompositionalAdapter: CompositionalAdapter {
    override class var layoutAttributesClass: LayoutAttributes.Type { SnapshotAttributes.self }
}
