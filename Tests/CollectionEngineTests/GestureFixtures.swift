import CollectionEngine
import EngineTestSupport

/// A layout that shows exactly the attributes it is given, for hit testing and gesture tests; it logs the
/// gestures it hears when `log` is set.
final class FixedLayout: CollectionViewLayout, LayoutInteractionHandling {
    var elements: [LayoutAttributes]
    var log: [String] = []
    /// The test's data source and delegate, kept alive as long as the collection view (which holds its
    /// layout strongly, and them weakly).
    var keptAlive: [AnyObject] = []

    init(_ elements: [LayoutAttributes]) {
        self.elements = elements
    }

    override var collectionViewContentSize: Size { Size(width: 390, height: 2000) }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        elements.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        elements.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        elements.first { $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        elements.first { $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    func collectionView(_ collectionView: CollectionView, pinch state: GestureState, at location: Point, scale: Double) {
        log.append("pinch \(state) \(location) \(scale)")
    }

    func collectionView(_ collectionView: CollectionView, longPress state: GestureState, at location: Point) {
        log.append("longPress \(state) \(location)")
    }

    func collectionView(_ collectionView: CollectionView, tapAt location: Point) {
        log.append("tap \(location) selected \(collectionView.indexPathsForSelectedItems)")
    }
}

/// Attributes for a cell with `frame`.
func element(_ item: Int, _ frame: Rect, zIndex: Int = 0, transform: Transform3D = .identity, alpha: Double = 1,
             hidden: Bool = false) -> LayoutAttributes {
    element(.cell, item, frame, kind: nil, zIndex: zIndex, transform: transform, alpha: alpha, hidden: hidden)
}

/// Attributes for an element of `category` and `kind` with `frame`.
func element(_ category: ElementCategory, _ item: Int, _ frame: Rect, kind: String?, zIndex: Int = 0,
             transform: Transform3D = .identity, alpha: Double = 1, hidden: Bool = false) -> LayoutAttributes {
    let attributes = LayoutAttributes(category: category, kind: kind, indexPath: IndexPath(item: item, section: 0))
    attributes.frame = frame
    attributes.zIndex = zIndex
    attributes.transform3D = transform
    attributes.alpha = alpha
    attributes.isHidden = hidden
    return attributes
}

/// A collection view of `layout`'s elements over `items` items, laid out, with a logging delegate.
func gestureView(_ layout: CollectionViewLayout, items: Int = 10) -> (CollectionView, FixtureDataSource, SelectionLog) {
    let data = FixtureDataSource(counts: [items])
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    data.register(on: view)
    layout.register(RecordingView.self, forDecorationViewOfKind: "badge")
    view.dataSource = data
    let log = SelectionLog()
    log.dataSource = data
    view.delegate = log
    (layout as? FixedLayout)?.keptAlive = [data, log]
    view.layoutIfNeeded()
    return (view, data, log)
}

/// A delegate that logs the selection and menu callbacks, with the cell's state at each, and answers
/// them as configured.
final class SelectionLog: CollectionViewDelegate {
    var entries: [String] = []
    /// Kept alive here: the collection view holds its data source weakly.
    var dataSource: FixtureDataSource?
    var allowHighlight: (IndexPath) -> Bool = { _ in true }
    var allowSelect: (IndexPath) -> Bool = { _ in true }
    var allowDeselect: (IndexPath) -> Bool = { _ in true }
    var showMenu: (IndexPath) -> Bool = { _ in true }
    var allowedActions: Set<String> = ["copy"]

    private func note(_ entry: String, _ collectionView: CollectionView, _ indexPath: IndexPath) {
        let cell = collectionView.cellForItem(at: indexPath)
        let state = cell.map { ($0.isHighlighted ? " H" : "") + ($0.isSelected ? " S" : "") } ?? " -"
        entries.append("\(entry) \(indexPath)\(state)")
    }

    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        note("shouldHighlight", collectionView, indexPath)
        return allowHighlight(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        note("didHighlight", collectionView, indexPath)
    }

    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        note("didUnhighlight", collectionView, indexPath)
    }

    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        note("shouldSelect", collectionView, indexPath)
        return allowSelect(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        note("shouldDeselect", collectionView, indexPath)
        return allowDeselect(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        note("didSelect", collectionView, indexPath)
    }

    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        note("didDeselect", collectionView, indexPath)
    }

    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        note("shouldShowMenu", collectionView, indexPath)
        return showMenu(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, canPerformAction action: String,
                        forItemAt indexPath: IndexPath) -> Bool {
        note("canPerform \(action)", collectionView, indexPath)
        return allowedActions.contains(action)
    }

    func collectionView(_ collectionView: CollectionView, performAction action: String, forItemAt indexPath: IndexPath) {
        note("perform \(action)", collectionView, indexPath)
    }
}
