internal import CLibXML2

/// What libxml2's SAX2 callbacks report while its push parser reads a piece of input, queued in document order
/// for ``XMLStream`` to hand out one event at a time.
///
/// No tree is built: an element is its names (libxml2's interned strings, valid while the parser lives), the
/// attributes' names and values, its depth and whether it was written `<a/>`. Attribute values and text are
/// copied into one byte buffer, valid until the queue is emptied before the next piece. libxml2's reader,
/// which ``XMLStream`` used before, builds a node per element and attribute, looks every attribute up as a
/// possible ID and frees the nodes again: about a sixth of `reel validate`'s instructions.
///
/// Events are as the reader reported them: an element written `<a/>` has no end event; adjacent text (and
/// CDATA) is one text event, however libxml2 cut it; comments and processing instructions are `other`.
final class SAXEvents {
    enum Kind: UInt8 {
        case start
        case end
        case text
        case other
    }

    struct Event {
        var kind: Kind
        /// A start tag closed with `/>`: no end event follows.
        var isEmpty = false
        /// Whether the element has a prefix or a namespace.
        var hasNamespace = false
        /// The element's depth, the root's 0.
        var depth = 0
        var name: UnsafePointer<UInt8>?
        var prefix: UnsafePointer<UInt8>?
        /// The namespace declarations on the element: how many, and the first one's prefix and URI.
        var declarationCount = 0
        var declarationPrefix: UnsafePointer<UInt8>?
        var declarationURI: UnsafePointer<UInt8>?
        /// A start's attributes in ``attributes``, or a text's bytes in ``bytes``: the first and how many.
        var first = 0
        var count = 0
        /// A start's position, when the queue ``recordsPositions``; 0 otherwise.
        var line = 0
        var column = 0
    }

    struct Attribute {
        /// The local name, interned.
        var name: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        /// The value's offset in ``bytes`` and length (a NUL follows it).
        var value: Int
        var length: Int
    }

    /// libxml2's XML_SAX2_MAGIC: the handler has SAX2's fields.
    private static let sax2Magic: UInt32 = 0xDEED_BEAF

    /// The parser the callbacks come from, to look at its input (`/>`).
    @exclusivity(unchecked) var parser: xmlParserCtxtPtr?
    let input: XMLInput

    // Unchecked: appended to by the callbacks while the parser runs, read and emptied by the stream between
    // pieces; never accessed across a call that could reach the other.
    @exclusivity(unchecked) private(set) var events: [Event] = []
    @exclusivity(unchecked) private(set) var attributes: [Attribute] = []
    @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCapacity = 1 << 16
    @exclusivity(unchecked) private var byteCount = 0
    /// Elements open: the depth of the next start.
    @exclusivity(unchecked) private var openElements = 0
    /// Set by a start written `<a/>`: libxml2 reports its end next, which the queue drops.
    @exclusivity(unchecked) private var dropsNextEnd = false
    /// Whether a start's event carries its position (``Event/line``, ``Event/column``), found when libxml2
    /// reports it: for a reader on another thread (``ReadAhead``), which cannot ask the position tracker later.
    @exclusivity(unchecked) var recordsPositions = false
    /// The depth at which a start sets ``reachedDepthLimit``.
    @exclusivity(unchecked) var depthLimit = Int.max
    /// Whether a start was at ``depthLimit`` or deeper: the reader will refuse it, so parsing can stop.
    @exclusivity(unchecked) private(set) var reachedDepthLimit = false

    init(input: XMLInput) {
        self.input = input
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit { bytes.deallocate() }

    /// The bytes of a text event.
    func text(of event: Event) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + event.first, count: event.count)
    }

    /// Whether the last event is text, which the next piece may continue.
    var endsWithText: Bool { events.last?.kind == .text }

    /// Swaps the events, attributes and bytes queued with `other`'s, without copying them: how a batch of
    /// events passes between threads (``ReadAhead``). The parsing state (open elements) stays.
    func exchangeContents(with other: SAXEvents) {
        swap(&events, &other.events)
        swap(&attributes, &other.attributes)
        swap(&bytes, &other.bytes)
        swap(&byteCapacity, &other.byteCapacity)
        swap(&byteCount, &other.byteCount)
    }

    /// Forgets every event, keeping the storage.
    func removeAll() {
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        byteCount = 0
    }

    /// Forgets the events before `index`. Only a text event may remain after it (one that the next piece may
    /// continue): it moves to the front.
    func removeEvents(before index: Int) {
        guard index < events.count else { return removeAll() }
        precondition(index == events.count - 1 && events[index].kind == .text, "only an open text is kept")
        var text = events[index]
        bytes.update(from: bytes + text.first, count: text.count)
        byteCount = text.count
        text.first = 0
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        events.append(text)
    }

    /// What the queue held at a moment, to go back to.
    struct Mark {
        fileprivate var events: Int
        fileprivate var attributes: Int
        fileprivate var bytes: Int
        fileprivate var lastTextCount: Int?
        fileprivate var openElements: Int
        fileprivate var dropsNextEnd: Bool
    }

    func mark() -> Mark {
        Mark(events: events.count, attributes: attributes.count, bytes: byteCount,
             lastTextCount: endsWithText ? events[events.count - 1].count : nil,
             openElements: openElements, dropsNextEnd: dropsNextEnd)
    }

    /// Forgets what the callbacks reported since `mark`, including text they added to the last text.
    func restore(_ mark: Mark) {
        events.removeLast(events.count - mark.events)
        attributes.removeLast(attributes.count - mark.attributes)
        if let count = mark.lastTextCount { events[events.count - 1].count = count }
        byteCount = mark.bytes
        openElements = mark.openElements
        dropsNextEnd = mark.dropsNextEnd
    }

    /// Copies `count` bytes of text into the buffer; returns their offset.
    private func append(_ source: UnsafePointer<UInt8>, count: Int) -> Int {
        let needed = byteCount + count
        if needed > byteCapacity { grow(to: needed) }
        let offset = byteCount
        (bytes + offset).update(from: source, count: count)
        byteCount += count
        return offset
    }

    @inline(never)
    private func grow(to needed: Int) {
        var capacity = byteCapacity
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }

    // MARK: Callbacks

    fileprivate func start(_ name: UnsafePointer<UInt8>?, _ prefix: UnsafePointer<UInt8>?,
                           _ uri: UnsafePointer<UInt8>?, _ declarationCount: Int32,
                           _ declarations: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, _ attributeCount: Int32,
                           _ fields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        // libxml2 calls back with its input at the tag's `/>` or `>`.
        let isEmpty = parser?.pointee.input?.pointee.cur?.pointee == UInt8(ascii: "/")
        var event = Event(kind: .start, isEmpty: isEmpty, hasNamespace: prefix != nil || uri != nil,
                          depth: openElements, name: name, prefix: prefix)
        if declarationCount > 0, let declarations {
            event.declarationCount = Int(declarationCount)
            event.declarationPrefix = declarations[0]
            event.declarationURI = declarations[1]
        }
        event.first = attributes.count
        if let fields {
            // Five fields an attribute: local name, prefix, URI, value, end of the value.
            for i in 0..<Int(attributeCount) {
                let field = fields + 5 * i
                guard let attributeName = field[0], let value = field[3], let end = field[4] else { continue }
                let (offset, length) = appendValue(value, count: end - value)
                attributes.append(Attribute(name: attributeName, prefix: field[1], value: offset, length: length))
            }
        }
        // The attributes queued, which are all of them unless libxml2 left a field out.
        event.count = attributes.count - event.first
        if recordsPositions { (event.line, event.column) = startPosition() }
        if openElements >= depthLimit { reachedDepthLimit = true }
        events.append(event)
        openElements += 1
        dropsNextEnd = isEmpty
    }

    /// The position of the next start tag the tracker finds, which is the one libxml2 has just reported (the
    /// tracker has been handed the whole tag), else libxml2's own, which runs ahead. Called once a start: by
    /// the callback when the queue ``recordsPositions``, else by the stream when it hands the start out.
    @inline(never)
    func startPosition() -> (line: Int, column: Int) {
        input.tracker.nextStartTag() ?? parserPosition
    }

    /// Where libxml2's input is: just past what it has reported.
    private var parserPosition: (line: Int, column: Int) {
        let position = parser?.pointee.input?.pointee
        return (Int(position?.line ?? 1), Int(position?.col ?? 1))
    }

    /// Copies an attribute's value, with a NUL after it; returns its offset and length.
    ///
    /// A byte loop rather than `memcpy` and `memchr`: values are a few bytes, shorter than the calls' own
    /// cost.
    private func appendValue(_ value: UnsafePointer<UInt8>, count: Int) -> (offset: Int, length: Int) {
        let needed = byteCount + count + 1
        if needed > byteCapacity { grow(to: needed) }
        let offset = byteCount
        let target = bytes + offset
        var ampersands: UInt8 = 0
        for i in 0..<count {
            let byte = value[i]
            target[i] = byte
            ampersands |= byte == UInt8(ascii: "&") ? 1 : 0
        }
        target[count] = 0
        let length = ampersands == 0 ? count : Self.decodeAmpersands(target, count)
        byteCount += count + 1
        return (offset, length)
    }

    /// Without entity substitution, libxml2 hands over an attribute's `&` (written `&amp;` or `&#38;`) as
    /// `&#38;`, for a tree builder to decode: every `&` in the value begins one. Decodes them in place and
    /// returns the new length (the NUL moves with the end).
    private static func decodeAmpersands(_ value: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
        var read = 0, write = 0
        while read < length {
            let byte = value[read]
            value[write] = byte
            write += 1
            read += byte == UInt8(ascii: "&") ? 5 : 1
        }
        value[write] = 0
        return write
    }

    fileprivate func end() {
        openElements -= 1
        if dropsNextEnd {
            dropsNextEnd = false
            return
        }
        events.append(Event(kind: .end, depth: openElements))
    }

    fileprivate func characters(_ text: UnsafePointer<UInt8>, _ count: Int) {
        let offset = append(text, count: count)
        if endsWithText {
            events[events.count - 1].count += count
            if events[events.count - 1].count > input.limits.maximumTokenLength { refuseLongText() }
        } else {
            events.append(Event(kind: .text, first: offset, count: count))
        }
    }

    /// Stops the parser on text longer than a token may be. The tracker bounds a run without `>`, but text may
    /// hold `>`, and adjacent text is queued as one event: without this, text of any length would be held.
    @inline(never)
    private func refuseLongText() {
        guard input.oversizedToken == nil, let parser else { return }
        let position = parserPosition
        input.oversizedToken = TraceError(
            .limitExceeded,
            "text longer than \(input.limits.maximumTokenLength) bytes; a trace never needs one this long",
            at: TraceLocation(path: input.path, line: position.line, column: position.column))
        xmlStopParser(parser)
    }

    fileprivate func other() {
        events.append(Event(kind: .other))
    }

    /// The handler whose callbacks append to the queue passed as their context. No callback declares or
    /// resolves entities, reads a DTD or loads an external subset: a trace can declare nothing.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = sax2Magic
        handler.startElementNs = { context, name, prefix, uri, declarationCount, declarations, attributeCount, _, fields in
            guard let context else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef {
                $0.start(name, prefix, uri, declarationCount, declarations, attributeCount, fields)
            }
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.end() }
        }
        // Blank text comes here too: without a tree, libxml2 cannot tell ignorable white space.
        handler.characters = { context, text, count in
            guard let context, let text, count > 0 else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.characters(text, Int(count)) }
        }
        handler.ignorableWhitespace = handler.characters
        handler.comment = { context, _ in
            guard let context else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.other() }
        }
        handler.processingInstruction = { context, _, _ in
            guard let context else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.other() }
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<SAXEvents>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.input.record(error.pointee) }
        }
        return handler
    }
}
