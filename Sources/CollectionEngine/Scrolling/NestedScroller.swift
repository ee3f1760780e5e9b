/// A part of a layout's content that scrolls on its own along one axis, inside the collection view: what
/// UIKit builds for a compositional section with an `orthogonalScrollingBehavior`, an embedded scroll view
/// holding the section's cells.
///
/// A layout describes its scrollers (``CollectionViewLayout/nestedScroller(containing:)``,
/// ``CollectionViewLayout/nestedScroller(withID:)``); the collection view keeps each one's offset
/// (``CollectionView/nestedScrollOffset(of:)``), moves it under a drag that begins inside it, decelerates and
/// snaps it (``CollectionViewLayout/targetOffset(forNestedScroller:proposedOffset:velocity:)``), and
/// displays, reuses and prefetches the cells its layout places with that offset. Any layout can have them.
public struct NestedScroller: Hashable, Sendable {
    /// The scroller's identity, stable across layout passes (a compositional layout uses the section index).
    public var id: Int
    /// The region the scroller shows, in the collection view's content coordinates; its own offset does not
    /// move it.
    public var frame: Rect
    /// The axis it scrolls along.
    public var axis: FlowLayout.ScrollDirection
    /// The length of its content along ``axis``: offsets range from 0 to `contentLength` minus the frame's
    /// extent along the axis (and are 0 when the content fits).
    public var contentLength: Double
    /// How fast a fling slows down.
    public var decelerationRate: DecelerationRate

    public init(id: Int, frame: Rect, axis: FlowLayout.ScrollDirection, contentLength: Double,
                decelerationRate: DecelerationRate) {
        self.id = id
        self.frame = frame
        self.axis = axis
        self.contentLength = contentLength
        self.decelerationRate = decelerationRate
    }

    /// The largest offset: the content's length past the frame's extent along the axis, or 0.
    public var maximumOffset: Double {
        max(0, contentLength - (axis == .horizontal ? frame.size.width : frame.size.height))
    }
}
