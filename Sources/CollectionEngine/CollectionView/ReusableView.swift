/// A view the collection view displays and recycles: the engine's `UICollectionReusableView`.
///
/// Headless: a view is its state. The collection view sets the standard fields from the layout attributes
/// and then calls ``apply(_:)`` for a subclass's custom attributes. Subclasses clear their content in
/// ``prepareForReuse()``; both may spend time, which the profiler attributes to the phase.
open class ReusableView {
    /// The identifier the view was dequeued with; `nil` for decoration views.
    public internal(set) var reuseIdentifier: String?
    /// A copy of the attributes applied last.
    public private(set) var layoutAttributes: LayoutAttributes?
    /// The untransformed frame, from the layout attributes.
    public private(set) var frame: Rect = .zero
    public private(set) var transform3D: Transform3D = .identity
    public private(set) var alpha: Double = 1
    public private(set) var zIndex: Int = 0
    public private(set) var isHidden = false

    /// The element the view was last dequeued for, checked when the data source returns it.
    var dequeuedFor: ElementKey?

    public required init() {}

    /// The view's center.
    public var center: Point { frame.center }

    /// The view in its own coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// Resets the view before the collection view hands it out again from its reuse pool.
    ///
    /// Called inside `dequeue…`, before it returns. Override to clear content; call `super`.
    open func prepareForReuse() {}

    /// Applies custom attributes; the standard ones are already set. Override for custom attributes
    /// (check their type first) and call `super`.
    open func apply(_ layoutAttributes: LayoutAttributes) {}

    /// Stores a copy of `attributes`, sets the standard fields and calls ``apply(_:)``.
    func applyLayoutAttributes(_ attributes: LayoutAttributes) {
        let stored = attributes.copy()
        layoutAttributes = stored
        frame = stored.frame
        transform3D = stored.transform3D
        alpha = stored.alpha
        zIndex = stored.zIndex
        isHidden = stored.isHidden
        apply(stored)
    }
}

/// A cell: the engine's `UICollectionViewCell`.
open class CollectionViewCell: ReusableView {
    /// Whether the cell shows as selected; the collection view sets it from its selection before display.
    open var isSelected = false
    /// Whether the cell shows as highlighted (while a finger is down on it).
    open var isHighlighted = false

    public required init() {}
}
