/// Where and how one element appears: the engine's `UICollectionViewLayoutAttributes`.
///
/// An open class, as in UIKit, so that a layout can carry custom fields to its views. A subclass that adds
/// stored properties overrides ``assign(from:)`` to copy them and ``isEqual(to:)`` to compare them, each
/// calling `super`; ``copy()`` and `==` then include them. The collection view relies on this: it keeps a
/// copy of what it applied to each view and skips re-applying attributes that are equal.
///
/// ```swift
/// final class CoverFlowAttributes: LayoutAttributes {
///     var maskingValue = 0.0
///     override func assign(from other: LayoutAttributes) {
///         super.assign(from: other)
///         if let other = other as? CoverFlowAttributes { maskingValue = other.maskingValue }
///     }
///     override func isEqual(to other: LayoutAttributes) -> Bool {
///         guard let other = other as? CoverFlowAttributes else { return false }
///         return super.isEqual(to: other) && maskingValue == other.maskingValue
///     }
/// }
/// ```
open class LayoutAttributes: Equatable, CustomStringConvertible {
    /// Whether these attributes describe a cell, a supplementary view or a decoration view.
    public let representedElementCategory: ElementCategory
    /// The supplementary or decoration kind; `nil` for cells.
    public let representedElementKind: String?
    /// The standard fields, stored together so that comparing or copying them is one access to one stored
    /// property (compared field by field, `isEqual(to:)` made 14 dynamic exclusivity checks).
    ///
    /// `@exclusivity(unchecked)` is safe here: every field is a trivial value (numbers and a Boolean), so
    /// an overlapping access cannot reach freed or half-written memory, and the engine never holds one
    /// access to it across another (each accessor below reads or writes it once and returns).
    @exclusivity(unchecked) @usableFromInline
    final var standard: StandardFields

    /// Counts the changes of the standard fields through their setters and ``assign(from:)``: while it
    /// stays the same, the standard fields are those of the last time it was read. The collection view
    /// uses it to skip comparing attributes it applied from this very object (see `ReusableView`), and
    /// ``LayoutAttributesCache`` to hand out only objects nobody changed.
    @exclusivity(unchecked) @usableFromInline
    final var mutations: UInt = 0

    /// The object that speaks for these attributes in another API — the UIKit-named attributes object that
    /// owns them (`ReelUIKit`) — or `nil`. Unretained: the companion owns these attributes and clears it before
    /// it goes, so it never dangles; copies do not take it. Unchecked, as ``mutations``: a pointer read or
    /// written in single accesses spanning no call (behind inlinable accessors, so that the other module reads it
    /// without a dynamic check too: read for every element of a UIKit flow layout's changed answer).
    package final var companion: Unmanaged<AnyObject>? {
        @inlinable get { storedCompanion }
        @inlinable set { storedCompanion = newValue }
    }
    @exclusivity(unchecked) @usableFromInline
    final var storedCompanion: Unmanaged<AnyObject>?

    /// The element's index path.
    @inlinable public var indexPath: IndexPath {
        get { standard.indexPath }
        set { standard.indexPath = newValue; mutations &+= 1 }
    }
    /// The center of the untransformed frame.
    @inlinable public var center: Point {
        get { standard.center }
        set { standard.center = newValue; mutations &+= 1 }
    }
    /// The size of the untransformed frame.
    @inlinable public var size: Size {
        get { standard.size }
        set { standard.size = newValue; mutations &+= 1 }
    }
    /// The transform applied around the center.
    @inlinable public var transform3D: Transform3D {
        get { standard.transform3D }
        set { standard.transform3D = newValue; mutations &+= 1 }
    }
    /// Opacity, from 0 to 1 as the view shows it: a layout may set any value, as UIKit's attributes keep it, and
    /// the view it is applied to takes ``displayedAlpha``.
    @inlinable public var alpha: Double {
        get { standard.alpha }
        set { standard.alpha = newValue; mutations &+= 1 }
    }
    /// The opacity a view shows for ``alpha``: clamped to 0…1, as `UIView.alpha` clamps what it is given (a value
    /// below 0 shows as 0, above 1 as 1; Apple's UIView documentation gives the property's range as 0.0 to 1.0).
    @inlinable public var displayedAlpha: Double {
        let alpha = standard.alpha
        return alpha < 0 ? 0 : alpha > 1 ? 1 : alpha
    }
    /// Drawing order; higher is in front. Equal values draw in an unspecified order.
    @inlinable public var zIndex: Int {
        get { standard.zIndex }
        set { standard.zIndex = newValue; mutations &+= 1 }
    }
    /// Hidden elements are not displayed, and no view is created for them.
    @inlinable public var isHidden: Bool {
        get { standard.isHidden }
        set { standard.isHidden = newValue; mutations &+= 1 }
    }

    /// Creates attributes for an element.
    ///
    /// This is the initializer ``copy()`` calls through the dynamic type, so a subclass that declares
    /// no initializer of its own inherits it and copies correctly. Every initializer goes through it, so it
    /// counts the object once: created while the collection view calls the layout, it adds one to
    /// ``EngineCounters/layoutAttributesBuilt``.
    public required init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        LayoutTally.recordCreation()
        self.representedElementCategory = category
        self.representedElementKind = kind
        self.standard = StandardFields(indexPath: indexPath)
    }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Attributes for a supplementary view of `kind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    /// Attributes for a decoration view of `kind` at `indexPath`.
    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    /// The untransformed frame; setting it sets ``center`` and ``size``.
    @inlinable
    public var frame: Rect {
        get {
            let fields = standard
            return Rect(x: fields.center.x - fields.size.width / 2, y: fields.center.y - fields.size.height / 2,
                        width: fields.size.width, height: fields.size.height)
        }
        set {
            let r = newValue.standardized
            standard.size = r.size
            standard.center = r.center
            mutations &+= 1
        }
    }

    /// The frame in the element's own coordinates: the origin is zero.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Copies every field but the identity (category, kind) from `other`.
    ///
    /// Subclasses override this to copy their own fields and call `super`.
    open func assign(from other: LayoutAttributes) {
        standard = other.standard
        mutations &+= 1
    }

    /// A copy of the same dynamic type with every field, including a subclass's.
    /// - Complexity: O(1).
    public final func copy() -> Self {
        let result = type(of: self).init(
            category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
        result.assign(from: self)
        return result
    }

    /// Whether `other` is of the same type and every field is equal.
    ///
    /// Subclasses override this to compare their own fields and call `super`.
    open func isEqual(to other: LayoutAttributes) -> Bool {
        type(of: self) == type(of: other)
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
            && standard == other.standard
    }

    public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool { lhs.isEqual(to: rhs) }

    /// The attributes at `fraction` of the way from these to `other`, for animations.
    ///
    /// Center, size and alpha move linearly; the transform is interpolated through its decomposition
    /// (translation, scale, rotation); the z-index, `isHidden` and a subclass's own fields step from these
    /// to `other`'s at the midpoint. The result describes `other`'s element. Subclasses that can
    /// interpolate their own fields override this, call `super`, and set them on the result.
    open func interpolated(to other: LayoutAttributes, fraction: Double) -> LayoutAttributes {
        let result = other.copy()
        if fraction < 0.5 {
            result.assign(from: self)
            result.indexPath = other.indexPath
        }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        result.center = Point(x: mix(center.x, other.center.x), y: mix(center.y, other.center.y))
        result.size = Size(width: mix(size.width, other.size.width), height: mix(size.height, other.size.height))
        result.alpha = mix(alpha, other.alpha)
        result.transform3D = transform3D.interpolated(to: other.transform3D, fraction: fraction)
        return result
    }

    /// A subclass's own fields, each named in kebab-case, as `reel snapshot` shows them under `"custom"`;
    /// empty for the standard attributes. A subclass overrides it, adding its fields to
    /// `super`'s.
    /// - Complexity: O(f) for f fields.
    open var customAttributes: [(name: String, value: CustomAttributeValue)] { [] }

    open var description: String {
        var text = "\(representedElementCategory)"
        if let kind = representedElementKind { text += " '\(kind)'" }
        text += " \(indexPath) frame \(frame)"
        if alpha != 1 { text += " alpha \(alpha)" }
        if zIndex != 0 { text += " z \(zIndex)" }
        if isHidden { text += " hidden" }
        if !transform3D.isIdentity { text += " transform \(transform3D)" }
        return text
    }
}

/// The standard fields of ``LayoutAttributes``, in one value (see `LayoutAttributes.standard`).
///
/// Equal when every field is equal by `==`, as `isEqual(to:)` compared them one by one before: a NaN
/// coordinate makes attributes unequal to themselves.
@usableFromInline
struct StandardFields: Equatable {
    @usableFromInline var indexPath: IndexPath
    @usableFromInline var center: Point = .zero
    @usableFromInline var size: Size = .zero
    @usableFromInline var transform3D: Transform3D = .identity
    @usableFromInline var alpha: Double = 1
    @usableFromInline var zIndex: Int = 0
    @usableFromInline var isHidden = false

    @usableFromInline
    init(indexPath: IndexPath) { self.indexPath = indexPath }
}

extension LayoutAttributes {
    /// The key that identifies the element these attributes describe.
    public var elementKey: ElementKey {
        ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }
}

/// Identifies one element: category, kind and index path, ordered for display (cells, then supplementary
/// views, then decoration views; then by section and item; then by kind).
public struct ElementKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String?
    public var indexPath: IndexPath

    public init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        if lhs.indexPath != rhs.indexPath { return lhs.indexPath < rhs.indexPath }
        return (lhs.kind ?? "") < (rhs.kind ?? "")
    }

    public var description: String {
        kind.map { "\(category) '\($0)' \(indexPath)" } ?? "\(category) \(indexPath)"
    }
}
