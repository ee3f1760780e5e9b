internal import CLibXML2

/// libxml2 is initialised once per process, before any parser or writer is created on any thread, and told
/// never to print on its own (``reel_xml_silence_errors``): every problem is Reel's message.
let libxml2Initialized: Void = {
    xmlInitParser()
    reel_xml_silence_errors()
}()

/// The parser options every trace is read with: no network, no DTD loading or attribute defaulting, no
/// entity substitution, no XInclude, no `XML_PARSE_HUGE` (so libxml2 keeps its own size limits, and its
/// reader its depth limit), blank text dropped where the reader can tell it is (the stream's SAX2 callbacks,
/// without a tree, get it all and skip it themselves), and errors delivered to our handler, not printed.
let hardenedParserOptions: Int32 = {
    let options: [xmlParserOption] = [XML_PARSE_NONET, XML_PARSE_NOBLANKS, XML_PARSE_NOERROR,
                                      XML_PARSE_NOWARNING, XML_PARSE_COMPACT, XML_PARSE_NOCDATA]
    return options.reduce(Int32(0)) { $0 | Int32(bitPattern: $1.rawValue) }
}()

/// Limits on what a reader accepts before libxml2 would spend time or memory on it.
public struct TraceReadingLimits: Hashable, Sendable {
    /// The deepest element nesting accepted (a trace needs 5; `<meta>` may nest deeper).
    public var maximumDepth: Int
    /// The longest run of bytes without a `>` — bounding any single attribute value or text.
    public var maximumTokenLength: Int

    /// The most attributes one element may have (``TraceLimits/attributesPerElement``).
    public var maximumAttributes: Int

    public init(maximumDepth: Int = 32, maximumTokenLength: Int = 4 << 20,
                maximumAttributes: Int = TraceLimits.attributesPerElement) {
        self.maximumDepth = maximumDepth
        self.maximumTokenLength = maximumTokenLength
        self.maximumAttributes = maximumAttributes
    }
}

/// A pull parser over libxml2's SAX2 push parser that yields elements with their exact position and
/// attributes, and turns every libxml2 problem into a ``TraceError``.
///
/// The stream hands libxml2 the input 512 bytes at a time (``PieceParser``) and queues what its callbacks
/// report (``SAXEvents``); `read()` takes the next event from the queue and parses more input when the queue
/// is empty, or, reading ahead, takes the next batch from the parser's own thread (``ReadAhead``). Only a
/// piece's events (or six batches') are held, so a trace of any length is read in constant memory.
final class XMLStream {
    /// What the stream stopped on.
    enum Node {
        case element
        case endElement
        case endOfDocument
    }

    /// The first error libxml2 reported.
    struct ParserError {
        var code: Int32
        var message: String
        var line: Int
        var column: Int
        var domain: Int32
    }

    /// One attribute of the current element; `value` points into the stream's buffer and is valid until the
    /// next `read()`.
    struct Attribute {
        var name: XMLName?
        var rawName: UnsafePointer<UInt8>
        var value: UnsafePointer<UInt8>
        var valueLength: Int
        /// The value as ``TraceNumber/parse(_:)`` reads it, when the schema checker has read it already
        /// (``XMLStream/remember(_:ofAttributeAt:)``); NaN otherwise, which no number of the format is.
        var parsedNumber = Double.nan

        var nameText: String { String(cString: rawName) }
        var valueText: String {
            String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self)
        }
        var valueBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: value, count: valueLength) }
    }

    let path: String
    let limits: TraceReadingLimits
    private let input: XMLInput
    /// libxml2's parser and the queue its callbacks fill, driven by `parseMore()` or by `readAhead`.
    private let pieces: PieceParser
    /// The events being handed out: the parser's own queue, or with a read-ahead the batch last received.
    private let queue: SAXEvents
    /// The parser's thread, when the stream reads ahead.
    let readAhead: ReadAhead?
    /// The parser's state as far as the events handed out go: with a read-ahead, after the batch received.
    @exclusivity(unchecked) private var parsing = PieceParser.State.reading
    /// The next event of the queue to hand out.
    @exclusivity(unchecked) private var nextEvent = 0

    // The current element.
    @exclusivity(unchecked) private(set) var elementName: XMLName?
    @exclusivity(unchecked) private var elementLocalName: UnsafePointer<UInt8>?
    @exclusivity(unchecked) private var elementPrefix: UnsafePointer<UInt8>?
    /// The current element's name as written (with its prefix), for messages.
    var elementRawName: String {
        guard let elementLocalName else { return "" }
        let local = String(cString: elementLocalName)
        guard let elementPrefix else { return local }
        return String(cString: elementPrefix) + ":" + local
    }
    @exclusivity(unchecked) private(set) var isEmptyElement = false
    @exclusivity(unchecked) private(set) var depth = 0
    @exclusivity(unchecked) private(set) var location: TraceLocation
    /// Where ``HeaderParser`` is — "in <data>", "after <layout>" — for the message of a trace that ends in
    /// its header.
    var headerPlace = "before the root element"
    /// The current element's attributes in document order, valid until the next `read()`.
    var attributes: UnsafeBufferPointer<Attribute> {
        UnsafeBufferPointer(start: attributeStorage, count: attributeCount)
    }
    /// Storage for `attributes`, reused from element to element (so reading allocates nothing per event).
    @exclusivity(unchecked) private var attributeStorage: UnsafeMutablePointer<Attribute>
    @exclusivity(unchecked) private var attributeCapacity = 16
    @exclusivity(unchecked) private var attributeCount = 0
    /// Whether the current element has a namespace, a prefix or namespace declarations.
    @exclusivity(unchecked) private(set) var usesNamespaces = false

    /// Where the input was cut off, when truncation is tolerated and it was: the position of the dropped
    /// tail and the element left incomplete inside `<events>`, if any.
    /// With a read-ahead, `nil` until its last batch has come: the guard finds the cut on the parser's thread
    /// when the input ends, and the reader asks once it has read to the end of the document.
    var truncation: (location: TraceLocation, incompleteElement: String?)? {
        readsInput ? input.truncation : nil
    }

    /// Where in the header the input was cut off, when truncation is tolerated and it was: "in <data>" for
    /// a cut inside a child of the root, else where ``HeaderParser`` was.
    var truncatedHeaderPlace: String {
        guard readsInput, let child = input.truncatedChildOfRoot else { return headerPlace }
        return "in <\(abbreviated(child))>"
    }

    /// Whether this thread may read the input's state: always, unless a read-ahead's parser thread still owns
    /// it (until its last batch has come).
    private var readsInput: Bool { readAhead?.isFinished ?? true }

    /// How many bytes of the input libxml2 has been handed so far (with a read-ahead, to be read only once its
    /// last batch has come, ``ReadAhead/isFinished``: the count is the parser thread's till then).
    var bytesRead: Int { input.bytesRead }

    /// The schema checker that sees every node read, when `reel validate` reads (``SchemaChecker``). A `let`:
    /// each node's call reaches it without retaining and releasing it.
    let schemaChecker: SchemaChecker?

    /// - Parameter readsAhead: parse on a thread of its own (``ReadAhead``). Events, warnings and errors are
    ///   the same, but an attribute's error is placed at its element
    ///   (``location(ofAttribute:)``): for a caller that reports errors from another read, as
    ///   ``TraceValidator`` does.
    init(source: ByteSource, path: String, limits: TraceReadingLimits, toleratesTruncation: Bool = false,
         schemaChecker: SchemaChecker? = nil, readsAhead: Bool = false) throws(TraceError) {
        self.path = path
        self.schemaChecker = schemaChecker
        self.limits = limits
        self.location = TraceLocation(path: path, line: 1, column: 1)
        let input = XMLInput(source: source, path: path, limits: limits)
        if toleratesTruncation {
            input.truncationGuard = TruncationGuard(maximumDepth: limits.maximumDepth,
                                                    maximumHeldBytes: 4 * limits.maximumTokenLength)
        }
        self.input = input
        pieces = PieceParser(input: input, path: path)
        if readsAhead, let readAhead = ReadAhead(parser: pieces, depthLimit: limits.maximumDepth) {
            self.readAhead = readAhead
            queue = SAXEvents(input: input)
        } else {
            readAhead = nil
            queue = pieces.events
        }
        attributeStorage = .allocate(capacity: attributeCapacity)
    }

    deinit {
        readAhead?.stop()
        attributeStorage.deallocate()
        input.source.close()
    }

    /// The error that stopped the parser, as a trace error with its position.
    func parserFailure() -> TraceError { input.failure() }

    /// Whether the parser stopped at the end of a file that was cut short, rather than at a fault in the
    /// middle: the input was read to its end and the error is on or after its last line with content. With a
    /// read-ahead, `false` until its last batch has been received (the input is the parser thread's till then).
    func failedAtEndOfInput() -> Bool {
        readsInput && input.failedAtEndOfInput()
    }

    // MARK: Parsing

    /// Parses input until libxml2 reports events, the document ends or parsing fails; the events handed out
    /// are forgotten first.
    private func parseMore() {
        queue.removeEvents(before: nextEvent)
        nextEvent = 0
        let eventsBefore = queue.events.count
        repeat {
            pieces.parseNextPiece()
        } while pieces.state == .reading && queue.events.count == eventsBefore
        parsing = pieces.state
    }

    /// The next event, parsing more input when the queue has none; `nil` at the end of the document.
    @inline(__always)
    private func takeEvent() throws(TraceError) -> SAXEvents.Event? {
        while true {
            let count = queue.events.count
            // Text at the end of the queue may go on in the next piece: it is handed out whole.
            if nextEvent < count && (nextEvent < count - 1 || parsing != .reading || !queue.endsWithText) {
                nextEvent += 1
                return queue.events[nextEvent - 1]
            }
            switch parsing {
            case .reading:
                if let readAhead {
                    nextEvent = 0
                    parsing = readAhead.receive(into: queue)
                } else {
                    parseMore()
                }
            case .ended: return nil
            case .failed: throw parserFailure()
            }
        }
    }

    /// Moves to the next element start or end, skipping comments, processing instructions and white
    /// space; text is an error.
    ///
    /// - Parameter insideMeta: whether non-blank text and namespaces are allowed (inside `<meta>`).
    func read(insideMeta: Bool = false) throws(TraceError) -> Node {
        while true {
            guard let event = try takeEvent() else {
                schemaChecker?.finish()
                return .endOfDocument
            }
            switch event.kind {
            case .start:
                try loadElement(event, insideMeta: insideMeta)
                schemaChecker?.start(self)
                return .element
            case .end:
                depth = event.depth
                schemaChecker?.end()
                return .endElement
            case .text:
                let text = queue.text(of: event)
                if let schemaChecker { schemaChecker.text(text) }
                if insideMeta || text.allSatisfy(isBlank) { continue }
                throw unexpectedText(text)
            case .other:
                schemaChecker?.otherNode()
            }
        }
    }

    /// The text content of the last element read by ``readText()``, valid until the next call; its storage
    /// is reused from element to element.
    private(set) var text: [UInt8] = []

    /// Reads the current element's content up to its end into ``text``: text and CDATA, concatenated
    /// (comments and processing instructions between them are skipped). A child element is an error.
    ///
    /// The text is copied from the queue into the reused buffer, so reading an `<item-sizes>` chunk allocates
    /// nothing once both have grown to the longest text; no string is built.
    func readText() throws(TraceError) {
        text.removeAll(keepingCapacity: true)
        guard !isEmptyElement else { return }
        let tag = elementTag
        while true {
            guard let event = try takeEvent() else {
                throw TraceError(.truncated, "the trace ends inside \(tag)", path: path)
            }
            switch event.kind {
            case .end:
                depth = event.depth
                schemaChecker?.end()
                return
            case .text:
                // `reel validate`'s schema checker sees the text as `read()` would show it.
                let bytes = queue.text(of: event)
                if let schemaChecker { schemaChecker.text(bytes) }
                guard text.count + bytes.count <= limits.maximumTokenLength else {
                    throw TraceError(.limitExceeded,
                                     "the text of \(tag) is longer than \(limits.maximumTokenLength) bytes; "
                                        + "a trace never needs one this long",
                                     at: location)
                }
                text.append(contentsOf: bytes)
            case .start:
                try loadElement(event, insideMeta: false)
                throw TraceError(.unknownElement,
                                 "unexpected element '\(elementRawName)' in \(tag); \(tag) holds text only",
                                 at: location)
            case .other:
                schemaChecker?.otherNode()
            }
        }
    }

    // The rare paths of `read()` and `loadElement(_:insideMeta:)` are kept out of line, so that the code run
    // for every event stays small: together with libxml2's it has to share the instruction cache.

    /// The error for text that is not white space (outside `<meta>`).
    @inline(never)
    private func unexpectedText(_ text: UnsafeBufferPointer<UInt8>) -> TraceError {
        TraceError(.unknownElement,
                   "unexpected text '\(abbreviated(String(decoding: text, as: UTF8.self)))' in <\(elementRawName)>; trace elements hold no text",
                   at: location)
    }

    @inline(never)
    private func namespaceDeclarationError(prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?) -> TraceError {
        let prefix = prefix.map { ":" + String(cString: $0) } ?? ""
        let href = uri.map { String(cString: $0) } ?? ""
        return TraceError(.unknownAttribute,
                          "namespace declaration 'xmlns\(prefix)=\"\(href)\"' on <\(elementRawName)> is not allowed; trace elements have no namespace",
                          at: location)
    }

    @inline(never)
    private func namespacedAttributeError(prefix: UnsafePointer<UInt8>, name: UnsafePointer<UInt8>) -> TraceError {
        TraceError(.unknownAttribute,
                   "unknown attribute '\(String(cString: prefix)):\(String(cString: name))' on <\(elementRawName)>; trace attributes have no namespace",
                   at: location)
    }

    private func loadElement(_ event: SAXEvents.Event, insideMeta: Bool) throws(TraceError) {
        depth = event.depth
        isEmptyElement = event.isEmpty
        let position: (line: Int, column: Int) = readAhead == nil ? queue.startPosition() : (event.line, event.column)
        location = TraceLocation(path: path, line: position.line, column: position.column)
        attributeCount = 0
        elementLocalName = event.name
        elementPrefix = event.prefix
        elementName = event.name.flatMap { pieces.names[UnsafeRawPointer($0)] }
        usesNamespaces = event.hasNamespace || event.declarationCount > 0
        if usesNamespaces { elementName = nil }
        if !insideMeta && event.declarationCount > 0 {
            throw namespaceDeclarationError(prefix: event.declarationPrefix, uri: event.declarationURI)
        }
        if depth >= limits.maximumDepth { throw XMLInput.nestingError(depth: depth, limits: limits, at: location) }
        let bytes = queue.bytes
        for attribute in queue.attributes[event.first..<event.first + event.count] {
            var name = pieces.names[UnsafeRawPointer(attribute.name)]
            if let prefix = attribute.prefix {
                name = nil
                usesNamespaces = true
                if !insideMeta { throw namespacedAttributeError(prefix: prefix, name: attribute.name) }
            }
            appendAttribute(Attribute(name: name, rawName: attribute.name, value: UnsafePointer(bytes + attribute.value),
                                      valueLength: attribute.length))
        }
    }

    @inline(__always)
    private func appendAttribute(_ attribute: Attribute) {
        if attributeCount == attributeCapacity { growAttributeStorage() }
        (attributeStorage + attributeCount).initialize(to: attribute)
        attributeCount += 1
    }

    @inline(never)
    private func growAttributeStorage() {
        let grown = UnsafeMutablePointer<Attribute>.allocate(capacity: 2 * attributeCapacity)
        grown.moveInitialize(from: attributeStorage, count: attributeCount)
        attributeStorage.deallocate()
        attributeStorage = grown
        attributeCapacity *= 2
    }

    /// Keeps `number`, what ``TraceNumber/parse(_:)`` read from the value of the current element's attribute
    /// at `index`, so that ``number(_:)`` does not read it again.
    func remember(_ number: Double, ofAttributeAt index: Int) {
        precondition(index < attributeCount, "attribute \(index) of \(attributeCount)")
        attributeStorage[index].parsedNumber = number
    }

    /// The position of the current element's attribute called `name`, or the element's own position (always,
    /// with a read-ahead: the tracker is the parser thread's, and has moved on).
    func location(ofAttribute name: String) -> TraceLocation {
        guard readAhead == nil, let position = input.tracker.attributePosition(name) else { return location }
        return TraceLocation(path: path, line: position.line, column: position.column)
    }

}

/// What libxml2's callbacks see: the byte source, the position tracker and the errors reported.
final class XMLInput {
    var source: ByteSource
    let path: String
    let limits: TraceReadingLimits
    @exclusivity(unchecked) var tracker = PositionTracker()
    @exclusivity(unchecked) var attributeCounter: AttributeCounter
    @exclusivity(unchecked) var firstError: XMLStream.ParserError?
    var schemaErrors: [XMLStream.ParserError] = []
    /// Set when the byte source hit the end of the input.
    @exclusivity(unchecked) var reachedEndOfInput = false
    /// How many bytes libxml2 has been handed: a hostile document must be refused after few of them.
    @exclusivity(unchecked) var bytesRead = 0
    /// Set when the input was refused before parsing: a token over the size limit or a DOCTYPE.
    @exclusivity(unchecked) var oversizedToken: TraceError? {
        didSet { hasFailed = oversizedToken != nil || ioError != nil }
    }
    /// Set when reading failed at the operating-system level.
    @exclusivity(unchecked) var ioError: TraceError? {
        didSet { hasFailed = oversizedToken != nil || ioError != nil }
    }
    /// Whether `oversizedToken` or `ioError` is set: checked after every read, where testing the optionals
    /// themselves would copy them.
    @exclusivity(unchecked) private(set) var hasFailed = false

    init(source: ByteSource, path: String, limits: TraceReadingLimits) {
        self.source = source
        self.path = path
        self.limits = limits
        attributeCounter = AttributeCounter(limit: limits.maximumAttributes)
    }

    /// With truncation tolerated: holds back the bytes of unfinished elements (see ``TruncationGuard``).
    @exclusivity(unchecked) var truncationGuard: TruncationGuard?
    /// Set when the guard dropped an incomplete tail and closed the document.
    var truncation: (location: TraceLocation, incompleteElement: String?)?
    /// The child of the root the cut fell in, when the input was cut off (``TruncationGuard/openChildOfRoot``).
    var truncatedChildOfRoot: String?
    /// Closing tags still to hand over after a truncation.
    private var closing: [UInt8] = []
    private var sourceEnded = false

    /// The read callback: hands libxml2 the next chunk, tracking positions and the token limit.
    func fill(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        guard !hasFailed else { return -1 }
        guard truncationGuard != nil else { return fillDirectly(buffer, length) }
        while true {
            if !closing.isEmpty {
                let n = min(length, closing.count)
                for k in 0..<n { buffer[k] = CChar(bitPattern: closing[k]) }
                closing.removeFirst(n)
                return Int32(n)
            }
            guard var guarded = truncationGuard else { return -1 }
            if guarded.releasable > 0 {
                let n = min(length, guarded.releasable)
                guarded.pending.withUnsafeBytes { pending in
                    if let base = pending.baseAddress {
                        UnsafeMutableRawPointer(buffer).copyMemory(from: base + guarded.start, byteCount: n)
                    }
                }
                guarded.drop(n)
                truncationGuard = guarded
                return hand(buffer, n)
            }
            if sourceEnded {
                if truncation != nil {
                    reachedEndOfInput = true
                    return 0
                }
                if guarded.isComplete || !guarded.hasOpenElements {
                    if guarded.isDrained {
                        reachedEndOfInput = true
                        return 0
                    }
                    guarded.releaseAll()
                } else {
                    let tail = Array(guarded.heldTail)
                    closing = guarded.closeTruncatedDocument()
                    let start = tracker.endPosition(skippingBlanksOf: tail)
                    truncation = (TraceLocation(path: path, line: start.line, column: start.column),
                                  guarded.incompleteElement)
                    truncatedChildOfRoot = guarded.openChildOfRoot
                }
                truncationGuard = guarded
                continue
            }
            truncationGuard = nil
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { source.read(into: $0, count: raw.count) } ?? -1
            }
            if n < 0 {
                truncationGuard = guarded
                ioError = TraceError(.io, "cannot read the trace: \(systemErrorDescription())", path: path)
                return -1
            }
            if n == 0 {
                sourceEnded = true
            } else {
                chunk.withUnsafeBytes { guarded.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            }
            truncationGuard = guarded
        }
    }

    private func fillDirectly(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        let n = source.read(into: buffer, count: length)
        if n < 0 {
            ioError = TraceError(.io, "cannot read the trace: \(systemErrorDescription())", path: path)
            return -1
        }
        if n == 0 {
            reachedEndOfInput = true
            return 0
        }
        return hand(buffer, n)
    }

    /// Passes `n` bytes on to libxml2, through the position tracker and the size and DOCTYPE checks.
    private func hand(_ buffer: UnsafeMutablePointer<CChar>, _ n: Int) -> Int32 {
        bytesRead += n
        guard tracker.append(UnsafeRawBufferPointer(start: buffer, count: n), limit: limits.maximumTokenLength)
        else {
            let start = tracker.runStartPosition()
            oversizedToken = TraceError(
                .limitExceeded,
                "attribute value or text longer than \(limits.maximumTokenLength) bytes; a trace never needs one this long",
                at: TraceLocation(path: path, line: start.line, column: start.column))
            return -1
        }
        guard attributeCounter.feed(UnsafeRawBufferPointer(start: buffer, count: n), at: bytesRead - n) else {
            let tag = tracker.startTag(atInputOffset: attributeCounter.tagOffset)
            oversizedToken = TraceError(
                .limitExceeded,
                "<\(abbreviated(tag.name))> has more than \(limits.maximumAttributes) attributes; an element of a trace "
                    + "(one in <meta> too) has at most \(limits.maximumAttributes), so that no element costs the XML "
                    + "parser time or memory out of proportion",
                at: TraceLocation(path: path, line: tag.line, column: tag.column))
            return -1
        }
        if let position = tracker.doctypeInProlog() {
            oversizedToken = Self.doctypeError(at: TraceLocation(path: path, line: position.line, column: position.column))
            return -1
        }
        return Int32(n)
    }

    /// The error that stopped the parser, as a trace error with its position.
    func failure() -> TraceError {
        if let oversizedToken { return oversizedToken }
        if let ioError { return ioError }
        guard let error = firstError else {
            return TraceError(.malformedXML, "the XML parser failed without saying why", path: path)
        }
        let place = TraceLocation(path: path, line: max(error.line, 1), column: max(error.column, 1))
        switch Int(error.code) {
        case Int(XML_ERR_ENTITY_LOOP.rawValue), Int(XML_ERR_UNDECLARED_ENTITY.rawValue),
             Int(XML_WAR_UNDECLARED_ENTITY.rawValue), Int(XML_ERR_ENTITY_PE_INTERNAL.rawValue):
            return TraceError(.forbiddenConstruct,
                              "entity references are not allowed in a trace (libxml2: \(error.message))", at: place)
        default:
            break
        }
        if error.message.contains("Excessive depth") {
            return TraceError(.limitExceeded,
                              "elements nested too deeply (libxml2: \(error.message))", at: place)
        }
        if error.message.contains("too long") || error.message.contains("Huge input") {
            return TraceError(.limitExceeded, "value too large (libxml2: \(error.message))", at: place)
        }
        if let bytes = Self.notUTF8Bytes(error) {
            return TraceError(.malformedXML,
                              "the trace is not UTF-8 here (bytes \(bytes)); " + DocumentStart.advice(from: "LATIN1"),
                              at: place)
        }
        return TraceError(.malformedXML, "malformed XML: \(abbreviated(error.message, limit: 200))", at: place)
    }

    /// The bytes libxml2 quotes when it finds a document is not UTF-8 ("Input is not proper UTF-8, indicate
    /// encoding !\nBytes: 0x93 0x40 …"), or `nil` for any other error.
    static func notUTF8Bytes(_ error: XMLStream.ParserError) -> String? {
        guard error.message.hasPrefix("Input is not proper UTF-8") else { return nil }
        guard let range = error.message.range(of: "Bytes:") else { return "unknown" }
        return error.message[range.upperBound...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether the parser stopped at the end of a file that was cut short, rather than at a fault in the
    /// middle: the input was read to its end and the error is on or after its last line with content.
    func failedAtEndOfInput() -> Bool {
        guard oversizedToken == nil, ioError == nil, reachedEndOfInput, let error = firstError,
              Self.notUTF8Bytes(error) == nil else { return false }
        return error.line >= tracker.lastContentLine()
    }

    /// The error for a DOCTYPE declaration at `location`.
    static func doctypeError(at location: TraceLocation) -> TraceError {
        TraceError(.forbiddenConstruct,
                   "DOCTYPE declarations are not allowed in a trace (they declare entities and external resources); remove the '<!DOCTYPE …>'",
                   at: location)
    }

    /// The error for an element at `depth` (the root's 0) beyond the limit.
    static func nestingError(depth: Int, limits: TraceReadingLimits, at location: TraceLocation) -> TraceError {
        TraceError(.limitExceeded,
                   "elements nested too deeply (depth \(depth + 1)); a trace nests at most \(limits.maximumDepth) levels",
                   at: location)
    }

    /// The error callback: keeps RELAX NG validity errors in order and the first other error.
    func record(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        while message.last?.isWhitespace == true { message.removeLast() }
        var recorded = XMLStream.ParserError(code: error.code, message: message, line: Int(error.line),
                                             column: Int(error.int2), domain: error.domain)
        if error.domain == Int32(XML_FROM_RELAXNGV.rawValue) {
            // The validator knows the node's line (up to 65,535) but not its column: take both from the
            // start tag being read when it is on that line.
            // libxml2 validates an element before handing it over, so it may be the next start tag.
            if let next = tracker.peekNextStartTag(), recorded.line == next.line {
                recorded.column = next.column
            } else if recorded.line == tracker.tagLine || recorded.line >= 65535 {
                recorded.line = tracker.tagLine
                recorded.column = tracker.tagColumn
            }
            schemaErrors.append(recorded)
        } else if firstError == nil {
            firstError = recorded
        }
    }
}

/// `text` cut to a readable length for an error message.
func abbreviated(_ text: String, limit: Int = 60) -> String {
    let flat = text.replacingNewlines()
    return flat.count <= limit ? flat : String(flat.prefix(limit)) + "…"
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }
}

private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
