public import Foundation
// Public for `engineLayout` alone; a user's file sees the engine's names only if it imports the engine itself.
public import CollectionEngine

/// Computes where every element of a collection view goes: UIKit's `UICollectionViewLayout`.
///
/// Subclass it as for UIKit: every overridable member has UIKit's signature. Installed in a replay (see
/// `LayoutDefinition(name:summary:parameters:make:)`), it is driven by the engine through an adapter that
/// converts at the boundary: the engine's rectangles become `CGRect`s, its index paths Foundation's, and the
/// attributes the layout answers reach the engine without a copy.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
open class UICollectionViewLayout: NSObject, NSCoding {
    /// The engine's side of this layout while one exists: unretained, as the adapter owns this layout; it
    /// clears this when it goes, so it never dangles. Unchecked: a trivial value read on every query, written
    /// in single assignments that span no call.
    @exclusivity(unchecked) final var adapterReference: Unmanaged<CollectionViewLayout>?

    /// The engine's side of this layout, when it has one.
    final var adapter: CollectionViewLayout? { adapterReference?.takeUnretainedValue() }

    /// Called by UIKit Dynamics' animator on every frame, before the frame's events, with the frame's time in
    /// seconds; returns whether its bodies still move. Set by `UIDynamicAnimator(collectionViewLayout:)`.
    /// Unchecked: read once a frame, set once by the animator; neither access spans a call.
    @exclusivity(unchecked) var frameTick: ((Double) -> Bool)?

    /// The facade this layout hands out as ``collectionView`` and the engine view it stands for.
    private var facade: UICollectionView?
    private var facadeView: ObjectIdentifier?

    /// Decoration view classes registered before the layout had an engine side, by kind.
    var decorationRegistrations: [String: AnyClass?] = [:]

    public override init() {
        super.init()
    }

    /// Archives are not read on Linux: the layout starts as `init()` would make it.
    public required init?(coder: NSCoder) {
        super.init()
    }

    open func encode(with coder: NSCoder) {}

    /// The engine's side of this layout, made on first use, to install in an engine `CollectionView` (a
    /// registered layout's definition does it): it owns this layout, and the caller keeps it.
    public final var engineLayout: CollectionViewLayout {
        if let adapter { return adapter }
        let made = makeAdapter()
        adapterReference = Unmanaged.passUnretained(made)
        for (kind, viewClass): (String, AnyClass?) in decorationRegistrations {
            registerDecoration(viewClass, kind: kind, on: made)
        }
        return made
    }

    /// Makes the engine's side of this layout (the flow layout's is a flow layout).
    func makeAdapter() -> CollectionViewLayout { LayoutAdapter(layout: self) }

    /// Called by the adapter as it goes.
    final func adapterDidEnd(_ adapter: CollectionViewLayout) {
        if adapterReference?.toOpaque() == Unmanaged.passUnretained(adapter).toOpaque() { adapterReference = nil }
    }

    /// The collection view the layout is installed in; `nil` before and after.
    ///
    /// Valid while the layout is installed, as UIKit's (a weak reference there): keep it in a local, not in a
    /// property.
    open var collectionView: UICollectionView? {
        guard let view = adapter?.collectionView else { return nil }
        if let facade, facadeView == ObjectIdentifier(view) { return facade }
        let made = UICollectionView(view: view, layout: self)
        facade = made
        facadeView = ObjectIdentifier(view)
        return made
    }

    // MARK: Classes

    /// The class of the attributes the layout makes; a layout with custom attributes overrides it.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the invalidation contexts the layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// ``layoutAttributesClass`` as an attributes class (this class's when it names another kind of class), read
    /// once: a class's class property does not change.
    final var attributesClass: UICollectionViewLayoutAttributes.Type {
        if let knownAttributesClass { return knownAttributesClass }
        let known = (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
            ?? UICollectionViewLayoutAttributes.self
        knownAttributesClass = known
        return known
    }
    /// Unchecked: a metatype read on every query and written once, in single accesses spanning no call.
    @exclusivity(unchecked) private final var knownAttributesClass: UICollectionViewLayoutAttributes.Type?

    /// ``invalidationContextClass`` as a context class.
    final var contextClass: UICollectionViewLayoutInvalidationContext.Type {
        (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
            ?? UICollectionViewLayoutInvalidationContext.self
    }

    // MARK: Providing the layout

    /// Does the up-front work; called after every invalidation, before any query. Call `super`.
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element that intersects `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// The attributes of the decoration view of `elementKind` at `indexPath`.
    open func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    // MARK: Invalidation

    /// Invalidates the whole layout: an invalidation context of ``invalidationContextClass`` that invalidates
    /// everything, through ``invalidateLayout(with:)``.
    open func invalidateLayout() {
        if let adapter {
            adapter.invalidateLayout()
            return
        }
        let context = contextClass.init()
        context.engine.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Invalidates what `context` says; ``prepare()`` runs before the next query. Call `super`.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        guard let adapter = adapter as? any LayoutBridging else { return }
        adapter.engineInvalidate(with: context.engine)
    }

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout; `false`.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for an invalidation caused by a change of bounds to `newBounds`.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context: UICollectionViewLayoutInvalidationContext
        if let adapter = adapter as? any LayoutBridging {
            context = UICollectionViewLayoutInvalidationContext.wrapping(
                adapter.engineInvalidationContext(forBoundsChange: newBounds.engine), as: contextClass)
        } else {
            context = contextClass.init()
            context.engine.newBounds = newBounds.engine
        }
        return context
    }

    /// Whether a cell's preferred attributes (self-sizing) invalidate the layout; `false`.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// The context for a cell's preferred attributes.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = contextClass.init()
        context.invalidateItems(at: [preferredAttributes.indexPath])
        return context
    }

    // MARK: Scrolling

    /// Where scrolling that would stop at `proposedContentOffset` stops; snapping layouts override it.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// The content offset to use after an update or a layout transition.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Updates

    /// Called before a batch update is animated, with its operations. Call `super`.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called once the batch update's attributes were gathered. Call `super`.
    open func finalizeCollectionViewUpdates() {}

    /// Where an item that appears in an update starts; `nil` for the default (its final attributes, alpha 0).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an item that disappears in an update ends; `nil` for the default.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where a supplementary view that appears in an update starts; `nil` for the default.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a supplementary view that disappears in an update ends; `nil` for the default.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a decoration view that appears in an update starts; `nil` for the default.
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a decoration view that disappears in an update ends; `nil` for the default.
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Supplementary views of `elementKind` that the update deletes beyond those of deleted sections.
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [Foundation.IndexPath] { [] }

    /// Decoration views of `elementKind` that the update deletes.
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [Foundation.IndexPath] { [] }

    /// Supplementary views of `elementKind` that the update inserts beyond those of inserted sections.
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [Foundation.IndexPath] { [] }

    /// Decoration views of `elementKind` that the update inserts.
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [Foundation.IndexPath] { [] }

    /// Called before an animated change of bounds. Call `super`.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// Called after an animated change of bounds. Call `super`.
    open func finalizeAnimatedBoundsChange() {}

    // MARK: Transitions

    /// Called on the current layout before a switch to `newLayout`.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

    /// Called on the new layout before a switch from `oldLayout`.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

    /// Called on both layouts when a switch has finished.
    open func finalizeLayoutTransition() {}

    // MARK: Direction

    /// The direction the layout was written for; left to right.
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether the layout mirrors its geometry in the opposite direction; `false`, as UIKit's default for a
    /// custom layout (the engine does not mirror).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    // MARK: Decoration views

    /// Registers the view class of decoration views of `elementKind`; the engine shows a headless view of its
    /// own for each (see ``UICollectionReusableView``).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationRegistrations[elementKind] = viewClass
        if let adapter { registerDecoration(viewClass, kind: elementKind, on: adapter) }
    }

    private func registerDecoration(_ viewClass: AnyClass?, kind: String, on adapter: CollectionViewLayout) {
        adapter.register(DecorationView.self, forDecorationViewOfKind: kind)
    }
}
