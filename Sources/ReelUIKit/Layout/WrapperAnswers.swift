internal import CollectionEngine

/// The UIKit attributes objects of a flow layout's last two answers, kept in step with the engine's flow layout
/// (whose answers repeat its last ones, `ReusedAnswer`): a new answer is built in the storage of the last answer
/// that holds its first element nearest its start, dropping what comes before it there, keeping what it repeats
/// in place — no reference retained or released — and appending from the first element that differs. Wrappers
/// that no answer holds any more wait in a pool, without their engine object (which the engine then reuses),
/// for elements that come: a steady scroll allocates nothing.
///
/// The state is the layout's: ``UICollectionViewFlowLayout`` swaps it out for a query and back.
struct WrapperAnswers {
    var recent: [UICollectionViewLayoutAttributes] = []
    var older: [UICollectionViewLayoutAttributes] = []
    var pool: [UICollectionViewLayoutAttributes] = []
    private static let poolLimit = 1_024

    /// The wrappers of the engine's `answer`, of `type`.
    /// - Complexity: O(k) for k elements: a pointer comparison for each repeated one, a lookup and a retain for
    ///   each new one.
    mutating func wrappers(for answer: [LayoutAttributes],
                           as type: UICollectionViewLayoutAttributes.Type) -> [UICollectionViewLayoutAttributes] {
        guard let first = answer.first else { return [] }
        let pooling = type == UICollectionViewLayoutAttributes.self
        var elements = recent
        recent = []
        var spare = older
        older = []
        // The last answer that holds `first` nearest its start (the recent one on a tie), its elements before it
        // let go; else the older one's storage, emptied, keeping the recent one.
        let inOlder = Self.index(of: first, in: spare, before: spare.count)
        if let inRecent = Self.index(of: first, in: elements, before: inOlder.map { $0 + 1 } ?? elements.count) {
            drop(&elements, 0..<inRecent, pooling: pooling)
        } else {
            swap(&elements, &spare)
            drop(&elements, 0..<(inOlder ?? elements.count), pooling: pooling)
        }
        var matched = 0
        let repeated = min(elements.count, answer.count)
        answer.withUnsafeBufferPointer { answer in
            elements.withUnsafeBufferPointer { elements in
                while matched < repeated && elements[matched].storage === answer[matched] { matched += 1 }
            }
        }
        drop(&elements, matched..<elements.count, pooling: pooling)
        var index = matched
        while index < answer.count {
            elements.append(wrapper(for: answer[index], as: type, pooling: pooling))
            index += 1
        }
        recent = elements
        older = spare
        return elements
    }

    /// The wrapper that speaks for `attributes`: its own, else one from the pool, else a new one.
    @inline(__always)
    private mutating func wrapper(for attributes: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type,
                                  pooling: Bool) -> UICollectionViewLayoutAttributes {
        if let companion = attributes.companion {
            return unsafeDowncast(companion.takeUnretainedValue(), to: UICollectionViewLayoutAttributes.self)
        }
        if pooling, let reused = pool.popLast() {
            reused.rebind(to: attributes)
            return reused
        }
        return UICollectionViewLayoutAttributes.wrapping(attributes, as: type)
    }

    /// Removes `range` from `elements`, pooling the wrappers nobody else holds.
    private mutating func drop(_ elements: inout [UICollectionViewLayoutAttributes], _ range: Range<Int>,
                               pooling: Bool) {
        guard !range.isEmpty else { return }
        if pooling {
            for index in range where pool.count < Self.poolLimit && isKnownUniquelyReferenced(&elements[index]) {
                elements[index].detach()
                pool.append(elements[index])
            }
        }
        elements.removeSubrange(range)
    }

    /// The index of the wrapper of `attributes` among the first `limit` of `elements`.
    private static func index(of attributes: LayoutAttributes, in elements: [UICollectionViewLayoutAttributes],
                              before limit: Int) -> Int? {
        elements.withUnsafeBufferPointer { elements in
            var index = 0
            let limit = min(limit, elements.count)
            while index < limit {
                if elements[index].storage === attributes { return index }
                index += 1
            }
            return nil
        }
    }
}
