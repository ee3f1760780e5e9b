/// What `Traces/trace.rng` checks, in Swift, inside the reader's single pass over the document: the
/// elements and their order, the attributes each element requires and allows, and every value's syntax
/// (the schema's patterns) and range (its minInclusive and maxInclusive, which are TraceLimits' ranges),
/// all as ``TraceFormat`` declares them (through ``SchemaTables``).
///
/// It decides whether the document is valid against the schema without libxml2's RELAX NG validator, which
/// compiles the schema's number patterns again for every value it checks and reads 4–6 MB/s. The verdict
/// is what matters: ``TraceValidator`` trusts a *valid* one (and then prints the reader's findings alone,
/// as the RELAX NG pass would add none), and for any other runs libxml2's validation as before, so that
/// every schema error is still told in libxml2's words (``SchemaMessages``). Where the checker cannot be
/// sure — text split by a comment inside `<item-sizes>`, say — it says *invalid*, never *valid*.
///
/// `SchemaAgreementTests` proves that its verdict and the line of its first error equal libxml2's on every
/// fixture and shipped trace and on a corpus of mutated documents.
final class SchemaChecker {
    /// The first problem found: the line of the element it is in, and what it is (for tests).
    struct Problem: Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        /// Where libxml2 may tell it instead: for an element with content, libxml2 finds some problems
        /// of its start tag only when it reads on, and tells them at the next tag.
        var alternativeLine: Int?
        var description: String { "line \(line): \(reason)" }
    }

    // The state below is read and written on every node of the document: `@exclusivity(unchecked)` spares
    // each access a dynamic exclusivity check (about 400 instructions per event). Safe: the checker
    // belongs to one stream, whose reads call it synchronously on one thread; no method of the checker calls
    // out (no closure, delegate or stream call) while an access to these properties is under way, so no
    // two accesses can overlap.

    /// The first problem, or nil while the document matches the schema.
    @exclusivity(unchecked) private(set) var problem: Problem?
    /// Whether the document was seen to its end with no problem.
    var isValid: Bool { problem == nil && finished }

    @exclusivity(unchecked) private var finished = false
    /// The open elements: what each is, how far its content has come, and the line of its start tag.
    @exclusivity(unchecked) private var stack: [Frame] = []
    /// Depth of `<meta>`'s free-form content (0 outside it): anything goes there.
    @exclusivity(unchecked) private var anythingDepth = 0
    /// The line of the last start tag read.
    @exclusivity(unchecked) private var lastStartLine = 0
    /// A problem in the attributes of an element with content, which libxml2 tells at the next tag: the
    /// line of the element and what is wrong.
    @exclusivity(unchecked) private var deferred: Problem?
    /// The format's declaration as tables (``TraceFormat``).
    private let tables = SchemaTables.shared

    private struct Frame {
        var kind: XMLName
        /// Progress through the content: for a sequence (`<trace>`), the last child's place in it; for
        /// `<section>`, 1 with an `item-sizes` attribute; for `<set-layout>` and `<transition
        /// phase="began">`, the layouts seen; `textSeen` for `<item-sizes>` once its text was seen.
        var state: Int
        var line: Int
        /// The line of the first child element, or 0.
        var firstChildLine = 0
        /// For `<transition>`: its phase (0 began, 1 changed, 2 finished or cancelled).
        var phase: Int
    }

    /// Checks the document `source` holds against the schema alone (without the reader's own rules), to
    /// its end or to its first problem.
    ///
    /// - Throws: ``TraceError`` when the document is not well-formed XML.
    static func check(source: ByteSource, path: String, limits: TraceReadingLimits) throws(TraceError) -> SchemaChecker {
        let checker = SchemaChecker()
        let stream = try XMLStream(source: source, path: path, limits: limits, schemaChecker: checker)
        while try stream.read(insideMeta: true) != .endOfDocument {}
        return checker
    }

    // MARK: Events from the stream

    /// A start tag; `stream` is on it.
    @inline(__always)
    func start(_ stream: XMLStream) {
        guard problem == nil else { return }
        lastStartLine = stream.location.line
        if let deferred { return fail(deferred.line, deferred.reason, or: lastStartLine) }
        if anythingDepth > 0 {
            if !stream.isEmptyElement { anythingDepth += 1 }
            return
        }
        startElement(stream)
    }

    /// An end tag (empty elements have none: ``start(_:)`` closes them).
    @inline(__always)
    func end() {
        guard problem == nil else { return }
        if let deferred { return fail(deferred.line, deferred.reason) }
        if anythingDepth > 0 {
            anythingDepth -= 1
            return
        }
        close()
    }

    /// Text (or CDATA) in the current element.
    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard problem == nil, deferred == nil, anythingDepth == 0 else { return }
        guard var top = stack.last else { return }
        let element = tables.element(top.kind)
        if element.content == .text {
            // libxml2 validates a section's chunks together and tells a problem at the first one.
            let line = stack.count > 1 && stack[stack.count - 2].firstChildLine > 0
                ? stack[stack.count - 2].firstChildLine : top.line
            guard top.state == 0 else { return fail(line, "<\(top.kind.text)> text in more than one piece") }
            guard ValueSyntax.check(bytes, element.textKind) else {
                return fail(line, "<\(top.kind.text)> text is not a valid \(element.textKind)")
            }
            top.state = Self.textSeen
            stack[stack.count - 1] = top
            return
        }
        if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            fail(top.line, "text in <\(top.kind.text)>")
        }
    }

    /// A node the checker cannot judge in place (a comment or processing instruction): harmless except
    /// inside `<item-sizes>`, where it would split the text.
    func otherNode() {
        guard problem == nil, deferred == nil, anythingDepth == 0, let top = stack.last,
              tables.element(top.kind).content == .text
        else { return }
        fail(top.line, "a comment or processing instruction inside <\(top.kind.text)>")
    }

    /// The end of the document.
    func finish() {
        if let deferred { fail(deferred.line, deferred.reason) }
        if problem == nil && !stack.isEmpty { fail(lastStartLine, "the document ends inside <\(stack[stack.count - 1].kind.text)>") }
        finished = true
    }

    private static let textSeen = 1

    // MARK: Structure

    private func fail(_ line: Int, _ reason: String, or alternativeLine: Int? = nil) {
        if problem == nil { problem = Problem(line: line, reason: reason, alternativeLine: alternativeLine) }
    }

    /// An element whose name the format does not have: the one place where an unknown element is told.
    private func unknownElement(_ stream: XMLStream, at line: Int) {
        fail(line, "element <\(stream.elementRawName)> is not in the format")
    }

    /// The elements a `<layout>` may hold (the schema's `layout-element`): a layout described as a tree.
    private static let layoutElements: Set<String> = ["section", "group", "item", "frame", "boundary", "decoration"]

    private func startElement(_ stream: XMLStream) {
        var line = stream.location.line
        if let parent = stack.last, parent.kind == .layout, Self.layoutElements.contains(stream.elementRawName) {
            // Their attributes and nesting are the layout's to check, with positions, when it is built.
            if !stream.isEmptyElement { anythingDepth = 1 }
            return
        }
        guard let name = stream.elementName, !stream.usesNamespaces else {
            // In a section with chunks, libxml2 tells the problem at the first chunk.
            if let parent = stack.last, tables.element(parent.kind).content == .sizeChunks, parent.firstChildLine > 0 {
                line = parent.firstChildLine
            }
            return unknownElement(stream, at: line)
        }
        // Where the element may stand.
        if let parent = stack.last {
            guard admit(name, in: parent, at: line) else { return }
        } else if name != TraceFormat.root {
            return fail(line, "the root is <\(name.text)>, not <trace>")
        }
        if tables.element(name).content == .anything {
            // `<meta>`: any attributes, text and elements (the schema's "anything").
            if !stream.isEmptyElement { anythingDepth = 1 }
            return
        }
        var frame = Frame(kind: name, state: 0, line: line, phase: 0)
        if let reason = checkAttributes(stream, &frame) {
            // libxml2 finds some problems of an element with content only when it reads on, and tells them at
            // the next tag: the problem is told there, with both lines.
            if stream.isEmptyElement { fail(line, reason) } else { deferred = Problem(line: line, reason: reason) }
            return
        }
        if stream.isEmptyElement {
            stack.append(frame)
            close()
        } else {
            stack.append(frame)
        }
    }

    /// Whether `name` may be a child of `parent` here; advances the parent's sequence.
    private func admit(_ name: XMLName, in parent: Frame, at line: Int) -> Bool {
        var parent = parent
        let rules = tables.element(parent.kind)
        let place = tables.place(of: name, in: parent.kind)
        let allowed: Bool
        switch rules.content {
        case .sequence:
            // Each in its place, none of the required ones skipped.
            let previous = parent.state
            let between: UInt32 = place > previous ? (1 << place) - (1 << (previous + 1)) : 0
            allowed = place > previous && rules.requiredPlaces & between == 0
            parent.state = place
        case .elements:
            allowed = place > 0
        case .sizeChunks:
            // The attribute or `<item-sizes>` chunks, not both.
            allowed = place > 0 && parent.state == 0
        case .layout:
            allowed = place > 0 && parent.state == 0
            parent.state += 1
        case .layoutInBeganPhase:
            allowed = place > 0 && parent.phase == 0 && parent.state == 0
            parent.state += 1
        case .empty, .anything, .text:
            allowed = false
        }
        guard allowed else {
            // In a section with chunks, libxml2 tells the problem at the first chunk.
            let at = rules.content == .sizeChunks && parent.firstChildLine > 0 ? parent.firstChildLine : line
            fail(at, "<\(name.text)> is not allowed in <\(parent.kind.text)> here")

            return false
        }
        if parent.firstChildLine == 0 { parent.firstChildLine = line }
        stack[stack.count - 1] = parent
        return true
    }

    /// Closes the innermost element: checks that its required content is there.
    private func close() {
        guard let frame = stack.popLast() else { return }
        let rules = tables.element(frame.kind)
        switch rules.content {
        case .sequence:
            // libxml2 tells a missing element at the last start tag it read.
            if frame.state < rules.lastRequiredPlace { fail(lastStartLine, "<\(frame.kind.text)> lacks a required element") }
        case .layout:
            if frame.state != 1 { fail(lastStartLine, "<\(frame.kind.text)> has no <layout>") }
        case .layoutInBeganPhase:
            if frame.phase == 0 && frame.state != 1 {
                fail(lastStartLine, "<\(frame.kind.text) phase=\"began\"> has no <layout>")
            }
        default:
            break
        }
    }

    // MARK: Attributes

    /// Checks the attributes of the element `frame` describes; what is wrong, or nil.
    private func checkAttributes(_ stream: XMLStream, _ frame: inout Frame) -> String? {
        let element = frame.kind
        let rules = tables.element(element)
        var seen: UInt32 = 0
        let attributes = stream.attributes
        for index in attributes.indices {
            let attribute = attributes[index]
            guard let name = attribute.name else {
                if rules.takesOtherAttributes { continue }
                return "attribute '\(attribute.nameText)' is not allowed on <\(element.text)>"
            }
            guard let declared = tables.attribute(name, of: element) else {
                if rules.takesOtherAttributes { continue }
                return "attribute '\(name.text)' is not allowed on <\(element.text)>"
            }
            seen |= 1 << declared.bit
            let value = attribute.valueBytes
            if declared.kind == .transitionPhase {
                switch ValueSyntax.token(value) {
                case "began": frame.phase = 0
                case "changed": frame.phase = 1
                case "finished", "cancelled": frame.phase = 2
                default:
                    return "'\(attribute.valueText)' is not a phase of <\(element.text)>"
                }
                continue
            }
            var number = Double.nan
            guard ValueSyntax.check(value, declared.kind, within: declared.bounds, number: &number) else {
                return "'\(attribute.valueText)' is not a valid value of '\(name.text)' on <\(element.text)>"
            }
            // The event parser takes the value rather than reading the number a second time.
            if !number.isNaN { stream.remember(number, ofAttributeAt: index) }
        }
        // Attributes that depend on the phase are required in `changed` and allowed only there.
        let required = frame.phase == 1 ? rules.required | rules.inChangedPhase : rules.required
        let allowed = frame.phase == 1 ? ~0 : ~rules.inChangedPhase
        guard seen & required == required, seen & ~allowed == 0 else {
            return "<\(element.text)> lacks an attribute it requires, or has one it does not allow here"
        }
        // Paired attributes (`velocity-x` and `velocity-y`) come together.
        if seen & rules.paired != 0 && seen & rules.paired != rules.paired {
            return "<\(element.text)> has one of its paired attributes without the other"
        }
        if seen & rules.replacesChunks != 0 { frame.state = 1 }
        return nil
    }
}
