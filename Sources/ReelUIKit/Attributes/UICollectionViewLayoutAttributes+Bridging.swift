internal import CollectionEngine

extension UICollectionViewLayoutAttributes {
    /// The attributes object that speaks for the engine's `attributes`: its own when it has one, else a new one
    /// of `type` (which then owns them).
    @inline(__always)
    static func bridging(_ attributes: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type)
        -> UICollectionViewLayoutAttributes {
        if let companion = attributes.companion {
            return unsafeDowncast(companion.takeUnretainedValue(), to: UICollectionViewLayoutAttributes.self)
        }
        return wrapping(attributes, as: type)
    }

    /// The engine's attributes for `answer`, a layout's answer: each object's own, its subclass's fields copied
    /// for the engine when they changed.
    static func engineAnswer(_ answer: [UICollectionViewLayoutAttributes]) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(answer.count)
        for attributes in answer {
            attributes.refreshSnapshot()
            result.append(attributes.storage)
        }
        return result
    }

    /// The engine's attributes for one answer of a layout, as ``engineAnswer(_:)``.
    static func engineAttributes(_ attributes: UICollectionViewLayoutAttributes?) -> LayoutAttributes? {
        guard let attributes else { return nil }
        attributes.refreshSnapshot()
        return attributes.storage
    }
}
