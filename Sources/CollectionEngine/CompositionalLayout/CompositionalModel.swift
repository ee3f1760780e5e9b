/// The description a ``CompositionalLayout`` lays out: UIKit's `NSCollectionLayout…` vocabulary as values.
///
/// Semantics follow the comments of UIKit's `UICollectionViewCompositionalLayout.h`, quoted where each rule
/// is implemented.

/// One axis of a ``LayoutSize``: UIKit's `NSCollectionLayoutDimension`.
public struct LayoutDimension: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A fraction of the containing group's width: "computed as a fraction of the width of the containing
        /// group".
        case fractionalWidth = "fractional-width"
        /// A fraction of the containing group's height.
        case fractionalHeight = "fractional-height"
        /// A length in points.
        case absolute
        /// A length in points until the view is measured: "Actual size will be determined when the content is
        /// rendered".
        case estimated
    }

    public var kind: Kind
    public var value: Double

    public init(_ kind: Kind, _ value: Double) {
        self.kind = kind
        self.value = value
    }

    public static func fractionalWidth(_ fraction: Double) -> LayoutDimension { LayoutDimension(.fractionalWidth, fraction) }
    public static func fractionalHeight(_ fraction: Double) -> LayoutDimension { LayoutDimension(.fractionalHeight, fraction) }
    public static func absolute(_ points: Double) -> LayoutDimension { LayoutDimension(.absolute, points) }
    public static func estimated(_ points: Double) -> LayoutDimension { LayoutDimension(.estimated, points) }

    public var isEstimated: Bool { kind == .estimated }

    /// As written in a trace: `fractional-width 0.5`, `absolute 44`, `estimated 44`.
    public var description: String { "\(kind.rawValue) \(value)" }
}

/// A width and a height: UIKit's `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
    public var width: LayoutDimension
    public var height: LayoutDimension

    public init(width: LayoutDimension, height: LayoutDimension) {
        self.width = width
        self.height = height
    }
}

/// Insets whose horizontal edges follow the layout direction: UIKit's `NSDirectionalEdgeInsets`.
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all inset: Double) { self.init(top: inset, leading: inset, bottom: inset, trailing: inset) }

    public static let zero = DirectionalEdgeInsets()

    /// The insets in `direction`: leading is left from left to right, right from right to left.
    public func edgeInsets(in direction: LayoutDirection) -> EdgeInsets {
        direction == .rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }

    public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}

/// Space between an item and its neighbours: UIKit's `NSCollectionLayoutSpacing`.
public enum LayoutSpacing: Hashable, Sendable {
    /// Exactly this many points ("i.e. ==").
    case fixed(Double)
    /// At least this many points ("i.e. >="); "Flexible spacing can be used to apportion remaining space after
    /// items are laid out".
    case flexible(Double)

    /// The points the spacing takes at least.
    public var minimum: Double {
        switch self {
        case .fixed(let points), .flexible(let points): points
        }
    }

    public var isFlexible: Bool { if case .flexible = self { true } else { false } }
}

/// Spacing outside an item's edges: UIKit's `NSCollectionLayoutEdgeSpacing`. A `nil` edge has none.
public struct LayoutEdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?

    public init(leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
                bottom: LayoutSpacing? = nil) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// A leaf of a group: UIKit's `NSCollectionLayoutItem`, one cell.
public struct LayoutItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    /// "adjust the final size of the item after layout is computed"; "ignored for any axis with an .estimated
    /// dimension".
    public var contentInsets: DirectionalEdgeInsets
    public var edgeSpacing: LayoutEdgeSpacing?

    public init(layoutSize: LayoutSize, contentInsets: DirectionalEdgeInsets = .zero,
                edgeSpacing: LayoutEdgeSpacing? = nil) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }
}

/// Where a custom group puts one item: a frame relative to the group's origin ("{0,0} relative to this
/// group's geometry") and a z-index. UIKit's `NSCollectionLayoutGroupCustomItem`.
public struct LayoutGroupCustomItem: Hashable, Sendable {
    public var frame: Rect
    public var zIndex: Int

    public init(frame: Rect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// What a layout's closures are given: the container and the traits. UIKit's
/// `NSCollectionLayoutEnvironment`.
public struct LayoutEnvironment: Hashable, Sendable {
    /// UIKit's `NSCollectionLayoutContainer`.
    public struct Container: Hashable, Sendable {
        /// The "resolved size of container (before any insets are applied)".
        public var contentSize: Size
        public var contentInsets: DirectionalEdgeInsets
        /// The size "after insets are applied".
        public var effectiveContentSize: Size {
            Size(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
                 height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
        }

        public init(contentSize: Size, contentInsets: DirectionalEdgeInsets = .zero) {
            self.contentSize = contentSize
            self.contentInsets = contentInsets
        }
    }

    public var container: Container
    public var displayScale: Double
    public var layoutDirection: LayoutDirection

    public init(container: Container, displayScale: Double = 2, layoutDirection: LayoutDirection = .leftToRight) {
        self.container = container
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
    }
}

/// A run of items laid out together: UIKit's `NSCollectionLayoutGroup`. A group is itself an item of the
/// group that contains it, so groups nest.
public struct LayoutGroup: @unchecked Sendable {
    /// How the group arranges its subitems.
    public enum Arrangement {
        /// Side by side along x.
        case horizontal
        /// Stacked along y.
        case vertical
        /// Where the provider says: "called with the group's current geometry".
        case custom((LayoutEnvironment) -> [LayoutGroupCustomItem])
    }

    public var layoutSize: LayoutSize
    public var arrangement: Arrangement
    /// The subitems, in order. With ``count``, the single subitem repeated.
    public var subitems: [LayoutGroupElement]
    /// `horizontal(layoutSize:subitem:count:)`: "N items equally sized along the horizontal axis"; `nil` for
    /// the `subitems:` form, which "will repeat items until available horizontal space is exhausted".
    public var count: Int?
    public var interItemSpacing: LayoutSpacing?
    public var contentInsets: DirectionalEdgeInsets
    public var edgeSpacing: LayoutEdgeSpacing?

    public init(layoutSize: LayoutSize, arrangement: Arrangement, subitems: [LayoutGroupElement], count: Int? = nil,
                interItemSpacing: LayoutSpacing? = nil, contentInsets: DirectionalEdgeInsets = .zero,
                edgeSpacing: LayoutEdgeSpacing? = nil) {
        self.layoutSize = layoutSize
        self.arrangement = arrangement
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }

    public static func horizontal(layoutSize: LayoutSize, subitem: LayoutGroupElement, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count)
    }

    public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutGroupElement]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems)
    }

    public static func vertical(layoutSize: LayoutSize, subitem: LayoutGroupElement, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], count: count)
    }

    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutGroupElement]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems)
    }

    public static func custom(layoutSize: LayoutSize,
                              itemProvider: @escaping (LayoutEnvironment) -> [LayoutGroupCustomItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [])
    }
}

/// A subitem of a group: an item or a nested group.
public indirect enum LayoutGroupElement: @unchecked Sendable {
    case item(LayoutItem)
    case group(LayoutGroup)
}

/// Where a boundary supplementary sits on its section or layout: UIKit's `NSRectAlignment`.
public enum RectAlignment: String, Hashable, Sendable, CaseIterable {
    case none, top
    case topLeading = "top-leading"
    case leading
    case bottomLeading = "bottom-leading"
    case bottom
    case bottomTrailing = "bottom-trailing"
    case trailing
    case topTrailing = "top-trailing"
}

/// A header, footer or other view on an edge of a section or of the whole layout: UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`.
public struct LayoutBoundarySupplementaryItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    public var elementKind: String
    public var alignment: RectAlignment
    public var absoluteOffset: Point
    /// "will automatically extend the content area of the host geometry"; `true` by default.
    public var extendsBoundary: Bool
    /// Keeps the view "visible while any portion of the host geometry (e.g. section) is visible"; `false` by
    /// default.
    public var pinToVisibleBounds: Bool
    public var zIndex: Int
    public var contentInsets: DirectionalEdgeInsets

    public init(layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment, absoluteOffset: Point = .zero,
                extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false, zIndex: Int = 1,
                contentInsets: DirectionalEdgeInsets = .zero) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
        self.absoluteOffset = absoluteOffset
        self.extendsBoundary = extendsBoundary
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
}

/// A view behind a section: UIKit's `NSCollectionLayoutDecorationItem`.
public struct LayoutDecorationItem: Hashable, Sendable {
    public var elementKind: String
    public var contentInsets: DirectionalEdgeInsets
    /// 0 by default: "all other section items will be automatically be promoted to zIndex=1".
    public var zIndex: Int

    public init(elementKind: String, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int = 0) {
        self.elementKind = elementKind
        self.contentInsets = contentInsets
        self.zIndex = zIndex
    }

    /// `backgroundDecorationItem(elementKind:)`.
    public static func background(elementKind: String) -> LayoutDecorationItem {
        LayoutDecorationItem(elementKind: elementKind)
    }
}

/// How a section scrolls across the main axis: UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
    /// "lays out along the main axis" (the default).
    case none
    /// "Standard scroll view behavior: UIScrollViewDecelerationRateNormal".
    case continuous
    /// "Scrolling will come to rest on the leading edge of a group boundary".
    case continuousGroupLeadingBoundary = "continuous-group-leading-boundary"
    /// "UIScrollViewDecelerationRateFast with page size == extent of the collection view's bounds".
    case paging
    /// "Fractional size paging behavior determined by the sections layout group's dimension".
    case groupPaging = "group-paging"
    /// Group paging "with additional leading and trailing content insets to center each group's contents".
    case groupPagingCentered = "group-paging-centered"
}

/// Which of the collection view's insets a section's content insets are measured from: UIKit's
/// `UIContentInsetsReference`.
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
    case automatic, none
    case safeArea = "safe-area"
    case layoutMargins = "layout-margins"
    case readableContent = "readable-content"
}

/// Runs on every layout pass with the section's visible items, their attributes mutable, "to allow
/// modification of item properties right before they are displayed": UIKit's
/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler` (visible items, content offset, environment).
public typealias VisibleItemsInvalidationHandler = ([LayoutAttributes], Point, LayoutEnvironment) -> Void

/// A section: a group repeated over its items, with insets, spacing, supplementaries and decorations. UIKit's
/// `NSCollectionLayoutSection`.
public struct LayoutSection {
    public var group: LayoutGroup
    public var contentInsets: DirectionalEdgeInsets = .zero
    public var interGroupSpacing = 0.0
    public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
    public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
    public var decorationItems: [LayoutDecorationItem] = []
    /// `true` by default.
    public var supplementariesFollowContentInsets = true
    /// `nil`: the configuration's.
    public var contentInsetsReference: ContentInsetsReference?
    public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?

    public init(group: LayoutGroup) { self.group = group }
}

/// Layout-wide settings: UIKit's `UICollectionViewCompositionalLayoutConfiguration`.
public struct CompositionalLayoutConfiguration: Hashable, Sendable {
    public var scrollDirection = FlowLayout.ScrollDirection.vertical
    public var interSectionSpacing = 0.0
    public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
    /// `.safeArea` by default (iOS 14).
    public var contentInsetsReference = ContentInsetsReference.safeArea

    public init() {}
}

/// A list's look: UIKit's `UICollectionLayoutListConfiguration`.
public struct ListConfiguration: Hashable, Sendable {
    public enum Appearance: String, Hashable, Sendable, CaseIterable {
        case plain, grouped
        case insetGrouped = "inset-grouped"
        case sidebar
        case sidebarPlain = "sidebar-plain"
    }

    /// Whether a section's header or footer is a supplementary view, the first item, or absent.
    public enum HeaderMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary
        case firstItemInSection = "first-item-in-section"
    }

    public enum FooterMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary
    }

    public var appearance: Appearance
    public var showsSeparators = true
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none
    /// The rows' estimated height; rows size themselves from it.
    public var estimatedRowHeight = 44.0

    public init(appearance: Appearance) { self.appearance = appearance }
}
