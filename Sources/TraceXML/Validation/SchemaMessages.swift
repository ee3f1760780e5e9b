import Foundation

/// libxml2's RELAX NG messages in the trace format's words: elements as `<name>`, attributes quoted, and
/// none of the validator's internals ("TODO", its state names).
enum SchemaMessages {
    /// The message for one validity error libxml2 reported.
    static func describe(_ raw: String) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        for (pattern, render) in rules {
            if let match = text.wholeMatch(of: pattern) { return render(match.output.1, match.output.2) }
        }
        if text.contains("TODO") || text.isEmpty {
            return "this element or its content is not what the trace format allows here (see Traces/trace.rng)"
        }
        return text
    }

    // Built once: a regex literal is parsed each time its value is made. `Regex` is not declared `Sendable`,
    // but its compiled program is immutable once made, and made under an atomic compare-and-exchange.
    nonisolated(unsafe) private static let rules: [(Regex<(Substring, Substring, Substring)>, @Sendable (Substring, Substring) -> String)] = [
        (/Did not expect element (\S+) there()/, { element, _ in
            "<\(element)> is not allowed here; \(placement(of: element))" }),
        (/Did not expect text in element (\S+) content()/, { element, _ in "<\(element)> holds text; it takes none" }),
        (/Expecting element (\S+), got (\S+)/, { expected, got in "expected <\(expected)> here, not <\(got)>" }),
        (/Expecting an element (\S+), got nothing()/, { element, _ in "<\(element)> is missing here" }),
        (/Expecting an element(), got nothing()/, { _, _ in "an element is missing here" }),
        (/Invalid attribute (\S+) for element (\S+)/, { attribute, element in
            "attribute '\(attribute)' is not allowed on <\(element)>" }),
        (/Element (\S+) failed to validate attributes()/, { element, _ in
            "<\(element)> has an attribute the format does not allow, or lacks one it requires" }),
        (/Element (\S+) failed to validate content()/, { element, _ in
            "the content of <\(element)> is not what the format allows" }),
        (/Element (\S+) has extra content: (\S+)/, { element, extra in
            "<\(element)> holds <\(extra)>, which is not allowed there" }),
        (/Extra element (\S+) in interleave()/, { element, _ in "<\(element)> is not allowed here, or appears twice" }),
        (/Invalid sequence in interleave()()/, { _, _ in "these elements are not in an order the format allows" }),
        (/Expecting no namespace for element (\S+)()/, { element, _ in "<\(element)> must not have a namespace" }),
        (/Type (\S+) doesn't allow value '(.*)'/, { type, value in "'\(value)' is not a valid \(type)" }),
        (/Error validating datatype (\S+)()/, { type, _ in "a value is not a valid \(type)" }),
        (/Error validating value ?()()/, { _, _ in "a value is not one the format allows" }),
        (/Value '(.*)' is not (?:one of|valid).*()/, { value, _ in "'\(value)' is not a value the format allows here" }),
    ]

    /// Where an element goes in a trace, in words, for the message of one found out of place.
    private static func placement(of element: Substring) -> String {
        switch element {
        case "trace":
            "<trace> is the document's root, and there is one"
        case "meta", "collection-view", "data", "workload", "events":
            "it goes inside <trace>, whose children are <meta>, <collection-view>, <layout>, <data>, <workload> "
                + "and <events>, in that order (<meta> and <workload> may be left out)"
        case "layout":
            "it goes inside <trace> after <collection-view>, inside <set-layout>, or inside a <transition> that began"
        case "section":
            "it goes inside <data> or <reload-data>"
        case "item-sizes":
            "it goes inside <section>"
        case "cell", "supplementary":
            "it goes inside <workload>"
        case "delete-items", "reload-items", "move-item", "insert-items",
            "delete-section", "insert-section", "reload-section", "move-section":
            "it goes inside <batch>"
        case "scroll", "orthogonal-scroll", "drag", "tap", "long-press", "menu", "pinch", "batch", "reload-data", "scroll-to-item",
            "select", "deselect", "set-layout", "transition", "resize", "marker":
            "it goes inside <events>"
        default:
            "it is not an element of the trace format"
        }
    }
}
