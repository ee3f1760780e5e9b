/// What `Traces/trace.rng` checks, in Swift, inside the reader's single pass over the document: the
/// elements and their order, the attributes each element requires and allows, and every value's syntax
/// (the schema's patterns) and range (its minInclusive and maxInclusive, which are TraceLimits' ranges).
///
/// It decides whether the document is valid against the schema without libxml2's RELAX NG validator, which
/// compiles the schema's number patterns again for every value it checks and reads 4–6 MB/s. The verdict
/// is what matters: ``TraceValidator`` trusts a *valid* one (and then prints the reader's findings alone,
/// as the RELAX NG pass would add none), and for any other runs libxml2's validation as before, so that
/// every schema error is still told in libxml2's words (``SchemaMessages``). Where the checker cannot be
/// sure — text split by a comment inside `<item-sizes>`, say — it says *invalid*, never *valid*.
///
/// `SchemaAgreementTests` proves that its verdict and the line of its first error equal libxml2's on every
/// fixture and shipped trace and on a corpus of mutated documents; keep this type in step with
/// `Traces/trace.rng`.
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

    private struct Frame {
        var kind: XMLName
        /// Progress through the content: for `<trace>`, the last child's place in the sequence; for
        /// `<section>`, 1 with an `item-sizes` attribute; for `<set-layout>` and `<transition
        /// phase="began">`, the layouts seen; `itemSizesText` for `<item-sizes>` once its text was seen.
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
        if top.kind == .itemSizes {
            // libxml2 validates a section's chunks together and tells a problem at the first one.
            let line = stack.count > 1 && stack[stack.count - 2].firstChildLine > 0
                ? stack[stack.count - 2].firstChildLine : top.line
            guard top.state == 0 else { return fail(line, "<item-sizes> text in more than one piece") }
            guard ValueSyntax.isSizeList(bytes) else { return fail(line, "<item-sizes> text is not a size list") }
            top.state = Self.itemSizesText
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
        guard problem == nil, deferred == nil, anythingDepth == 0, let top = stack.last, top.kind == .itemSizes
        else { return }
        fail(top.line, "a comment or processing instruction inside <item-sizes>")
    }

    /// The end of the document.
    func finish() {
        if let deferred { fail(deferred.line, deferred.reason) }
        if problem == nil && !stack.isEmpty { fail(lastStartLine, "the document ends inside <\(stack[stack.count - 1].kind.text)>") }
        finished = true
    }

    private static let itemSizesText = 1

    // MARK: Structure

    private func fail(_ line: Int, _ reason: String, or alternativeLine: Int? = nil) {
        if problem == nil { problem = Problem(line: line, reason: reason, alternativeLine: alternativeLine) }
    }

    private func startElement(_ stream: XMLStream) {
        var line = stream.location.line
        guard let name = stream.elementName, !stream.usesNamespaces else {
            // In a section with chunks, libxml2 tells the problem at the first chunk.
            if let parent = stack.last, parent.kind == .section, parent.firstChildLine > 0 { line = parent.firstChildLine }
            return fail(line, "element <\(stream.elementRawName)> is not in the format")
        }
        // Where the element may stand.
        if let parent = stack.last {
            guard admit(name, in: parent, at: line) else { return }
        } else if name != .trace {
            return fail(line, "the root is <\(name.text)>, not <trace>")
        }
        if name == .meta {
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
        let allowed: Bool
        switch parent.kind {
        case .trace:
            // meta? collection-view layout data workload? events: each in its place, none of the required ones
            // (collection-view, layout, data, events) skipped.
            let place: Int
            switch name {
            case .meta: place = 1
            case .collectionView: place = 2
            case .layout: place = 3
            case .data: place = 4
            case .workload: place = 5
            case .events: place = 6
            default: place = 0
            }
            let previous = parent.state
            allowed = place > previous && ![2, 3, 4, 6].contains { previous < $0 && $0 < place }
            parent.state = place
        case .data, .reloadData:
            allowed = name == .section
        case .section:
            // An `item-sizes` attribute or `<item-sizes>` chunks, not both.
            allowed = name == .itemSizes && parent.state == 0
        case .workload:
            allowed = name == .cell || name == .supplementary
        case .events:
            switch name {
            case .scroll, .drag, .tap, .longPress, .menu, .pinch, .batch, .reloadData, .scrollToItem, .select,
                 .deselect, .setLayout, .transition, .resize, .marker:
                allowed = true
            default:
                allowed = false
            }
        case .batch:
            switch name {
            case .deleteItems, .reloadItems, .moveItem, .insertItems, .insertSection, .deleteSection, .reloadSection,
                 .moveSection:
                allowed = true
            default:
                allowed = false
            }
        case .setLayout:
            allowed = name == .layout && parent.state == 0
            parent.state += 1
        case .transition:
            allowed = name == .layout && parent.phase == 0 && parent.state == 0
            parent.state += 1
        default:
            allowed = false
        }
        guard allowed else {
            // In a section with chunks, libxml2 tells the problem at the first chunk.
            let at = parent.kind == .section && parent.firstChildLine > 0 ? parent.firstChildLine : line
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
        switch frame.kind {
        case .trace:
            // libxml2 tells a missing element at the last start tag it read.
            if frame.state != 6 { fail(lastStartLine, "<trace> lacks a required element") }
        case .setLayout:
            if frame.state != 1 { fail(lastStartLine, "<set-layout> has no <layout>") }
        case .transition:
            if frame.phase == 0 && frame.state != 1 { fail(lastStartLine, "<transition phase=\"began\"> has no <layout>") }
        default:
            break
        }
    }

    // MARK: Attributes

    /// Checks the attributes of the element `frame` describes; what is wrong, or nil.
    private func checkAttributes(_ stream: XMLStream, _ frame: inout Frame) -> String? {
        let element = frame.kind
        var seen: UInt32 = 0
        let attributes = stream.attributes
        for index in attributes.indices {
            let attribute = attributes[index]
            guard let name = attribute.name else {
                if element == .layout { continue }  // a layout's parameters
                return "attribute '\(attribute.nameText)' is not allowed on <\(element.text)>"
            }
            guard let (kind, bit) = Self.attribute(name, of: element) else {
                if element == .layout && name != .name { continue }
                return "attribute '\(name.text)' is not allowed on <\(element.text)>"
            }
            seen |= 1 << bit
            let value = attribute.valueBytes
            if element == .transition && name == .phase {
                switch ValueSyntax.token(value) {
                case "began": frame.phase = 0
                case "changed": frame.phase = 1
                case "finished", "cancelled": frame.phase = 2
                default:
                    return "'\(attribute.valueText)' is not a phase of <transition>"
                }
                continue
            }
            var number = Double.nan
            guard ValueSyntax.check(value, kind, number: &number) else {
                return "'\(attribute.valueText)' is not a valid value of '\(name.text)' on <\(element.text)>"
            }
            // The event parser takes the value rather than reading the number a second time.
            if !number.isNaN { stream.remember(number, ofAttributeAt: index) }
        }
        let required = Self.requiredAttributes(of: element, transitionPhase: frame.phase)
        let allowedBits = Self.allowedAttributes(of: element, transitionPhase: frame.phase)
        guard seen & required == required, seen & ~allowedBits == 0 else {
            return "<\(element.text)> lacks an attribute it requires, or has one it does not allow here"
        }
        // `velocity-x` and `velocity-y` come together.
        if element == .drag && (seen >> 4) & 0b11 != 0 && (seen >> 4) & 0b11 != 0b11 {
            return "<drag> has one of 'velocity-x' and 'velocity-y' without the other"
        }
        if element == .section && seen & (1 << 2) != 0 { frame.state = 1 }
        return nil
    }

    /// The value kind and bit of attribute `name` on `element`, or nil when the schema does not allow it.
    /// Bits: 0 `t` (or the element's first attribute), then each element's own in the schema's order.
    private static func attribute(_ name: XMLName, of element: XMLName) -> (ValueKind, Int)? {
        switch element {
        case .trace:
            return name == .version ? (.versionOne, 0) : nil
        case .collectionView:
            switch name {
            case .width: return (.viewLength, 0)
            case .height: return (.viewLength, 1)
            case .refreshRate: return (.refreshRate, 2)
            case .contentInset: return (.insets, 3)
            case .paging: return (.boolean, 4)
            case .decelerationRate: return (.decelerationRate, 5)
            case .allowsSelection: return (.boolean, 6)
            case .allowsMultipleSelection: return (.boolean, 7)
            case .prefetching: return (.boolean, 8)
            default: return nil
            }
        case .layout:
            return name == .name ? (.nonEmpty, 0) : nil
        case .section:
            switch name {
            case .items: return (.itemCount, 0)
            case .reuseIdentifier: return (.text, 1)
            case .itemSizes: return (.sizeList, 2)
            default: return nil
            }
        case .cell, .supplementary:
            switch name {
            case .reuseIdentifier where element == .cell: return (.text, 0)
            case .kind where element == .supplementary: return (.text, 0)
            case .create: return (.cost, 1)
            case .configure: return (.cost, 2)
            case .prepareForReuse: return (.cost, 3)
            default: return nil
            }
        case .scroll, .tap:
            return timeAndPoint(name)
        case .drag:
            switch name {
            case .phase: return (.phase, 3)
            case .velocityX: return (.velocity, 4)
            case .velocityY: return (.velocity, 5)
            default: return timeAndPoint(name)
            }
        case .longPress:
            return name == .phase ? (.phase, 3) : timeAndPoint(name)
        case .pinch:
            switch name {
            case .phase: return (.phase, 3)
            case .scale: return (.scale, 4)
            default: return timeAndPoint(name)
            }
        case .menu, .select, .deselect, .scrollToItem:
            switch name {
            case .t: return (.seconds, 0)
            case .section: return (.sectionIndex, 1)
            case .item: return (.itemIndex, 2)
            case .action where element == .menu: return (.text, 3)
            case .position where element == .scrollToItem: return (.position, 3)
            case .animated where element == .scrollToItem: return (.boolean, 4)
            default: return nil
            }
        case .batch, .setLayout:
            switch name {
            case .t: return (.seconds, 0)
            case .animated: return (.boolean, 1)
            case .duration: return (.duration, 2)
            case .countsAfter where element == .batch: return (.countList, 3)
            default: return nil
            }
        case .reloadData:
            return name == .t ? (.seconds, 0) : nil
        case .transition:
            switch name {
            case .t: return (.seconds, 0)
            case .phase: return (.text, 1)
            case .progress: return (.progress, 2)
            default: return nil
            }
        case .resize:
            switch name {
            case .t: return (.seconds, 0)
            case .width: return (.viewLength, 1)
            case .height: return (.viewLength, 2)
            default: return nil
            }
        case .marker:
            switch name {
            case .t: return (.seconds, 0)
            case .label: return (.text, 1)
            default: return nil
            }
        case .deleteItems, .reloadItems, .insertItems:
            switch name {
            case .section: return (.sectionIndex, 0)
            case .at: return (.countList, 1)
            case .sizes where element == .insertItems: return (.sizeList, 2)
            default: return nil
            }
        case .moveItem:
            switch name {
            case .from: return (.indexPath, 0)
            case .to: return (.indexPath, 1)
            default: return nil
            }
        case .insertSection, .reloadSection, .deleteSection:
            switch name {
            case .at: return (.sectionIndex, 0)
            case .items where element != .deleteSection: return (.itemCount, 1)
            default: return nil
            }
        case .moveSection:
            switch name {
            case .from: return (.sectionIndex, 0)
            case .to: return (.sectionIndex, 1)
            default: return nil
            }
        default:
            // `<data>`, `<workload>`, `<events>`, `<item-sizes>`: no attributes.
            return nil
        }
    }

    private static func timeAndPoint(_ name: XMLName) -> (ValueKind, Int)? {
        switch name {
        case .t: return (.seconds, 0)
        case .x: return (.coordinate, 1)
        case .y: return (.coordinate, 2)
        default: return nil
        }
    }

    /// The bits of the attributes `element` must have.
    private static func requiredAttributes(of element: XMLName, transitionPhase: Int) -> UInt32 {
        switch element {
        case .trace, .layout, .section, .cell, .supplementary, .batch, .setLayout, .reloadData, .deleteSection: 0b1
        case .collectionView, .moveItem, .moveSection, .deleteItems, .reloadItems, .insertItems, .insertSection,
             .reloadSection, .marker:
            0b11
        case .scroll, .tap, .select, .deselect, .scrollToItem, .resize: 0b111
        case .drag, .longPress, .menu: 0b1111
        case .pinch: 0b11111
        case .transition: transitionPhase == 1 ? 0b111 : 0b11
        default: 0
        }
    }

    /// The bits of the attributes `element` may have (only `<transition>` depends on more than its name).
    private static func allowedAttributes(of element: XMLName, transitionPhase: Int) -> UInt32 {
        element == .transition && transitionPhase != 1 ? 0b11 : ~0
    }
}

/// The kinds of attribute value the schema distinguishes.
enum ValueKind: UInt8 {
    case versionOne, text, nonEmpty, boolean, phase, position, decelerationRate
    case countList, indexPath, sizeList, insets
    case refreshRate, seconds, duration, viewLength, coordinate, velocity, scale, progress, cost
    case itemCount, itemIndex, sectionIndex
}

/// The schema's value patterns and ranges, on bytes.
enum ValueSyntax {
    /// Whether `value` is a valid value of `kind`.
    static func check(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind) -> Bool {
        var number = Double.nan
        return check(value, kind, number: &number)
    }

    /// Whether `value` is a valid value of `kind`; for a number kind, `number` receives what
    /// ``TraceNumber/parse(_:)`` reads from it, when that is not nil.
    static func check(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind, number parsed: inout Double) -> Bool {
        switch kind {
        case .text: return true
        case .nonEmpty: return !value.isEmpty
        case .versionOne: return equals(value, "1")
        case .boolean: return equals(value, "true") || equals(value, "false")
        case .phase:
            return equals(value, "began") || equals(value, "changed") || equals(value, "ended") || equals(value, "cancelled")
        case .position:
            return equals(value, "top") || equals(value, "center") || equals(value, "bottom") || equals(value, "left")
                || equals(value, "right") || equals(value, "nearest")
        case .decelerationRate:
            if equals(value, "normal") || equals(value, "fast") { return true }
            return number(value, signed: false, in: 0.001...0.999, parsed: &parsed)
        case .countList: return isCountList(value)
        case .indexPath: return isIndexPath(value)
        case .sizeList: return isSizeList(value)
        case .insets: return isInsets(value)
        case .refreshRate: return number(value, signed: true, in: 1...240, parsed: &parsed)
        case .seconds: return number(value, signed: true, in: 0...86400, parsed: &parsed)
        case .duration: return number(value, signed: true, in: 0...60, parsed: &parsed)
        case .viewLength: return number(value, signed: true, in: 1...100_000, parsed: &parsed)
        case .coordinate: return number(value, signed: true, in: -1e10...1e10, parsed: &parsed)
        case .velocity: return number(value, signed: true, in: -1_000_000...1_000_000, parsed: &parsed)
        case .scale: return number(value, signed: true, in: 0.001...1000, parsed: &parsed)
        case .progress: return number(value, signed: true, in: -1...2, parsed: &parsed)
        case .cost: return number(value, signed: true, in: 0...1000, parsed: &parsed)
        case .itemCount: return integer(value, atMost: 10_000_000)
        case .itemIndex: return integer(value, atMost: 9_999_999)
        case .sectionIndex: return integer(value, atMost: 99_999)
        }
    }

    /// The value with its leading and trailing XML white space removed, as text: a `<value>` of the
    /// schema is a token, compared after white space is collapsed (RELAX NG §6.2.7).
    static func token(_ value: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: value, as: UTF8.self).trimmingXMLWhiteSpace()
    }

    /// Whether the value is the token `text` (see ``token(_:)``).
    private static func equals(_ value: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        var value = value
        while let first = value.first, isWhiteSpace(first) { value = UnsafeBufferPointer(rebasing: value.dropFirst()) }
        while let last = value.last, isWhiteSpace(last) { value = UnsafeBufferPointer(rebasing: value.dropLast()) }
        guard value.count == text.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for index in 0..<value.count where value[index] != expected[index] { return false }
        return true
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?` (without the sign unless `signed`), whole, from `index`;
    /// returns the index after it, or nil.
    @inline(__always)
    static func scanNumber(_ value: UnsafeBufferPointer<UInt8>, from start: Int, signed: Bool) -> Int? {
        var index = start
        let count = value.count
        if signed && index < count && value[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Bool {
            let first = index
            while index < count && value[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index > first
        }
        guard digits() else { return nil }
        if index < count && value[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < count && (value[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < count && (value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() else { return nil }
        }
        return index
    }

    /// A whole number of the pattern, within `range` (the schema's minInclusive and maxInclusive), as
    /// libxml2 decides it with strtod; `parsed` receives the value when ``TraceNumber/parse(_:)`` reads one.
    ///
    /// TraceNumber's syntax is the signed pattern, and its value is strtod's (both correctly rounded): where
    /// it reads a value, that value decides. Where it reads none the value is not of the pattern, or rounds
    /// to an infinity or a subnormal, which TraceNumber refuses and the schema's range decides.
    private static func number(_ value: UnsafeBufferPointer<UInt8>, signed: Bool, in range: ClosedRange<Double>,
                               parsed: inout Double) -> Bool {
        if let number = TraceNumber.parse(value) {
            parsed = number
            if !signed && value[0] == UInt8(ascii: "-") { return false }
            return range.contains(number)
        }
        guard scanNumber(value, from: 0, signed: signed) == value.count else { return false }
        // The pattern leaves only plain decimal text, which strtod reads as libxml2 does.
        guard let number = cLocaleStrtod(value) else { return false }
        return range.contains(number)
    }

    /// `[0-9]{1,18}`, at most `maximum`.
    private static func integer(_ value: UnsafeBufferPointer<UInt8>, atMost maximum: Int) -> Bool {
        guard (1...18).contains(value.count) else { return false }
        var number = 0
        for byte in value {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            number = number * 10 + Int(digit)
        }
        return number <= maximum
    }

    /// `[0-9]{1,18}` from `index`; the index after it, or nil.
    private static func scanIndex(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < value.count && value[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return (1...18).contains(index - start) ? index : nil
    }

    /// One or more spaces from `index`; the index after them, or nil.
    private static func scanSpaces(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < value.count && value[index] == 0x20 { index += 1 }
        return index > start ? index : nil
    }

    /// `([0-9]{1,18}( +[0-9]{1,18})*)?`
    static func isCountList(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if value.isEmpty { return true }
        guard var index = scanIndex(value, from: 0) else { return false }
        while index < value.count {
            guard let afterSpaces = scanSpaces(value, from: index), let next = scanIndex(value, from: afterSpaces)
            else { return false }
            index = next
        }
        return true
    }

    /// `[0-9]{1,18} +[0-9]{1,18}`
    static func isIndexPath(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = scanIndex(value, from: 0), let spaces = scanSpaces(value, from: first),
              let second = scanIndex(value, from: spaces) else { return false }
        return second == value.count
    }

    /// `(S( +S){3})` with S the signed number pattern.
    static func isInsets(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var index = scanNumber(value, from: 0, signed: true) else { return false }
        for _ in 0..<3 {
            guard let spaces = scanSpaces(value, from: index), let next = scanNumber(value, from: spaces, signed: true)
            else { return false }
            index = next
        }
        return index == value.count
    }

    /// `(E(, ?E)*)?` with E = `N +N(\*[0-9]{1,8})?` and N the unsigned number pattern: "W H, W H*K, …".
    static func isSizeList(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if value.isEmpty { return true }
        var index = 0
        while true {
            guard let width = scanNumber(value, from: index, signed: false),
                  let spaces = scanSpaces(value, from: width),
                  var end = scanNumber(value, from: spaces, signed: false) else { return false }
            if end < value.count && value[end] == UInt8(ascii: "*") {
                let digits = end + 1
                end = digits
                while end < value.count && value[end] &- UInt8(ascii: "0") < 10 { end += 1 }
                guard (1...8).contains(end - digits) else { return false }
            }
            if end == value.count { return true }
            guard value[end] == UInt8(ascii: ",") else { return false }
            index = end + 1
            if index < value.count && value[index] == 0x20 { index += 1 }
        }
    }
}

private func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

extension String {
    fileprivate func trimmingXMLWhiteSpace() -> String {
        var scalars = Substring(self)
        while let first = scalars.utf8.first, isWhiteSpace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.utf8.last, isWhiteSpace(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
