extension LayoutGroup {
    var isHorizontal: Bool { if case .horizontal = arrangement { true } else { false } }
}

/// One cell's place in a laid-out group: its frame relative to the group's origin (content insets applied)
/// and its z-index.
struct PlacedLeaf {
    var frame: Rect
    var zIndex: Int
    /// The axes whose dimension is estimated: a measured size replaces the estimate there.
    var estimatedWidth: Bool
    var estimatedHeight: Bool
}

/// Lays groups out from leading to trailing (a right-to-left layout mirrors the result), following the comments of UIKit's `UICollectionViewCompositionalLayout.h` quoted below.
///
/// Leaves are numbered in the order the group lays them out (depth first), which is the order of the items
/// the group holds.
enum GroupSolver {
    /// The most leaves one group lays out: a group whose subitems never exhaust its space (zero-length items)
    /// stops here.
    static let leafLimit = 10_000

    /// A dimension's length in `container`: "computed as a fraction of the width/height of the containing
    /// group" for fractions; points for `absolute`; for `estimated`, the measured length when there is one,
    /// else the estimate ("Actual size will be determined when the content is rendered").
    static func length(_ dimension: LayoutDimension, in container: Size, measured: Double? = nil) -> Double {
        switch dimension.kind {
        case .fractionalWidth: dimension.value * container.width
        case .fractionalHeight: dimension.value * container.height
        case .absolute: dimension.value
        case .estimated: measured ?? dimension.value
        }
    }

    /// Lays `group` out at `size` with its origin at `origin`, appending its leaves to `leaves`; `measured`
    /// gives the size a leaf's cell answered (by leaf number), if any. Returns the extent of what it laid
    /// out: for a group whose dimension is estimated, its size along that axis.
    static func layout(_ group: LayoutGroup, size: Size, origin: Point, environment: LayoutEnvironment,
                       measured: (Int) -> Size?, leaves: inout [PlacedLeaf]) -> Size {
        switch group.arrangement {
        case .custom(let provider):
            // "called with the group's current geometry"; frames are "{0,0} relative to this group's geometry".
            var environment = environment
            environment.container = LayoutEnvironment.Container(contentSize: size)
            var extent = Size.zero
            for item in provider(environment) where leaves.count < leafLimit {
                let frame = Rect(x: origin.x + item.frame.origin.x, y: origin.y + item.frame.origin.y,
                                 width: item.frame.size.width, height: item.frame.size.height)
                leaves.append(PlacedLeaf(frame: frame, zIndex: item.zIndex, estimatedWidth: false, estimatedHeight: false))
                extent = Size(width: max(extent.width, item.frame.maxX), height: max(extent.height, item.frame.maxY))
            }
            return extent
        case .horizontal, .vertical:
            // A group's content insets keep its subitems off its edges.
            let insets = group.contentInsets.edgeInsets(in: .leftToRight)
            let inner = Size(width: max(0, size.width - insets.horizontal), height: max(0, size.height - insets.vertical))
            let content = lay(group, horizontally: group.isHorizontal, size: inner,
                              origin: Point(x: origin.x + insets.left, y: origin.y + insets.top), environment: environment,
                              measured: measured, leaves: &leaves)
            return Size(width: content.width + insets.horizontal, height: content.height + insets.vertical)
        }
    }

    /// A subitem's size in its group of `size`, before any count-group stretching.
    private static func size(of element: LayoutGroupElement, in size: Size, measured: Size?) -> Size {
        switch element {
        case .item(let item):
            Size(width: length(item.layoutSize.width, in: size, measured: measured?.width),
                 height: length(item.layoutSize.height, in: size, measured: measured?.height))
        case .group(let group):
            Size(width: length(group.layoutSize.width, in: size), height: length(group.layoutSize.height, in: size))
        }
    }

    private static func edgeSpacing(of element: LayoutGroupElement) -> LayoutEdgeSpacing? {
        switch element {
        case .item(let item): item.edgeSpacing
        case .group(let group): group.edgeSpacing
        }
    }

    /// Lays a horizontal or vertical group out along its axis.
    ///
    /// - `count:` — "a group that will have N items equally sized along the horizontal axis": each is
    ///   (L − spacing·(N − 1)) / N long, `interItemSpacing` between them.
    /// - `subitems:` — "a group that will repeat items until available horizontal space is exhausted": the
    ///   subitems in turn, as long as the next one's far edge (with its trailing edge spacing) does not pass
    ///   the group's, rounded down to whole points; "Any remaining space after laying out items can be
    ///   apportioned among flexible interItemSpacing definitions".
    /// - Across the axis a subitem sits at the group's leading edge plus its fixed edge spacing; flexible edge
    ///   spacing takes what is left ("edgeSpacing(bottom: .flexible(0))" "forces items to align to the top of
    ///   their group's geometry"), shared when both edges are flexible.
    private static func lay(_ group: LayoutGroup, horizontally: Bool, size: Size, origin: Point,
                            environment: LayoutEnvironment, measured: (Int) -> Size?,
                            leaves: inout [PlacedLeaf]) -> Size {
        guard !group.subitems.isEmpty else { return .zero }
        let along = horizontally ? size.width : size.height
        let across = horizontally ? size.height : size.width
        let spacing = group.interItemSpacing?.minimum ?? 0
        // Each subitem's start along the axis and its size.
        var placements: [(element: LayoutGroupElement, start: Double, size: Size)] = []
        if let count = group.count, count > 0 {
            let each = (along - spacing * Double(count - 1)) / Double(count)
            for index in 0..<count {
                let element = group.subitems[0]
                var itemSize = Self.size(of: element, in: size, measured: nil)
                if horizontally { itemSize.width = each } else { itemSize.height = each }
                placements.append((element, Double(index) * (each + spacing), itemSize))
            }
        } else {
            var position = 0.0
            var index = 0
            while placements.count < leafLimit {
                let element = group.subitems[index % group.subitems.count]
                let edges = edgeSpacing(of: element)
                let leading = (horizontally ? edges?.leading : edges?.top)?.minimum ?? 0
                let trailing = (horizontally ? edges?.trailing : edges?.bottom)?.minimum ?? 0
                let itemSize = Self.size(of: element, in: size, measured: nil)
                let length = horizontally ? itemSize.width : itemSize.height
                let start = position + (placements.isEmpty ? 0 : spacing) + leading
                // The first subitem is always laid out, so that a group holds at least one item.
                if !placements.isEmpty, (start + length + trailing).rounded(.down) > along.rounded(.down) { break }
                if length <= 0 && index >= group.subitems.count { break }
                placements.append((element, start, itemSize))
                position = start + length + trailing
                index += 1
            }
            if case .flexible = group.interItemSpacing, placements.count > 1 {
                let used = placements.reduce(0.0) { $0 + (horizontally ? $1.size.width : $1.size.height) }
                let gap = max(spacing, (along - used) / Double(placements.count - 1))
                var start = 0.0
                for index in placements.indices {
                    placements[index].start = start
                    start += (horizontally ? placements[index].size.width : placements[index].size.height) + gap
                }
            }
        }
        var extent = Size.zero
        for placement in placements where leaves.count < leafLimit {
            let edges = edgeSpacing(of: placement.element)
            let crossLength = horizontally ? placement.size.height : placement.size.width
            let before = horizontally ? edges?.top : edges?.leading
            let after = horizontally ? edges?.bottom : edges?.trailing
            let free = across - crossLength - (before?.minimum ?? 0) - (after?.minimum ?? 0)
            var crossStart = before?.minimum ?? 0
            switch (before?.isFlexible ?? false, after?.isFlexible ?? false) {
            case (true, true): crossStart += max(0, free) / 2
            case (true, false): crossStart += max(0, free)
            default: break
            }
            let slotOrigin = horizontally
                ? Point(x: origin.x + placement.start, y: origin.y + crossStart)
                : Point(x: origin.x + crossStart, y: origin.y + placement.start)
            let laidOut: Size
            switch placement.element {
            case .item(let item):
                let number = leaves.count
                var itemSize = placement.size
                let answer = measured(number)
                let estimatedWidth = item.layoutSize.width.isEstimated, estimatedHeight = item.layoutSize.height.isEstimated
                if let answer {
                    if estimatedWidth { itemSize.width = answer.width }
                    if estimatedHeight { itemSize.height = answer.height }
                }
                // "contentInsets are ignored for any axis with an .estimated dimension"; elsewhere they "adjust
                // the final size of the item after layout is computed".
                let insets = item.contentInsets.edgeInsets(in: .leftToRight)
                let left = estimatedWidth ? 0 : insets.left, right = estimatedWidth ? 0 : insets.right
                let top = estimatedHeight ? 0 : insets.top, bottom = estimatedHeight ? 0 : insets.bottom
                let frame = Rect(x: slotOrigin.x + left, y: slotOrigin.y + top,
                                 width: max(0, itemSize.width - left - right), height: max(0, itemSize.height - top - bottom))
                leaves.append(PlacedLeaf(frame: frame, zIndex: 0, estimatedWidth: estimatedWidth, estimatedHeight: estimatedHeight))
                laidOut = itemSize
            case .group(let nested):
                let content = layout(nested, size: placement.size, origin: slotOrigin, environment: environment,
                                     measured: measured, leaves: &leaves)
                laidOut = Size(width: nested.layoutSize.width.isEstimated ? content.width : placement.size.width,
                               height: nested.layoutSize.height.isEstimated ? content.height : placement.size.height)
            }
            let far = Point(x: slotOrigin.x - origin.x + laidOut.width, y: slotOrigin.y - origin.y + laidOut.height)
            extent = Size(width: max(extent.width, far.x), height: max(extent.height, far.y))
        }
        return extent
    }
}
