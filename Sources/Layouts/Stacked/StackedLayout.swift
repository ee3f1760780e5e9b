public import CollectionEngine
import RealModule

/// The book's stacked layout (`AFCollectionViewStackedLayout`, ch. 5 Listings 5.20–5.34, from Mark
/// Pospesel's `StacksLayout`; the pinch of ch. 6 Listing 6.11): one stack of photos per section, row by
/// row, each with a label below it; pinching a stack opens it toward a grid of its items while the other
/// stacks fade, and past half the pinch range it opens as a flow layout.
///
/// A direct ``CollectionViewLayout`` subclass. In a stack, item 0 lies on top, items 1 and 2 are turned by
/// +5° and −5° under it, and items past the visible ones are hidden (no views). Every query returns every
/// item of each stack whose frame (with its label) meets the rectangle, hidden items included, as the book
/// does. While pinching, the pinched stack's items move toward a grid of ``gridItemSize`` laid out on the
/// current screen (`prepareItemsLayout`), the rotation easing off and the hidden items appearing with a
/// shadow that grows with the progress; the other stacks and every label fade out by ``fadeProgress``.
///
/// Switching away from this layout animates through ``StackedTransitionLayout``, so the hidden items come
/// out of their stacks fading in rather than popping up halfway.
///
/// ``StacksLayout`` (the slides' original) is this layout with the slides' differences: it orders a stack by
/// z translation instead of z-index, keeps hidden items opaque, labels the stacks with its own kind and
/// opens a stack as the demo's grid. Those differences are the internal hooks marked "Variant".
public class StackedLayout: CollectionViewLayout, LayoutInteractionHandling {
    /// The label's supplementary kind (the book's `"AFCollectionViewHeaderView"`, a header below the stack).
    public static let labelKind = "stack-label"

    /// The size of each stack's frame (`STACK_WIDTH`, `STACK_HEIGHT`).
    public var stackSize: Size { didSet { invalidateLayout() } }
    /// The size of every item, centered in its stack (`ITEM_SIZE`).
    public var itemSize: Size { didSet { invalidateLayout() } }
    /// Space around the stacks (`STACKS_*_MARGIN`).
    public var stacksInset: EdgeInsets { didSet { invalidateLayout() } }
    /// The least space between stacks, across and down (`MINIMUM_INTERSTACK_SPACING`: 20 on a phone, 50 on
    /// an iPad).
    public var interStackSpacing: Double { didSet { invalidateLayout() } }
    /// How many items of a stack show (`VISIBLE_ITEMS_PER_STACK`).
    public var visibleItems: Int { didSet { invalidateLayout() } }
    /// The label's height (`STACK_FOOTER_HEIGHT`).
    public var footerHeight: Double { didSet { invalidateLayout() } }
    /// The space between a stack and its label (`STACK_FOOTER_GAP`).
    public var footerGap: Double { didSet { invalidateLayout() } }
    /// The pinch scale at which a stack is fully open (`MAX_PINCH_SCALE`).
    public var maxPinchScale: Double { didSet { invalidateLayout() } }
    /// The pinch progress at which the other stacks have faded out (`FADE_PROGRESS`).
    public var fadeProgress: Double { didSet { invalidateLayout() } }
    /// The item size of the grid a pinched stack opens toward, and of the flow layout it opens as.
    public var gridItemSize: Size { didSet { invalidateLayout() } }

    /// The grid's and the flow layout's inset and spacings: One Hundred Pixels' `AFCollectionViewFlowLayout`.
    public static let gridSpacing = 13.0

    /// The section being pinched, or `nil`; setting it invalidates the layout. The grid the pinched stack
    /// opens toward is made when a pinch starts and dropped when it ends ([S-MP] `setPinchedStackIndex:`).
    public var pinchedStackIndex: Int? {
        didSet {
            if (pinchedStackIndex == nil) != (oldValue == nil) {
                pinchGrid = pinchedStackIndex == nil ? nil : makeOpenedFlowLayout()
            }
            invalidateLayout()
        }
    }
    /// The pinch's cumulative scale; setting it invalidates the layout.
    public var pinchedStackScale = 1.0 { didSet { invalidateLayout() } }
    /// The fingers' centroid during the pinch: stored, as the book's setter does, but never read by the math.
    public var pinchedStackCenter = Point.zero { didSet { invalidateLayout() } }
    /// Whether a collapse is animating: hidden items stay visible so they can animate back into the stack.
    public private(set) var collapsing = false

    /// Whether a stack is being pinched.
    public var isPinching: Bool { pinchedStackIndex != nil }

    /// How far the pinched stack is open: `(scale − 1) / (maxPinchScale − 1)`, clamped to 0…1.
    public var pinchProgress: Double {
        min(1, max(0, (pinchedStackScale - 1) / (maxPinchScale - 1)))
    }

    /// Each stack's frame, by section.
    public private(set) var stackFrames: [Rect] = []
    /// The grid frames the pinched stack's items move toward, by item (one screenful).
    public private(set) var itemFrames: [Rect] = []
    /// The layout the last pinch past half opened, once it opened.
    public private(set) var openedFlowLayout: FlowLayout?

    private var pageSize = Size.zero
    private var contentSize = Size.zero
    /// The layout whose metrics place the pinched stack's grid, while pinching.
    private var pinchGrid: FlowLayout?

    func setOpenedFlowLayout(_ flow: FlowLayout) { openedFlowLayout = flow }

    /// Sets ``collapsing``; the hidden items show or hide again.
    func setCollapsing(_ value: Bool) {
        guard collapsing != value else { return }
        collapsing = value
        invalidateLayout()
    }

    public override class var layoutAttributesClass: LayoutAttributes.Type { StackedLayoutAttributes.self }

    /// Creates the layout with the book's phone constants unless given others.
    public init(stackSize: Size = Size(width: 180, height: 180), itemSize: Size = Size(width: 170, height: 170),
                stacksInset: EdgeInsets = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20),
                interStackSpacing: Double = 20, visibleItems: Int = 3, footerHeight: Double = 25,
                footerGap: Double = 8, maxPinchScale: Double = 4, fadeProgress: Double = 0.75,
                gridItemSize: Size = Size(width: 200, height: 200)) {
        self.stackSize = stackSize
        self.itemSize = itemSize
        self.stacksInset = stacksInset
        self.interStackSpacing = interStackSpacing
        self.visibleItems = visibleItems
        self.footerHeight = footerHeight
        self.footerGap = footerGap
        self.maxPinchScale = maxPinchScale
        self.fadeProgress = fadeProgress
        self.gridItemSize = gridItemSize
        super.init()
    }

    // MARK: Preparing (Listing 5.25, [S-MP] prepareItemsLayout)

    /// Lays out the stacks, and the pinched stack's grid while pinching.
    /// - Complexity: O(s) for s sections, plus O(k) for the k grid frames of one screen while pinching.
    public override func prepare() {
        super.prepare()
        prepareStacksLayout()
        if isPinching { prepareItemsLayout() }
    }

    /// Listing 5.25: stacks left to right, then the next row; `across` is at least 1 (notes [E12]).
    private func prepareStacksLayout() {
        guard let collectionView else { return }
        let numberOfStacks = collectionView.numberOfSections
        pageSize = collectionView.bounds.size
        let available = pageSize.width - (stacksInset.left + stacksInset.right)
        let across = ((available + interStackSpacing) / (stackSize.width + interStackSpacing))
            .flooredInt(in: 1...Int.geometricCountLimit)
        let spacing = across > 1
            ? ((available - Double(across) * stackSize.width) / Double(across - 1)).rounded(.down) : 0
        let rows = (numberOfStacks + across - 1) / across
        var left = stacksInset.left, top = stacksInset.top, column = 0
        stackFrames.removeAll(keepingCapacity: true)
        for _ in 0..<numberOfStacks {
            stackFrames.append(Rect(origin: Point(x: left, y: top), size: stackSize))
            left += stackSize.width + spacing
            column += 1
            if column >= across {
                left = stacksInset.left
                top += stackSize.height + footerGap + footerHeight + interStackSpacing
                column = 0
            }
        }
        let height = stacksInset.top + Double(rows) * (stackSize.height + footerGap + footerHeight)
            + Double(max(0, rows - 1)) * interStackSpacing + stacksInset.bottom
        contentSize = Size(width: pageSize.width, height: max(pageSize.height, height))
    }

    /// [S-MP] `prepareItemsLayout`: the pinched stack's items on a grid of one screen at the current offset,
    /// with the metrics (item size, insets, spacings) of the layout a stack opens as.
    private func prepareItemsLayout() {
        guard let collectionView, let section = pinchedStackIndex, section < collectionView.numberOfSections else {
            itemFrames = []
            return
        }
        let grid = pinchGrid ?? makeOpenedFlowLayout()
        let count = collectionView.numberOfItems(inSection: section)
        let inset = grid.sectionInset, size = grid.itemSize
        let interitem = grid.minimumInteritemSpacing, lineSpacing = grid.minimumLineSpacing
        let available = pageSize.width - (inset.left + inset.right)
        let across = ((available + interitem) / (size.width + interitem)).flooredInt(in: 1...Int.geometricCountLimit)
        let gap = across > 1 ? ((available - Double(across) * size.width) / Double(across - 1)).rounded(.down) : 0
        var left = inset.left, top = inset.top, column = 0
        itemFrames.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            itemFrames.append(Rect(origin: Point(x: left, y: top + collectionView.contentOffset.y), size: size))
            left += size.width + gap
            column += 1
            if column >= across {
                left = inset.left
                top += size.height + lineSpacing
                column = 0
            }
            if top >= pageSize.height { break }
        }
        let rows = (itemFrames.count + across - 1) / across
        let gridHeight = inset.top + Double(rows) * size.height + Double(max(0, rows - 1)) * lineSpacing + inset.bottom
        contentSize = Size(width: max(pageSize.width, contentSize.width), height: max(gridHeight, contentSize.height))
    }

    public override var collectionViewContentSize: Size { contentSize }

    /// Only a new size lays the stacks out again ([S-MP]: `newBounds.size != pageSize`).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != pageSize
    }

    // MARK: Queries (Listings 5.26, 5.27, 5.34)

    /// Every item and the label of each stack whose frame, label included, meets `rect` (the label inside
    /// the check, as upstream does: notes [E18]). The items past ``visibleItems`` are hidden but answered; a
    /// query limited by the collection view (``CollectionViewLayout/elementQueryLimit``) keeps only the
    /// displayable ones once the answer passes the limit (``LimitedAnswer``), so that a stack of millions of
    /// photos is built one photo at a time, never held.
    /// - Complexity: O(s + m) for s sections and the m items of the stacks that meet `rect`.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard let collectionView else { return [] }
        var answer = LimitedAnswer(for: self, in: rect)
        for (section, frame) in stackFrames.enumerated() {
            var withLabel = frame
            withLabel.size.height += footerGap + footerHeight
            guard withLabel.intersects(rect) else { continue }
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                answer.append(itemAttributes(at: IndexPath(item: item, section: section)))
            }
            answer.append(labelAttributes(at: IndexPath(item: 0, section: section), kind: stackLabelKind))
        }
        return answer.finish(for: self)
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let collectionView, indexPath.section >= 0, indexPath.section < stackFrames.count,
              indexPath.item >= 0, indexPath.item < collectionView.numberOfItems(inSection: indexPath.section) else {
            return nil
        }
        return itemAttributes(at: indexPath)
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == stackLabelKind, indexPath.item == 0, indexPath.section >= 0,
              indexPath.section < stackFrames.count else {
            return nil
        }
        return labelAttributes(at: indexPath, kind: kind)
    }

    /// Listing 5.26, with [S-MP]'s pinch.
    private func itemAttributes(at indexPath: IndexPath) -> StackedLayoutAttributes {
        let frame = stackFrames[indexPath.section]
        let attributes = StackedLayoutAttributes(forCellWith: indexPath)
        attributes.size = itemSize
        attributes.center = frame.center
        let item = indexPath.item
        var degrees = item == 1 ? 5.0 : item == 2 ? -5.0 : 0
        attributes.transform3D = .rotation(angle: degrees * .pi / 180, x: 0, y: 0, z: 1)
        let buried = item >= visibleItems
        attributes.alpha = buried ? buriedItemAlpha : 1
        order(attributes, depth: buried ? nil : visibleItems - item)
        attributes.isHidden = collapsing ? false : buried
        attributes.shadowOpacity = buried ? 0 : 0.5
        guard isPinching else { return attributes }
        let progress = pinchProgress
        if indexPath.section == pinchedStackIndex {
            guard item < itemFrames.count else { return attributes }
            let target = itemFrames[item]
            attributes.center = Point(x: (1 - progress) * attributes.center.x + progress * target.midX,
                                      y: (1 - progress) * attributes.center.y + progress * target.midY)
            degrees *= 1 - progress
            attributes.transform3D = .rotation(angle: degrees * .pi / 180, x: 0, y: 0, z: 1)
            attributes.alpha = 1
            order(attributes, depth: itemFrames.count + visibleItems - item)
            attributes.isHidden = false
            if buried { attributes.shadowOpacity = 0.5 * progress }
        } else if !attributes.isHidden {
            attributes.alpha = fadedAlpha(progress)
        }
        return attributes
    }

    /// Listing 5.34: the label below the stack, faded with the other stacks while pinching ([S-MP]).
    private func labelAttributes(at indexPath: IndexPath, kind: String) -> LayoutAttributes {
        let frame = stackFrames[indexPath.section]
        let attributes = LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        attributes.size = Size(width: stackSize.width, height: footerHeight)
        attributes.center = Point(x: frame.midX, y: frame.maxY + footerGap + footerHeight / 2)
        if isPinching { attributes.alpha = fadedAlpha(pinchProgress) }
        return attributes
    }

    /// `1 − progress / fadeProgress`, and 0 from `fadeProgress` on.
    private func fadedAlpha(_ progress: Double) -> Double {
        progress >= fadeProgress ? 0 : 1 - progress / fadeProgress
    }

    // MARK: Variant (what ``StacksLayout`` overrides)

    /// The kind of each stack's label: ``labelKind``.
    var stackLabelKind: String { Self.labelKind }

    /// The alpha of an item past the visible ones: the book's 0 (it is hidden as well).
    var buriedItemAlpha: Double { 0 }

    /// Puts an item at `depth` in its stack (higher is nearer the top; `nil` for an item past the visible
    /// ones): the book's z-index.
    func order(_ attributes: StackedLayoutAttributes, depth: Int?) {
        attributes.zIndex = depth ?? 0
    }

    /// Whether the pinch, its fingers lifting, opens the stack: Listing 6.11's past half the range.
    var opensOnRelease: Bool { pinchProgress > 0.5 }

    /// The book's opened layout; ``StacksLayout`` opens as the demo's grid instead (Variant).
    func makeOpenedLayout() -> FlowLayout {
        let flow = FlowLayout()
        flow.itemSize = gridItemSize
        flow.sectionInset = EdgeInsets(top: Self.gridSpacing, left: Self.gridSpacing, bottom: Self.gridSpacing,
                                       right: Self.gridSpacing)
        flow.minimumInteritemSpacing = Self.gridSpacing
        flow.minimumLineSpacing = Self.gridSpacing
        return flow
    }

    /// Whether the content scrolls to the opened stack's first item once it has opened (Listing 6.11).
    var scrollsToOpenedStack: Bool { true }

    // MARK: Switching away

    /// A ``StackedTransitionLayout``: the hidden items come out of their stacks fading in.
    public override func transitionLayout(to newLayout: CollectionViewLayout) -> TransitionLayout? {
        StackedTransitionLayout(currentLayout: self, nextLayout: newLayout)
    }
}
