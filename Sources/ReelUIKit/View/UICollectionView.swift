public import Foundation
internal import CollectionEngine

/// The collection view a layout reads: the parts of UIKit's `UICollectionView` a layout uses, over the engine's
/// collection view.
///
/// A layout reaches it through ``UICollectionViewLayout/collectionView``; it is valid while the layout is
/// installed (keep it in a local, not in a property).
///
/// https://developer.apple.com/documentation/uikit/uicollectionview
public final class UICollectionView: NSObject {
    /// The axis along which content scrolls.
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// The category of an element: UIKit's `UICollectionView.ElementCategory`.
    public typealias ElementCategory = UICollectionElementCategory

    /// The kind of a flow layout's section headers.
    public static let elementKindSectionHeader = CollectionView.elementKindSectionHeader
    /// The kind of a flow layout's section footers.
    public static let elementKindSectionFooter = CollectionView.elementKindSectionFooter

    /// The engine's view: unretained, as the layout that hands this out is the engine view's, which clears it
    /// before it goes.
    unowned(unsafe) let view: CollectionView
    /// The layout that made this facade.
    unowned(unsafe) let owner: UICollectionViewLayout

    /// The pan gesture of the view's scrolling.
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The trait collection: the display scale.
    public var traitCollection: UITraitCollection { UITraitCollection(displayScale: CGFloat(view.displayScale)) }

    private var assignedDelegate: (any UICollectionViewDelegate)?
    private var bridgedDelegate: DelegateBridge?

    init(view: CollectionView, layout: UICollectionViewLayout) {
        self.view = view
        self.owner = layout
        panGestureRecognizer = UIPanGestureRecognizer(view: view)
        super.init()
    }

    // MARK: Geometry

    /// The visible rectangle in content coordinates.
    public var bounds: CGRect { CGRect(view.bounds) }
    /// The view's frame.
    public var frame: CGRect { CGRect(view.frame) }
    /// The offset of the content's origin from the view's.
    public var contentOffset: CGPoint { CGPoint(view.contentOffset) }
    /// The size of the content, as the layout reported it.
    public var contentSize: CGSize { CGSize(view.contentSize) }
    /// The insets around the content.
    public var contentInset: UIEdgeInsets { UIEdgeInsets(view.contentInset) }
    /// The insets the content is laid out within: the content inset plus the safe area on each axis whose
    /// content is larger than the view (UIKit's automatic adjustment outside navigation and tab bar controllers).
    public var adjustedContentInset: UIEdgeInsets { UIEdgeInsets(view.adjustedContentInset) }
    /// The safe area's insets.
    public var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(view.safeAreaInsets) }
    /// The layout margins; 8 points on every edge by default.
    public var layoutMargins: UIEdgeInsets { UIEdgeInsets(view.layoutMargins) }
    /// The direction content runs in.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        view.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    // MARK: Data

    /// The number of sections.
    public var numberOfSections: Int { view.numberOfSections }

    /// The number of items in `section`.
    public func numberOfItems(inSection section: Int) -> Int { view.numberOfItems(inSection: section) }

    /// The layout installed in the view: the UIKit layout that is the engine's current one, else the layout
    /// that reads this.
    public var collectionViewLayout: UICollectionViewLayout { view.collectionViewLayout.bridgedUIKitLayout ?? owner }

    /// The delegate: the one assigned, else the replay's, which answers `UICollectionViewDelegateFlowLayout`'s
    /// sizes and metrics for any layout.
    public var delegate: (any UICollectionViewDelegate)? {
        get {
            if let assignedDelegate { return assignedDelegate }
            guard let engineDelegate = view.delegate as? any FlowLayoutDelegate else { return nil }
            if let bridgedDelegate, bridgedDelegate.delegate === engineDelegate { return bridgedDelegate }
            let made = DelegateBridge(delegate: engineDelegate, view: view)
            bridgedDelegate = made
            return made
        }
        set { assignedDelegate = newValue }
    }

    // MARK: Scrolling

    /// Whether a finger is dragging the content.
    public var isDragging: Bool { view.isDragging }
    /// Whether a finger is on the content (dragging it).
    public var isTracking: Bool { view.isDragging }
    /// Whether the content moves after the finger lifted.
    public var isDecelerating: Bool { view.isDecelerating }

    /// The index paths of the visible items, in no particular order.
    public var indexPathsForVisibleItems: [Foundation.IndexPath] { view.indexPathsForVisibleItems.map(Foundation.IndexPath.init) }

    /// The attributes of the item at `indexPath`, from the layout.
    public func layoutAttributesForItem(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }
}
