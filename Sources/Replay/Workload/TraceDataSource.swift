import CollectionEngine
import TraceXML

/// The app of a replay: counts, sizes and reuse identifiers from the trace's `<data>`, and views that charge
/// the recorded `<workload>` costs when they are created, configured and recycled (``WorkloadBudget``).
///
/// Its data follows `<reload-data>` and `<batch>` events: a batch is staged (the counts the data source
/// answers become the trace's `counts-after`, the app's claim, which UIKit's invariant is checked against),
/// then committed when the engine accepts it, or dropped when it refuses it.
final class TraceDataSource: CollectionViewDataSource, FlowLayoutDelegate {
    /// One section of the app's data.
    struct Section {
        /// Per-item sizes: the trace's runs as read (one entry per run of equal sizes, so a section of a
        /// million items of one size costs one), or one per item once a batch has moved them.
        enum Sizes {
            case runs(TraceSizeList)
            /// `nil` entries take the layout's item size.
            case items([Size?])
        }

        var items: Int
        /// Per-item sizes, when the trace gives them.
        var sizes: Sizes?
        var reuseIdentifier: String
        /// The section's own flow metrics; a batch that moves the section keeps them.
        var flow = SectionDescription.FlowMetrics.none
        /// Items whose measured size alternates by `unstableDelta` (`unstable-items`), by index in the section.
        var unstableItems: Set<Int> = []
        var unstableDelta = 0.0

        init(items: Int, sizes: [Size?]? = nil, reuseIdentifier: String = SectionDescription.defaultReuseIdentifier) {
            self.items = items
            self.sizes = sizes.map(Sizes.items)
            self.reuseIdentifier = reuseIdentifier
        }

        init(_ description: SectionDescription) {
            items = description.items
            sizes = description.itemSizes.map(Sizes.runs)
            reuseIdentifier = description.reuseIdentifier
            flow = description.flow
            unstableItems = Set(description.unstableItems)
            unstableDelta = description.unstableDelta
        }

        /// The size of `item` the trace gives, if any (O(log runs)).
        func size(_ item: Int) -> Size? {
            switch sizes {
            case nil:
                return nil
            case .runs(let list):
                guard item >= 0 && item < list.count else { return nil }
                let size = list[item]
                return size
            case .items(let all):
                return item >= 0 && item < all.count ? all[item] : nil
            }
        }
    }

    private(set) var sections: [Section] { didSet { cachedRun = nil } }
    /// A batch's data, staged until the engine accepts the batch.
    private var staged: (sections: [Section], counts: [Int])? { didSet { cachedRun = nil } }
    private let costs: WorkloadCosts
    /// Where the workload is charged, within the pass's limit.
    let budget: WorkloadBudget
    private var registeredCells = Set<String>()
    /// How many times each unstable item was measured, for its alternating answer.
    private var measurements: [IndexPath: Int] = [:]
    private var registeredKinds = Set<String>()

    init(sections: [SectionDescription], workload: Workload?, charge: WorkloadBudget.Charge) {
        self.sections = sections.map(Section.init)
        self.costs = WorkloadCosts(workload)
        budget = WorkloadBudget(charge)
    }

    /// Replaces the data, as a `<reload-data>` does; the caller reloads the collection view.
    func replaceSections(_ newSections: [SectionDescription]) {
        sections = newSections.map(Section.init)
        staged = nil
    }

    /// The data the engine sees: the staged batch's while it is being applied.
    private var current: [Section] { staged?.sections ?? sections }

    /// Stages the data after `plan`: the sections it implies, answering `claimedCounts` (the trace's
    /// `counts-after`) or the implied counts.
    func stage(_ plan: UpdatePlan, insertedSizes: [IndexPath: Size], newSections: [Int: Section], claimedCounts: [Int]?) {
        let sectionsWithNewSizes = Set(insertedSizes.keys.map(\.section))
        var next: [Section] = []
        for section in plan.newCounts.indices {
            if let inserted = newSections[section] {
                next.append(inserted)
                continue
            }
            guard let old = plan.oldSection(forNew: section) else { continue }
            var kept = sections[old]
            kept.items = plan.newCounts[section]
            if kept.sizes != nil || sectionsWithNewSizes.contains(section) {
                kept.sizes = .items((0..<kept.items).map { item -> Size? in
                    let indexPath = IndexPath(item: item, section: section)
                    if let size = insertedSizes[indexPath] { return size }
                    guard let from = plan.oldIndexPath(forNew: indexPath) else { return nil }
                    return sections[from.section].size(from.item)
                })
            }
            next.append(kept)
        }
        staged = (next, claimedCounts ?? plan.newCounts)
    }

    /// Replaces the data with sections of the same counts, without telling the collection view (a snapshot
    /// apply whose diff is empty).
    func replaceSectionsKeepingDisplay(_ newSections: [SectionDescription]) {
        sections = newSections.map(Section.init)
        staged = nil
    }

    /// Stages `newSections` whole: the data after a snapshot apply, which the diff's batch is checked against.
    func stage(_ newSections: [SectionDescription]) {
        let next = newSections.map(Section.init)
        staged = (next, next.map(\.items))
    }

    /// Charges the modelled cost of diffing a snapshot of `items` items (`<diffable per-item>`).
    func chargeDiff(items: Int) {
        budget.charge(UInt64((Double(items) * costs.diffablePerItem).rounded()))
    }

    /// Charges the modelled cost of a compositional section's visible-items handler over `itemCount` items
    /// (`<visible-items-handler per-item>`), inside its span.
    func collectionView(_ collectionView: CollectionView, visibleItemsHandlerWorkFor itemCount: Int, inSection section: Int) {
        budget.charge(UInt64((Double(itemCount) * costs.visibleItemsHandlerPerItem).rounded()))
    }

    /// Makes the staged data the data.
    func commitStaged() {
        if let staged { sections = staged.sections }
        staged = nil
    }

    /// Drops the staged data.
    func dropStaged() { staged = nil }

    func numberOfSections(in collectionView: CollectionView) -> Int { staged?.counts.count ?? sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        staged?.counts[section] ?? sections[section].items
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let identifier = current[indexPath.section].reuseIdentifier
        let costs = costs.cell(identifier)
        if registeredCells.insert(identifier).inserted {
            let budget = budget
            collectionView.register(forCellWithReuseIdentifier: identifier) { [unowned self, weak collectionView] in
                budget.charge(costs.create)
                let cell = WorkloadCell()
                cell.recycleCost = RecycleCost(budget: budget, nanoseconds: costs.prepareForReuse)
                cell.sizing = CellSizing(dataSource: self, collectionView: collectionView, nanoseconds: costs.measure)
                return cell
            }
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        budget.charge(costs.configure)
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        let costs = costs.supplementaryView(kind)
        if registeredKinds.insert(kind).inserted {
            let budget = budget
            collectionView.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: kind) {
                budget.charge(costs.create)
                let view = WorkloadView()
                view.recycleCost = RecycleCost(budget: budget, nanoseconds: costs.prepareForReuse)
                view.measureCost = RecycleCost(budget: budget, nanoseconds: costs.measure)
                return view
            }
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
        budget.charge(costs.configure)
        return view
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        let section = indexPath.section
        if let cached = cachedRun, cached.section == section, cached.items.contains(indexPath.item) { return cached.size }
        switch current[section].sizes {
        case nil:
            return layout.itemSize
        case .items(let sizes):
            guard indexPath.item < sizes.count, let size = sizes[indexPath.item] else { return layout.itemSize }
            return size
        case .runs(let list):
            guard indexPath.item >= 0 && indexPath.item < list.count else { return layout.itemSize }
            let run = runIndex(of: indexPath.item, section: section, in: list)
            let first = list.firstItem(ofRun: run)
            let found = list.run(at: run)
            let size = found.size
            cachedRun = (section, first..<first + found.count, run, size)
            return size
        }
    }

    /// What a cell of the app answers to `preferredLayoutAttributesFitting(_:)`: the trace's size of its item
    /// (the layout's item size where the trace gives none), alternating with that size plus the section's
    /// `unstable-delta` (along the scrolling axis) on every measurement for its `unstable-items`; the very
    /// attributes it was given when the size is theirs, so that a cell that does not size itself costs no copy.
    func preferredAttributes(fitting attributes: LayoutAttributes, in collectionView: CollectionView?) -> LayoutAttributes {
        let indexPath = attributes.indexPath
        let sections = current
        guard sections.indices.contains(indexPath.section), let collectionView else { return attributes }
        let section = sections[indexPath.section]
        let flow = collectionView.collectionViewLayout as? FlowLayout
        var size = section.size(indexPath.item) ?? flow?.itemSize ?? attributes.size
        if section.unstableItems.contains(indexPath.item) {
            let times = measurements[indexPath, default: 0]
            measurements[indexPath] = times + 1
            if times % 2 == 1 {
                if flow?.scrollDirection == .horizontal { size.width += section.unstableDelta } else {
                    size.height += section.unstableDelta
                }
            }
        }
        guard size != attributes.size else { return attributes }
        let preferred = attributes.copy()
        preferred.size = size
        return preferred
    }

    /// The one size of a section without sizes (the layout's) or with one run of sizes, so that the flow
    /// layout does not ask for each of its items.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, uniformItemSizeInSection section: Int) -> Size? {
        switch current[section].sizes {
        case nil:
            return layout.itemSize
        case .runs(let list) where list.runCount == 1:
            let size = list.run(at: 0).size
            return size
        case .runs, .items:
            return nil
        }
    }

    /// The run the last size was read from — its section, items, index and size — until the data changes:
    /// the layout asks for sizes in order, so the next item is nearly always in it (answered without
    /// touching the list) or in the next run.
    private var cachedRun: (section: Int, items: Range<Int>, run: Int, size: Size)?

    private func runIndex(of item: Int, section: Int, in list: TraceSizeList) -> Int {
        if let cached = cachedRun, cached.section == section, item >= cached.items.upperBound {
            let next = cached.run + 1
            if next < list.runCount, item < list.firstItem(ofRun: next) + list.run(at: next).count { return next }
        }
        return list.runIndex(containing: item)
    }

    // A trace records the menus the app showed and the actions the user chose, so the app allowed them.

    // The section's own flow metrics (`<section inset minimum-line-spacing minimum-interitem-spacing
    // header-size footer-size>`), the layout's where the trace gives none: what an app's
    // `UICollectionViewDelegateFlowLayout` answers per section.

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets {
        flowMetrics(section)?.inset ?? layout.sectionInset
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        minimumLineSpacingForSectionAt section: Int) -> Double {
        flowMetrics(section)?.minimumLineSpacing ?? layout.minimumLineSpacing
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> Double {
        flowMetrics(section)?.minimumInteritemSpacing ?? layout.minimumInteritemSpacing
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        referenceSizeForHeaderInSection section: Int) -> Size {
        flowMetrics(section)?.headerSize ?? layout.headerReferenceSize
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        referenceSizeForFooterInSection section: Int) -> Size {
        flowMetrics(section)?.footerSize ?? layout.footerReferenceSize
    }

    /// The metrics of `section` as the data source currently answers them (staged ones during a batch).
    private func flowMetrics(_ section: Int) -> SectionDescription.FlowMetrics? {
        let sections = current
        return sections.indices.contains(section) ? sections[section].flow : nil
    }

    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

    func collectionView(_ collectionView: CollectionView, canPerformAction action: String,
                        forItemAt indexPath: IndexPath) -> Bool { true }
}

/// The recorded cost of recycling a view, charged in its `prepareForReuse()`.
struct RecycleCost {
    let budget: WorkloadBudget
    let nanoseconds: UInt64

    func charge() { budget.charge(nanoseconds) }
}

/// How a cell of the replayed app measures itself: its data source's answer, at the recorded `measure` cost.
struct CellSizing {
    unowned let dataSource: TraceDataSource
    weak var collectionView: CollectionView?
    let nanoseconds: UInt64
}

/// A cell whose `prepareForReuse()` charges the recorded cost, and whose `preferredLayoutAttributesFitting(_:)`
/// charges the recorded `measure` cost and answers the trace's size (rdar://26887172: UIKit asks every cell,
/// estimated sizes or not).
final class WorkloadCell: CollectionViewCell {
    var recycleCost: RecycleCost?
    var sizing: CellSizing?

    override func prepareForReuse() {
        super.prepareForReuse()
        recycleCost?.charge()
    }

    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        guard let sizing else { return layoutAttributes }
        sizing.dataSource.budget.charge(sizing.nanoseconds)
        return sizing.dataSource.preferredAttributes(fitting: layoutAttributes, in: sizing.collectionView)
    }
}

/// A supplementary view whose `prepareForReuse()` charges the recorded cost.
final class WorkloadView: ReusableView {
    var recycleCost: RecycleCost?
    /// The recorded `measure` cost, charged when the view is asked its preferred attributes (which are the
    /// layout's: the flow layout sizes no supplementary view itself).
    var measureCost: RecycleCost?

    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        measureCost?.charge()
        return layoutAttributes
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        recycleCost?.charge()
    }
}
