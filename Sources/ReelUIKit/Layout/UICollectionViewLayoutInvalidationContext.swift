public import Foundation
internal import CollectionEngine

/// What part of a layout an invalidation affects: UIKit's `UICollectionViewLayoutInvalidationContext`.
///
/// Each context owns the engine's context it speaks for, so that what a layout marks reaches the engine's
/// invalidation as it is. A subclass adds fields as in UIKit (return it from
/// ``UICollectionViewLayout/invalidationContextClass``); a subclass that overrides `init()` writes
/// `required override init()`, as for attributes.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// The engine's context.
    final let engine: InvalidationContext

    /// The engine class of the contexts of class `type`.
    class var engineClass: InvalidationContext.Type { InvalidationContext.self }

    public required override init() {
        let state = ThreadState.current
        if let pending = state.pendingContext {
            state.pendingContext = nil
            engine = pending
        } else {
            engine = Self.engineClass.init()
        }
        super.init()
    }

    /// A context of `type` for the engine's `context`.
    static func wrapping(_ context: InvalidationContext,
                         as type: UICollectionViewLayoutInvalidationContext.Type) -> UICollectionViewLayoutInvalidationContext {
        ThreadState.current.pendingContext = context
        return type.init()
    }

    /// Whether everything is invalid (a reload, or ``UICollectionViewLayout/invalidateLayout()``).
    public var invalidateEverything: Bool { engine.invalidateEverything }

    /// Whether the number of sections or items may have changed.
    public var invalidateDataSourceCounts: Bool { engine.invalidateDataSourceCounts }

    /// Marks the items at `indexPaths` invalid.
    public func invalidateItems(at indexPaths: [Foundation.IndexPath]) {
        engine.invalidateItems(at: indexPaths.map(\.engine))
    }

    /// Marks supplementary elements of `elementKind` at `indexPaths` invalid.
    public func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [Foundation.IndexPath]) {
        engine.invalidateSupplementaryElements(ofKind: elementKind, at: indexPaths.map(\.engine))
    }

    /// Marks decoration elements of `elementKind` at `indexPaths` invalid.
    public func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [Foundation.IndexPath]) {
        engine.invalidateDecorationElements(ofKind: elementKind, at: indexPaths.map(\.engine))
    }

    /// The items marked invalid, or `nil` when none were named.
    public var invalidatedItemIndexPaths: [Foundation.IndexPath]? {
        engine.invalidatedItemIndexPaths.map { $0.sorted().map(Foundation.IndexPath.init) }
    }

    /// The supplementary elements marked invalid, by kind.
    public var invalidatedSupplementaryIndexPaths: [String: [Foundation.IndexPath]]? {
        engine.invalidatedSupplementaryIndexPaths.map { $0.mapValues { $0.sorted().map(Foundation.IndexPath.init) } }
    }

    /// The decoration elements marked invalid, by kind.
    public var invalidatedDecorationIndexPaths: [String: [Foundation.IndexPath]]? {
        engine.invalidatedDecorationIndexPaths.map { $0.mapValues { $0.sorted().map(Foundation.IndexPath.init) } }
    }

    /// How much the content offset moves as a result of this invalidation.
    public var contentOffsetAdjustment: CGPoint {
        get { CGPoint(engine.contentOffsetAdjustment) }
        set { engine.contentOffsetAdjustment = newValue.engine }
    }

    /// How much the content size changes as a result of this invalidation.
    public var contentSizeAdjustment: CGSize {
        get { CGSize(engine.contentSizeAdjustment) }
        set { engine.contentSizeAdjustment = newValue.engine }
    }

    /// The items being moved interactively; `nil` (replays move no items interactively).
    public var previousIndexPathsForInteractivelyMovingItems: [Foundation.IndexPath]? { nil }

    /// Where the items being moved interactively go; `nil`.
    public var targetIndexPathsForInteractivelyMovingItems: [Foundation.IndexPath]? { nil }

    /// The point of an interactive movement; zero.
    public var interactiveMovementTarget: CGPoint { .zero }
}

/// What a flow layout must recompute: UIKit's `UICollectionViewFlowLayoutInvalidationContext`.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayoutinvalidationcontext
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    override class var engineClass: InvalidationContext.Type { FlowLayoutInvalidationContext.self }

    /// Whether sizes, insets, spacings or reference sizes from the delegate may have changed; `false` by default.
    public var invalidateFlowLayoutDelegateMetrics: Bool {
        get { (engine as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics ?? false }
        set { (engine as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics = newValue }
    }

    /// Whether positions must be recomputed from the metrics the layout has; `true` by default.
    public var invalidateFlowLayoutAttributes: Bool {
        get { (engine as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes ?? true }
        set { (engine as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes = newValue }
    }
}
