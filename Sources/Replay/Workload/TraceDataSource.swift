import CollectionEngine
import TraceXML

/// The app of a replay: counts, sizes and reuse identifiers from the trace's `<data>`, and views that spend
/// the recorded `<workload>` costs when they are created, configured and recycled.
final class TraceDataSource: CollectionViewDataSource, FlowLayoutDelegate {
    private(set) var sections: [SectionDescription]
    private let costs: WorkloadCosts
    private let clock: any ReplayClock
    private var registeredCells = Set<String>()
    private var registeredKinds = Set<String>()

    init(sections: [SectionDescription], workload: Workload?, clock: any ReplayClock) {
        self.sections = sections
        self.costs = WorkloadCosts(workload)
        self.clock = clock
    }

    /// Replaces the data, as a `<reload-data>` does; the caller reloads the collection view.
    func replaceSections(_ newSections: [SectionDescription]) {
        sections = newSections
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].items
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let identifier = sections[indexPath.section].reuseIdentifier
        let costs = costs.cell(identifier)
        if registeredCells.insert(identifier).inserted {
            let clock = clock
            collectionView.register(forCellWithReuseIdentifier: identifier) {
                clock.spend(costs.create)
                let cell = WorkloadCell()
                cell.recycleCost = RecycleCost(clock: clock, nanoseconds: costs.prepareForReuse)
                return cell
            }
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        clock.spend(costs.configure)
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        let costs = costs.supplementaryView(kind)
        if registeredKinds.insert(kind).inserted {
            let clock = clock
            collectionView.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: kind) {
                clock.spend(costs.create)
                let view = WorkloadView()
                view.recycleCost = RecycleCost(clock: clock, nanoseconds: costs.prepareForReuse)
                return view
            }
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
        clock.spend(costs.configure)
        return view
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        guard let sizes = sections[indexPath.section].itemSizes else { return layout.itemSize }
        let size = sizes[indexPath.item]
        return Size(width: size.width, height: size.height)
    }
}

/// The recorded cost of recycling a view, spent in its `prepareForReuse()`.
struct RecycleCost {
    let clock: any ReplayClock
    let nanoseconds: UInt64

    func spend() { clock.spend(nanoseconds) }
}

/// A cell whose `prepareForReuse()` spends the recorded cost.
final class WorkloadCell: CollectionViewCell {
    var recycleCost: RecycleCost?

    override func prepareForReuse() {
        super.prepareForReuse()
        recycleCost?.spend()
    }
}

/// A supplementary view whose `prepareForReuse()` spends the recorded cost.
final class WorkloadView: ReusableView {
    var recycleCost: RecycleCost?

    override func prepareForReuse() {
        super.prepareForReuse()
        recycleCost?.spend()
    }
}
