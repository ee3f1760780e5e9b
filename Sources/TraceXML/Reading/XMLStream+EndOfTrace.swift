extension XMLStream {
    /// After `</events>` (or an empty `<events/>`): only `</trace>` and the end of the document may follow.
    ///
    /// - Throws: ``TraceError`` for an element after `<events>` or after `</trace>`, or a document that ends
    ///   before `</trace>`.
    func readEndOfTrace() throws(TraceError) {
        switch try read() {
        case .endElement:
            break
        case .element:
            throw TraceError(.unknownElement,
                             "unexpected element '\(elementRawName)' after <events>; <events> is the last element of <trace>",
                             at: location)
        case .endOfDocument:
            throw TraceError(.truncated, "the trace ends before '</trace>'", path: path)
        }
        if case .element = try read() {
            throw TraceError(.malformedXML, "unexpected element '\(elementRawName)' after '</trace>'", at: location)
        }
    }
}
