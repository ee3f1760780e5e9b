public import CollectionEngine

/// Tutorial 002's Springboard (notes §2.3–§2.8): the iPad Home screen as a paged, horizontally scrolling
/// flow of 144-point icons, with the edit ("deletion") mode of the iOS Home screen.
///
/// The geometry is flow's (`SpringboardLayout.init`: 144 × 144 items, spacings 48, insets 32, horizontal):
/// on a 768 × 1004 iPad, columns of 5 icons at y = 32 + 199·row, x = 32 + 192·column, so that a page of
/// 768 points shows 4 columns, 20 icons, with page p holding items 20p…20p+19. Paging is the collection
/// view's (`pagingEnabled`, set by the app delegate in the tutorial and by the trace here).
///
/// Edit mode. The tutorial keeps `isDeletionModeActive` in its view controller and the layout reads it
/// through a delegate protocol; the engine has no view controller, so the mode lives here, with the
/// controller's gesture handlers (``SpringboardLayout+EditMode``): a long press on an icon enters it, a tap
/// on the background leaves it, a tap on an icon's visible delete button asks for the icon's deletion,
/// and icons do not select while it is on. Each change of mode is the tutorial's full `invalidateLayout()`.
///
/// In edit mode every icon's attributes have ``SpringboardLayoutAttributes/deleteButtonHidden`` `false`
/// and a transform that quivers (``SpringboardJiggle``); the layout is a ``TimeDrivenLayout`` whose
/// frame step re-queries only the displayed icons. Out of edit mode the transforms are the identity and a
/// frame costs nothing.
open class SpringboardLayout: FlowLayout, LayoutInteractionHandling, TimeDrivenLayout {
    /// The delete button's frame in an icon of 144 × 144 points, untransformed (`Icon.m`: (w/16, w/16,
    /// w/4, w/4)).
    public static let deleteButtonFrame = Rect(x: 9, y: 9, width: 36, height: 36)

    /// Whether edit mode is on (the tutorial's `isDeletionModeActive`).
    public internal(set) var isEditing = false

    /// The taps that landed on a visible delete button: each asks the app to delete that icon (the
    /// tutorial's `delete:` action). The deletion itself is the app's model change and its animated batch
    /// update, which a trace records right after the tap; the layout changes no data.
    public internal(set) var deleteButtonTaps = 0

    /// The icon whose delete button was tapped last, or `nil` before the first.
    public internal(set) var lastDeleteRequest: IndexPath?

    /// The generator of the icons' time offsets (`arc4random` in the tutorial), seeded by `seed`.
    var generator: SplitMix64

    /// The quiver of each icon whose attributes were produced in edit mode since it last (re)started:
    /// entering edit mode again, leaving the screen and being moved by a batch update drop an icon's entry,
    /// so its wave restarts with a new offset the next time its attributes are produced.
    var jiggles: [IndexPath: SpringboardJiggle] = [:]

    /// During a batch update: its plan, and the frames before it of the icons near the screen, so that an
    /// icon the update moves onto the screen slides in from where it was.
    var update: (plan: UpdatePlan, framesBefore: [IndexPath: Rect])?

    open override class var layoutAttributesClass: LayoutAttributes.Type { SpringboardLayoutAttributes.self }

    /// A layout with the tutorial's configuration (`SpringboardLayout.init`): horizontal, 144 × 144 icons,
    /// spacings 48, insets 32 on every side; `seed` seeds the icons' quiver offsets.
    public init(seed: UInt64 = 1) {
        generator = SplitMix64(seed: seed)
        super.init()
        scrollDirection = .horizontal
        itemSize = Size(width: 144, height: 144)
        minimumInteritemSpacing = 48
        minimumLineSpacing = 48
        sectionInset = EdgeInsets(top: 32, left: 32, bottom: 32, right: 32)
    }

    // MARK: Queries

    /// Flow's elements, each icon carrying the mode: its delete button's visibility and, in edit mode, its
    /// quiver at the frame's time (the tutorial's `layoutAttributesForElementsInRect:`).
    /// - Complexity: O(log n + k), as flow's, for n items and k results.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let elements = super.layoutAttributesForElements(in: rect)
        for attributes in elements { applyEditMode(to: attributes) }
        return elements
    }

    /// Flow's item, carrying the mode (the tutorial's `layoutAttributesForItemAtIndexPath:`).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
        applyEditMode(to: attributes)
        return attributes
    }

    /// Sets an icon's button visibility and transform: out of edit mode, hidden and the identity; in edit
    /// mode, shown and rotated by its quiver, which starts now if the icon has none (its attributes are
    /// being applied with the button visible: `startQuivering`).
    func applyEditMode(to attributes: LayoutAttributes) {
        guard attributes.representedElementCategory == .cell else { return }
        (attributes as? SpringboardLayoutAttributes)?.deleteButtonHidden = !isEditing
        guard isEditing else { return }
        let time = collectionView?.frameTime ?? 0
        let jiggle = jiggles[attributes.indexPath] ?? {
            let started = SpringboardJiggle(start: time, drawingFrom: &generator)
            jiggles[attributes.indexPath] = started
            return started
        }()
        attributes.transform3D = .rotation(angle: jiggle.angle(at: time), x: 0, y: 0, z: 1)
    }

    /// The quiver of the icon at `indexPath` since it last (re)started, or `nil` when it has none (out of
    /// edit mode, or its attributes were not produced since the last restart).
    /// - Complexity: O(1).
    public func jiggle(forItemAt indexPath: IndexPath) -> SpringboardJiggle? { jiggles[indexPath] }

    // MARK: Updates

    /// Drops the quivers that restart, then flow's bookkeeping: after a batch update, those of the icons it
    /// moved or deleted (their attributes are applied again with the button visible; icons that keep their
    /// index path keep their wave); after a full invalidation or a reload, all of them.
    ///
    /// For a batch update it first notes where the icons near the screen are before it (flow has not
    /// re-prepared yet): within one screen on either side of the bounds along the scrolling axis, which
    /// covers every icon a delete or insert of a few icons, or the offset clamp after it, can bring on
    /// screen.
    /// - Complexity: O(j + k) for j quivering icons and k icons within three screens, plus flow's.
    open override func invalidateLayout(with context: InvalidationContext) {
        if let plan = context.updatePlan {
            jiggles = jiggles.filter { plan.newIndexPath(forOld: $0.key) == $0.key }
            update = (plan, framesNearTheScreen())
        } else if context.invalidateEverything || context.invalidateDataSourceCounts {
            jiggles.removeAll()
        }
        super.invalidateLayout(with: context)
    }

    /// An icon that was off screen before the update and comes on screen because the update moved it (the
    /// first icon of the next page after a delete) starts from its old frame, as UIKit's flow layout moves
    /// it; inserted and reloaded icons fade in (`nil`: the collection view's default).
    /// - Complexity: O(1).
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard let update, let old = update.plan.oldIndexPath(forNew: itemIndexPath), !update.plan.isReloaded(old),
              let frame = update.framesBefore[old], let attributes = layoutAttributesForItem(at: itemIndexPath)
        else { return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath) }
        attributes.frame = frame
        return attributes
    }

    /// Forgets the frames noted for the update.
    /// - Complexity: O(1).
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        update = nil
    }

    // MARK: Time

    /// In edit mode, moves every displayed icon's quiver to `time`: forgets the quivers of icons that left
    /// the screen and invalidates the displayed icons with a context that names them and asks flow to
    /// recompute nothing, so the frame's layout pass re-queries them at the new time. Out of edit mode it
    /// does nothing.
    ///
    /// - Returns: `false` always: the quiver never ends (like the clock hand), so it keeps no session alive.
    /// - Complexity: O(k) for k displayed icons; O(1) out of edit mode.
    public func advance(to time: Double) -> Bool {
        guard isEditing, let collectionView else { return false }
        let displayed = collectionView.indexPathsForVisibleItems
        if jiggles.count != displayed.count {
            let onScreen = Set(displayed)
            jiggles = jiggles.filter { onScreen.contains($0.key) }
        }
        guard !displayed.isEmpty else { return false }
        let context = Self.invalidationContextClass.init()
        (context as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes = false
        context.invalidateItems(at: displayed)
        invalidateLayout(with: context)
        return false
    }
}
