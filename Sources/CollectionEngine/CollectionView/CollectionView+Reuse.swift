extension CollectionView {
    /// A cell for the item at `indexPath`: a recycled one from the pool of `identifier` (after its
    /// `prepareForReuse()`), or a new one. Its layout attributes are applied before it is returned.
    ///
    /// Always returns a view. Call it from the data source's `collectionView(_:cellForItemAt:)`.
    /// - Precondition: `identifier` is registered.
    /// - Complexity: O(1) plus the view's own `prepareForReuse()` or creation.
    public func dequeueReusableCell(withReuseIdentifier identifier: String,
                                    for indexPath: IndexPath) -> CollectionViewCell {
        guard let make = cellRegistrations[identifier] else {
            preconditionFailure(
                "could not dequeue a cell with identifier '\(identifier)': register a class or a factory "
                    + "for the identifier first")
        }
        let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
        if let reconfiguring = reconfiguringCell, reconfiguring.key == key {
            // Reconfiguring: UIKit's dequeue hands back the existing cell, and it must be of the same
            // registration (Tyler Fox's notes on reconfigureItems, WWDC 2021 "Make blazing fast lists and
            // collection views" follow-up).
            precondition(reconfiguring.cell.reuseIdentifier == identifier,
                         "reconfiguring \(indexPath): the cell was dequeued with identifier "
                            + "'\(reconfiguring.cell.reuseIdentifier ?? "")', not '\(identifier)'")
            return reconfiguring.cell
        }
        return measure(.dequeue, .cell) {
            let cell = recycleOrCreate(cellPools[identifier]?.views.popLast(), .cell, make)
            cell.reuseIdentifier = identifier
            cell.dequeuedFor = key
            if let attributes = attributesForDequeue(key) { applyIfChanged(attributes, to: cell) }
            return cell
        }
    }

    /// A supplementary view of `kind` for `indexPath`, recycled or new, with its attributes applied.
    ///
    /// - Precondition: `kind` and `identifier` are registered.
    /// - Complexity: O(1) plus the view's own `prepareForReuse()` or creation.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> ReusableView {
        let poolKey = SupplementaryPoolKey(kind: kind, identifier: identifier)
        guard let registration = supplementaryRegistrations[poolKey] else {
            preconditionFailure(
                "could not dequeue a supplementary view of kind '\(kind)' with identifier '\(identifier)': "
                    + "register a class or a factory for the kind and identifier first")
        }
        let key = ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
        return measure(.dequeue, .supplementaryView) {
            let view = recycleOrCreate(supplementaryPools[poolKey]?.views.popLast(), .supplementaryView, registration.make)
            view.reuseIdentifier = identifier
            view.dequeuedFor = key
            if let attributes = attributesForDequeue(key) { applyIfChanged(attributes, to: view) }
            return view
        }
    }

    /// A decoration view for `attributes`, from the layout's registration of its kind.
    func dequeueDecorationView(for attributes: LayoutAttributes) -> ReusableView {
        let kind = attributes.representedElementKind ?? ""
        guard let registration = collectionViewLayout.decorationRegistration(ofKind: kind) else {
            preconditionFailure(
                "could not dequeue a decoration view of kind '\(kind)': the layout must register a class "
                    + "for it with register(_:forDecorationViewOfKind:)")
        }
        return measure(.dequeue, .decorationView) {
            let view = recycleOrCreate(decorationPools[kind]?.views.popLast(), .decorationView, registration.make)
            view.dequeuedFor = attributes.elementKey
            applyIfChanged(attributes, to: view)
            return view
        }
    }

    /// Prepares `recycled`, taken from its pool, for reuse, or makes a view when the pool had none.
    ///
    /// The pool gave up the view before this call: the view's `prepareForReuse()` and the factory run with no
    /// access to a pool in progress, so that they may dequeue views of their own.
    private func recycleOrCreate<View: ReusableView>(_ recycled: View?, _ category: ElementCategory,
                                                     _ make: () -> View) -> View {
        if let recycled {
            counters.recordReuse(of: category)
            measure(.prepareForReuse, category) { recycled.resetForReuse() }
            return recycled
        }
        counters.recordCreation(of: category)
        return measure(.create, category, make)
    }

    /// The attributes to apply to a view dequeued for `key`: those of the element being displayed, or
    /// the layout's when the data source dequeues outside a layout pass.
    private func attributesForDequeue(_ key: ElementKey) -> LayoutAttributes? {
        if let pendingAttributes, pendingAttributes.elementKey == key { return pendingAttributes }
        let layout = collectionViewLayout
        return callingLayout(query: true) {
            switch key.category {
            case .cell: layout.layoutAttributesForItem(at: key.indexPath)
            case .supplementaryView: layout.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
            case .decorationView: layout.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
            }
        }
    }

    /// Applies `attributes` to `view` unless the view already has equal ones.
    ///
    /// When the layout hands back the very attributes object the view's were copied from and neither has
    /// changed since (a layout that keeps its attributes, as the flow layout does with
    /// ``LayoutAttributesCache``), they are equal without comparing them: the counters are those of the
    /// comparison.
    // Always inlined: a layout pass calls it for every displayed element, and the compiler stopped inlining it
    // once `measure` carried both the held and the loaded observer's paths (2,000 instructions a steady frame).
    /// - Returns: Whether the attributes were applied.
    @inline(__always) @discardableResult
    func applyIfChanged(_ attributes: LayoutAttributes, to view: ReusableView) -> Bool {
        if view.holdsUnchangedCopy(of: attributes) {
            counters.attributesUnchanged += 1
            return false
        }
        if let current = view.layoutAttributes, current.isEqual(to: attributes) {
            counters.attributesUnchanged += 1
            return false
        }
        counters.attributesApplied += 1
        measure(.applyAttributes, attributes.representedElementCategory) { view.applyLayoutAttributes(attributes) }
        return true
    }

    /// Puts a view that left the display (or a discarded prefetched cell) back in its pool.
    func enqueue(_ view: ReusableView, _ key: ElementKey) {
        switch key.category {
        case .cell:
            if let cell = view as? CollectionViewCell, let identifier = cell.reuseIdentifier {
                cellPools.pool(identifier).views.append(cell)
            }
        case .supplementaryView:
            if let identifier = view.reuseIdentifier {
                supplementaryPools.pool(SupplementaryPoolKey(kind: key.kind ?? "", identifier: identifier)).views
                    .append(view)
            }
        case .decorationView:
            decorationPools.pool(key.kind ?? "").views.append(view)
        }
    }
}

/// The views of one reuse identifier (or decoration kind) waiting to be dequeued.
///
/// A class in the pools' dictionaries, so that a dequeue reads the dictionary and takes the view from the
/// array in place. On a dictionary of arrays, `pools[identifier]?.popLast()` runs through three nested
/// `modify` coroutines (the dictionary's subscript, its storage variant's, its native storage's), whose frames
/// Swift allocated on the heap: three `malloc` calls for every cell that entered the display.
final class ReusePool<View: ReusableView> {
    // Unchecked as the dictionaries holding the pools are (see `CollectionView.selectedItems`): each access is
    // one append or one removal, and the view's own code runs only after the view has left the pool.
    @exclusivity(unchecked) var views: [View] = []
}

extension Dictionary {
    /// The pool at `key`, made when there is none.
    mutating func pool<View>(_ key: Key) -> Value where Value == ReusePool<View> {
        if let pool = self[key] { return pool }
        let pool = ReusePool<View>()
        self[key] = pool
        return pool
    }
}
