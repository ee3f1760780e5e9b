public import Foundation
internal import CollectionEngine

// UIKit's compositional layout description, as reference types (as in UIKit), converted to the engine's value
// model (``LayoutSection`` and the types it holds) when the layout asks a section provider for a section: the
// values an app observes are those its objects hold when it returns them.

// MARK: Dimensions and sizes

/// One dimension of a size: UIKit's `NSCollectionLayoutDimension`.
///
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension
open class NSCollectionLayoutDimension: NSObject, NSCopying, @unchecked Sendable {
    let value: LayoutDimension

    /// "dimension is computed as a fraction of the width of the containing group".
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.fractionalWidth(Double(fractionalWidth))) }
    /// "dimension is computed as a fraction of the height of the containing group".
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.fractionalHeight(Double(fractionalHeight))) }
    /// "dimension with an absolute point value".
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.absolute(Double(absoluteDimension))) }
    /// "dimension is estimated with a point value. Actual size will be determined when the content is rendered."
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.estimated(Double(estimatedDimension))) }

    init(_ value: LayoutDimension) { self.value = value }

    open var isFractionalWidth: Bool { value.kind == .fractionalWidth }
    open var isFractionalHeight: Bool { value.kind == .fractionalHeight }
    open var isAbsolute: Bool { value.kind == .absolute }
    open var isEstimated: Bool { value.kind == .estimated }
    /// The fraction or the points.
    open var dimension: CGFloat { CGFloat(value.value) }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    open override var description: String { value.description }
}

/// A width and a height: UIKit's `NSCollectionLayoutSize`.
open class NSCollectionLayoutSize: NSObject, NSCopying, @unchecked Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    var engine: LayoutSize { LayoutSize(width: widthDimension.value, height: heightDimension.value) }
}

// MARK: Spacing

/// Space between items: UIKit's `NSCollectionLayoutSpacing`.
open class NSCollectionLayoutSpacing: NSObject, NSCopying, @unchecked Sendable {
    let value: LayoutSpacing
    init(_ value: LayoutSpacing) { self.value = value }

    /// "i.e. ==".
    open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(.fixed(Double(fixedSpacing))) }
    /// "i.e. >=".
    open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(.flexible(Double(flexibleSpacing))) }

    open var spacing: CGFloat { CGFloat(value.minimum) }
    open var isFlexibleSpacing: Bool { value.isFlexible }
    open var isFixedSpacing: Bool { !value.isFlexible }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Spacing around an item: UIKit's `NSCollectionLayoutEdgeSpacing`.
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying, @unchecked Sendable {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
                trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    var engine: LayoutEdgeSpacing {
        LayoutEdgeSpacing(leading: leading?.value, top: top?.value, trailing: trailing?.value, bottom: bottom?.value)
    }
}

extension NSDirectionalEdgeInsets {
    var compositional: DirectionalEdgeInsets {
        DirectionalEdgeInsets(top: Double(top), leading: Double(leading), bottom: Double(bottom), trailing: Double(trailing))
    }

    init(_ insets: DirectionalEdgeInsets) {
        self.init(top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
                  trailing: CGFloat(insets.trailing))
    }
}

// MARK: Items and groups

/// An item: UIKit's `NSCollectionLayoutItem`.
open class NSCollectionLayoutItem: NSObject, NSCopying, @unchecked Sendable {
    public let layoutSize: NSCollectionLayoutSize
    open var contentInsets = NSDirectionalEdgeInsets.zero
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }

    /// Supplementaries attached to the item are not modelled: always empty.
    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem] { [] }

    /// "NSCollectionLayoutItem conforms to NSCopying": a copy with the same properties.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        return copy
    }

    /// The engine's element for this item.
    var engineElement: LayoutGroupElement {
        .item(LayoutItem(layoutSize: layoutSize.engine, contentInsets: contentInsets.compositional,
                         edgeSpacing: edgeSpacing?.engine))
    }
}

/// A supplementary view: UIKit's `NSCollectionLayoutSupplementaryItem` (the base of boundary supplementaries).
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    open var zIndex = 1

    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// An item of a custom group: UIKit's `NSCollectionLayoutGroupCustomItem`.
open class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying, @unchecked Sendable {
    public let frame: CGRect
    public let zIndex: Int

    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The custom group's provider: UIKit's `NSCollectionLayoutGroupCustomItemProvider`.
public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// A group of items: UIKit's `NSCollectionLayoutGroup`, itself an item of the group that holds it.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem, @unchecked Sendable {
    enum Form {
        case horizontal, vertical
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }

    let form: Form
    let count: Int?
    /// The subitems, copied when the group is made, as UIKit's groups copy theirs.
    public let subitems: [NSCollectionLayoutItem]
    /// The spacing between items along the group's axis.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(layoutSize: NSCollectionLayoutSize, form: Form, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.form = form
        self.count = count
        // "NSCollectionLayoutItem conforms to NSCopying": a group keeps copies, so later changes to an item do
        // not reach groups made before them.
        self.subitems = subitems.map { $0.copy() as! NSCollectionLayoutItem }
        super.init(layoutSize: layoutSize)
    }

    /// "Specifies a group that will have N items equally sized along the horizontal axis."
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
                               count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, form: .horizontal, subitems: [subitem], count: count)
    }

    /// "Will repeat items until available horizontal space is exhausted."
    open class func horizontal(layoutSize: NSCollectionLayoutSize,
                               subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, form: .horizontal, subitems: subitems, count: nil)
    }

    /// "Specifies a group that will have N items equally sized along the vertical axis."
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
                             count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, form: .vertical, subitems: [subitem], count: count)
    }

    /// "Will repeat items until available vertical space is exhausted."
    open class func vertical(layoutSize: NSCollectionLayoutSize,
                             subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, form: .vertical, subitems: subitems, count: nil)
    }

    /// iOS 16's name for `horizontal(layoutSize:subitem:count:)`: `count` copies of `repeatingSubitem`.
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                               count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    /// iOS 16's name for `vertical(layoutSize:subitem:count:)`.
    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                             count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    /// A group whose items are where `itemProvider` puts them.
    open class func custom(layoutSize: NSCollectionLayoutSize,
                           itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, form: .custom(itemProvider), subitems: [], count: nil)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(layoutSize: layoutSize, form: form, subitems: subitems, count: count)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        copy.interItemSpacing = interItemSpacing
        return copy
    }

    /// The engine's group.
    var engineGroup: LayoutGroup {
        let arrangement: LayoutGroup.Arrangement
        switch form {
        case .horizontal: arrangement = .horizontal
        case .vertical: arrangement = .vertical
        case .custom(let provider):
            arrangement = .custom { environment in
                provider(EnvironmentValue(environment)).map {
                    LayoutGroupCustomItem(frame: $0.frame.engine, zIndex: $0.zIndex)
                }
            }
        }
        return LayoutGroup(layoutSize: layoutSize.engine, arrangement: arrangement,
                           subitems: subitems.map(\.engineElement), count: count,
                           interItemSpacing: interItemSpacing?.value, contentInsets: contentInsets.compositional,
                           edgeSpacing: edgeSpacing?.engine)
    }

    override var engineElement: LayoutGroupElement { .group(engineGroup) }
}

// MARK: Supplementaries and decorations

/// Where a boundary supplementary sits: UIKit's `NSRectAlignment`.
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    var engine: RectAlignment {
        switch self {
        case .none: .none
        case .top: .top
        case .topLeading: .topLeading
        case .leading: .leading
        case .bottomLeading: .bottomLeading
        case .bottom: .bottom
        case .bottomTrailing: .bottomTrailing
        case .trailing: .trailing
        case .topTrailing: .topTrailing
        }
    }
}

/// A header, footer or other view on an edge of a section or the layout: UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem, @unchecked Sendable {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// "Default is YES. This will automatically extend the content area of the host geometry."
    open var extendsBoundary = true
    /// "Default is NO. When YES, the item will stay visible while any portion of the host geometry is visible."
    open var pinToVisibleBounds = false

    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment,
                absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: layoutSize, elementKind: elementKind,
                                                               alignment: alignment, absoluteOffset: offset)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        copy.zIndex = zIndex
        copy.extendsBoundary = extendsBoundary
        copy.pinToVisibleBounds = pinToVisibleBounds
        return copy
    }

    var engine: LayoutBoundarySupplementaryItem {
        LayoutBoundarySupplementaryItem(layoutSize: layoutSize.engine, elementKind: elementKind,
                                        alignment: alignment.engine, absoluteOffset: offset.engine,
                                        extendsBoundary: extendsBoundary, pinToVisibleBounds: pinToVisibleBounds,
                                        zIndex: zIndex, contentInsets: contentInsets.compositional)
    }
}

/// A view behind a section: UIKit's `NSCollectionLayoutDecorationItem`.
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    /// "Default is 0; all other section items will be automatically be promoted to zIndex=1".
    open var zIndex = 0

    /// A view behind the whole section.
    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                      heightDimension: .fractionalHeight(1)))
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutDecorationItem(elementKind: elementKind)
        copy.contentInsets = contentInsets
        copy.zIndex = zIndex
        return copy
    }

    var engine: LayoutDecorationItem {
        LayoutDecorationItem(elementKind: elementKind, contentInsets: contentInsets.compositional, zIndex: zIndex)
    }
}
