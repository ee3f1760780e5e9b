import Testing
import CollectionEngine
@testable import Replay
import Reporting
import TestSupport

@Suite("Engine counters and the report's vocabulary", .tags(.fast))
struct EngineCounterVocabularyTests {
    /// `cellsCreated` → `cells_created`.
    private static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }

    @Test("Every field the engine counts is a declared counter that reports that field, and no other")
    func exhaustive() throws {
        // Give each declared counter's field its own value through the mapping, then read the engine's fields
        // back by reflection: a field no counter reports stays 0, a field two counters share keeps the last.
        var counters = EngineCounters()
        for (position, counter) in EngineCounter.allCases.enumerated() {
            counters[keyPath: EngineCounters.keyPath(for: counter)] = position + 1
        }
        let fields = Mirror(reflecting: counters).children.compactMap { child -> (String, Int)? in
            guard let label = child.label, let value = child.value as? Int else { return nil }
            return (label, value)
        }
        #expect(fields.count == Mirror(reflecting: counters).children.count, "every engine counter is an Int")
        for (label, value) in fields {
            let key = Self.snakeCase(label)
            let declared = EngineCounter(rawValue: key)
            #expect(declared != nil, "the engine counts \(label), which no report shows: declare `\(key)` in EngineCounter")
            if let declared, let position = EngineCounter.allCases.firstIndex(of: declared) {
                #expect(value == position + 1, "\(declared.key) reports another field than \(label)")
            }
        }
        #expect(fields.count == EngineCounter.allCases.count, "each declared counter reports one engine field")
    }

    @Test("The report's counters are every declared counter, in declaration order, with the engine's values")
    func reportCounters() {
        var counters = EngineCounters()
        counters.layoutPrepares = 7
        counters.taps = 2
        let reported = CounterValues(counters)
        #expect(reported.map(\.counter) == EngineCounter.allCases)
        #expect(reported[.layoutPrepares] == 7)
        #expect(reported[.taps] == 2)
        #expect(reported[.cellsCreated] == 0)
    }
}
