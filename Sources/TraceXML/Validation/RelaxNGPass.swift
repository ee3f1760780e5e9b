internal import CLibXML2

/// Streams a document through libxml2's RELAX NG validator on its `xmlTextReader` (the validator needs the
/// reader's nodes), with the input checks of ``XMLStream``: the same byte source, position tracker and
/// limits. Used only for an invalid trace's schema findings; ``XMLStream`` reads every trace.
enum RelaxNGPass {
    /// The validity errors libxml2 reported, in order, and the error that stopped the document early, if any:
    /// a well-formedness error, a limit, or a DOCTYPE or entity reference.
    ///
    /// - Parameter toleratesTruncation: a cut-off document is validated up to its last complete element
    ///   inside `<events>`, with its open elements closed (``TruncationGuard``), as the reader reads it.
    static func run(source: ByteSource, path: String, limits: TraceReadingLimits, schema: OpaquePointer,
                    toleratesTruncation: Bool = false) throws(TraceError) -> (errors: [XMLStream.ParserError], failure: TraceError?) {
        _ = libxml2Initialized
        let input = XMLInput(source: source, path: path, limits: limits)
        if toleratesTruncation {
            input.truncationGuard = TruncationGuard(maximumDepth: limits.maximumDepth,
                                                    maximumHeldBytes: 4 * limits.maximumTokenLength)
        }
        defer { input.source.close() }
        let context = Unmanaged.passUnretained(input).toOpaque()
        guard let reader = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                return Unmanaged<XMLInput>.fromOpaque(context).takeUnretainedValue().fill(buffer, Int(length))
            },
            nil, context, path, "UTF-8", hardenedParserOptions)
        else {
            throw TraceError(.io, "cannot create an XML reader (out of memory?)", path: path)
        }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            Unmanaged<XMLInput>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, context)
        guard xmlTextReaderRelaxNGSetSchema(reader, schema) == 0 else {
            throw TraceError(.schema, "cannot attach the RELAX NG schema to the reader", path: path)
        }
        var location = TraceLocation(path: path, line: 1, column: 1)
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return (input.schemaErrors, nil) }
            if status < 0 || input.hasFailed { return (input.schemaErrors, input.failure()) }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                // The tracker follows the start tags, for the validator's errors' columns.
                if let position = input.tracker.nextStartTag() {
                    location = TraceLocation(path: path, line: position.line, column: position.column)
                }
                let depth = Int(xmlTextReaderDepth(reader))
                if depth >= limits.maximumDepth {
                    return (input.schemaErrors, XMLInput.nestingError(depth: depth, limits: limits, at: location))
                }
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                return (input.schemaErrors, XMLInput.doctypeError(at: TraceLocation(path: path, line: 1, column: 1)))
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_ENTITY.rawValue):
                return (input.schemaErrors,
                        TraceError(.forbiddenConstruct, "entity references are not allowed in a trace", at: location))
            default:
                continue
            }
        }
    }
}
