public import Foundation
internal import CollectionEngine

/// How a section scrolls across the layout's axis: UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// "default behavior. Section will layout along main layout axis (i.e. configuration.scrollDirection)".
    case none = 0
    /// "NOTE: For each of the remaining cases, the section content will layout orthogonal to the main layout axis".
    case continuous
    /// "Scrolling will come to rest on the leading edge of a group boundary".
    case continuousGroupLeadingBoundary
    /// "UIScrollViewDecelerationRateFast with page size == extent of the collection view's bounds".
    case paging
    /// "Fractional size paging behavior determined by the sections layout group's dimension".
    case groupPaging
    /// "Same of group paging with additional leading and trailing content insets to center each group's contents".
    case groupPagingCentered

    var engine: OrthogonalScrollingBehavior {
        switch self {
        case .none: .none
        case .continuous: .continuous
        case .continuousGroupLeadingBoundary: .continuousGroupLeadingBoundary
        case .paging: .paging
        case .groupPaging: .groupPaging
        case .groupPagingCentered: .groupPagingCentered
        }
    }
}

/// Which of the collection view's insets content insets are measured from: UIKit's `UIContentInsetsReference`.
public enum UIContentInsetsReference: Int, Sendable {
    case automatic = 0, none, safeArea, layoutMargins, readableContent

    var engine: ContentInsetsReference {
        switch self {
        case .automatic: .automatic
        case .none: .none
        case .safeArea: .safeArea
        case .layoutMargins: .layoutMargins
        case .readableContent: .readableContent
        }
    }
}

/// An element the layout is about to display, handed to a section's visible-items handler: UIKit's
/// `NSCollectionLayoutVisibleItem`. What the handler sets is written to the attributes the layout returns.
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var indexPath: Foundation.IndexPath { get }
    var representedElementCategory: UICollectionElementCategory { get }
    var representedElementKind: String? { get }
}

/// The visible item over the engine's attributes: every property reads and writes them.
final class VisibleItem: NSCollectionLayoutVisibleItem {
    let storage: LayoutAttributes
    init(_ storage: LayoutAttributes) { self.storage = storage }

    var alpha: CGFloat {
        get { CGFloat(storage.alpha) }
        set { storage.alpha = Double(newValue) }
    }
    var zIndex: Int {
        get { storage.zIndex }
        set { storage.zIndex = newValue }
    }
    var isHidden: Bool {
        get { storage.isHidden }
        set { storage.isHidden = newValue }
    }
    var center: CGPoint {
        get { CGPoint(storage.center) }
        set { storage.center = newValue.engine }
    }
    var transform3D: CATransform3D {
        get { CATransform3D(storage.transform3D) }
        set { storage.transform3D = newValue.engine }
    }
    var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    var frame: CGRect { CGRect(storage.frame) }
    var bounds: CGRect { CGRect(storage.bounds) }
    var indexPath: Foundation.IndexPath { Foundation.IndexPath(storage.indexPath) }
    var representedElementCategory: UICollectionElementCategory {
        switch storage.representedElementCategory {
        case .cell: .cell
        case .supplementaryView: .supplementaryView
        case .decorationView: .decorationView
        }
    }
    var representedElementKind: String? { storage.representedElementKind }
}

/// A section's visible-items handler: UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// A section: UIKit's `NSCollectionLayoutSection`.
///
/// Converted to the engine's ``LayoutSection`` when the layout asks for it (when the section provider returns
/// it, or at each preparation for a layout made with `init(section:)`), from its properties at that moment.
open class NSCollectionLayoutSection: NSObject, NSCopying, @unchecked Sendable {
    /// The group, copied: "NSCollectionLayoutItem conforms to NSCopying".
    public let group: NSCollectionLayoutGroup
    open var contentInsets = NSDirectionalEdgeInsets.zero
    open var interGroupSpacing: CGFloat = 0
    /// "Default is UIContentInsetsReferenceAutomatic" (the configuration's).
    open var contentInsetsReference = UIContentInsetsReference.automatic
    open var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// "Default is YES": supplementaries follow the section's content insets.
    open var supplementariesFollowContentInsets = true
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Called "right before they are displayed" with the section's visible items.
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    /// The engine's list section, when made by `list(using:layoutEnvironment:)`.
    private var listSection: LayoutSection?

    /// A section of `group`, copied: UIKit's documentation has a group configured first ("After you configure a
    /// group, you must initialize a section (NSCollectionLayoutSection) of your collection view layout with that
    /// group"), and a change made to the group afterwards does not reach the section.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group.copy() as! NSCollectionLayoutGroup
    }

    /// A section of list rows.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let engine = LayoutSection.list(using: configuration.engine, layoutEnvironment: layoutEnvironment.engine)
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                          heightDimension: .estimated(CGFloat(configuration.engine.estimatedRowHeight)))
        let section = NSCollectionLayoutSection(group: .vertical(layoutSize: size,
                                                                 subitems: [NSCollectionLayoutItem(layoutSize: size)]))
        section.listSection = engine
        section.contentInsets = NSDirectionalEdgeInsets(engine.contentInsets)
        section.interGroupSpacing = CGFloat(engine.interGroupSpacing)
        return section
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.contentInsetsReference = contentInsetsReference
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        copy.decorationItems = decorationItems
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        copy.listSection = listSection
        return copy
    }

    /// The engine's section, from the current property values.
    var engine: LayoutSection {
        var section = listSection ?? LayoutSection(group: group.engineGroup)
        if listSection == nil { section.group = group.engineGroup }
        section.contentInsets = contentInsets.compositional
        section.interGroupSpacing = Double(interGroupSpacing)
        section.orthogonalScrollingBehavior = orthogonalScrollingBehavior.engine
        section.boundarySupplementaryItems = (listSection?.boundarySupplementaryItems ?? [])
            + boundarySupplementaryItems.map(\.engine)
        section.decorationItems = (listSection?.decorationItems ?? []) + decorationItems.map(\.engine)
        section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        section.contentInsetsReference = contentInsetsReference == .automatic ? nil : contentInsetsReference.engine
        if let handler = visibleItemsInvalidationHandler {
            section.visibleItemsInvalidationHandler = { attributes, offset, environment in
                handler(attributes.map(VisibleItem.init), CGPoint(offset), EnvironmentValue(environment))
            }
        }
        return section
    }
}

// MARK: Environment

/// The container a section is laid out in: UIKit's `NSCollectionLayoutContainer`.
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told: UIKit's `NSCollectionLayoutEnvironment`.
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

final class ContainerValue: NSCollectionLayoutContainer {
    let value: LayoutEnvironment.Container
    init(_ value: LayoutEnvironment.Container) { self.value = value }
    var contentSize: CGSize { CGSize(value.contentSize) }
    var effectiveContentSize: CGSize { CGSize(value.effectiveContentSize) }
    var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(value.contentInsets) }
    var effectiveContentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(value.contentInsets) }
}

/// The engine's environment under UIKit's names.
final class EnvironmentValue: NSCollectionLayoutEnvironment {
    let engine: LayoutEnvironment
    init(_ engine: LayoutEnvironment) { self.engine = engine }
    var container: any NSCollectionLayoutContainer { ContainerValue(engine.container) }
    var traitCollection: UITraitCollection { UITraitCollection(displayScale: CGFloat(engine.displayScale)) }
}

extension NSCollectionLayoutEnvironment {
    /// The engine's environment: the one the layout made, or one from the container's values.
    var engine: LayoutEnvironment {
        if let value = self as? EnvironmentValue { return value.engine }
        return LayoutEnvironment(container: .init(contentSize: container.contentSize.engine,
                                                  contentInsets: container.contentInsets.compositional),
                                 displayScale: Double(traitCollection.displayScale))
    }
}

// MARK: Lists

/// A list's appearance and its headers and footers: UIKit's `UICollectionLayoutListConfiguration`.
public struct UICollectionLayoutListConfiguration: Sendable {
    public enum Appearance: Int, Sendable {
        case plain = 0, grouped, insetGrouped, sidebar, sidebarPlain
    }
    public enum HeaderMode: Int, Sendable {
        case none = 0, supplementary, firstItemInSection
    }
    public enum FooterMode: Int, Sendable {
        case none = 0, supplementary
    }

    public let appearance: Appearance
    public var showsSeparators = true
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none

    public init(appearance: Appearance) { self.appearance = appearance }

    var engine: ListConfiguration {
        var configuration = ListConfiguration(appearance: {
            switch appearance {
            case .plain: .plain
            case .grouped: .grouped
            case .insetGrouped: .insetGrouped
            case .sidebar: .sidebar
            case .sidebarPlain: .sidebarPlain
            }
        }())
        configuration.showsSeparators = showsSeparators
        configuration.headerMode = ListConfiguration.HeaderMode(rawValue: headerModeName) ?? .none
        configuration.footerMode = footerMode == .supplementary ? .supplementary : .none
        return configuration
    }

    private var headerModeName: String {
        switch headerMode {
        case .none: "none"
        case .supplementary: "supplementary"
        case .firstItemInSection: "first-item-in-section"
        }
    }
}
