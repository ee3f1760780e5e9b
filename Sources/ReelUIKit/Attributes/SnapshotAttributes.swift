import Foundation
internal import CollectionEngine

/// The engine's side of the attributes of a `UICollectionViewLayoutAttributes` subclass: the standard fields,
/// plus an immutable copy of the subclass object — its own fields — for the engine's comparisons and copies.
///
/// The copy is taken at the boundary, each time the layout hands the object to the engine and
/// `isEqual(_:)` says it differs from the last copy (`refreshSnapshot()`); copies of these attributes share it
/// (nothing writes to it), so the engine's copies cost no user code. No reference cycle: the subclass object
/// owns these attributes; the copy owns its own.
final class SnapshotAttributes: LayoutAttributes {
    /// A copy of the owner as it was last handed to the engine; `nil` before.
    var snapshot: UICollectionViewLayoutAttributes?

    override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        snapshot = (other as? SnapshotAttributes)?.snapshot
    }

    override func isEqual(to other: LayoutAttributes) -> Bool {
        guard super.isEqual(to: other), let other = other as? SnapshotAttributes else { return false }
        let mine = snapshot, theirs = other.snapshot
        if mine === theirs { return true }
        guard let mine, let theirs else { return false }
        return mine.isEqual(theirs)
    }

    /// The subclass's own stored fields of numbers, flags and words, for snapshots, named in kebab-case.
    override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        guard let snapshot else { return [] }
        var fields: [(name: String, value: CustomAttributeValue)] = []
        var mirror: Mirror? = Mirror(reflecting: snapshot)
        while let current = mirror, current.subjectType != UICollectionViewLayoutAttributes.self {
            for child in current.children {
                guard let label = child.label else { continue }
                fields.append(contentsOf: Self.values(named: label.kebabCased, child.value))
            }
            mirror = current.superclassMirror
        }
        return fields.sorted { $0.name < $1.name }
    }

    private static func values(named name: String, _ value: Any) -> [(name: String, value: CustomAttributeValue)] {
        switch value {
        case let flag as Bool: [(name, .bool(flag))]
        case let number as CGFloat: [(name, .number(Double(number)))]
        case let number as Double: [(name, .number(number))]
        case let number as Float: [(name, .number(Double(number)))]
        case let number as Int: [(name, .number(Double(number)))]
        case let word as String: [(name, .string(word))]
        case let point as CGPoint: [(name + "-x", .number(Double(point.x))), (name + "-y", .number(Double(point.y)))]
        case let size as CGSize:
            [(name + "-width", .number(Double(size.width))), (name + "-height", .number(Double(size.height)))]
        default: []
        }
    }
}

extension UICollectionViewLayoutAttributes {
    /// Takes a new copy of this object for the engine when its fields differ from the last one's: called on
    /// every attributes object of a subclass that a layout hands to the engine.
    func refreshSnapshot() {
        guard let storage = storage as? SnapshotAttributes else { return }
        if let snapshot = storage.snapshot, isEqual(snapshot) { return }
        let state = ThreadState.current
        state.takingSnapshot = true
        defer { state.takingSnapshot = false }
        guard let copy = copy(with: nil) as? UICollectionViewLayoutAttributes else { return }
        // The copy took the old snapshot with the fields; it needs none, and a chain of them would grow.
        (copy.storage as? SnapshotAttributes)?.snapshot = nil
        storage.snapshot = copy
    }
}

extension String {
    /// `maskingValue` → `masking-value`.
    fileprivate var kebabCased: String {
        var result = ""
        for character in self {
            if character.isUppercase {
                if !result.isEmpty { result.append("-") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}
