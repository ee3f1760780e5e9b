import Testing
@testable import CollectionEngine
import TestSupport

/// ``LimitedAnswer``: an answer that keeps every element within the query's limit, only the displayable ones
/// past it, and none past the limit of displayable ones — then counted into the layout's overflow.
@Suite("Limited answer", .tags(.fast))
struct LimitedAnswerTests {
    private static let rect = Rect(x: 0, y: 0, width: 100, height: 100)

    /// Item `item`: inside the rect, outside it, or inside but hidden.
    private static func element(_ item: Int, _ place: Place) -> LayoutAttributes {
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        attributes.frame = Rect(x: place == .outside ? 200 : 10, y: 10, width: 10, height: 10)
        attributes.isHidden = place == .hidden
        return attributes
    }

    private enum Place { case inside, outside, hidden }

    /// The answer `places` make in a query of ``rect`` limited to `limit`, and the overflow recorded.
    private static func answer(_ places: [Place], limit: Int?) -> (items: [Int], overflow: Int?) {
        let layout = CollectionViewLayout()
        layout.elementQueryLimit = limit
        var answer = LimitedAnswer(for: layout, in: rect)
        for (item, place) in places.enumerated() { answer.append(element(item, place)) }
        return (answer.finish(for: layout).map(\.indexPath.item), layout.elementQueryOverflow)
    }

    @Test("Without a limit, and within it, every element is kept, hidden and outlying ones included",
          arguments: [nil, 4] as [Int?])
    func keepsEverything(limit: Int?) {
        let result = Self.answer([.inside, .outside, .hidden, .inside], limit: limit)
        #expect(result.items == [0, 1, 2, 3])
        #expect(result.overflow == nil)
    }

    @Test("Past the limit only the displayable elements are kept, in order")
    func keepsDisplayable() {
        let result = Self.answer([.inside, .outside, .hidden, .inside, .outside, .inside], limit: 3)
        #expect(result.items == [0, 3, 5])
        #expect(result.overflow == nil)
    }

    @Test("Past the limit of displayable elements none is kept and all displayable ones are counted")
    func counts() {
        let places: [Place] = [.inside, .hidden, .inside, .inside, .outside, .inside, .inside]
        let result = Self.answer(places, limit: 3)
        #expect(result.items.isEmpty)
        #expect(result.overflow == 5)
        // The count is the collection view's: the displayable elements of the full answer.
        #expect(Self.answer(Array(repeating: .inside, count: 1_000), limit: 10).overflow == 1_000)
    }
}
