/// Rank arithmetic on sorted arrays of distinct non-negative indices: the removed or added slots of one
/// dimension (sections, or the items of one section) of a batch update.
///
/// The elements that stay keep their relative order: the element of rank `r` among those that stay before the
/// update is the element of rank `r` among the free slots after it. These helpers convert between an index and
/// that rank in O(log k) for k removed or added slots, without touching the other elements.
enum SortedIndices {
    /// The number of elements of `sorted` less than `value`.
    ///
    /// - Complexity: O(log k).
    static func countLess(_ sorted: [Int], than value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `sorted` contains `value`.
    ///
    /// - Complexity: O(log k).
    static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        let i = countLess(sorted, than: value)
        return i < sorted.count && sorted[i] == value
    }

    /// The `rank`-th (from 0) non-negative integer that is not in `sorted` (ascending, distinct, non-negative).
    ///
    /// `sorted[k] − k` never decreases, and counts the free integers below `sorted[k]`; the answer is `rank`
    /// plus the number of elements with `sorted[k] − k ≤ rank`.
    ///
    /// - Complexity: O(log k).
    static func nthAbsent(_ sorted: [Int], rank: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] - mid <= rank { low = mid + 1 } else { high = mid }
        }
        return rank + low
    }
}
