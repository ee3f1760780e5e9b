/// Every element and attribute name of the format, so the reader compares libxml2's interned name
/// pointers instead of strings.
enum XMLName: String, CaseIterable {
    // Elements.
    case trace, meta, entry
    case collectionView = "collection-view"
    case frameIntervals = "frame-intervals"
    case layout, data, section, workload, cell, supplementary, events
    case scroll, drag, tap
    case orthogonalScroll = "orthogonal-scroll"
    case longPress = "long-press"
    case menu, pinch, batch
    case deleteItems = "delete-items"
    case reloadItems = "reload-items"
    case moveItem = "move-item"
    case insertItems = "insert-items"
    case insertSection = "insert-section"
    case deleteSection = "delete-section"
    case reloadSection = "reload-section"
    case moveSection = "move-section"
    case reloadData = "reload-data"
    case scrollToItem = "scroll-to-item"
    case select, deselect
    case setLayout = "set-layout"
    case transition, resize, marker
    case apply, diffable
    case visibleItemsHandler = "visible-items-handler"
    // Attributes (some names are both).
    case version, key, value, width, height
    case refreshRate = "refresh-rate"
    case contentInset = "content-inset"
    case safeArea = "safe-area"
    case layoutMargins = "layout-margins"
    case layoutDirection = "layout-direction"
    case paging
    case decelerationRate = "deceleration-rate"
    case allowsSelection = "allows-selection"
    case allowsMultipleSelection = "allows-multiple-selection"
    case prefetching, name, items
    case itemSizes = "item-sizes"
    case inset
    case minimumLineSpacing = "minimum-line-spacing"
    case minimumInteritemSpacing = "minimum-interitem-spacing"
    case headerSize = "header-size"
    case footerSize = "footer-size"
    case reuseIdentifier = "reuse-identifier"
    case create, configure
    case prepareForReuse = "prepare-for-reuse"
    case kind, t, x, y, phase
    case velocityX = "velocity-x"
    case velocityY = "velocity-y"
    case item, action, scale, animated, duration
    case countsAfter = "counts-after"
    case at, from, to, sizes, position, progress, label
    case measure
    case unstableItems = "unstable-items"
    case unstableDelta = "unstable-delta"
    case id, ios, reconfigure, reload
    case perItem = "per-item"
    case ms, bounces
    case alwaysBounceVertical = "always-bounce-vertical"
    case alwaysBounceHorizontal = "always-bounce-horizontal"

    var text: String { rawValue }

    /// The case's place among all cases (0, 1, …), for tables indexed by name. A case without a payload
    /// is stored as its place; `FormatDeclarationTests` checks that this reads it.
    @inline(__always)
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
