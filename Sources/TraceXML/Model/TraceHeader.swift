/// Everything a trace says before its first event: the collection view, the layout, the data and the
/// app's own per-view costs.
public struct TraceHeader: Hashable, Sendable {
    /// The format version; this module reads and writes version ``TraceHeader/currentVersion``.
    public var version: Int
    /// Free-form key/value pairs (`<meta>`), in document order.
    public var meta: [MetaEntry]
    public var collectionView: CollectionViewConfiguration
    /// Every frame's own interval (`<frame-intervals>`); `nil` when the trace has none, and every frame lasts
    /// 1 / the collection view's refresh rate.
    public var frameIntervals: FrameIntervals?
    public var layout: LayoutDescription
    /// The sections of the data source before the first event (`<data>`).
    public var sections: [SectionDescription]
    /// Main-thread costs of the app's own views (`<workload>`); `nil` when the trace has none.
    public var workload: Workload?

    /// The only trace format version there is.
    public static let currentVersion = 1

    public init(version: Int = TraceHeader.currentVersion, meta: [MetaEntry] = [],
                collectionView: CollectionViewConfiguration, frameIntervals: FrameIntervals? = nil,
                layout: LayoutDescription, sections: [SectionDescription], workload: Workload? = nil) {
        self.version = version
        self.frameIntervals = frameIntervals
        self.meta = meta
        self.collectionView = collectionView
        self.layout = layout
        self.sections = sections
        self.workload = workload
    }
}

/// One `<entry key="…" value="…"/>` of `<meta>`.
public struct MetaEntry: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// The `<collection-view>` element: the view's bounds and its scrolling and selection settings.
public struct CollectionViewConfiguration: Hashable, Sendable {
    /// How fast a fling slows down, as `UIScrollView.DecelerationRate`.
    public enum DecelerationRate: Hashable, Sendable {
        /// 0.998 per millisecond (`"normal"`).
        case normal
        /// 0.99 per millisecond (`"fast"`).
        case fast
        /// Any other factor per millisecond, strictly between 0 and 1 (written as the number).
        case custom(Double)

        /// The factor the velocity is multiplied by every millisecond.
        public var factorPerMillisecond: Double {
            switch self {
            case .normal: 0.998
            case .fast: 0.99
            case .custom(let factor): factor
            }
        }
    }

    /// Width and height of the visible bounds, in points.
    public var size: Size
    /// Frames per second of the recorded display (60 or 120 on today's devices).
    public var refreshRate: Double
    public var contentInset: EdgeInsets
    public var isPagingEnabled: Bool
    public var decelerationRate: DecelerationRate
    public var allowsSelection: Bool
    public var allowsMultipleSelection: Bool
    public var isPrefetchingEnabled: Bool
    /// The safe area's insets (`safe-area`); none by default.
    public var safeArea: EdgeInsets
    /// The view's layout margins (`layout-margins`); 8 points all round by default, as UIKit's.
    public var layoutMargins: EdgeInsets
    /// Pixels per point of the screen (`scale`): 1, 2 (the default) or 3.
    public var displayScale: Int
    /// The user interface's layout direction (`layout-direction`); left to right by default.
    public var layoutDirection: LayoutDirection
    /// The iOS version the session ran on (`ios`, 13…26; 17 by default): it decides what a non-animated
    /// snapshot apply does (a diff from iOS 15 on, `reloadData` before).
    public var iosVersion: Int

    /// The iOS version a trace without `ios` ran on.
    public static let defaultIOSVersion = 17
    /// Whether dragging past an edge rubber-bands and a fling bounces back (`bounces`); true by default, as
    /// `UIScrollView.bounces`.
    public var bounces: Bool
    /// Whether the view bounces vertically even when its content is not taller than it
    /// (`always-bounce-vertical`); false by default, as `UIScrollView.alwaysBounceVertical`.
    public var alwaysBounceVertical: Bool
    /// Whether the view bounces horizontally even when its content is not wider than it
    /// (`always-bounce-horizontal`); false by default, as `UIScrollView.alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal: Bool

    /// The direction of the user interface: `ltr` or `rtl`.
    public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
        case leftToRight = "ltr", rightToLeft = "rtl"
    }

    /// UIKit's default layout margins.
    public static let defaultLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// A configuration with UIKit's defaults for everything but the size.
    public init(size: Size, refreshRate: Double = 60, contentInset: EdgeInsets = .zero,
                isPagingEnabled: Bool = false, decelerationRate: DecelerationRate = .normal,
                allowsSelection: Bool = true, allowsMultipleSelection: Bool = false,
                isPrefetchingEnabled: Bool = true, safeArea: EdgeInsets = .zero,
                layoutMargins: EdgeInsets = CollectionViewConfiguration.defaultLayoutMargins, displayScale: Int = 2,
                layoutDirection: LayoutDirection = .leftToRight, iosVersion: Int = CollectionViewConfiguration.defaultIOSVersion,
                bounces: Bool = true,
                alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false) {
        self.iosVersion = iosVersion
        self.bounces = bounces
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.safeArea = safeArea
        self.layoutMargins = layoutMargins
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.size = size
        self.refreshRate = refreshRate
        self.contentInset = contentInset
        self.isPagingEnabled = isPagingEnabled
        self.decelerationRate = decelerationRate
        self.allowsSelection = allowsSelection
        self.allowsMultipleSelection = allowsMultipleSelection
        self.isPrefetchingEnabled = isPrefetchingEnabled
    }
}

/// A `<layout>` element: the layout's catalogue name and its parameters.
///
/// The parameter set is open — every attribute but `name` belongs to the layout, which interprets it —
/// so parameters are kept as text, in document order. The typed accessors parse a parameter and, when it
/// is malformed, throw an error that points at the layout element.
public struct LayoutDescription: Sendable {
    /// One attribute of the layout element other than `name`.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// An element inside `<layout>`: a layout whose description is a tree (`compositional`'s sections, groups
    /// and items) reads its children. Kept as text, as parameters are; the layout interprets them.
    public struct Element: Hashable, Sendable {
        public var name: String
        /// The attributes in document order; names are unique.
        public var attributes: [Parameter]
        public var children: [Element]
        /// Where the element was read; `nil` for one built in code. Not part of equality.
        public var location: TraceLocation?

        public init(name: String, attributes: [Parameter] = [], children: [Element] = [], location: TraceLocation? = nil) {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.location = location
        }

        /// The text of the attribute called `name`, or `nil`.
        public subscript(name: String) -> String? { attributes.first { $0.name == name }?.value }

        public static func == (lhs: Element, rhs: Element) -> Bool {
            lhs.name == rhs.name && lhs.attributes == rhs.attributes && lhs.children == rhs.children
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(attributes)
            hasher.combine(children)
        }
    }

    public var name: String
    /// The layout's parameters in document order; names are unique.
    public var parameters: [Parameter]
    /// The elements inside `<layout>`, in document order; empty for most layouts.
    public var children: [Element]
    /// Where the element was read; `nil` for a description built in code. Not part of equality.
    public var location: TraceLocation?

    /// The most elements a `<layout>` holds, and how deep they nest.
    public static let elementLimit = 4_096
    public static let depthLimit = 8

    public init(name: String, parameters: [Parameter] = [], children: [Element] = [], location: TraceLocation? = nil) {
        self.name = name
        self.parameters = parameters
        self.children = children
        self.location = location
    }

    /// The text of the parameter called `name`, or `nil` when the trace does not set it.
    ///
    /// - Complexity: O(*n*) in the number of parameters.
    public subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

extension LayoutDescription: Hashable {
    public static func == (lhs: LayoutDescription, rhs: LayoutDescription) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.children == rhs.children
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(children)
    }
}

/// A `<section>` of `<data>` or `<reload-data>`: its item count, optionally each item's size, and the
/// reuse identifier of its cells.
public struct SectionDescription: Hashable, Sendable {
    /// The item count; with ``itemIdentifiers``, their count.
    public var items: Int
    /// The section's identifier in a diffable data source (`id`), or nil.
    public var identifier: String?
    /// The items' identifiers in a diffable data source (`items` holding identifiers rather than a count),
    /// kept as runs; nil when the trace gives a count.
    public var itemIdentifiers: ItemIdentifierList? {
        didSet { if let itemIdentifiers { items = itemIdentifiers.count } }
    }
    /// One size per item when the trace gives them (the `item-sizes` attribute or `<item-sizes>` chunks),
    /// else `nil` (the layout decides); kept as runs of equal sizes.
    public var itemSizes: TraceSizeList?
    /// The reuse identifier of the section's cells; `"cell"` unless the trace says otherwise.
    public var reuseIdentifier: String

    /// The section's own flow metrics, answered through the flow delegate's per-section methods; `nil`
    /// where the trace gives none (the layout's value holds).
    public var flow: FlowMetrics

    /// A section's own flow metrics (`inset`, `minimum-line-spacing`, `minimum-interitem-spacing`,
    /// `header-size`, `footer-size`), each `nil` unless the trace gives it.
    public struct FlowMetrics: Hashable, Sendable {
        public var inset: EdgeInsets?
        public var minimumLineSpacing: Double?
        public var minimumInteritemSpacing: Double?
        public var headerSize: Size?
        public var footerSize: Size?

        public init(inset: EdgeInsets? = nil, minimumLineSpacing: Double? = nil, minimumInteritemSpacing: Double? = nil,
                    headerSize: Size? = nil, footerSize: Size? = nil) {
            self.inset = inset
            self.minimumLineSpacing = minimumLineSpacing
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.headerSize = headerSize
            self.footerSize = footerSize
        }

        /// None given.
        public static let none = FlowMetrics()
    }

    /// Items whose cells never settle on a size (`unstable-items`): each measurement answers the trace's size
    /// and the size plus ``unstableDelta`` in turn. Empty by default.
    public var unstableItems: [Int] = []
    /// How much the size of each of ``unstableItems`` alternates, in points, along the scrolling axis
    /// (`unstable-delta`); 0 by default.
    public var unstableDelta: Double = 0

    public static let defaultReuseIdentifier = "cell"

    public init(items: Int, itemSizes: TraceSizeList? = nil,
                reuseIdentifier: String = SectionDescription.defaultReuseIdentifier, flow: FlowMetrics = .none) {
        self.identifier = nil
        self.itemIdentifiers = nil
        self.items = items
        self.itemSizes = itemSizes
        self.reuseIdentifier = reuseIdentifier
        self.flow = flow
    }

    /// A diffable section: its identifier and its items' identifiers (the count is theirs).
    public init(identifier: String, items: ItemIdentifierList, itemSizes: TraceSizeList? = nil,
                reuseIdentifier: String = SectionDescription.defaultReuseIdentifier, flow: FlowMetrics = .none) {
        self.init(items: items.count, itemSizes: itemSizes, reuseIdentifier: reuseIdentifier, flow: flow)
        self.identifier = identifier
        self.itemIdentifiers = items
    }

    /// A section with one size per item given as an array.
    public init(items: Int, itemSizes: [Size],
                reuseIdentifier: String = SectionDescription.defaultReuseIdentifier, flow: FlowMetrics = .none) {
        self.init(items: items, itemSizes: TraceSizeList(itemSizes), reuseIdentifier: reuseIdentifier, flow: flow)
    }
}

/// The `<workload>` element: what the app's own views cost on the main thread, in milliseconds.
public struct Workload: Hashable, Sendable {
    /// The costs of one kind of reusable view, in milliseconds; zero when the trace does not say.
    public struct Costs: Hashable, Sendable {
        public var create: Double
        public var configure: Double
        public var prepareForReuse: Double
        /// One `preferredLayoutAttributesFitting(_:)` (`measure`): charged on every measurement of a cell.
        public var measure: Double

        public init(create: Double = 0, configure: Double = 0, prepareForReuse: Double = 0, measure: Double = 0) {
            self.measure = measure
            self.create = create
            self.configure = configure
            self.prepareForReuse = prepareForReuse
        }
    }

    /// A `<cell>`: costs of the cells with one reuse identifier.
    public struct Cell: Hashable, Sendable {
        public var reuseIdentifier: String
        public var costs: Costs

        public init(reuseIdentifier: String, costs: Costs) {
            self.reuseIdentifier = reuseIdentifier
            self.costs = costs
        }
    }

    /// A `<supplementary>`: costs of the supplementary views of one kind (`header`, `footer`, …).
    public struct Supplementary: Hashable, Sendable {
        public var kind: String
        public var costs: Costs

        public init(kind: String, costs: Costs) {
            self.kind = kind
            self.costs = costs
        }
    }

    public var cells: [Cell]
    public var supplementaries: [Supplementary]
    /// What diffing a snapshot costs per item of the new snapshot, in milliseconds (`<diffable per-item>`).
    public var diffablePerItem: Double

    /// The default per-item diff cost: 0.00012 ms, building a 10,000-item snapshot's published 1.22 ms (the
    /// ListKit author's release-build measurement of `NSDiffableDataSourceSnapshot`) over its items.
    public static let defaultDiffablePerItem = 0.00012
    /// What a compositional section's visible-items handler costs per visible item, in milliseconds
    /// (`<visible-items-handler per-item>`).
    public var visibleItemsHandlerPerItem: Double

    /// The default per-item handler cost: 0.0005 ms, a carousel's scale computed from the item's distance to
    /// the centre and set as its transform.
    public static let defaultVisibleItemsHandlerPerItem = 0.0005

    public init(cells: [Cell] = [], supplementaries: [Supplementary] = [],
                diffablePerItem: Double = Workload.defaultDiffablePerItem,
                visibleItemsHandlerPerItem: Double = Workload.defaultVisibleItemsHandlerPerItem) {
        self.cells = cells
        self.supplementaries = supplementaries
        self.diffablePerItem = diffablePerItem
        self.visibleItemsHandlerPerItem = visibleItemsHandlerPerItem
    }
}
