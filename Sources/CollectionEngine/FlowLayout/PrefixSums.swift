/// Running sums of a list of numbers that change one at a time (a Fenwick tree): each change and each sum of
/// a prefix costs O(log n), and finding where the running sum passes a value too, as long as no number is
/// negative.
///
/// The flow layout keeps the extents of a self-sizing section's lines in one, so that a line that changes its
/// thickness moves every later line without touching them.
struct PrefixSums: Equatable {
    /// `tree[i - 1]` holds the sum of the values from `i − (i & −i)` to `i − 1`.
    private var tree: [Double]
    /// Whether every value added was at least 0, so that the running sums ascend.
    private(set) var ascends = true

    /// The sums of `values`.
    /// - Complexity: O(n).
    init(_ values: [Double]) {
        tree = values
        ascends = values.allSatisfy { $0 >= 0 }
        for index in tree.indices {
            let parent = index | (index + 1)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    var count: Int { tree.count }

    /// Adds `delta` to the value at `index`, whose new value is `newValue` (to know whether sums still ascend).
    /// - Complexity: O(log n).
    mutating func add(_ delta: Double, at index: Int, newValue: Double) {
        if newValue < 0 { ascends = false }
        var position = index
        while position < tree.count {
            tree[position] += delta
            position |= position + 1
        }
    }

    /// The sum of the first `count` values.
    /// - Complexity: O(log n).
    func sum(first count: Int) -> Double {
        var total = 0.0
        var position = count - 1
        while position >= 0 {
            total += tree[position]
            position = (position & (position + 1)) - 1
        }
        return total
    }

    /// The smallest `k` such that the sum of the first `k + 1` values exceeds `value`, or `count` when none does.
    /// Requires ``ascends``.
    /// - Complexity: O(log n).
    func firstIndex(whereSumExceeds value: Double) -> Int {
        var position = 0, remaining = value
        var step = 1
        while step * 2 <= tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= tree.count, tree[next - 1] <= remaining {
                position = next
                remaining -= tree[next - 1]
            }
            step /= 2
        }
        return position
    }
}
