public import CollectionEngine

/// The book's Dimensions layout (ch. 4, Listings 4.13–4.25): a flow layout whose attributes carry a layout
/// mode — photos shown aspect-fit or square — that a tap toggles, animated over 0.5 s.
///
/// The mode is a custom field of ``DimensionsLayoutAttributes``: the cell reads it to size its image view,
/// so a change of mode moves no frame but changes every cell's attributes. The book's view controller
/// toggles it from a segmented control inside `UIView.animate(withDuration: 0.5)`; here a tap on the
/// collection view does (after the collection view's own selection), and the change animates as an empty
/// batch update of 0.5 s, the engine's model of an invalidation inside an animation block.
open class DimensionsFlowLayout: FlowLayout, LayoutInteractionHandling {
    /// How cells show their photo.
    public enum LayoutMode: String, Hashable, Sendable, CaseIterable {
        /// The whole photo, letterboxed in the cell (the book's `AFCollectionViewLayoutModeAspectFit`).
        case aspectFit = "aspect-fit"
        /// The photo filling the square cell (the book's `AFCollectionViewLayoutModeAspectFill`).
        case square

        /// The other mode.
        public var toggled: LayoutMode { self == .aspectFit ? .square : .aspectFit }
    }

    /// The length of the animated change of mode, as the book's animation block.
    public static let toggleDuration = 0.5

    /// The mode of every item the delegate does not choose for; setting it invalidates the layout
    /// (Listing 4.21).
    public var layoutMode = LayoutMode.aspectFit {
        didSet { if layoutMode != oldValue { invalidateLayout() } }
    }

    open override class var layoutAttributesClass: LayoutAttributes.Type { DimensionsLayoutAttributes.self }

    /// A layout with the book's configuration (Listing 4.16): 140 × 140 items, insets and spacings 13.
    public override init() {
        super.init()
        itemSize = Size(width: 140, height: 140)
        sectionInset = EdgeInsets(top: 13, left: 13, bottom: 13, right: 13)
        minimumInteritemSpacing = 13
        minimumLineSpacing = 13
    }

    // MARK: Queries

    /// Flow's elements, each cell carrying the layout mode (Listing 4.22).
    /// - Complexity: O(log n + k), as flow's, for n items and k results.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let elements = super.layoutAttributesForElements(in: rect)
        for attributes in elements { applyLayoutMode(attributes) }
        return elements
    }

    /// Flow's item, carrying the layout mode (Listing 4.22).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
        applyLayoutMode(attributes)
        return attributes
    }

    /// Sets a cell's mode: the layout's, or the delegate's for the item when it chooses (Listing 4.23).
    func applyLayoutMode(_ attributes: LayoutAttributes) {
        guard attributes.representedElementCategory == .cell,
              let attributes = attributes as? DimensionsLayoutAttributes else { return }
        attributes.layoutMode = layoutMode
        if let collectionView, let delegate = collectionView.delegate as? any DimensionsFlowLayoutDelegate {
            attributes.layoutMode = delegate.collectionView(collectionView, layout: self,
                                                            layoutModeForItemAt: attributes.indexPath)
        }
    }

    // MARK: Interaction

    /// Toggles the layout mode and animates the change over ``toggleDuration`` (the book's segmented
    /// control, Listing 4.25).
    ///
    /// The collection view has already hit-tested the tap and selected the cell under it, as UIKit does.
    /// - Complexity: O(k) for k displayed elements.
    public func collectionView(_ collectionView: CollectionView, tapAt location: Point) {
        toggleLayoutMode(animated: true)
    }

    /// Switches to the other mode, animating every displayed cell from its attributes to the new ones when
    /// `animated`.
    /// - Complexity: O(k) for k displayed elements.
    public func toggleLayoutMode(animated: Bool) {
        layoutMode = layoutMode.toggled
        guard animated, let collectionView else { return }
        do {
            try collectionView.performBatchUpdates([], animated: true, duration: Self.toggleDuration)
        } catch {
            // An empty batch fails only when the data changed without telling the collection view; the
            // invalidation then shows the new mode at the next layout pass, without animation.
        }
    }
}
