public import CollectionEngine
import RealModule

/// Tutorial 001's photo album (`BHPhotoAlbumLayout`, the final project `ShadoFlameX/PhotoCollectionView`):
/// one stack of photos per album (section), two columns of stacks, a title under each stack and an
/// emblem above the content that shows only when the content is pulled past its top.
///
/// A direct ``CollectionViewLayout`` subclass that keeps the tutorial's habits, so that the profiler can
/// show them (notes §1, §4 P1–P4):
/// - ``prepare()`` caches every element (the emblem, each photo, each title), once per invalidation;
///   scrolling never re-prepares (the base `shouldInvalidateLayout(forBoundsChange:)`);
/// - ``layoutAttributesForElements(in:)`` scans every cached element on every call and reports the
///   count with ``CollectionViewLayout/recordAttributesExamined(_:)``;
/// - every property setter returns early on an equal value and otherwise invalidates, so the rotation
///   handler's two setters cost two invalidations and one prepare;
/// - the 32 rotations are drawn once, when the layout is made, never in `prepare()`.
///
/// Every photo of an album has the stack's frame, turned by a small angle from the rotation table, with
/// item 0 on top (z-index 100 + count − item).
///
/// The tutorial's cache holds an attributes object per photo (kind → index path → attributes), about 300
/// bytes a photo: 3 GB for the 10,000,000 items a trace may hold. This one holds what each photo's attributes
/// are made of — its album and its place in it, 8 bytes — and every album's stack frame; the scan looks at
/// every photo as the tutorial's does, and makes the attributes of those it finds, the emblem's once.
public final class PhotoAlbumLayout: CollectionViewLayout, LayoutInteractionHandling {
    /// The album title's supplementary kind (the tutorial's `BHPhotoAlbumLayoutAlbumTitleKind`).
    public static let titleKind = "album-title"
    /// The emblem's decoration kind (the tutorial's private `BHPhotoEmblemKind`).
    public static let emblemKind = "emblem"
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

    /// The tutorial's `layoutInfo`, swapped in whole by `prepare()`: the emblem, and what every photo's and
    /// title's attributes are made from.
    private var cache = Cache()

    /// The elements `prepare()` caches, in the order the queries return them (the order `prepareLayout` fills
    /// its cache in): the emblem, the photos by index path, the titles by section.
    struct Cache {
        /// One photo: its album and its item, 8 bytes.
        struct Photo {
            var section: Int32
            var item: Int32
        }

        var emblem: LayoutAttributes?
        /// Every photo, album by album.
        var photos: [Photo] = []
        /// Each album's stack frame.
        var stacks: [Rect] = []
        /// The position in ``photos`` of each album's first photo, and the count of photos at the end.
        var firstPhotos: [Int] = [0]

        /// The photos of album `section`.
        func count(inSection section: Int) -> Int { firstPhotos[section + 1] - firstPhotos[section] }
    }

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

    /// Caches every element: the emblem, each photo of each album with its stack's frame, and a title under
    /// each non-empty stack.
    /// - Complexity: O(n + s) for n items in s sections.
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        var newCache = Cache()
        let width = collectionView.bounds.width
        let emblem = LayoutAttributes(forDecorationViewOfKind: Self.emblemKind, with: IndexPath(item: 0, section: 0))
        emblem.frame = frameForEmblem(width: width)
        newCache.emblem = emblem
        let sections = collectionView.numberOfSections
        newCache.stacks.reserveCapacity(sections)
        newCache.firstPhotos.reserveCapacity(sections + 1)
        newCache.photos.reserveCapacity((0..<sections).reduce(0) { $0 + collectionView.numberOfItems(inSection: $1) })
        for section in 0..<sections {
            newCache.stacks.append(frameForAlbumPhoto(section: section, width: width))
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                // Section and item indices are below the trace limits of 100,000 and 10,000,000.
                newCache.photos.append(Cache.Photo(section: Int32(truncatingIfNeeded: section),
                                                   item: Int32(truncatingIfNeeded: item)))
            }
            newCache.firstPhotos.append(newCache.photos.count)
        }
        cache = newCache
    }

    /// A photo's attributes: its stack's frame, its rotation and its z-index.
    private func photoAttributes(at indexPath: IndexPath) -> LayoutAttributes {
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.frame = cache.stacks[indexPath.section]
        attributes.transform3D = rotations[rotationIndex(for: indexPath)]
        attributes.zIndex = Self.photoBaseZIndex + cache.count(inSection: indexPath.section) - indexPath.item
        return attributes
    }

    /// An album's title under its stack.
    private func titleAttributes(section: Int) -> LayoutAttributes {
        let title = LayoutAttributes(forSupplementaryViewOfKind: Self.titleKind, with: IndexPath(item: 0, section: section))
        title.frame = frameForAlbumTitle(cache.stacks[section])
        return title
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

    /// Every cached element whose frame meets `rect`, found by looking at every cached element, as the
    /// tutorial does; returned by kind (emblem, photos, titles), then by index path. Reports the number of
    /// elements examined with ``CollectionViewLayout/recordAttributesExamined(_:)``. The attributes of the
    /// photos and titles found are made for the answer, within the query's limit (``LimitedAnswer``).
    /// - Complexity: O(n + s) for the n photos and s titles cached.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var answer = LimitedAnswer(for: self, in: rect)
        var examined = 0
        if let emblem = cache.emblem {
            examined += 1
            if rect.intersects(emblem.frame) { answer.append(emblem) }
        }
        examined += cache.photos.count
        for photo in cache.photos where rect.intersects(cache.stacks[Int(photo.section)]) {
            answer.append(photoAttributes(at: IndexPath(item: Int(photo.item), section: Int(photo.section))))
        }
        for section in cache.stacks.indices where cache.count(inSection: section) > 0 {
            examined += 1
            if rect.intersects(frameForAlbumTitle(cache.stacks[section])) { answer.append(titleAttributes(section: section)) }
        }
        recordAttributesExamined(examined)
        return answer.finish(for: self)
    }

    /// The photo's attributes, from the cache.
    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard cache.stacks.indices.contains(indexPath.section), indexPath.item >= 0,
              indexPath.item < cache.count(inSection: indexPath.section) else { return nil }
        return photoAttributes(at: indexPath)
    }

    /// The album title's attributes, from the cache, whatever `kind` is asked for (the tutorial reads the
    /// title cache without looking at the kind).
    /// - Complexity: O(1).
    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.item == 0, cache.stacks.indices.contains(indexPath.section),
              cache.count(inSection: indexPath.section) > 0 else { return nil }
        return titleAttributes(section: indexPath.section)
    }

    /// The emblem's cached attributes, whatever `kind` is asked for (as the tutorial does).
    /// - Complexity: O(1).
    public override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        indexPath == IndexPath(item: 0, section: 0) ? cache.emblem : nil
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
