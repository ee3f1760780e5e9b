public import CollectionEngine

/// The book's BetterSurvey layout (ch. 4, Listings 4.1–4.12): a flow layout whose items spread evenly
/// across their section, with a "binder" decoration behind each section and a section-insert animation.
///
/// Each item is moved along the line so that a section's n items divide the width between the insets into
/// n equal slots (Fig. 4.3, generalised), its frame then made integral; the item sizes themselves come from
/// the data through the flow delegate, ``FlowLayout/itemSize`` being the largest (200 × 200). The binder is
/// as wide as the content and as tall as the section's tallest item plus the header, centered on that item,
/// at z-index −1 — and, as in the book, the layout only returns it while the section's header intersects
/// the queried rectangle (the quirk E18 of the notes keeps).
///
/// Long-pressing an item shows its menu: that is the collection view's own behaviour with its delegate
/// (ch. 6, Listings 6.1–6.4); the layout's state does not change.
open class DecoratedFlowLayout: FlowLayout {
    /// The decoration kind of the binder drawn behind each section.
    public static let binderKind = "binder"

    /// Sections that the batch update being animated inserts (Listing 4.10).
    var insertedSections = Set<Int>()
    /// The plan of the batch update being prepared.
    private var updatePlan: UpdatePlan?

    /// A layout with the book's configuration (Listing 4.2): 200 × 200 items, insets 30 80 30 20,
    /// spacings 20, header 60 × 70, the binder registered.
    public override init() {
        super.init()
        itemSize = Size(width: 200, height: 200)
        sectionInset = EdgeInsets(top: 30, left: 80, bottom: 30, right: 20)
        minimumInteritemSpacing = 20
        minimumLineSpacing = 20
        headerReferenceSize = Size(width: 60, height: 70)
        register(BinderView.self, forDecorationViewOfKind: Self.binderKind)
    }

    // MARK: Queries

    /// Flow's elements with every item spread evenly, and a binder for each section whose header is among
    /// them (Listing 4.7).
    ///
    /// - Complexity: O(log n + k) for flow's query, plus O(m) per returned binder for a section of m items
    ///   (the tallest item is found by asking for every item, as the book does).
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let elements = super.layoutAttributesForElements(in: rect)
        var binders: [LayoutAttributes] = []
        for attributes in elements {
            spreadEvenly(attributes)
            // The header's index path is (section, 0): the binder piggy-backs on it, so it is present only
            // while the header intersects `rect`.
            if attributes.representedElementCategory == .supplementaryView,
               let binder = layoutAttributesForDecorationView(ofKind: Self.binderKind, at: attributes.indexPath) {
                binders.append(binder)
            }
        }
        return elements + binders
    }

    /// Flow's item, spread evenly (Listing 4.6).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
        spreadEvenly(attributes)
        return attributes
    }

    /// The binder of `indexPath`'s section (Listing 4.8); `nil` for other kinds and for a section with no
    /// items (the book's code would message `nil` there).
    ///
    /// - Complexity: O(m) for a section of m items.
    open override func layoutAttributesForDecorationView(ofKind kind: String,
                                                        at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.binderKind, let collectionView,
              indexPath.section >= 0, indexPath.section < collectionView.numberOfSections else { return nil }
        var tallest: LayoutAttributes?
        for item in 0..<collectionView.numberOfItems(inSection: indexPath.section) {
            guard let cell = layoutAttributesForItem(at: IndexPath(item: item, section: indexPath.section)) else {
                continue
            }
            if cell.frame.height > (tallest?.frame.height ?? 0) { tallest = cell }
        }
        guard let tallest else { return nil }
        let width = collectionViewContentSize.width
        let binder = Self.layoutAttributesClass.init(category: .decorationView, kind: kind,
                                                     indexPath: IndexPath(item: 0, section: indexPath.section))
        binder.size = Size(width: width, height: tallest.frame.height + headerReferenceSize.height)
        binder.center = Point(x: width / 2, y: tallest.center.y)
        binder.zIndex = -1
        return binder
    }

    // MARK: Update animation

    /// Keeps the batch update's plan, to tell reloads from inserts in ``prepare(forCollectionViewUpdates:)``.
    open override func invalidateLayout(with context: InvalidationContext) {
        if let plan = context.updatePlan { updatePlan = plan }
        super.invalidateLayout(with: context)
    }

    /// Notes the sections the update inserts into (Listing 4.10).
    ///
    /// The book adds the section of every insert. The engine, like UIKit, reports a reload as a delete and
    /// an insert; the book's app reloads the previous section in the same batch as it inserts the next, and
    /// that section crossfades in the book ("reload update items … are not added to the set"), so an insert
    /// that is the new half of a reload — of a section or of an item — is not counted.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for update in updateItems where update.updateAction == .insert {
            guard let after = update.indexPathAfterUpdate else { continue }
            if let plan = updatePlan {
                let isReload = update.isSectionOperation ? plan.oldSection(forNew: after.section) != nil
                                                         : plan.oldIndexPath(forNew: after) != nil
                if isReload { continue }
            }
            insertedSections.insert(after.section)
        }
    }

    /// Forgets the inserted sections (Listing 4.10).
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertedSections.removeAll()
        updatePlan = nil
    }

    /// An inserted section's binder starts transparent, one binder width to the left, so that it slides in
    /// while fading in (Listing 4.11); every other decoration crossfades.
    /// - Complexity: O(m) for a section of m items.
    open override func initialLayoutAttributesForAppearingDecorationElement(
        ofKind kind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        guard kind == Self.binderKind, insertedSections.contains(decorationIndexPath.section),
              let attributes = layoutAttributesForDecorationView(ofKind: kind, at: decorationIndexPath) else {
            return nil
        }
        attributes.alpha = 0
        attributes.transform3D = .translation(x: -attributes.frame.width, y: 0, z: 0)
        return attributes
    }

    /// An inserted section's items start one content width to the right, opaque, so that they slide in
    /// (Listing 4.12); every other item crossfades.
    /// - Complexity: O(1).
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard insertedSections.contains(itemIndexPath.section),
              let attributes = layoutAttributesForItem(at: itemIndexPath) else { return nil }
        attributes.transform3D = .translation(x: collectionViewContentSize.width, y: 0, z: 0)
        return attributes
    }

    // MARK: Even distribution

    /// Moves a cell to its slot: a section of n items divides the width between the insets into n equal
    /// slots of 2X, the item centered in its own, then the frame is made integral (Listing 4.5, Fig. 4.3).
    func spreadEvenly(_ attributes: LayoutAttributes) {
        guard attributes.representedElementCategory == .cell, let collectionView else { return }
        let indexPath = attributes.indexPath
        let count = collectionView.numberOfItems(inSection: indexPath.section)
        guard count > 0 else { return }
        let width = collectionViewContentSize.width
        let firstX = (width - (sectionInset.left + sectionInset.right)) / Double(2 * count)
        attributes.center = Point(x: sectionInset.left + firstX + 2 * firstX * Double(indexPath.item),
                                  y: attributes.center.y)
        attributes.frame = attributes.frame.integral
    }
}
