/// A section as `prepare()` resolved it. Along/across are the scroll direction's axis and the other one.
struct ResolvedSection {
    var description: LayoutSection
    var items: Int
    /// Start and length along the scroll direction (boundary supplementaries that extend it included).
    var origin = 0.0
    var extent = 0.0
    /// Start and length across the scroll direction.
    var crossOrigin = 0.0
    var crossLength = 0.0
    /// The section's content insets, fractions resolved, in points (directional resolved to left/right).
    var insets = EdgeInsets.zero
    /// Where the first group starts along the scroll direction, relative to ``origin``.
    var contentStart = 0.0
    /// The groups' total length along the scroll direction (for an orthogonal section, the band's).
    var contentLength = 0.0
    /// The template: one group's leaves, relative to its origin, and its size.
    var template: [PlacedLeaf] = []
    var groupSize = Size.zero
    /// The container the group resolved against.
    var groupContainer = Size.zero
    /// Items per group.
    var capacity = 1
    var groupCount = 0
    /// The groups' extents along the scroll direction, each followed by the inter-group spacing, when some
    /// dimension along it is estimated; `nil` when every group has the template's.
    var extents: PrefixSums?
    var orthogonal = OrthogonalScrollingBehavior.none
    /// For an orthogonal section: the space before the first group across, and the content's length across.
    var orthogonalLeading = 0.0
    var orthogonalLength = 0.0
    /// The section's boundary supplementaries and their frames (unpinned), and its decorations' frames.
    var boundaries: [(item: LayoutBoundarySupplementaryItem, frame: Rect)] = []
    var decorations: [(item: LayoutDecorationItem, frame: Rect)] = []

    /// The distance from one group's start to the next's, for sections of equal groups.
    var stride: Double {
        (orthogonal == .none ? groupMain : groupCross) + description.interGroupSpacing
    }
    var vertical = true
    var groupMain: Double { vertical ? groupSize.height : groupSize.width }
    var groupCross: Double { vertical ? groupSize.width : groupSize.height }
    var end: Double { origin + extent }
}

extension CompositionalLayout {
    // MARK: Preparing

    /// Resolves every section after an invalidation that changes geometry; after one that changes nothing
    /// but the content offset or a nested scroller's offset, nothing.
    /// - Complexity: O(s + g) for s sections and g groups of sections with estimated dimensions (O(1) per
    ///   section of equal groups, whatever its item count); O(1) after a scroll.
    func resolveIfNeeded() {
        guard needsResolve else { return }
        needsResolve = false
        store.removeAll()
        guard let collectionView else {
            resolved = []
            origins = []
            contentSize = .zero
            return
        }
        let bounds = collectionView.bounds.size
        let inset = collectionView.adjustedContentInset
        let viewport = Size(width: max(0, bounds.width - (vertical ? 0 : inset.horizontal)),
                            height: max(0, bounds.height - (vertical ? inset.vertical : 0)))
        environment = LayoutEnvironment(
            container: LayoutEnvironment.Container(contentSize: viewport,
                                                   contentInsets: referenceInsets(configuration.contentInsetsReference)),
            displayScale: collectionView.displayScale, layoutDirection: collectionView.layoutDirection)
        var previous: LayoutSection?
        resolved.removeAll(keepingCapacity: true)
        followsBounds = false
        for index in 0..<collectionView.numberOfSections {
            let description: LayoutSection?
            switch sectionSource {
            case .one(let section): description = section
            case .provider(let provider): description = provider(index, environment) ?? previous
            }
            guard let description else { continue }
            previous = description
            var section = resolve(description, index: index, items: collectionView.numberOfItems(inSection: index),
                                  viewport: viewport)
            section.vertical = vertical
            followsBounds = followsBounds || description.visibleItemsInvalidationHandler != nil
                || description.boundarySupplementaryItems.contains { $0.pinToVisibleBounds }
            resolved.append(section)
        }
        placeSections(viewport: viewport)
    }

    /// The insets a content-insets reference measures from, as directional insets across the scroll direction
    /// (`safeArea`, `layoutMargins`; `readableContent` keeps a line of at most 672 points; `none` and
    /// `automatic` — which UIKit resolves to the safe area for a collection view — as named).
    func referenceInsets(_ reference: ContentInsetsReference) -> DirectionalEdgeInsets {
        guard let collectionView else { return .zero }
        let edges: EdgeInsets
        switch reference {
        case .none: edges = .zero
        case .safeArea, .automatic: edges = collectionView.safeAreaInsets
        case .layoutMargins: edges = collectionView.layoutMargins
        case .readableContent:
            let margins = collectionView.layoutMargins
            let width = collectionView.bounds.width
            let side = max(0, (width - margins.horizontal - 672) / 2)
            edges = EdgeInsets(top: margins.top, left: margins.left + side, bottom: margins.bottom, right: margins.right + side)
        }
        // Only the insets across the scroll direction apply to a section's width (or height).
        return vertical ? DirectionalEdgeInsets(leading: edges.left, trailing: edges.right)
                        : DirectionalEdgeInsets(top: edges.top, bottom: edges.bottom)
    }

    /// A section's insets in points: "contentInsets values < 1.0 are interpreted as fractional values (e.g.
    /// leading:0.15 == 15% width)" of the container.
    func points(_ insets: DirectionalEdgeInsets, in container: Size) -> EdgeInsets {
        func resolve(_ value: Double, _ length: Double) -> Double { value > 0 && value < 1 ? value * length : value }
        let edges = insets.edgeInsets(in: .leftToRight)
        return EdgeInsets(top: resolve(edges.top, container.height), left: resolve(edges.left, container.width),
                          bottom: resolve(edges.bottom, container.height), right: resolve(edges.right, container.width))
    }

    /// Lays one section out at origin 0: its template group, its groups' extents, its boundary
    /// supplementaries and decorations.
    func resolve(_ description: LayoutSection, index: Int, items: Int, viewport: Size) -> ResolvedSection {
        var section = ResolvedSection(description: description, items: items)
        section.vertical = vertical
        section.orthogonal = description.orthogonalScrollingBehavior
        let reference = points(referenceInsets(description.contentInsetsReference ?? configuration.contentInsetsReference),
                               in: viewport)
        // Across the scroll direction the section spans the viewport less the reference insets.
        section.crossOrigin = vertical ? reference.left : reference.top
        section.crossLength = max(0, vertical ? viewport.width - reference.horizontal : viewport.height - reference.vertical)
        let sectionBox = vertical ? Size(width: section.crossLength, height: viewport.height)
                                  : Size(width: viewport.width, height: section.crossLength)
        let insets = points(description.contentInsets, in: sectionBox)
        section.insets = insets
        section.groupContainer = Size(width: max(0, sectionBox.width - insets.horizontal),
                                      height: max(0, sectionBox.height - insets.vertical))
        let group = description.group
        var size = Size(width: GroupSolver.length(group.layoutSize.width, in: section.groupContainer),
                        height: GroupSolver.length(group.layoutSize.height, in: section.groupContainer))
        var leaves: [PlacedLeaf] = []
        let content = GroupSolver.layout(group, size: size, origin: .zero, environment: environment,
                                         measured: { _ in nil }, leaves: &leaves)
        if group.layoutSize.width.isEstimated { size.width = content.width }
        if group.layoutSize.height.isEstimated { size.height = content.height }
        section.template = leaves
        section.groupSize = size
        section.capacity = max(1, leaves.count)
        section.groupCount = (items + section.capacity - 1) / section.capacity
        let spacing = description.interGroupSpacing
        if section.orthogonal == .none {
            if estimatesAlongScroll(section) {
                section.extents = PrefixSums((0..<section.groupCount).map { groupExtent(section, group: $0, index: index) + spacing })
            }
            section.contentLength = section.groupCount == 0 ? 0
                : (section.extents?.sum(first: section.groupCount) ?? Double(section.groupCount) * section.stride) - spacing
        } else {
            // Orthogonal: one band as long as a group along the scroll direction; the groups across it.
            let crossContainer = vertical ? section.groupContainer.width : section.groupContainer.height
            let centering = section.orthogonal == .groupPagingCentered ? max(0, (crossContainer - section.groupCross) / 2) : 0
            section.orthogonalLeading = (vertical ? insets.left : insets.top) + centering
            let trailing = (vertical ? insets.right : insets.bottom) + centering
            section.orthogonalLength = section.orthogonalLeading + trailing
                + (section.groupCount == 0 ? 0 : Double(section.groupCount) * section.stride - spacing)
            section.contentLength = section.groupCount == 0 ? 0 : section.groupMain
        }
        layOutBoundaries(&section)
        return section
    }

    /// Whether the groups of `section` may differ in extent along the scroll direction: some dimension
    /// along it is estimated.
    func estimatesAlongScroll(_ section: ResolvedSection) -> Bool {
        let groupEstimated = vertical ? section.description.group.layoutSize.height.isEstimated
                                      : section.description.group.layoutSize.width.isEstimated
        return groupEstimated || section.template.contains { vertical ? $0.estimatedHeight : $0.estimatedWidth }
    }

    /// Group `group`'s extent along the scroll direction with the sizes its cells answered: the template's
    /// when none did.
    func groupExtent(_ section: ResolvedSection, group: Int, index: Int) -> Double {
        let first = group * section.capacity
        guard hasMeasurement(section: index, from: first, count: section.capacity) else { return section.groupMain }
        var leaves = scratchLeaves
        leaves.removeAll(keepingCapacity: true)
        let extent = layOutGroup(section, group: group, index: index, into: &leaves)
        scratchLeaves = leaves
        return extent
    }

    func hasMeasurement(section: Int, from first: Int, count: Int) -> Bool {
        guard !measured.isEmpty else { return false }
        for item in first..<first + count where measured[IndexPath(item: item, section: section)] != nil { return true }
        return false
    }

    /// Lays group `group` of a section out with its cells' answers, leaves relative to the group's origin;
    /// returns its extent along the scroll direction.
    @discardableResult
    func layOutGroup(_ section: ResolvedSection, group: Int, index: Int, into leaves: inout [PlacedLeaf]) -> Double {
        let first = group * section.capacity
        let description = section.description.group
        var size = Size(width: GroupSolver.length(description.layoutSize.width, in: section.groupContainer),
                        height: GroupSolver.length(description.layoutSize.height, in: section.groupContainer))
        let measured = self.measured
        let content = GroupSolver.layout(description, size: size, origin: .zero, environment: environment,
                                         measured: { measured[IndexPath(item: first + $0, section: index)] },
                                         leaves: &leaves)
        if description.layoutSize.width.isEstimated { size.width = content.width }
        if description.layoutSize.height.isEstimated { size.height = content.height }
        return vertical ? size.height : size.width
    }

    /// Places each section's boundary supplementaries and decorations relative to the section's origin, and
    /// the extent the supplementaries that extend it add. `top` (and its leading and trailing corners) sit
    /// before the groups, `bottom` ones after, along the scroll direction; the others lie over the content.
    func layOutBoundaries(_ section: inout ResolvedSection) {
        let description = section.description
        let follows = description.supplementariesFollowContentInsets
        let insets = section.insets
        let across = follows ? (vertical ? section.groupContainer.width : section.groupContainer.height) : section.crossLength
        let acrossStart = section.crossOrigin + (follows ? (vertical ? insets.left : insets.top) : 0)
        let container = vertical ? Size(width: across, height: section.groupContainer.height)
                                 : Size(width: section.groupContainer.width, height: across)
        let (sized, before, after) = sizedBoundaries(description.boundarySupplementaryItems, in: container)
        let mainInsets = vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
        section.contentStart = before + mainInsets.0
        section.extent = before + mainInsets.0 + section.contentLength + mainInsets.1 + after
        section.boundaries = sized.map { item, size in
            let main: Double
            // One that does not extend the boundary lies over the section's first (or last) groups.
            if Self.isLeadingEdge(item.alignment, vertical: vertical) {
                main = item.extendsBoundary ? before - (vertical ? size.height : size.width) : 0
            } else if Self.isTrailingEdge(item.alignment, vertical: vertical) {
                main = item.extendsBoundary ? section.extent - after : section.extent - (vertical ? size.height : size.width)
            } else {
                main = section.contentStart
            }
            let crossExtent = vertical ? size.width : size.height
            let cross = acrossStart + Self.crossPosition(item.alignment, vertical: vertical, free: across - crossExtent)
            var frame = vertical ? Rect(x: cross, y: main, width: size.width, height: size.height)
                                 : Rect(x: main, y: cross, width: size.width, height: size.height)
            frame.origin.x += item.absoluteOffset.x
            frame.origin.y += item.absoluteOffset.y
            return (item, frame)
        }
        // Background decorations cover the section's groups and insets ("anchored to the section geometry"),
        // less their own content insets.
        section.decorations = description.decorationItems.map { item in
            let box = vertical
                ? Rect(x: section.crossOrigin, y: before, width: section.crossLength,
                       height: mainInsets.0 + section.contentLength + mainInsets.1)
                : Rect(x: before, y: section.crossOrigin, width: mainInsets.0 + section.contentLength + mainInsets.1,
                       height: section.crossLength)
            let inset = item.contentInsets.edgeInsets(in: .leftToRight)
            return (item, Rect(x: box.origin.x + inset.left, y: box.origin.y + inset.top,
                               width: max(0, box.size.width - inset.horizontal), height: max(0, box.size.height - inset.vertical)))
        }
    }

    /// Boundary supplementaries sized in `container`, and the room those that extend the boundary take before
    /// and after the content along the scroll direction.
    func sizedBoundaries(_ items: [LayoutBoundarySupplementaryItem], in container: Size)
        -> (sized: [(item: LayoutBoundarySupplementaryItem, size: Size)], before: Double, after: Double) {
        var before = 0.0, after = 0.0
        var sized: [(item: LayoutBoundarySupplementaryItem, size: Size)] = []
        for item in items {
            let size = Size(width: GroupSolver.length(item.layoutSize.width, in: container),
                            height: GroupSolver.length(item.layoutSize.height, in: container))
            sized.append((item, size))
            guard item.extendsBoundary else { continue }
            let length = vertical ? size.height : size.width
            if Self.isLeadingEdge(item.alignment, vertical: vertical) { before = max(before, length) }
            if Self.isTrailingEdge(item.alignment, vertical: vertical) { after = max(after, length) }
        }
        return (sized, before, after)
    }

    static func isLeadingEdge(_ alignment: RectAlignment, vertical: Bool) -> Bool {
        vertical ? [.top, .topLeading, .topTrailing].contains(alignment)
                 : [.leading, .topLeading, .bottomLeading].contains(alignment)
    }

    static func isTrailingEdge(_ alignment: RectAlignment, vertical: Bool) -> Bool {
        vertical ? [.bottom, .bottomLeading, .bottomTrailing].contains(alignment)
                 : [.trailing, .topTrailing, .bottomTrailing].contains(alignment)
    }

    /// Where a supplementary of `alignment` sits across the scroll direction, `free` points being left.
    static func crossPosition(_ alignment: RectAlignment, vertical: Bool, free: Double) -> Double {
        let start: Set<RectAlignment> = vertical ? [.topLeading, .leading, .bottomLeading] : [.topLeading, .top, .topTrailing]
        let end: Set<RectAlignment> = vertical ? [.topTrailing, .trailing, .bottomTrailing] : [.bottomLeading, .bottom, .bottomTrailing]
        if start.contains(alignment) { return 0 }
        if end.contains(alignment) { return max(0, free) }
        return max(0, free) / 2
    }

    /// Sets each section's origin along the scroll direction, the layout-wide supplementaries and the content
    /// size.
    func placeSections(viewport: Size) {
        globalBoundaries.removeAll(keepingCapacity: true)
        let across = vertical ? viewport.width : viewport.height
        let (sized, before, after) = sizedBoundaries(configuration.boundarySupplementaryItems, in: viewport)
        var position = before
        origins.removeAll(keepingCapacity: true)
        for index in resolved.indices {
            if index > 0 { position += configuration.interSectionSpacing }
            resolved[index].origin = position
            origins.append(position)
            position += resolved[index].extent
        }
        let total = position + after
        for (item, size) in sized {
            let length = vertical ? size.height : size.width
            let main = Self.isLeadingEdge(item.alignment, vertical: vertical) ? before - length
                : Self.isTrailingEdge(item.alignment, vertical: vertical) ? total - after : before
            let cross = Self.crossPosition(item.alignment, vertical: vertical, free: across - (vertical ? size.width : size.height))
            var frame = vertical ? Rect(x: cross, y: main, width: size.width, height: size.height)
                                 : Rect(x: main, y: cross, width: size.width, height: size.height)
            frame.origin.x += item.absoluteOffset.x
            frame.origin.y += item.absoluteOffset.y
            globalBoundaries.append((item, frame))
        }
        contentSize = vertical ? Size(width: viewport.width, height: total) : Size(width: total, height: viewport.height)
    }

    /// Moves the sections after `index` by `delta` along the scroll direction (a section changed its extent).
    func shiftSections(after index: Int, by delta: Double) {
        guard delta != 0 else { return }
        resolved[index].extent += delta
        for later in resolved.indices where later > index {
            resolved[later].origin += delta
            origins[later] += delta
        }
        for boundary in globalBoundaries.indices
        where Self.isTrailingEdge(globalBoundaries[boundary].item.alignment, vertical: vertical) {
            if vertical { globalBoundaries[boundary].frame.origin.y += delta } else { globalBoundaries[boundary].frame.origin.x += delta }
        }
        if vertical { contentSize.height += delta } else { contentSize.width += delta }
    }
}
