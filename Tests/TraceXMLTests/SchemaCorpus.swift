import Foundation
@testable import TraceXML

/// Documents for the schema tests: every fixture and shipped trace, and a corpus of mutated documents —
/// each element of a few complete traces removed, duplicated or misspelled, each attribute removed,
/// duplicated or misspelled, each value replaced by out-of-range, malformed or empty ones, and the size
/// lists (runs `W H*K`, `<item-sizes>` chunks) varied the same way.
enum SchemaCorpus {
    /// One document of the corpus: a name that says how it was made, and its text.
    struct Document {
        var name: String
        var text: String
    }

    /// Every `.xml` file under `Tests/` and `Traces/`, as paths relative to the package root, sorted.
    static var fixtures: [String] {
        var paths: [String] = []
        for folder in ["Tests", "Traces"] {
            guard let walker = FileManager.default.enumerator(atPath: packageRoot + "/" + folder) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".xml") { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    /// The complete traces the mutations start from (one element per line, as the writer writes).
    static let bases: [Document] = [
        Document(name: "every-attribute",
                 text: (try? String(contentsOfFile: testsDirectory + "Golden/every-attribute.written.xml",
                                    encoding: .utf8)) ?? ""),
        Document(name: "item-sizes", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
              <collection-view width="390" height="844"/>
              <layout name="flow" item-size="50 50"/>
              <data>
                <section items="6" reuse-identifier="chunked">
                  <item-sizes>10 20, 30 40*2</item-sizes>
                  <item-sizes>50.5 6e1*3</item-sizes>
                </section>
                <section items="2" item-sizes="10 20*2"/>
              </data>
              <events>
                <batch t="1" counts-after="6 4">
                  <insert-items section="1" at="0 1" sizes="5 5*2"/>
                </batch>
                <reload-data t="2">
                  <section items="3">
                    <item-sizes>1 1*3</item-sizes>
                  </section>
                </reload-data>
              </events>
            </trace>

            """),
    ]

    /// Values each attribute (and each `<item-sizes>` text) is replaced with: empty, malformed, at and
    /// beyond the ranges of TraceLimits, with white space, and the other value kinds of the format.
    static let values = [
        "", "x", "-1", "0", "1", "1.5", "240", "240.5", "0.0005", "1e3", "1E+2", "2e-3", "1e11", "-1e11",
        "86401", "100001", "10000000", "10000001", "9999999", "99999", "100000", "+1", ".5", "1.", " 1", "1 ",
        "NaN", "INF", "true", "normal", "center", "began", "finished", "1 2", "1  2", "1 2 3 4", "1 2 3",
        "1 2*3", "1 2*0", "1 2*123456789", "1 2, 3 4", "1 2,3 4", "1 2 ,3 4", "1 2*3, 4 5*6", "1 2*", "-1 2",
    ]

    /// The few of ``values`` the goldens of `validate`'s findings record, which keep their text for
    /// review (the agreement with trace.rng is checked on all of them).
    static let goldenValues = ["", "x", "-1", "1e11", " 1", "1 2*3", "10000001", "0.0005"]

    // Made once (a regex literal is parsed each time its value is made); `Regex` is not declared `Sendable`,
    // but its compiled program is immutable once made, and made under an atomic compare-and-exchange.
    nonisolated(unsafe) private static let startTag: Regex<(Substring, Substring, Substring, Substring, Substring, Substring)> = /^(\s*)<([a-zA-Z-]+)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*(\/?)>(.*)$/
    nonisolated(unsafe) private static let attribute: Regex<(Substring, Substring, Substring)> = /([a-zA-Z-]+)="([^"]*)"/

    static func mutations(of base: Document, values: [String] = values) -> [Document] {
        let lines = base.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var documents: [Document] = []
        func add(_ what: String, _ changed: [String]) {
            documents.append(Document(name: "\(base.name): \(what)", text: changed.joined(separator: "\n")))
        }
        for (index, line) in lines.enumerated() {
            guard let match = line.wholeMatch(of: startTag) else { continue }
            let name = String(match.output.2)
            let end = elementEnd(lines, from: index, name: name, selfClosing: !match.output.4.isEmpty
                                 || match.output.5.contains("</\(name)>"))
            let place = "line \(index + 1) <\(name)>"
            var removed = lines
            removed.removeSubrange(index...end)
            add("\(place) removed", removed)
            var duplicated = lines
            duplicated.insert(contentsOf: lines[index...end], at: end + 1)
            add("\(place) duplicated", duplicated)
            var misspelled = lines
            misspelled[index] = line.replacingOccurrences(of: "<\(name)", with: "<\(name)x")
            misspelled[end] = misspelled[end].replacingOccurrences(of: "</\(name)>", with: "</\(name)x>")
            add("\(place) misspelled", misspelled)
            var withText = lines
            withText[index] = line.replacingOccurrences(of: "/>", with: ">text</\(name)>")
                .replacingOccurrences(of: "\">", with: "\">text")
            if withText[index] != line { add("\(place) with text", withText) }
            var withBlank = lines
            withBlank[index] = line.replacingOccurrences(of: "/>", with: "> </\(name)>")
            if withBlank[index] != line { add("\(place) with blank text", withBlank) }
            for attributeMatch in match.output.3.matches(of: attribute) {
                let attributeName = String(attributeMatch.output.1)
                let written = String(attributeMatch.output.0)
                let at = "\(place) @\(attributeName)"
                var changed = lines
                changed[index] = line.replacingOccurrences(of: " " + written, with: "")
                add("\(at) removed", changed)
                changed[index] = line.replacingOccurrences(of: written, with: written + " " + written)
                add("\(at) duplicated", changed)
                changed[index] = line.replacingOccurrences(of: written, with: "\(attributeName)x=\"\(attributeMatch.output.2)\"")
                add("\(at) misspelled", changed)
                for value in values {
                    changed[index] = line.replacingOccurrences(of: written, with: "\(attributeName)=\"\(value)\"")
                    add("\(at)=\"\(value)\"", changed)
                }
            }
            if name == "item-sizes", let open = line.firstRange(of: ">"), let close = line.firstRange(of: "</") {
                for value in values {
                    var changed = lines
                    changed[index] = String(line[..<open.upperBound]) + value + String(line[close.lowerBound...])
                    add("\(place) text \"\(value)\"", changed)
                }
            }
        }
        return documents
    }

    /// The line of the end of the element that starts at line `start`.
    private static func elementEnd(_ lines: [String], from start: Int, name: String, selfClosing: Bool) -> Int {
        if selfClosing { return start }
        var depth = 0
        for index in start..<lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<\(name) ") || line.hasPrefix("<\(name)>") {
                if !line.hasSuffix("/>") && !line.contains("</\(name)>") { depth += 1 }
            } else if line.hasPrefix("</\(name)>") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return start
    }
}
