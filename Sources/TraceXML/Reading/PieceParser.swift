internal import CLibXML2

/// libxml2's SAX2 push parser, handed a trace's input a piece at a time, its callbacks' events queued in
/// ``events``. ``XMLStream`` drives it on the thread that reads, or ``ReadAhead`` on a thread of its own.
///
/// As libxml2's reader does, the input goes to the parser 512 bytes at a time, read from the source 4,096 at a
/// time, and a piece that fails takes its events with it: an element cut off by the end of the input, or
/// followed in its piece by a well-formedness error, is never queued; the error is.
final class PieceParser {
    enum State {
        case reading
        /// The input ended and libxml2 finished the document without an error.
        case ended
        /// libxml2 or the input failed (``XMLInput/failure()`` says why): the events of the pieces before
        /// the failing one are queued, then nothing.
        case failed
    }

    /// How many bytes are read from the source at a time, and how many of them libxml2 is handed at a time:
    /// libxml2's reader's sizes, so that a document's events and errors come as they did from it.
    static let chunkSize = 4_096
    static let pieceSize = 512

    let path: String
    let input: XMLInput
    /// Where the callbacks queue what libxml2 reports.
    let events: SAXEvents
    /// The format's names as libxml2 interns them, filled when the parser is made.
    let names = NameTable()
    @exclusivity(unchecked) private(set) var state = State.reading
    /// The push parser, made when the first chunk has been read (libxml2 looks at its first four bytes).
    @exclusivity(unchecked) private(set) var parser: xmlParserCtxtPtr?
    /// The bytes read from the source, handed to libxml2 from `chunkStart` to `chunkEnd`.
    private let chunk: UnsafeMutablePointer<CChar>
    @exclusivity(unchecked) private var chunkStart = 0
    @exclusivity(unchecked) private var chunkEnd = 0

    init(input: XMLInput, path: String) {
        _ = libxml2Initialized
        self.input = input
        self.path = path
        events = SAXEvents(input: input)
        chunk = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        chunk.deallocate()
        if let parser { xmlFreeParserCtxt(parser) }
    }

    /// Hands libxml2 the next piece of input, reading a chunk from the source first when the last is used up;
    /// an empty piece (the end of the input) finishes the document. Its events are added to ``events``, or,
    /// when the piece fails, dropped and ``state`` is `.failed`.
    func parseNextPiece() {
        if chunkStart == chunkEnd {
            let count = Int(input.fill(chunk, Self.chunkSize))
            guard count >= 0 else {
                state = .failed
                return
            }
            chunkStart = 0
            chunkEnd = count
            if parser == nil {
                // libxml2 guesses the encoding from the first four bytes, which the parser is made with.
                chunkStart = count >= 4 ? 4 : 0
                startParser(firstBytes: count >= 4 ? chunk : nil, count: chunkStart)
            }
        }
        guard let parser else {
            state = .failed
            return
        }
        let piece = min(Self.pieceSize, chunkEnd - chunkStart)
        let mark = events.mark()
        let status = xmlParseChunk(parser, piece > 0 ? chunk + chunkStart : nil, Int32(piece), piece > 0 ? 0 : 1)
        chunkStart += piece
        // Failed as libxml2's reader judges a push: any error code, or a document no longer well-formed.
        if status != 0 || parser.pointee.wellFormed == 0 {
            events.restore(mark)
            state = .failed
        } else if piece == 0 {
            state = .ended
        }
    }

    /// Makes the push parser as libxml2's reader does: with the document's first four bytes (its encoding
    /// guess), the hardened options, UTF-8 forced, and line numbers kept. A parser that cannot be made is the
    /// input's failure.
    private func startParser(firstBytes: UnsafePointer<CChar>?, count: Int) {
        var handler = SAXEvents.handler()
        let context = Unmanaged.passUnretained(events).toOpaque()
        guard let created = xmlCreatePushParserCtxt(&handler, context, firstBytes, Int32(count), path) else {
            input.ioError = TraceError(.io, "cannot create an XML parser (out of memory?)", path: path)
            return
        }
        parser = created
        events.parser = created
        xmlCtxtUseOptions(created, hardenedParserOptions)
        if let utf8 = xmlFindCharEncodingHandler("UTF-8") { xmlSwitchToEncoding(created, utf8) }
        created.pointee.linenumbers = 1
        for name in XMLName.allCases {
            if let interned = xmlDictLookup(created.pointee.dict, name.text, -1) {
                names.insert(UnsafeRawPointer(interned), name)
            }
        }
    }
}
