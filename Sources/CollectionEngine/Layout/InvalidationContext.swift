/// What part of a layout an invalidation affects: the engine's
/// `UICollectionViewLayoutInvalidationContext`.
///
/// Layouts that can update part of their state override
/// ``CollectionViewLayout/invalidateLayout(with:)`` to read the context, and may subclass it (see
/// ``FlowLayoutInvalidationContext``) through ``CollectionViewLayout/invalidationContextClass``.
open class InvalidationContext {
    /// Whether everything is invalid: set by ``CollectionViewLayout/invalidateLayout()`` and by data reloads.
    public package(set) var invalidateEverything = false

    /// Whether the number of sections or items may have changed.
    public package(set) var invalidateDataSourceCounts = false

    /// Items whose attributes are invalid, or `nil` when no specific items are named.
    public private(set) var invalidatedItemIndexPaths: Set<IndexPath>?

    /// Supplementary elements whose attributes are invalid, by kind.
    public private(set) var invalidatedSupplementaryIndexPaths: [String: Set<IndexPath>]?

    /// Decoration elements whose attributes are invalid, by kind.
    public private(set) var invalidatedDecorationIndexPaths: [String: Set<IndexPath>]?

    /// How much the content offset should move as a result of this invalidation.
    public var contentOffsetAdjustment: Point = .zero

    /// How much the content size changes as a result of this invalidation.
    public var contentSizeAdjustment: Size = .zero

    /// The new bounds when this context describes a bounds change, else `nil`.
    public package(set) var newBounds: Rect?

    /// The batch update this context invalidates for, else `nil`: which items and sections were inserted,
    /// deleted, moved and reloaded, so that a layout can update what changed instead of everything.
    /// (UIKit keeps this private; the engine lends it to layouts.)
    public internal(set) var updatePlan: UpdatePlan?

    /// The nested scrollers whose offset changed (``CollectionView/setNestedScrollOffset(_:of:)``), by id, or
    /// `nil` when none did: a layout that applies those offsets at query time has nothing else to recompute.
    public internal(set) var invalidatedNestedScrollers: [Int]?

    public required init() {}

    /// Marks the items at `indexPaths` invalid.
    public func invalidateItems(at indexPaths: some Sequence<IndexPath>) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []).union(indexPaths)
    }

    /// Marks supplementary elements of `kind` at `indexPaths` invalid.
    public func invalidateSupplementaryElements(ofKind kind: String, at indexPaths: some Sequence<IndexPath>) {
        invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths ?? [:]
        invalidatedSupplementaryIndexPaths?[kind, default: []].formUnion(indexPaths)
    }

    /// Marks decoration elements of `kind` at `indexPaths` invalid.
    public func invalidateDecorationElements(ofKind kind: String, at indexPaths: some Sequence<IndexPath>) {
        invalidatedDecorationIndexPaths = invalidatedDecorationIndexPaths ?? [:]
        invalidatedDecorationIndexPaths?[kind, default: []].formUnion(indexPaths)
    }
}
