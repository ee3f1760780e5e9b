/// A view the collection view displays and recycles: the engine's `UICollectionReusableView`.
///
/// Headless: a view is its state. The collection view sets the standard fields from the layout attributes
/// and then calls ``apply(_:)`` for a subclass's custom attributes. Subclasses clear their content in
/// ``prepareForReuse()``; both may spend time, which the profiler attributes to the phase.
open class ReusableView {
    /// The identifier the view was dequeued with; `nil` for decoration views.
    ///
    /// `@exclusivity(unchecked)`, as ``dequeuedFor``: written at every dequeue and read at every return to a
    /// pool. Safe: the collection view alone writes them, each access is one assignment or one
    /// read, and no other code runs during any of them.
    public internal(set) var reuseIdentifier: String? {
        @inlinable get { storedReuseIdentifier }
        _modify { yield &storedReuseIdentifier }
    }
    @usableFromInline @exclusivity(unchecked) var storedReuseIdentifier: String?
    /// A copy of the attributes applied last.
    ///
    /// `@exclusivity(unchecked)`, as `appliedSource` and `appliedMutations`: read for every displayed view
    /// on every frame (``CollectionView`` checks whether it still holds an unchanged copy), which made two
    /// dynamic exclusivity checks a view. Safe: only `applyLayoutAttributes(_:)` writes them (the
    /// setter is private), each write is one assignment or `isKnownUniquelyReferenced`, and no other code runs
    /// during any of these accesses (the subclass's `apply(_:)` is called after them), so that no access can
    /// overlap another; a view is used on one thread, its collection view's.
    public private(set) var layoutAttributes: LayoutAttributes? {
        @inlinable get { storedLayoutAttributes }
        _modify { yield &storedLayoutAttributes }
    }
    @usableFromInline @exclusivity(unchecked) var storedLayoutAttributes: LayoutAttributes?
    // The standard fields are read for every held cell on every scroll frame (is it still in the prefetch
    // region?). `@exclusivity(unchecked)` spares those reads their dynamic exclusivity checks, and
    // is safe: each is a trivial value (numbers, a Boolean), which no overlapping access can leave freed or
    // half-written, and only `applyLayoutAttributes` writes them, one plain assignment each. The attribute is
    // on their storage, behind inlinable getters, so that reads from other modules skip the check too (see
    // ``CollectionView/counters``); so are `layoutAttributes` and `reuseIdentifier`.

    /// The untransformed frame, from the layout attributes.
    public private(set) var frame: Rect {
        @inlinable get { storedFrame }
        _modify { yield &storedFrame }
    }
    @usableFromInline @exclusivity(unchecked) var storedFrame: Rect = .zero
    public private(set) var transform3D: Transform3D {
        @inlinable get { storedTransform3D }
        _modify { yield &storedTransform3D }
    }
    @usableFromInline @exclusivity(unchecked) var storedTransform3D: Transform3D = .identity
    public private(set) var alpha: Double {
        @inlinable get { storedAlpha }
        _modify { yield &storedAlpha }
    }
    @usableFromInline @exclusivity(unchecked) var storedAlpha: Double = 1
    public private(set) var zIndex: Int {
        @inlinable get { storedZIndex }
        _modify { yield &storedZIndex }
    }
    @usableFromInline @exclusivity(unchecked) var storedZIndex: Int = 0
    public private(set) var isHidden: Bool {
        @inlinable get { storedIsHidden }
        _modify { yield &storedIsHidden }
    }
    @usableFromInline @exclusivity(unchecked) var storedIsHidden: Bool = false

    /// The element the view was last dequeued for, checked when the data source returns it.
    @exclusivity(unchecked) var dequeuedFor: ElementKey?

    /// The attributes object ``layoutAttributes`` was last copied from, when the copy was equal to it, with
    /// both objects' mutation counts then: while neither changed, the layout handing back that same object
    /// hands back attributes equal to the view's, and the collection view skips comparing them.
    /// Kept only for plain ``LayoutAttributes``, whose every field is counted (a subclass's own fields are
    /// not).
    @exclusivity(unchecked) private var appliedSource: LayoutAttributes?
    @exclusivity(unchecked) private var appliedMutations: (source: UInt, copy: UInt) = (0, 0)

    public required init() {}

    /// The view's center.
    public var center: Point { frame.center }

    /// The view in its own coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// Resets the view before the collection view hands it out again from its reuse pool.
    ///
    /// Called inside `dequeue…`, before it returns. Override to clear content; call `super`.
    open func prepareForReuse() {}

    /// Forgets what the view was measured at, before its own `prepareForReuse()`.
    func resetForReuse() {
        measuredAt = nil
        prepareForReuse()
    }

    /// Applies custom attributes; the standard ones are already set. Override for custom attributes
    /// (check their type first) and call `super`.
    open func apply(_ layoutAttributes: LayoutAttributes) {}

    /// The attributes the view would like, given the layout's `layoutAttributes`: UIKit's
    /// `preferredLayoutAttributesFitting(_:)`, through which a self-sizing cell answers its size.
    ///
    /// The collection view asks every cell it prepares (displayed or prefetched), again when the layout gives it
    /// a size other than the one it was asked at, and after a reconfigure; when the answer differs, the layout
    /// decides through ``CollectionViewLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``.
    /// The default returns `layoutAttributes` unchanged (a view with no size of its own). An override changes a
    /// copy: `let preferred = super.preferredLayoutAttributesFitting(attributes).copy()`, as in UIKit, where
    /// the default "adjusts the size values to accommodate changes made by a self-sizing cell" (Apple's
    /// documentation of `preferredLayoutAttributesFitting(_:)`) and overrides call `super` first.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        layoutAttributes
    }

    /// The size of the attributes the view was last asked its preferred attributes at; `nil` until it was asked,
    /// and again after it is recycled. A layout that gives it another size has it asked again.
    @exclusivity(unchecked) var measuredAt: Size?

    /// Whether the view's attributes are a copy of `attributes`, the very object, equal to it when copied,
    /// and neither has changed since: then they are still equal, without comparing them.
    /// - Complexity: O(1).
    func holdsUnchangedCopy(of attributes: LayoutAttributes) -> Bool {
        guard let source = appliedSource, source === attributes, let stored = layoutAttributes else { return false }
        return attributes.mutations == appliedMutations.source && stored.mutations == appliedMutations.copy
    }

    /// Stores a copy of `attributes`, sets the standard fields and calls ``apply(_:)``.
    ///
    /// The copy of plain ``LayoutAttributes`` goes into the view's previous copy when nothing else holds that
    /// one (the same fields as a new copy, without allocating one); otherwise, and for subclasses, it is a new
    /// object from ``LayoutAttributes/copy()``.
    func applyLayoutAttributes(_ attributes: LayoutAttributes) {
        let plain = type(of: attributes) == LayoutAttributes.self
        let stored: LayoutAttributes
        if plain, isKnownUniquelyReferenced(&layoutAttributes), let previous = layoutAttributes,
           type(of: previous) == LayoutAttributes.self,
           previous.representedElementCategory == attributes.representedElementCategory,
           previous.representedElementKind == attributes.representedElementKind {
            previous.assign(from: attributes)
            stored = previous
        } else {
            stored = attributes.copy()
            layoutAttributes = stored
        }
        if plain && stored.isEqual(to: attributes) {
            appliedSource = attributes
            appliedMutations = (attributes.mutations, stored.mutations)
        } else {
            appliedSource = nil
        }
        frame = stored.frame
        transform3D = stored.transform3D
        alpha = stored.displayedAlpha
        zIndex = stored.zIndex
        isHidden = stored.isHidden
        apply(stored)
    }
}

/// A cell: the engine's `UICollectionViewCell`.
open class CollectionViewCell: ReusableView {
    // Set for every cell displayed, every frame: `@exclusivity(unchecked)` spares each a dynamic exclusivity
    // check. Safe: each is a Boolean, which no overlapping access can leave freed or half-written, and every
    // access is one read or one assignment (an override's observers run after it).
    /// Whether the cell shows as selected; the collection view sets it from its selection before display.
    @exclusivity(unchecked) open var isSelected = false
    /// Whether the cell shows as highlighted (while a finger is down on it).
    @exclusivity(unchecked) open var isHighlighted = false

    public required init() {}
}
