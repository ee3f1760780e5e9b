public import CollectionEngine

/// A data source and flow-layout delegate for tests: counts and sizes from arrays, every callback logged.
public final class FixtureDataSource: CollectionViewDataSource, FlowLayoutDelegate {
    /// Items per section.
    public var counts: [Int]
    /// Per-item sizes; `nil` leaves the layout's `itemSize` (the delegate then does not answer sizes).
    public var sizes: [[Size]]?
    public var sectionInsets: [EdgeInsets]?
    public var lineSpacings: [Double]?
    public var interitemSpacings: [Double]?
    public var headerSizes: [Size]?
    public var footerSizes: [Size]?
    /// The reuse identifier of each section's cells.
    public var reuseIdentifier: (Int) -> String = { _ in "cell" }
    /// Every callback, in order: `cellForItem [0, 3]`, `create`, `apply [0, 3]`, `willDisplay [0, 3]`, …
    public let log = CallLog()
    /// How many times the layout asked for each item's size.
    public private(set) var sizeQueries = 0
    /// Changes the target offset in `scrollViewWillEndDragging`, as a delegate may.
    public var adjustTarget: ((Point) -> Point)?

    public init(counts: [Int]) {
        self.counts = counts
    }

    private func note(_ entry: @autoclosure () -> String) {
        log.append(entry())
    }

    /// Registers ``RecordingCell`` for `identifier` and ``RecordingView`` for headers and footers, all
    /// logging into ``log``.
    public func register(on collectionView: CollectionView, identifiers: [String] = ["cell"]) {
        let log = self.log
        for identifier in identifiers {
            collectionView.register(forCellWithReuseIdentifier: identifier) {
                log.append("create")
                let cell = RecordingCell()
                cell.log = log
                return cell
            }
        }
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            collectionView.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: kind) {
                log.append("create \(kind)")
                return RecordingView()
            }
        }
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        note("cellForItem \(indexPath)")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier(indexPath.section), for: indexPath)
        if let cell = cell as? RecordingCell { cell.configuredFor = indexPath }
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView {
        note("viewForSupplementary \(kind) \(indexPath)")
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {
        note("willDisplay \(indexPath)")
    }

    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {
        note("didEndDisplaying \(indexPath)")
    }

    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                               forElementKind kind: String, at indexPath: IndexPath) {
        note("willDisplaySupplementary \(kind) \(indexPath)")
    }

    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                               forElementOfKind kind: String, at indexPath: IndexPath) {
        note("didEndDisplayingSupplementary \(kind) \(indexPath)")
    }

    public func scrollViewDidScroll(_ collectionView: CollectionView) { note("didScroll") }

    public func scrollViewWillBeginDragging(_ collectionView: CollectionView) { note("willBeginDragging") }

    public func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {
        note("willEndDragging velocity \(velocity) target \(targetContentOffset)")
        if let adjustTarget { targetContentOffset = adjustTarget(targetContentOffset) }
    }

    public func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
        note("didEndDragging decelerate \(decelerate)")
    }

    public func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) { note("willBeginDecelerating") }

    public func scrollViewDidEndDecelerating(_ collectionView: CollectionView) { note("didEndDecelerating") }

    public func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) { note("didEndScrollingAnimation") }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               sizeForItemAt indexPath: IndexPath) -> Size {
        sizeQueries += 1
        return sizes?[indexPath.section][indexPath.item] ?? layout.itemSize
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               insetForSectionAt section: Int) -> EdgeInsets {
        sectionInsets?[section] ?? layout.sectionInset
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               minimumLineSpacingForSectionAt section: Int) -> Double {
        lineSpacings?[section] ?? layout.minimumLineSpacing
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> Double {
        interitemSpacings?[section] ?? layout.minimumInteritemSpacing
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               referenceSizeForHeaderInSection section: Int) -> Size {
        headerSizes?[section] ?? layout.headerReferenceSize
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               referenceSizeForFooterInSection section: Int) -> Size {
        footerSizes?[section] ?? layout.footerReferenceSize
    }
}

/// An ordered list of callback names, shared by a fixture and its views.
public final class CallLog {
    public private(set) var entries: [String] = []
    /// Whether to record (off for large scrolls).
    public var isEnabled = true

    public init() {}

    public func append(_ entry: String) {
        if isEnabled { entries.append(entry) }
    }

    public func removeAll() { entries.removeAll() }
}

/// A cell that logs its reuse and attribute applications.
public final class RecordingCell: CollectionViewCell {
    public var log: CallLog?
    /// The item the data source last configured it for.
    public var configuredFor: IndexPath?
    public private(set) var appliedCount = 0

    public required init() {}

    public override func prepareForReuse() {
        super.prepareForReuse()
        log?.append("prepareForReuse")
        configuredFor = nil
    }

    public override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        appliedCount += 1
        log?.append("apply \(layoutAttributes.indexPath)")
    }
}

/// A supplementary view with no behaviour of its own.
public final class RecordingView: ReusableView {
    public required init() {}
}
