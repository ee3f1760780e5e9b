public import CollectionEngine
import RealModule

/// Tutorial 001's photo album (`BHPhotoAlbumLayout`, the final project `ShadoFlameX/PhotoCollectionView`):
/// one stack of photos per album (section), two columns of stacks, a title under each stack and an
/// emblem above the content that shows only when the content is pulled past its top.
///
/// A direct ``CollectionViewLayout`` subclass that keeps the tutorial's habits, so that the profiler can
/// show them (notes §1, §4 P1–P4):
/// - ``prepare()`` builds every attribute into a two-level cache (kind → index path → attributes), once
///   per invalidation; scrolling never re-prepares (the base `shouldInvalidateLayout(forBoundsChange:)`);
/// - ``layoutAttributesForElements(in:)`` scans every cached attribute on every call and reports the
///   count with ``CollectionViewLayout/recordAttributesExamined(_:)``;
/// - every property setter returns early on an equal value and otherwise invalidates, so the rotation
///   handler's two setters cost two invalidations and one prepare;
/// - the 32 rotations are drawn once, when the layout is made, never in `prepare()`.
///
/// Every photo of an album has the stack's frame, turned by a small angle from the rotation table, with
/// item 0 on top (z-index 100 + count − item).
public final class PhotoAlbumLayout: CollectionViewLayout, LayoutInteractionHandling {
    /// The album title's supplementary kind (the tutorial's `BHPhotoAlbumLayoutAlbumTitleKind`).
    public static let titleKind = "album-title"
    /// The emblem's decoration kind (the tutorial's private `BHPhotoEmblemKind`).
    public static let emblemKind = "emblem"
    /// The cache's key for the cells (`BHPhotoAlbumLayoutPhotoCellKind`): only a dictionary key, cells
    /// have no kind.
    static let photoCellKey = "photo-cell"
    /// The kinds in the order the queries return them (the order `prepareLayout` fills the cache in).
    static let kindOrder = [emblemKind, photoCellKey, titleKind]
    /// The photos' base z-index (`PhotoCellBaseZIndex`).
    public static let photoBaseZIndex = 100
    /// The emblem's gap above the content's top (`frameForEmblem`: `-size.height - 30`).
    public static let emblemGap = 30.0

    /// Space around the grid of stacks (`itemInsets`).
    public var itemInsets: EdgeInsets { didSet { if itemInsets != oldValue { invalidateLayout() } } }
    /// Each stack's size (`itemSize`).
    public var itemSize: Size { didSet { if itemSize != oldValue { invalidateLayout() } } }
    /// The space between a title and the next row of stacks (`interItemSpacingY`).
    public var interItemSpacingY: Double {
        didSet { if interItemSpacingY != oldValue { invalidateLayout() } }
    }
    /// Stacks across (`numberOfColumns`): 2, or 3 in landscape.
    public var numberOfColumns: Int { didSet { if numberOfColumns != oldValue { invalidateLayout() } } }
    /// The title's height under each stack (`titleHeight`).
    public var titleHeight: Double { didSet { if titleHeight != oldValue { invalidateLayout() } } }
    /// The emblem's size (`BHEmblemView.defaultSize`).
    public var emblemSize: Size { didSet { if emblemSize != oldValue { invalidateLayout() } } }

    /// The rotation table's entries turn the photos: photo (section · ``rotationStride`` + item) mod count.
    public let rotationStride: Int
    /// The table's raw draws, each in 0..<220 (p = (raw − 110) · 0.0001), drawn once.
    public let rotationRaws: [Int]
    /// The table: a z-rotation by 2π(1 + p) per raw draw.
    public let rotations: [Transform3D]

    /// The portrait columns and insets the rotation handler restores (the layout's parameters).
    private let portraitColumns: Int
    private let portraitInsets: EdgeInsets

    /// The tutorial's `layoutInfo`: element kind → index path → attributes, swapped in whole by `prepare()`.
    private var layoutInfo: [String: [IndexPath: LayoutAttributes]] = [:]

    /// Creates the layout with the tutorial's values unless given others, drawing its rotation table from
    /// `random` (the trace's `seed`).
    public init(itemSize: Size = Size(width: 125, height: 125),
                itemInsets: EdgeInsets = EdgeInsets(top: 22, left: 22, bottom: 13, right: 22),
                interItemSpacingY: Double = 12, numberOfColumns: Int = 2, titleHeight: Double = 26,
                rotationCount: Int = 32, rotationStride: Int = 3, emblemSize: Size = EmblemView.defaultSize,
                random: SplitMix64 = SplitMix64(seed: 1)) {
        precondition(numberOfColumns >= 1 && rotationCount >= 1, "a photo album needs a column and a rotation")
        self.itemSize = itemSize
        self.itemInsets = itemInsets
        self.interItemSpacingY = interItemSpacingY
        self.numberOfColumns = numberOfColumns
        self.titleHeight = titleHeight
        self.emblemSize = emblemSize
        self.rotationStride = rotationStride
        portraitColumns = numberOfColumns
        portraitInsets = itemInsets
        var generator = random
        rotationRaws = Self.rotationRaws(count: rotationCount, using: &generator)
        rotations = rotationRaws.map { Transform3D.rotation(angle: Self.angle(raw: $0), x: 0, y: 0, z: 1) }
        super.init()
        register(EmblemView.self, forDecorationViewOfKind: Self.emblemKind)
    }

    // MARK: The rotation table (`setup`, notes §1.4)

    /// `count` raw draws by the tutorial's rule in its portable integer form: each raw is the generator's
    /// next 32 bits mod 220, drawn again while it is less than 60 from the previous one (the first is
    /// compared with 110, i.e. a percentage of 0), so that "photos in a stack don't … all be rotated the
    /// same way".
    /// - Complexity: O(count) expected draws (at least 60 of the 220 values are always allowed).
    public static func rotationRaws(count: Int, using generator: inout SplitMix64) -> [Int] {
        var raws: [Int] = []
        raws.reserveCapacity(count)
        var previous = 110
        for _ in 0..<count {
            var raw: Int
            repeat {
                raw = Int(UInt32(truncatingIfNeeded: generator.next() >> 32) % 220)
            } while abs(raw - previous) < 60
            previous = raw
            raws.append(raw)
        }
        return raws
    }

    /// The percentage a raw draw stands for: (raw − 110) · 0.0001, from −0.0110 to +0.0109.
    public static func percentage(raw: Int) -> Double { Double(raw - 110) * 0.0001 }

    /// The angle of a raw draw: 2π(1 + p) radians, i.e. 2πp turned once around.
    public static func angle(raw: Int) -> Double { 2 * .pi * (1 + percentage(raw: raw)) }

    /// The index into the table of a photo (`transformForAlbumPhotoAtIndex:`).
    /// - Complexity: O(1).
    public func rotationIndex(for indexPath: IndexPath) -> Int {
        (indexPath.section * rotationStride + indexPath.item) % rotations.count
    }

    // MARK: Preparing (`prepareLayout`, notes §1.5)

    /// Builds every attribute into the cache: the emblem, each photo at its stack's frame with its
    /// rotation and z-index, and a title under each non-empty stack.
    /// - Complexity: O(n + s) for n items in s sections.
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        var newLayoutInfo: [String: [IndexPath: LayoutAttributes]] = [:]
        var cellInfo: [IndexPath: LayoutAttributes] = [:]
        var titleInfo: [IndexPath: LayoutAttributes] = [:]
        let width = collectionView.bounds.width
        let first = IndexPath(item: 0, section: 0)
        let emblem = LayoutAttributes(forDecorationViewOfKind: Self.emblemKind, with: first)
        emblem.frame = frameForEmblem(width: width)
        newLayoutInfo[Self.emblemKind] = [first: emblem]
        for section in 0..<collectionView.numberOfSections {
            let itemCount = collectionView.numberOfItems(inSection: section)
            let stack = frameForAlbumPhoto(section: section, width: width)
            for item in 0..<itemCount {
                let indexPath = IndexPath(item: item, section: section)
                let attributes = LayoutAttributes(forCellWith: indexPath)
                attributes.frame = stack
                attributes.transform3D = rotations[rotationIndex(for: indexPath)]
                attributes.zIndex = Self.photoBaseZIndex + itemCount - item
                cellInfo[indexPath] = attributes
                if item == 0 {
                    let title = LayoutAttributes(forSupplementaryViewOfKind: Self.titleKind, with: indexPath)
                    title.frame = frameForAlbumTitle(stack)
                    titleInfo[indexPath] = title
                }
            }
        }
        newLayoutInfo[Self.photoCellKey] = cellInfo
        newLayoutInfo[Self.titleKind] = titleInfo
        layoutInfo = newLayoutInfo
    }

    /// `frameForAlbumPhotoAtIndexPath:`: the stack's frame, by section only; the floor is taken after
    /// multiplying by the column, "so that items are spaced correctly as we go across".
    private func frameForAlbumPhoto(section: Int, width: Double) -> Rect {
        let row = section / numberOfColumns, column = section % numberOfColumns
        var spacingX = width - itemInsets.left - itemInsets.right - Double(numberOfColumns) * itemSize.width
        if numberOfColumns > 1 { spacingX /= Double(numberOfColumns - 1) }
        let originX = (itemInsets.left + (itemSize.width + spacingX) * Double(column)).rounded(.down)
        let originY = (itemInsets.top + (itemSize.height + titleHeight + interItemSpacingY) * Double(row)).rounded(.down)
        return Rect(x: originX, y: originY, width: itemSize.width, height: itemSize.height)
    }

    /// `frameForAlbumTitleAtIndexPath:`: directly under the stack, as wide, ``titleHeight`` high.
    private func frameForAlbumTitle(_ stack: Rect) -> Rect {
        Rect(x: stack.minX, y: stack.minY + stack.height, width: stack.width, height: titleHeight)
    }

    /// `frameForEmblem`: centered, ``emblemGap`` above the content's top.
    private func frameForEmblem(width: Double) -> Rect {
        Rect(x: ((width - emblemSize.width) * 0.5).rounded(.down), y: -emblemSize.height - Self.emblemGap,
             width: emblemSize.width, height: emblemSize.height)
    }

    /// `collectionViewContentSize` (notes §1.7): the collection view's width by the rows of stacks with
    /// their titles, the spacing between rows and the insets.
    public override var collectionViewContentSize: Size {
        guard let collectionView else { return .zero }
        let sections = collectionView.numberOfSections
        var rowCount = sections / numberOfColumns
        if sections % numberOfColumns != 0 { rowCount += 1 }
        let rows = Double(rowCount)
        let height = itemInsets.top + rows * itemSize.height + (rows - 1) * interItemSpacingY
            + rows * titleHeight + itemInsets.bottom
        return Size(width: collectionView.bounds.width, height: height)
    }

    // MARK: Queries (notes §1.8)

    /// Every cached attribute whose frame meets `rect`, found by looking at every cached attribute, as the
    /// tutorial does; returned by kind (emblem, photos, titles), then by index path. Reports the number of
    /// attributes examined with ``CollectionViewLayout/recordAttributesExamined(_:)``.
    /// - Complexity: O(n + s) for the n photos and s titles cached, plus O(r log r) to order the r returned.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        var examined = 0
        for kind in Self.kindOrder {
            guard let attributesByIndexPath = layoutInfo[kind] else { continue }
            let first = result.count
            for (_, attributes) in attributesByIndexPath {
                examined += 1
                if rect.intersects(attributes.frame) { result.append(attributes) }
            }
            result[first...].sort { $0.indexPath < $1.indexPath }
        }
        recordAttributesExamined(examined)
        return result
    }

    /// The photo's cached attributes.
    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        layoutInfo[Self.photoCellKey]?[indexPath]
    }

    /// The album title's cached attributes, whatever `kind` is asked for (the tutorial reads the title
    /// cache without looking at the kind).
    /// - Complexity: O(1).
    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        layoutInfo[Self.titleKind]?[indexPath]
    }

    /// The emblem's cached attributes, whatever `kind` is asked for (as the tutorial does).
    /// - Complexity: O(1).
    public override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        layoutInfo[Self.emblemKind]?[indexPath]
    }

    // MARK: Rotation (`willRotateToInterfaceOrientation:duration:`, notes §1.2)

    /// The view controller's rotation handler: in landscape (wider than high) three columns and side insets
    /// of 45 on an iPhone 5 (at least 568 wide) or 25 on an iPhone 4; in portrait the layout's own columns
    /// and insets. Two setters, so two invalidations, which the next layout pass coalesces into one prepare.
    /// - Complexity: O(1).
    public func collectionView(_ collectionView: CollectionView, willResizeTo size: Size) {
        if size.width > size.height {
            numberOfColumns = 3
            let side = size.width >= 568 ? 45.0 : 25.0
            itemInsets = EdgeInsets(top: portraitInsets.top, left: side, bottom: portraitInsets.bottom, right: side)
        } else {
            numberOfColumns = portraitColumns
            itemInsets = portraitInsets
        }
    }
}
