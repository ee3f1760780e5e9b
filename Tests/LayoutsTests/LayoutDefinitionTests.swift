import Testing
import CollectionEngine
import Layouts
import TestSupport

@Suite("Layout definitions", .tags(.fast))
struct LayoutDefinitionTests {
    private static let probe = LayoutDefinition(
        name: "probe", summary: "a flow layout with a radius",
        parameters: FlowParameters(itemSize: "70 70").declarations() + [
            LayoutParameter("radius", .number, default: "2.5", "a ratio", range: 0.5...10),
            LayoutParameter("count", .integer, default: "3", "a count", range: 1...12),
            LayoutParameter("seed", .integer, default: "1", "the random seed", range: 0...1_000_000),
        ]
    ) { context in
        // No annotation: the factory reads parameters with `try` and may refuse a combination.
        let layout = FlowLayout()
        try FlowParameters.apply(context, to: layout, declared: FlowParameters().declarations())
        if try context.number("radius") > 9 { throw context.invalid("radius", because: "too round") }
        _ = try context.integer("count")
        return layout
    }

    private func error(_ given: [(name: String, value: String)]) -> String? {
        do {
            _ = try Self.probe.makeLayout(parameters: given)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Defaults apply when the trace gives nothing; given values replace them")
    func defaults() throws {
        let plain = try #require(try Self.probe.makeLayout(parameters: []) as? FlowLayout)
        #expect(plain.itemSize == Size(width: 70, height: 70))
        let given = try #require(try Self.probe.makeLayout(parameters: [("item-size", "10 20")]) as? FlowLayout)
        #expect(given.itemSize == Size(width: 10, height: 20))
    }

    @Test("Unknown, malformed, out-of-range and refused values get messages that quote them",
          arguments: [
            ("colour", "red", "unknown parameter 'colour' for layout 'probe'; expected one of 'scroll-direction', 'item-size', 'minimum-line-spacing', 'minimum-interitem-spacing', 'section-inset', 'header-size', 'footer-size', 'radius', 'count', 'seed'"),
            ("radius", "round", "invalid value 'round' for parameter 'radius' of layout 'probe'; expected a number"),
            ("radius", "0.1", "value '0.1' for parameter 'radius' of layout 'probe' is out of range; expected a value from 0.5 to 10"),
            ("count", "2.5", "invalid value '2.5' for parameter 'count' of layout 'probe'; expected a whole number"),
            ("count", "13", "value '13' for parameter 'count' of layout 'probe' is out of range; expected a value from 1 to 12"),
            ("item-size", "-1 10", "value '-1 10' for parameter 'item-size' of layout 'probe' is out of range; expected a value from 0 to 100000"),
            ("item-size", "1e300 10", "value '1e300 10' for parameter 'item-size' of layout 'probe' is out of range; expected a value from 0 to 100000"),
            ("section-inset", "1 2 3", "invalid value '1 2 3' for parameter 'section-inset' of layout 'probe'; expected insets \"TOP LEFT BOTTOM RIGHT\""),
            ("scroll-direction", "diagonal", "invalid value 'diagonal' for parameter 'scroll-direction' of layout 'probe'; expected one of 'vertical', 'horizontal'"),
            ("radius", "9.5", "invalid value '9.5' for parameter 'radius' of layout 'probe': too round"),
          ])
    func rejected(name: String, value: String, message: String) {
        #expect(error([(name, value)]) == message)
    }

    @Test("check() reads every parameter, also those the factory does not read")
    func checkReadsEverything() {
        let lazy = LayoutDefinition(name: "lazy", summary: "reads nothing",
                                    parameters: [LayoutParameter("gap", .number, default: "1", "unused")]) { _ in
            CollectionViewLayout()
        }
        #expect(throws: LayoutParameterError.self) { try lazy.check(parameters: [("gap", "wide")]) }
        #expect(throws: Never.self) { _ = try lazy.makeLayout(parameters: [("gap", "wide")]) }
    }

    /// A layout that keeps the first number its factory's generator drew.
    private final class Drawn: CollectionViewLayout {
        let number: UInt64
        init(_ number: UInt64) { self.number = number }
    }

    @Test("The random generator follows the seed parameter, and is seeded with 1 when a layout declares none")
    func seeds() throws {
        let seeded = LayoutDefinition(name: "r", summary: "", parameters: [
            LayoutParameter("seed", .integer, default: "1", "seed", range: 0...1_000_000),
        ]) { context in
            var generator = try context.randomGenerator()
            return Drawn(generator.next())
        }
        let unseeded = LayoutDefinition(name: "u", summary: "", parameters: []) { context in
            var generator = try context.randomGenerator()
            return Drawn(generator.next())
        }
        func draw(_ definition: LayoutDefinition, _ given: [(name: String, value: String)]) throws -> UInt64 {
            try #require(try definition.makeLayout(parameters: given) as? Drawn).number
        }
        var one = SplitMix64(seed: 1), seven = SplitMix64(seed: 7)
        #expect(try draw(seeded, [("seed", "7")]) == seven.next())
        #expect(try draw(seeded, []) == one.next())
        #expect(try draw(seeded, [("seed", "8")]) != draw(seeded, [("seed", "7")]))
        var again = SplitMix64(seed: 1)
        #expect(try draw(unseeded, []) == again.next())
    }

    @Test("Every catalogue layout builds with its defaults and declares each parameter once, with a summary")
    func catalogue() throws {
        var names = Set<String>()
        for definition in Catalogue.definitions {
            #expect(names.insert(definition.name).inserted, "\(definition.name) is registered twice")
            let parameters = definition.parameters.map(\.name)
            #expect(Set(parameters).count == parameters.count, "\(definition.name) declares a parameter twice")
            for parameter in definition.parameters { #expect(!parameter.summary.isEmpty) }
            try definition.check(parameters: [])
        }
    }

    @Test("The catalogue's attribute subclasses name their own fields for snapshots, in kebab-case")
    func customAttributeNames() {
        let item = IndexPath(item: 0, section: 0)
        let names = [SpringboardLayoutAttributes(forCellWith: item), DimensionsLayoutAttributes(forCellWith: item),
                     CoverFlowAttributes(forCellWith: item), StackedLayoutAttributes(forCellWith: item)]
            .map { $0.customAttributes.map(\.name) }
        #expect(names == [["delete-button-hidden"], ["layout-mode"], ["should-rasterize", "masking-value"],
                          ["shadow-opacity"]])
        let icon = SpringboardLayoutAttributes(forCellWith: item)
        icon.deleteButtonHidden = true
        #expect(icon.customAttributes.map(\.value) == [.bool(true)])
    }

    @Test("flow's pin-headers and pin-footers set the layout's pinning; both are off by default")
    func flowPinning() throws {
        let plain = try #require(try LayoutDefinition.flow.makeLayout(parameters: []) as? FlowLayout)
        #expect(!plain.sectionHeadersPinToVisibleBounds && !plain.sectionFootersPinToVisibleBounds)
        let pinned = try #require(try LayoutDefinition.flow.makeLayout(
            parameters: [("pin-headers", "true"), ("pin-footers", "true")]) as? FlowLayout)
        #expect(pinned.sectionHeadersPinToVisibleBounds && pinned.sectionFootersPinToVisibleBounds)
        let headersOnly = try #require(try LayoutDefinition.flow.makeLayout(
            parameters: [("pin-headers", "true")]) as? FlowLayout)
        #expect(headersOnly.sectionHeadersPinToVisibleBounds && !headersOnly.sectionFootersPinToVisibleBounds)
        #expect(throws: LayoutParameterError.self) {
            try LayoutDefinition.flow.makeLayout(parameters: [("pin-headers", "yes")])
        }
    }
}
