/// The answer to an element query, collected one element at a time within the query's limit
/// (``CollectionViewLayout/elementQueryLimit``): for a layout whose answer can hold far more elements than it
/// displays — a stack's buried photos, a scan of a whole cache — so that the answer never holds them all.
///
/// Without a limit, and while it holds no more elements than the limit, the answer keeps every element, as
/// the layout would answer in full. Past the limit it keeps only the displayable ones (not hidden, meeting the
/// query's rect: all the collection view would display of them); past the limit of displayable ones it keeps
/// none and only counts them, and ``finish(for:)`` records the count in
/// ``CollectionViewLayout/elementQueryOverflow``, as the flow layout does. It holds at most limit + 1 elements
/// at any time, whatever the layout builds.
///
/// ```swift
/// var answer = LimitedAnswer(for: self, in: rect)
/// for item in 0..<count { answer.append(attributes(forItem: item)) }
/// return answer.finish(for: self)
/// ```
public struct LimitedAnswer {
    private let rect: Rect
    private let limit: Int?
    private var elements: [LayoutAttributes] = []
    /// Whether the answer passed the limit and keeps only displayable elements.
    private var keepsDisplayableOnly = false
    /// The displayable elements counted once more of them than the limit were met; `nil` before.
    private var overflow: Int?

    /// An empty answer to the query of `rect` that `layout` is answering, with the query's limit.
    public init(for layout: CollectionViewLayout, in rect: Rect) {
        self.rect = rect
        limit = layout.elementQueryLimit
    }

    /// Adds the next element of the answer.
    /// - Complexity: O(1) amortised; O(limit) once, when the answer passes the limit.
    public mutating func append(_ attributes: LayoutAttributes) {
        guard let limit else {
            elements.append(attributes)
            return
        }
        if !keepsDisplayableOnly {
            elements.append(attributes)
            guard elements.count > limit else { return }
            keepsDisplayableOnly = true
            let rect = rect
            elements.removeAll { !Self.isDisplayable($0, in: rect) }
        } else if Self.isDisplayable(attributes, in: rect) {
            if let overflow {
                self.overflow = overflow + 1
                return
            }
            elements.append(attributes)
        } else {
            return
        }
        if elements.count > limit {
            overflow = elements.count
            elements = []
        }
    }

    /// The elements kept, in the order they were added; none past the limit, when the count of displayable
    /// elements goes to `layout`'s ``CollectionViewLayout/elementQueryOverflow``.
    public consuming func finish(for layout: CollectionViewLayout) -> [LayoutAttributes] {
        if let overflow { layout.elementQueryOverflow = overflow }
        return elements
    }

    private static func isDisplayable(_ attributes: LayoutAttributes, in rect: Rect) -> Bool {
        !attributes.isHidden && attributes.frame.intersects(rect)
    }
}
