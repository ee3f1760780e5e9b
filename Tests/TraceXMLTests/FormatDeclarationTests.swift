import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import TraceXML

/// `Traces/trace.rng` and ``TraceFormat`` declare the same format: the same elements, each with the same
/// attributes (required, optional, or required in one phase only), the same value syntax (pattern, words)
/// and range, and the same children.
@Suite("The format's declaration agrees with trace.rng", .tags(.fast))
struct FormatDeclarationTests {
    /// What trace.rng says of one element.
    struct SchemaElement {
        var attributes: [String: SchemaAttribute] = [:]
        var takesOtherAttributes = false
        /// Each child element and whether it is required (not under `optional`, `zeroOrMore` or `choice`).
        var children: [String: Bool] = [:]
        var isAnything = false
        var text: SchemaValue?
    }

    enum Use: Equatable { case required, optional, conditional }

    struct SchemaAttribute {
        var use: Use
        var value: SchemaValue
    }

    /// An attribute's or a text's value as the schema states it.
    struct SchemaValue: Equatable {
        var definition: String?
        var words: [String] = []
        var pattern: String?
        var minimum: Double?
        var maximum: Double?
        var minimumLength: Int?
    }

    /// The schema read from `Traces/trace.rng`, by element name.
    static let schema: [String: SchemaElement] = {
        let url = URL(fileURLWithPath: packageRoot + "/Traces/trace.rng")
        guard let document = try? XMLDocument(contentsOf: url, options: []), let grammar = document.rootElement() else {
            return [:]
        }
        var reader = SchemaReader(grammar: grammar)
        reader.readAll()
        return reader.elements
    }()

    @Test("XMLName's ordinal is its place among the cases")
    func ordinals() {
        for (index, name) in XMLName.allCases.enumerated() { #expect(name.ordinal == index, "\(name)") }
    }

    @Test("trace.rng declares the same elements")
    func sameElements() {
        #expect(!Self.schema.isEmpty, "cannot read Traces/trace.rng")
        #expect(Set(Self.schema.keys) == Set(TraceFormat.elements.map(\.name.text)))
        #expect(TraceFormat.elements.first?.name == TraceFormat.root)
    }

    @Test("Each element has the same attributes, each required or optional alike, with the same syntax and range",
          arguments: TraceFormat.elements.map(\.name.text))
    func sameAttributes(_ name: String) throws {
        let declared = TraceFormat.element(try #require(XMLName(rawValue: name)))
        let schema = try #require(Self.schema[name], "<\(name)> is not in trace.rng")
        #expect(declared.takesOtherAttributes == schema.takesOtherAttributes, "<\(name)>'s other attributes")
        #expect(Set(declared.attributes.map(\.name.text)) == Set(schema.attributes.keys), "<\(name)>'s attributes")
        for attribute in declared.attributes {
            guard let inSchema = schema.attributes[attribute.name.text] else { continue }
            let use: Use = switch attribute.use {
            case .required: .required
            case .optional, .paired: .optional
            case .inChangedPhase: .conditional
            }
            #expect(use == inSchema.use, "<\(name) \(attribute.name.text)>: required or optional")
            #expect(Self.expected(attribute.value) == inSchema.value, "<\(name) \(attribute.name.text)>'s value")
        }
    }

    @Test("Each element has the same content", arguments: TraceFormat.elements.map(\.name.text))
    func sameContent(_ name: String) throws {
        let declared = TraceFormat.element(try #require(XMLName(rawValue: name)))
        let schema = try #require(Self.schema[name], "<\(name)> is not in trace.rng")
        #expect(Set(declared.children.map(\.text)) == Set(schema.children.keys), "<\(name)>'s children")
        switch declared.content {
        case .anything:
            #expect(schema.isAnything)
        case .text(let kind):
            #expect(schema.text == Self.expected(kind), "<\(name)>'s text")
        case .sequence(let places):
            for place in places {
                #expect(schema.children[place.0.text] == place.required, "<\(name)>: <\(place.0.text)> required or not")
            }
        case .empty, .elements, .layout, .layoutInBeganPhase, .sizeChunks:
            #expect(!schema.isAnything && schema.text == nil)
        }
    }

    @Test("Each event and each operation of a batch has its codec, and no other element has one")
    func codecs() {
        let events = Set(TraceFormat.events.map(\.name))
        let operations = Set(TraceFormat.operations.map(\.name))
        for element in TraceFormat.elements {
            #expect((element.event != nil) == events.contains(element.name), "<\(element.name.text)>")
            #expect((element.operation != nil) == operations.contains(element.name), "<\(element.name.text)>")
            #expect(SchemaTables.shared.operationReader(element.name) != nil || !operations.contains(element.name))
        }
    }

    // The reader's and the writer's accessors take a value's range from its kind, never from their caller.
    @Test("Every kind of number or index, and of a list or pair of them, states its range", arguments: ValueKind.allCases)
    func kindsStateRanges(_ kind: ValueKind) {
        guard kind.pattern != nil else { return }
        let parts = ValueKind.indexPathParts
        let ranged = kind.range != nil || kind.countRange != nil || kind.entryRange != nil || kind.entryCountRange != nil
            || (kind == .indexPath && parts.section.countRange != nil && parts.item.countRange != nil)
        #expect(ranged, "\(kind)")
    }

    @Test("The writer writes each element's attributes in the declaration's order", arguments: 0..<12)
    func writerFollowsDeclaration(_ index: Int) throws {
        var generator = SeededGenerator(seed: 0xF0F0 + UInt64(index))
        let trace = index == 0 ? everyAttribute : RandomTrace.make(using: &generator)
        let text = String(decoding: try TraceWriter.encode(trace), as: UTF8.self)
        var checked = 0
        for match in text.matches(of: /<([a-z-]+)((?:\s+[^\s=]+="[^"]*")*)\s*\/?>/) {
            guard let name = XMLName(rawValue: String(match.output.1)), let declared = TraceFormat.byName[name.ordinal],
                  !declared.takesOtherAttributes else { continue }
            let written = match.output.2.matches(of: /\s+([^\s=]+)="[^"]*"/).map { String($0.output.1) }
            let places = written.map { written in declared.attributes.firstIndex { $0.name.text == written } }
            #expect(!places.contains(nil) && places == places.sorted { ($0 ?? -1) < ($1 ?? -1) },
                    "<\(name.text)> written with \(written)")
            checked += 1
        }
        #expect(checked > 10)
    }

    /// The schema's statement of a value of `kind`, as the declaration has it.
    static func expected(_ kind: ValueKind) -> SchemaValue {
        var value = SchemaValue(definition: kind.schemaDefinition)
        value.words = kind.words.map { $0.description }
        value.pattern = kind.pattern
        if let range = kind.range {
            value.minimum = range.lower
            value.maximum = range.upper
        }
        if let range = kind.countRange { value.maximum = Double(range.upper) }
        if kind == .nonEmpty { value.minimumLength = 1 }
        return value
    }
}

/// Reads trace.rng's elements: each one's attributes and children, following `ref`s.
private struct SchemaReader {
    typealias SchemaElement = FormatDeclarationTests.SchemaElement
    typealias SchemaValue = FormatDeclarationTests.SchemaValue

    let grammar: XMLElement
    var defines: [String: XMLElement] = [:]
    var elements: [String: SchemaElement] = [:]

    init(grammar: XMLElement) {
        self.grammar = grammar
        for define in Self.childElements(grammar) where Self.kind(define) == "define" {
            if let name = Self.name(define) { defines[name] = define }
        }
    }

    static func kind(_ node: XMLElement) -> String { node.localName ?? node.name ?? "" }
    static func childElements(_ node: XMLElement) -> [XMLElement] { (node.children ?? []).compactMap { $0 as? XMLElement } }
    /// The `name` attribute (swift-corelibs-foundation's `attribute(forName:)` misses it under a default
    /// namespace).
    static func name(_ node: XMLElement) -> String? { node.attributes?.first { $0.name == "name" }?.stringValue }

    mutating func readAll() {
        var pending = Self.childElements(grammar)
        while let node = pending.popLast() {
            if Self.kind(node) == "element", let name = Self.name(node), elements[name] == nil {
                var element = SchemaElement()
                read(Self.childElements(node), into: &element, optional: false, inChoice: false)
                elements[name] = element
            }
            pending += Self.childElements(node)
        }
    }

    /// Reads the patterns `nodes` into `element`; `optional` under `optional` or `zeroOrMore`.
    private func read(_ nodes: [XMLElement], into element: inout SchemaElement, optional: Bool, inChoice: Bool) {
        for node in nodes {
            switch Self.kind(node) {
            case "element":
                if let name = Self.name(node) { element.children[name] = !optional && !inChoice }
            case "attribute":
                guard let name = Self.name(node) else {
                    element.takesOtherAttributes = true
                    continue
                }
                let use: FormatDeclarationTests.Use = optional ? .optional : inChoice ? .conditional : .required
                let value = Self.childElements(node).first.map { self.value($0) } ?? SchemaValue()
                if var existing = element.attributes[name] {
                    // Stated again in another branch of a choice (`<transition>`'s phase): its words join.
                    existing.value.words += value.words.filter { !existing.value.words.contains($0) }
                    element.attributes[name] = existing
                } else {
                    element.attributes[name] = .init(use: use, value: value)
                }
            case "optional", "zeroOrMore":
                read(Self.childElements(node), into: &element, optional: true, inChoice: inChoice)
            case "oneOrMore", "group":
                read(Self.childElements(node), into: &element, optional: optional, inChoice: inChoice)
            case "choice":
                // An attribute in every branch is required; in some, required only there.
                let branches = Self.childElements(node).map { branch in
                    var inBranch = SchemaElement()
                    read([branch], into: &inBranch, optional: optional, inChoice: false)
                    return inBranch
                }
                for branch in branches {
                    element.takesOtherAttributes = element.takesOtherAttributes || branch.takesOtherAttributes
                    for (name, required) in branch.children { element.children[name] = required && branches.count == 1 }
                    for (name, var attribute) in branch.attributes {
                        let everywhere = branches.allSatisfy { $0.attributes[name] != nil }
                        if attribute.use == .required && !everywhere { attribute.use = .conditional }
                        if var existing = element.attributes[name] {
                            existing.value.words += attribute.value.words.filter { !existing.value.words.contains($0) }
                            element.attributes[name] = existing
                        } else {
                            element.attributes[name] = attribute
                        }
                    }
                }
            case "ref":
                guard let name = Self.name(node), let define = defines[name] else { continue }
                if name == "anything" {
                    element.isAnything = true
                } else if Self.childElements(define).contains(where: { Self.kind($0) == "data" }) {
                    element.text = value(node)
                } else {
                    read(Self.childElements(define), into: &element, optional: optional, inChoice: inChoice)
                }
            default:
                continue
            }
        }
    }

    /// The value pattern `node` states.
    func value(_ node: XMLElement) -> SchemaValue {
        var value = SchemaValue()
        switch Self.kind(node) {
        case "ref":
            guard let name = Self.name(node), let define = defines[name] else { return value }
            let inner = Self.childElements(define).first.map { self.value($0) } ?? SchemaValue()
            value = inner
            value.definition = name
        case "value":
            value.words = [node.stringValue ?? ""]
        case "choice":
            for option in Self.childElements(node) {
                let inner = self.value(option)
                value.words += inner.words
                value.pattern = inner.pattern ?? value.pattern
                value.minimum = inner.minimum ?? value.minimum
                value.maximum = inner.maximum ?? value.maximum
            }
        case "data":
            for parameter in Self.childElements(node) where Self.kind(parameter) == "param" {
                let text = parameter.stringValue ?? ""
                switch Self.name(parameter) {
                case "pattern": value.pattern = text
                case "minInclusive": value.minimum = Double(text)
                case "maxInclusive": value.maximum = Double(text)
                case "minLength": value.minimumLength = Int(text)
                default: break
                }
            }
        default:
            break
        }
        return value
    }
}
