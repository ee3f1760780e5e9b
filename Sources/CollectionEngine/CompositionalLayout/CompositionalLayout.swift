/// UIKit's compositional layout: sections of groups of items, described by values (``LayoutSection``,
/// ``LayoutGroup``, ``LayoutItem``): the engine's `UICollectionViewCompositionalLayout`.
///
/// Sections follow one another along the scroll direction, ``CompositionalLayoutConfiguration/interSectionSpacing``
/// apart. In each, the section's group is laid out once as a template ("a group is itself an item", so groups
/// nest) and repeated over the section's items, ``LayoutSection/interGroupSpacing`` apart: along the scroll
/// direction, or — in a section with an ``OrthogonalScrollingBehavior`` — across it, in a band that scrolls on
/// its own (a ``NestedScroller`` whose id is the section's index). Boundary supplementaries sit on the
/// section's edges ("`extendsBoundary`" makes room for them), background decorations behind it.
///
/// Estimated dimensions are the estimate until the cell answers its preferred attributes; the group that
/// holds the item is then laid out again with the answer, and everything after it moves. So later sections
/// sit at measured origins, never at the estimates once measured.
///
/// Geometry is indexed: sections are found by binary search on their origins, groups in closed form when
/// none of their dimensions along the scroll direction is estimated, else through prefix sums of the groups'
/// extents (O(log n)); a query costs O(log n + k) for k elements, and a scroll — even with pinned
/// supplementaries, visible-items handlers or nested scrollers moving — recomputes nothing in `prepare()`.
/// Attributes objects are kept per element and updated in place, so a steady scroll allocates nothing.
open class CompositionalLayout: CollectionViewLayout {
    /// Where a section's description comes from: one for every section, or a provider asked per section.
    enum Sections {
        case one(LayoutSection)
        case provider((Int, LayoutEnvironment) -> LayoutSection?)
    }

    let sectionSource: Sections

    /// The layout-wide settings. "Setting it will invalidate the layout immediately".
    public var configuration: CompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    /// The sections as `prepare()` resolved them.
    var resolved: [ResolvedSection] = []
    /// Each section's start along the scroll direction, for binary search.
    var origins: [Double] = []
    /// The layout-wide boundary supplementaries and their frames.
    var globalBoundaries: [(item: LayoutBoundarySupplementaryItem, frame: Rect)] = []
    var contentSize = Size.zero
    /// The sizes cells answered for items with estimated dimensions.
    var measured: [IndexPath: Size] = [:]
    /// Whether the next `prepare()` resolves everything again.
    var needsResolve = true
    /// Whether some section pins a supplementary or has a visible-items handler: the queries then depend on
    /// the content offset, and every scroll invalidates the layout (nothing is recomputed).
    var followsBounds = false
    /// The environment the sections were resolved in.
    var environment = LayoutEnvironment(container: LayoutEnvironment.Container(contentSize: .zero))
    /// Kept attributes objects, updated in place by every query (see ``AttributesStore``).
    let store = AttributesStore()
    /// Scratch storage reused by queries: group leaves and a handler's visible items.
    var scratchLeaves: [PlacedLeaf] = []
    var handlerItems: [LayoutAttributes] = []
    /// The last two answers' storage, alternated so that a steady scroll builds its answer without allocating.
    var lastAnswer: [LayoutAttributes] = []
    /// The context every scroll invalidates with (see ``invalidationContext(forBoundsChange:)``).
    let scrollContext = CompositionalLayoutInvalidationContext()
    var answerBefore: [LayoutAttributes] = []

    /// A layout whose every section is `section`.
    public init(section: LayoutSection, configuration: CompositionalLayoutConfiguration = .init()) {
        sectionSource = .one(section)
        self.configuration = configuration
    }

    /// A layout whose section `index` is what `sectionProvider(index, environment)` returns; a section it
    /// returns `nil` for takes the previous section's description (UIKit raises instead).
    public init(configuration: CompositionalLayoutConfiguration = .init(),
                sectionProvider: @escaping (Int, LayoutEnvironment) -> LayoutSection?) {
        sectionSource = .provider(sectionProvider)
        self.configuration = configuration
    }

    /// A list: every section is `LayoutSection.list(using:layoutEnvironment:)` of `configuration`.
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout { _, environment in LayoutSection.list(using: configuration, layoutEnvironment: environment) }
    }

    open override class var invalidationContextClass: InvalidationContext.Type { CompositionalLayoutInvalidationContext.self }

    var vertical: Bool { configuration.scrollDirection == .vertical }

    open override var collectionViewContentSize: Size { contentSize }

    // MARK: Preparing and invalidating

    open override func prepare() {
        super.prepare()
        resolveIfNeeded()
    }

    /// Scrolling invalidates the layout when a section pins a supplementary or has a visible-items handler
    /// (the query then depends on the offset); a new size always does.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size || (followsBounds && newBounds.origin != collectionView.bounds.origin)
    }

    /// The context of a change of bounds. A scroll reuses one context object, so that a steady scroll under a
    /// pinned header allocates nothing; a new size gets its own.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        // The collection view's bounds still hold the old value here.
        let resized = collectionView.map { newBounds.size != $0.bounds.size } ?? true
        guard !resized, type(of: self).invalidationContextClass == CompositionalLayoutInvalidationContext.self else {
            let context = super.invalidationContext(forBoundsChange: newBounds)
            (context as? CompositionalLayoutInvalidationContext)?.resized = resized
            return context
        }
        let context = scrollContext
        context.newBounds = newBounds
        return context
    }

    /// Resolves everything again after a change of data, size or description; applies the sizes cells
    /// answered; after a scroll or a nested scroller's move, recomputes nothing.
    open override func invalidateLayout(with context: InvalidationContext) {
        let compositional = context as? CompositionalLayoutInvalidationContext
        if context.invalidateDataSourceCounts || context.updatePlan != nil {
            // Measured sizes belong to index paths that may now hold other items: they go back to the estimates.
            measured.removeAll()
            needsResolve = true
        } else if context.invalidateEverything || compositional?.resized == true {
            needsResolve = true
        } else if let sizes = compositional?.preferredItemSizes, !sizes.isEmpty, !needsResolve {
            apply(sizes)
        }
        super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred size differs from its item's along an estimated dimension.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                              withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        guard originalAttributes.representedElementCategory == .cell,
              let leaf = leaf(at: originalAttributes.indexPath) else { return false }
        return (leaf.estimatedWidth && preferredAttributes.size.width != originalAttributes.size.width)
            || (leaf.estimatedHeight && preferredAttributes.size.height != originalAttributes.size.height)
    }

    /// A context that gives the item its preferred size along its estimated dimensions; the content size
    /// changes by the difference along the scroll direction. Like UIKit's, it does not adjust the offset.
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                           withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        let indexPath = originalAttributes.indexPath
        guard let leaf = leaf(at: indexPath) else { return context }
        let old = originalAttributes.size
        let new = Size(width: leaf.estimatedWidth ? preferredAttributes.size.width : old.width,
                       height: leaf.estimatedHeight ? preferredAttributes.size.height : old.height)
        (context as? CompositionalLayoutInvalidationContext)?.preferredItemSizes[indexPath] = new
        context.contentSizeAdjustment = vertical ? Size(width: 0, height: new.height - old.height)
                                                 : Size(width: new.width - old.width, height: 0)
        if measured[indexPath] == nil, let collectionView {
            let error = abs(new.width - old.width) + abs(new.height - old.height)
            if error.isFinite { collectionView.counters.estimateErrorPt += Int(min(error, 1e15).rounded()) }
        }
        return context
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { elements(in: rect) }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let (frame, zIndex) = itemFrame(at: indexPath) else { return nil }
        return store.attributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame, zIndex: zIndex)
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        if let number = globalBoundaries.firstIndex(where: { $0.item.elementKind == kind }), indexPath.section == 0,
           indexPath.item == number {
            let boundary = globalBoundaries[number]
            return store.attributes(category: .supplementaryView, kind: kind, indexPath: indexPath,
                                    frame: mirrored(boundary.frame), zIndex: boundary.item.zIndex)
        }
        guard resolved.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let section = resolved[indexPath.section]
        guard let number = section.boundaries.firstIndex(where: { $0.item.elementKind == kind }) else { return nil }
        let frame = mirrored(boundaryFrame(section, number))
        return store.attributes(category: .supplementaryView, kind: kind, indexPath: indexPath, frame: frame,
                                zIndex: promoted(section.boundaries[number].item.zIndex, section))
    }

    open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard resolved.indices.contains(indexPath.section) else { return nil }
        let section = resolved[indexPath.section]
        guard section.decorations.indices.contains(indexPath.item),
              section.decorations[indexPath.item].item.elementKind == kind else { return nil }
        let decoration = section.decorations[indexPath.item]
        let box = decoration.frame
        let frame = Rect(x: box.origin.x + (vertical ? 0 : section.origin), y: box.origin.y + (vertical ? section.origin : 0),
                         width: box.size.width, height: box.size.height)
        return store.attributes(category: .decorationView, kind: kind, indexPath: indexPath, frame: mirrored(frame),
                                zIndex: decoration.item.zIndex)
    }

    // MARK: Orthogonal sections

    /// The orthogonal section whose band contains `point`.
    open override func nestedScroller(containing point: Point) -> NestedScroller? {
        let index = firstSection(endingAfter: vertical ? point.y : point.x)
        guard let scroller = nestedScroller(withID: index), scroller.frame.contains(point) else { return nil }
        return scroller
    }

    /// Section `id`'s scroller when it scrolls orthogonally: its band, across the scroll direction, at the
    /// normal deceleration rate for the continuous behaviours and the fast one for the paging ones
    /// ("UIScrollViewDecelerationRateFast with page size == extent of the collection view's bounds").
    open override func nestedScroller(withID id: Int) -> NestedScroller? {
        guard resolved.indices.contains(id), resolved[id].orthogonal != .none else { return nil }
        let section = resolved[id]
        let main = section.origin + section.contentStart
        let frame = vertical ? Rect(x: section.crossOrigin, y: main, width: section.crossLength, height: section.contentLength)
                             : Rect(x: main, y: section.crossOrigin, width: section.contentLength, height: section.crossLength)
        let rate: DecelerationRate = switch section.orthogonal {
        case .none, .continuous, .continuousGroupLeadingBoundary: .normal
        case .paging, .groupPaging, .groupPagingCentered: .fast
        }
        return NestedScroller(id: id, frame: mirrored(frame), axis: vertical ? .horizontal : .vertical,
                              contentLength: section.orthogonalLength, decelerationRate: rate)
    }

    /// Where an orthogonal section's fling comes to rest:
    /// - `.continuous`: where it would ("Standard scroll view behavior");
    /// - `.continuousGroupLeadingBoundary`: "on the leading edge of a group boundary", the next one in the
    ///   fling's direction (the nearest when it has no velocity);
    /// - `.paging`: on a page "== extent of the collection view's bounds", at most one page from where it is;
    /// - `.groupPaging` and `.groupPagingCentered`: the same, a page being a group and its spacing
    ///   ("Fractional size paging behavior determined by the sections layout group's dimension"; centered
    ///   groups have "additional leading and trailing content insets to center each group's contents").
    open override func targetOffset(forNestedScroller scroller: NestedScroller, proposedOffset: Double,
                                    velocity: Double) -> Double {
        guard resolved.indices.contains(scroller.id) else { return proposedOffset }
        let section = resolved[scroller.id]
        let current = collectionView?.nestedScrollOffset(of: scroller.id) ?? 0
        func clamp(_ value: Double) -> Double { min(max(value, 0), scroller.maximumOffset) }
        let target: Double
        switch section.orthogonal {
        case .none, .continuous:
            target = proposedOffset
        case .continuousGroupLeadingBoundary:
            let page = section.stride
            guard page > 0 else { return clamp(proposedOffset) }
            let position = proposedOffset / page
            target = (velocity > 0 ? position.rounded(.up) : velocity < 0 ? position.rounded(.down) : position.rounded()) * page
        case .paging, .groupPaging, .groupPagingCentered:
            let page = section.orthogonal == .paging ? (vertical ? scroller.frame.size.width : scroller.frame.size.height)
                                                      : section.stride
            guard page > 0 else { return clamp(proposedOffset) }
            let here = current / page
            let pageIndex = velocity > 0 ? here.rounded(.down) + 1 : velocity < 0 ? here.rounded(.up) - 1
                : (proposedOffset / page).rounded()
            target = pageIndex * page
        }
        return clamp(target)
    }

    /// The template leaf of an item.
    func leaf(at indexPath: IndexPath) -> PlacedLeaf? {
        guard resolved.indices.contains(indexPath.section) else { return nil }
        let section = resolved[indexPath.section]
        let leaf = indexPath.item % section.capacity
        return section.template.indices.contains(leaf) ? section.template[leaf] : nil
    }

    /// Gives items the sizes their cells answered: the groups that hold them are laid out again and what
    /// follows moves.
    /// - Complexity: O(log n) per item in sections of estimated extents, plus O(s) for s sections.
    func apply(_ sizes: [IndexPath: Size]) {
        for (indexPath, size) in sizes {
            guard resolved.indices.contains(indexPath.section) else { continue }
            measured[indexPath] = size
            let section = resolved[indexPath.section]
            guard section.orthogonal == .none, var extents = section.extents else { continue }
            let group = indexPath.item / section.capacity
            guard group < section.groupCount else { continue }
            let old = extents.sum(first: group + 1) - extents.sum(first: group)
            let new = groupExtent(section, group: group, index: indexPath.section) + section.description.interGroupSpacing
            guard new != old else { continue }
            extents.add(new - old, at: group, newValue: new)
            resolved[indexPath.section].extents = extents
            resolved[indexPath.section].contentLength += new - old
            shiftSections(after: indexPath.section, by: new - old)
        }
    }
}

/// What a compositional layout must recompute: the sizes cells answered, by item.
open class CompositionalLayoutInvalidationContext: InvalidationContext {
    /// The preferred sizes of cells with estimated dimensions.
    public internal(set) var preferredItemSizes: [IndexPath: Size] = [:]
    /// Whether the bounds change this context describes changes the size.
    var resized = false

    public required init() {}
}
