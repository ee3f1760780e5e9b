import TraceXML

/// libFuzzer's entry point: the bytes are a trace, read as `reel replay` reads one — the header, then every
/// event — once strictly and once accepting a cut; one input in four (by length) is then checked as `reel
/// validate` checks its form (the RELAX NG schema and the reader). Any `TraceError` or diagnostic is a
/// correct answer; a trap, a sanitizer report, a hang (`-timeout`) or a blow-up (`-rss_limit_mb`) is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    for allowsTruncation in [false, true] {
        readAll(bytes, options: TraceReader.Options(allowsTruncation: allowsTruncation))
    }
    // libxml2's RELAX NG validation allocates a lot per document (ten times the reader's cost under
    // AddressSanitizer): a quarter of the inputs, chosen by length so that an input always does the same.
    if size % 4 == 0 {
        for diagnostic in TraceValidator.validate(bytes: bytes, path: "fuzz.xml") {
            _ = diagnostic.description
        }
    }
    return 0
}

private func readAll(_ bytes: [UInt8], options: TraceReader.Options) {
    do {
        let reader = try TraceReader(bytes: bytes, path: "fuzz.xml", options: options)
        while try reader.next() != nil {}
        _ = reader.warnings.map(\.description)
    } catch {
        _ = error.description
    }
}
