internal import CLibXML2

/// Checks traces against the RELAX NG schema and the reader's own rules — what `reel validate` prints.
public enum TraceValidator {
    /// Validates the trace at `path`.
    ///
    /// A valid trace takes one streaming pass in constant memory: the strict ``TraceReader`` with
    /// ``SchemaChecker`` checking what `Traces/trace.rng` checks on the same nodes; when neither finds a
    /// problem, there is none to report (libxml2's RELAX NG validation agrees with the checker: a test
    /// proves it). Any other trace is read as before, for the messages: ``TraceReader`` tolerating a cut
    /// (its first error, or the truncation warning), then libxml2's RELAX NG validator (every schema error,
    /// with its line); a schema error on a line the reader already reported is left out, so each problem
    /// is told once, the clearer way.
    ///
    /// - Returns: The problems, sorted by position; empty when the trace is valid. Print each with
    ///   `description`: `path:line:column: message`.
    /// - Complexity: O(*n*) in the size of the trace.
    public static func validate(path: String, limits: TraceReadingLimits = TraceReadingLimits()) -> [TraceDiagnostic] {
        if let problem = DocumentStart.problem(atPath: TraceInput.readablePath(path)) {
            return [TraceDiagnostic(problem, path: path)]
        }
        return validate(path: path, limits: limits) { () throws(TraceError) in try ByteSource.open(path: path) }
    }

    /// Validates a trace held in memory; `path` is what the diagnostics call it.
    public static func validate(bytes: [UInt8], path: String = "<memory>",
                                limits: TraceReadingLimits = TraceReadingLimits()) -> [TraceDiagnostic] {
        if let problem = DocumentStart.problem(in: bytes) {
            return [TraceDiagnostic(problem, path: path)]
        }
        return validate(path: path, limits: limits) { () throws(TraceError) in .memory(bytes, offset: 0) }
    }

    /// Validates the trace at `path` as ``validate(path:limits:)`` does, handing its events to `body` on the
    /// same pass, for a caller that checks more of them (`reel validate`'s trace rules and engine checks): one
    /// read of a valid trace instead of two.
    ///
    /// `body` gets the header and a function that reads the next event (`nil` at the end); it may stop
    /// reading at any point, and the rest is read after it returns. Only when the trace is complete and
    /// valid did `body` see its events as they are — every one, in order, as any reader reads them — and
    /// `sawEveryEvent` is `true`; otherwise the function may have stopped early (returning `nil` or throwing
    /// where the strict reader or the schema found a problem), `diagnostics` are what
    /// ``validate(path:limits:)`` returns, and whatever `body` concluded is to be dropped.
    ///
    /// - Complexity: One streaming pass over a valid trace, as ``validate(path:limits:)``; `body`'s work on top.
    public static func validate(
        path: String, limits: TraceReadingLimits = TraceReadingLimits(),
        alongside body: (_ header: TraceHeader, _ next: () throws(TraceError) -> TraceEvent?) -> Void
    ) -> (diagnostics: [TraceDiagnostic], sawEveryEvent: Bool) {
        if let problem = DocumentStart.problem(atPath: TraceInput.readablePath(path)) {
            return ([TraceDiagnostic(problem, path: path)], false)
        }
        let source = { () throws(TraceError) in try ByteSource.open(path: path) }
        let checker = SchemaChecker()
        do {
            let reader = try TraceReader(source: source(), path: path,
                                         options: TraceReader.Options(allowsTruncation: false, limits: limits),
                                         schemaChecker: checker, readsAhead: ReadAhead.isWorthwhile)
            var failed = false
            body(reader.header) { () throws(TraceError) -> TraceEvent? in
                guard !failed, checker.problem == nil else { return nil }
                do throws(TraceError) {
                    return try reader.next()
                } catch {
                    failed = true
                    throw error
                }
            }
            if !failed && checker.problem == nil {
                while try reader.next() != nil {}
                if reader.warnings.isEmpty && checker.isValid { return ([], true) }
            }
        } catch {
            // Told by the passes below, in their words.
        }
        return (diagnose(path: path, limits: limits, source: source), false)
    }

    private static func validate(path: String, limits: TraceReadingLimits,
                                 source: () throws(TraceError) -> ByteSource) -> [TraceDiagnostic] {
        // A complete, valid trace (the common case, and every large one): nothing to report.
        if isCompleteAndValid(path: path, limits: limits, source: source) { return [] }
        return diagnose(path: path, limits: limits, source: source)
    }

    /// The problems of a trace that is not complete and valid: the reader's, tolerating a cut, then libxml2's
    /// RELAX NG validation's on lines the reader did not report.
    private static func diagnose(path: String, limits: TraceReadingLimits,
                                 source: () throws(TraceError) -> ByteSource) -> [TraceDiagnostic] {
        var readerDiagnostics: [TraceDiagnostic] = []
        do {
            let reader = try TraceReader(source: source(), path: path,
                                         options: TraceReader.Options(allowsTruncation: true, limits: limits))
            while try reader.next() != nil {}
            readerDiagnostics = reader.warnings
        } catch {
            readerDiagnostics = [TraceDiagnostic(error)]
        }
        // A file that cannot be read, a trace that ends in its header, and a document whose start is not a
        // trace (its encoding, a stray byte-order mark): the schema has nothing to add but confusion.
        if let first = readerDiagnostics.first, first.severity == .error,
           first.code == .io || first.code == .truncated
            || first.code == .malformedXML && first.location.map({ $0.line == 1 && $0.column == 1 }) == true {
            return [first]
        }
        // A trace cut among its events is checked as the reader reads it: up to its last complete event, its
        // open elements closed. libxml2's validator, given the cut document, would fault elements it never saw
        // closed.
        let isCut = readerDiagnostics.contains { $0.code == .truncated }
        let schemaDiagnostics: [TraceDiagnostic]
        do {
            schemaDiagnostics = try schemaPass(source: source(), path: path, limits: limits, toleratesTruncation: isCut)
        } catch {
            schemaDiagnostics = [TraceDiagnostic(error)]
        }
        let reportedLines = Set(readerDiagnostics.compactMap { $0.location?.line })
        var all = readerDiagnostics
        for diagnostic in schemaDiagnostics {
            // The reader's failures are complete; drop the schema pass's copies of them and of the same
            // problems seen by the schema.
            if diagnostic.code != .schema { continue }
            if let line = diagnostic.location?.line, reportedLines.contains(line) { continue }
            all.append(diagnostic)
        }
        return all.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Whether the trace is complete and valid: read to its end by the strict reader, with no error, and
    /// found valid by ``SchemaChecker`` on the same pass. Then the passes below would report nothing: the
    /// reader tolerating a cut reads a complete trace exactly as the strict one does (no warning, no
    /// error), and libxml2's RELAX NG validation agrees with the checker (`SchemaAgreementTests`). The
    /// strict reader is used because tolerating a cut costs a tokenizer over every byte.
    private static func isCompleteAndValid(path: String, limits: TraceReadingLimits,
                                           source: () throws(TraceError) -> ByteSource) -> Bool {
        let checker = SchemaChecker()
        do {
            let reader = try TraceReader(source: source(), path: path,
                                         options: TraceReader.Options(allowsTruncation: false, limits: limits),
                                         schemaChecker: checker, readsAhead: ReadAhead.isWorthwhile)
            while try reader.next() != nil {}
            return reader.warnings.isEmpty && checker.isValid
        } catch {
            return false
        }
    }

    /// Streams the document through libxml2's RELAX NG validator; returns its validity errors (and the
    /// parser error that stopped it, if any).
    static func schemaPass(source: ByteSource, path: String, limits: TraceReadingLimits,
                           schema: CompiledSchema? = nil, toleratesTruncation: Bool = false) throws(TraceError) -> [TraceDiagnostic] {
        let schema = if let schema { schema } else { try CompiledSchema() }
        let (errors, failure) = try RelaxNGPass.run(source: source, path: path, limits: limits, schema: schema.pointer,
                                                    toleratesTruncation: toleratesTruncation)
        var diagnostics = errors.map { error in
            TraceDiagnostic(severity: .error, code: .schema,
                            message: "does not match the schema: \(SchemaMessages.describe(error.message))", path: path,
                            location: TraceLocation(path: path, line: max(error.line, 1), column: max(error.column, 1)))
        }
        if let failure { diagnostics.append(TraceDiagnostic(failure)) }
        return diagnostics
    }
}

/// The schema compiled by libxml2, freed with the value's owner.
final class CompiledSchema {
    let pointer: OpaquePointer

    init() throws(TraceError) {
        _ = libxml2Initialized
        let text = TraceSchema.relaxNG
        let compiled: OpaquePointer? = text.withCString { bytes in
            guard let parser = xmlRelaxNGNewMemParserCtxt(bytes, Int32(text.utf8.count)) else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(parser) }
            return xmlRelaxNGParse(parser)
        }
        guard let compiled else {
            throw TraceError(.schema, "the embedded RELAX NG schema does not compile", path: "Traces/trace.rng")
        }
        pointer = compiled
    }

    deinit { xmlRelaxNGFree(pointer) }
}

extension TraceDiagnostic {
    /// The error for a document whose start cannot be a trace.
    init(_ problem: DocumentStart.Problem, path: String) {
        self.init(TraceError(problem, path: path))
    }
}

extension TraceError {
    /// The error for a document whose start cannot be a trace.
    init(_ problem: DocumentStart.Problem, path: String) {
        guard let line = problem.line, let column = problem.column else {
            self.init(.truncated, problem.message, path: path)
            return
        }
        self.init(.malformedXML, problem.message, at: TraceLocation(path: path, line: line, column: column))
    }
}
