public import Foundation
internal import CollectionEngine

/// Where and how one element appears: UIKit's `UICollectionViewLayoutAttributes`.
///
/// Each object owns one engine attributes object and reads and writes its fields through it (CGFloat and
/// Double are the same bits), so that handing attributes to the engine copies nothing. A subclass adds fields
/// as in UIKit, overriding ``copy(with:)`` and ``isEqual(_:)`` and calling `super`; the engine then sees those
/// fields through a copy taken when ``isEqual(_:)`` says they changed (it compares what it applied with what the
/// layout answers, and keeps copies, as UIKit does).
///
/// One difference from UIKit: a subclass that overrides `init()` writes `required override init()` (which
/// compiles with UIKit too), because `copy(with:)` and a flow layout's `layoutAttributesClass` make objects of
/// the subclass through it.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// The engine's attributes these speak for. Plain engine attributes for this class itself; for a subclass, a
    /// `SnapshotAttributes`, which carries a copy of the subclass's fields for the engine's comparisons.
    ///
    /// Replaced only while the object is in a flow layout's pool of unused wrappers (``detach()``, ``rebind(to:)``).
    /// Unchecked: a reference read or written in single accesses spanning no call.
    @exclusivity(unchecked) final var storage: LayoutAttributes

    /// The engine class that stores the fields of attributes of class `type`.
    static func storageClass(for type: UICollectionViewLayoutAttributes.Type) -> LayoutAttributes.Type {
        type == UICollectionViewLayoutAttributes.self ? LayoutAttributes.self : SnapshotAttributes.self
    }

    /// Attributes of a cell at index path `[0, 0]`, or of what the initializer that called this one asked for.
    public required override init() {
        let state = ThreadState.current
        if let pending = state.pendingAttributes {
            state.pendingAttributes = nil
            storage = pending
        } else {
            storage = Self.storageClass(for: Self.self).init(
                category: .cell, kind: nil, indexPath: EngineIndexPath(item: 0, section: 0))
        }
        super.init()
        storage.companion = Unmanaged.passUnretained(self)
    }

    /// Attributes that speak for `storage`, made by the engine (the flow layout's answers).
    static func wrapping(_ storage: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type)
        -> UICollectionViewLayoutAttributes {
        ThreadState.current.pendingAttributes = storage
        return type.init()
    }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: Foundation.IndexPath) {
        ThreadState.current.pendingAttributes = Self.storageClass(for: Self.self).init(
            category: .cell, kind: nil, indexPath: indexPath.engine)
        self.init()
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: Foundation.IndexPath) {
        ThreadState.current.pendingAttributes = Self.storageClass(for: Self.self).init(
            category: .supplementaryView, kind: elementKind, indexPath: indexPath.engine)
        self.init()
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: Foundation.IndexPath) {
        ThreadState.current.pendingAttributes = Self.storageClass(for: Self.self).init(
            category: .decorationView, kind: decorationViewKind, indexPath: indexPath.engine)
        self.init()
    }

    deinit { releaseStorage() }

    /// Stops speaking for ``storage`` (which may be kept by the engine and handed to another object).
    final func releaseStorage() {
        if let companion = storage.companion, companion.toOpaque() == Unmanaged.passUnretained(self).toOpaque() {
            storage.companion = nil
        }
    }

    /// Lets go of ``storage``, so that the engine can reuse it, while this object waits in a pool.
    final func detach() {
        releaseStorage()
        storage = Self.detachedStorage
    }

    /// Speaks for `attributes` from now on.
    final func rebind(to attributes: LayoutAttributes) {
        releaseStorage()
        storage = attributes
        attributes.companion = Unmanaged.passUnretained(self)
    }

    /// What a pooled object holds: never handed to the engine or read by users.
    /// Made on first use, which may be inside a layout's call: the module's own, not counted as built.
    nonisolated(unsafe) private static let detachedStorage = LayoutTally.uncounted {
        LayoutAttributes(category: .cell, kind: nil, indexPath: EngineIndexPath(item: 0, section: 0))
    }

    // MARK: Fields

    /// The untransformed frame; setting it sets ``center`` and ``size``.
    public var frame: CGRect {
        get { CGRect(storage.frame) }
        set { storage.frame = newValue.engine }
    }

    /// The center of the untransformed frame.
    public var center: CGPoint {
        get { CGPoint(storage.center) }
        set { storage.center = newValue.engine }
    }

    /// The size of the untransformed frame.
    public var size: CGSize {
        get { CGSize(storage.size) }
        set { storage.size = newValue.engine }
    }

    /// The frame in the element's own coordinates; setting it sets ``size`` (UIKit keeps the center).
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { storage.size = newValue.size.engine }
    }

    /// The 3-D transform applied around the center.
    public var transform3D: CATransform3D {
        get { CATransform3D(storage.transform3D) }
        set { storage.transform3D = newValue.engine }
    }

    /// The affine transform applied around the center: the affine part of ``transform3D``, which setting it
    /// replaces (UIKit keeps the two as one transform).
    public var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// Opacity. Any value is kept; the view shows it clamped to 0…1, as `UIView.alpha` clamps it.
    public var alpha: CGFloat {
        get { CGFloat(storage.alpha) }
        set { storage.alpha = Double(newValue) }
    }

    /// Drawing order; higher is in front.
    public var zIndex: Int {
        get { storage.zIndex }
        set { storage.zIndex = newValue }
    }

    /// Hidden elements are not displayed.
    public var isHidden: Bool {
        get { storage.isHidden }
        set { storage.isHidden = newValue }
    }

    /// The element's index path.
    public var indexPath: Foundation.IndexPath {
        get { Foundation.IndexPath(storage.indexPath) }
        set { storage.indexPath = newValue.engine }
    }

    /// Whether these describe a cell, a supplementary view or a decoration view.
    public var representedElementCategory: UICollectionElementCategory {
        switch storage.representedElementCategory {
        case .cell: .cell
        case .supplementaryView: .supplementaryView
        case .decorationView: .decorationView
        }
    }

    /// The supplementary or decoration kind; `nil` for cells.
    public var representedElementKind: String? { storage.representedElementKind }

    // MARK: Copying and comparing

    /// A copy of the same class with every field; a subclass overrides it to copy its own fields, calling
    /// `super` (`super.copy(with: zone) as! Self` returns an object of the subclass).
    open func copy(with zone: NSZone? = nil) -> Any {
        let state = ThreadState.current
        let copied: LayoutAttributes
        if state.takingSnapshot {
            copied = storage.copy()
        } else {
            copied = type(of: storage).init(category: storage.representedElementCategory,
                                            kind: storage.representedElementKind, indexPath: storage.indexPath)
            copied.assign(from: storage)
        }
        state.pendingAttributes = copied
        return type(of: self).init()
    }

    /// Whether `object` describes the same element with the same fields; a subclass overrides it to compare its
    /// own fields, calling `super`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        if other === self { return true }
        let a = storage, b = other.storage
        return a.representedElementCategory == b.representedElementCategory
            && a.representedElementKind == b.representedElementKind
            && a.indexPath == b.indexPath && a.center == b.center && a.size == b.size
            && a.transform3D == b.transform3D && a.alpha == b.alpha && a.zIndex == b.zIndex
            && a.isHidden == b.isHidden
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(storage.indexPath)
        hasher.combine(storage.representedElementCategory)
        hasher.combine(storage.representedElementKind)
        return hasher.finalize()
    }

    open override var description: String {
        "<\(type(of: self)): \(storage.description)>"
    }
}
