internal import CollectionEngine

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
