internal import CLibXML2

/// Writes a trace as it happens: the header when created, then each event as it is given, flushed, so
/// that a crash loses at most the event being written.
///
/// The output is stable — two-space indentation, one element per line, attributes in a fixed order,
/// numbers in the shortest text that reads back to the same value — and reading it with ``TraceReader``
/// gives back the same header and events, exactly.
///
/// ```swift
/// let writer = try TraceWriter(path: "session.xml", header: header)
/// try writer.write(TraceEvent(time: 0.016, .scroll(offset: Point(x: 0, y: 14.5))))
/// try writer.finish()
/// ```
///
/// Values the format cannot represent — a non-finite number, a negative count, a time earlier than the
/// previous event's, a character XML 1.0 forbids — are refused with ``TraceError/Code/unwritable``
/// before anything of that event is written. A writer is not `Sendable`.
public final class TraceWriter {
    /// The path written to, or `<memory>`.
    public let path: String
    private let sink: OutputSink
    private let writer: OpaquePointer
    private var previousTime = 0.0
    var previousTimeForChecks: Double { previousTime }
    private var finished = false
    /// The element whose values the checks are refusing or passing (TraceWriter+Checks.swift): they take
    /// each attribute's range from its declaration.
    var checkedElement = XMLName.trace
    /// How many events have been written.
    public private(set) var eventCount = 0

    /// Creates (or truncates) the file at `path` and writes the header.
    ///
    /// - Throws: ``TraceError`` when the file cannot be created or the header cannot be written.
    public convenience init(path: String, header: TraceHeader) throws(TraceError) {
        // A header the writer refuses leaves the file as it was: checked before it is created or truncated.
        try Self.check(header, path: path)
        try self.init(sink: OutputSink.create(path: path), path: path, header: header)
    }

    /// Throws what writing `header` would throw for a value the format cannot hold, writing nothing.
    public static func check(_ header: TraceHeader, path: String = "<memory>") throws(TraceError) {
        _ = try TraceWriter(sink: OutputSink(target: .memory), path: path, header: header, checkOnly: true)
    }

    /// A writer to a file descriptor opened by the caller, who closes it (and, for an atomic output, renames
    /// it into place) after ``finish()``; `path` names it in errors.
    ///
    /// - Throws: ``TraceError`` when the header cannot be written.
    public convenience init(descriptor: Int32, path: String, header: TraceHeader) throws(TraceError) {
        try self.init(sink: OutputSink(target: .borrowed(descriptor: descriptor)), path: path, header: header)
    }

    /// A writer that keeps the trace in memory, in ``bytes``.
    public convenience init(header: TraceHeader) throws(TraceError) {
        try self.init(sink: OutputSink(target: .memory), path: "<memory>", header: header)
    }

    private init(sink: OutputSink, path: String, header: TraceHeader, checkOnly: Bool = false) throws(TraceError) {
        _ = libxml2Initialized
        self.sink = sink
        self.path = path
        let context = Unmanaged.passRetained(sink).toOpaque()
        let output = xmlOutputBufferCreateIO(
            { context, buffer, length in
                guard let context, let buffer, length >= 0 else { return -1 }
                let sink = Unmanaged<OutputSink>.fromOpaque(context).takeUnretainedValue()
                return sink.write(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
            },
            { context in
                guard let context else { return 0 }
                Unmanaged<OutputSink>.fromOpaque(context).release()
                return 0
            },
            context, nil)
        guard let output, let created = xmlNewTextWriter(output) else {
            sink.close()
            throw TraceError(.io, "cannot create an XML writer (out of memory?)", path: path)
        }
        writer = created
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, "  ")
        try check(header)
        guard !checkOnly else { return }
        try writeHeader(header)
        try flush()
    }

    deinit {
        xmlFreeTextWriter(writer)
        sink.close()
    }

    /// Everything written so far, for a writer created with ``init(header:)``.
    public var bytes: [UInt8] { sink.bytes }

    /// Writes one event and flushes it to the file.
    ///
    /// - Throws: ``TraceError`` with code ``TraceError/Code/unwritable`` for a value the format cannot
    ///   represent (nothing is written then), or ``TraceError/Code/io`` when writing fails.
    /// - Complexity: O(size of the event).
    public func write(_ event: TraceEvent) throws(TraceError) {
        precondition(!finished, "TraceWriter.write(_:) called after finish()")
        try check(event)
        try writeEvent(event)
        try flush()
        previousTime = event.time
        eventCount += 1
    }

    /// Closes `<events>` and `<trace>`, and flushes. Further writes are a programming error.
    ///
    /// - Throws: ``TraceError`` when writing fails.
    public func finish() throws(TraceError) {
        guard !finished else { return }
        finished = true
        try status(xmlTextWriterEndDocument(writer))
        try flush()
    }

    /// The bytes of a whole trace.
    ///
    /// - Throws: ``TraceError`` with code ``TraceError/Code/unwritable`` for a value the format cannot
    ///   represent.
    /// - Complexity: O(*n*) in the size of the trace.
    public static func encode(_ trace: Trace) throws(TraceError) -> [UInt8] {
        let writer = try TraceWriter(header: trace.header)
        for event in trace.events { try writer.write(event) }
        try writer.finish()
        return writer.bytes
    }

    /// Writes a whole trace to `path`.
    public static func write(_ trace: Trace, to path: String) throws(TraceError) {
        let writer = try TraceWriter(path: path, header: trace.header)
        for event in trace.events { try writer.write(event) }
        try writer.finish()
    }

    // MARK: libxml2 calls

    private func status(_ result: Int32) throws(TraceError) {
        guard result >= 0 else {
            throw TraceError(.io, "cannot write the trace: \(sink.failure ?? "libxml2's writer failed")", path: path)
        }
    }

    private func flush() throws(TraceError) {
        try status(xmlTextWriterFlush(writer))
        if let failure = sink.failure {
            throw TraceError(.io, "cannot write the trace: \(failure)", path: path)
        }
    }

    private func start(_ name: XMLName) throws(TraceError) {
        try status(xmlTextWriterStartElement(writer, name.text))
    }

    private func end() throws(TraceError) {
        try status(xmlTextWriterEndElement(writer))
    }

    private func attribute(_ name: String, _ value: String) throws(TraceError) {
        try status(xmlTextWriterWriteAttribute(writer, name, value))
    }

    func attribute(_ name: XMLName, _ value: String) throws(TraceError) {
        try attribute(name.text, value)
    }

    func attribute(_ name: XMLName, _ value: Double) throws(TraceError) {
        try attribute(name.text, TraceNumber.format(value))
    }

    func attribute(_ name: XMLName, _ value: Int) throws(TraceError) {
        try attribute(name.text, String(value))
    }

    func attribute(_ name: XMLName, _ value: Bool) throws(TraceError) {
        try attribute(name.text, value ? "true" : "false")
    }

    /// The text of a size list, equal consecutive sizes as runs `W H*K`.
    func sizeList(_ sizes: [Size]) -> String {
        let list = TraceSizeList(sizes)
        return sizeList(list, runs: 0..<list.runCount)
    }

    /// The text of the runs `runs` of `sizes`: `"100 100*3, 50 80"`.
    private func sizeList(_ sizes: TraceSizeList, runs: Range<Int>) -> String {
        var text = ""
        text.reserveCapacity(runs.count * 12)
        for index in runs {
            let run = sizes.run(at: index)
            if index > runs.lowerBound { text += ", " }
            text += TraceNumber.format(run.size.width)
            text += " "
            text += TraceNumber.format(run.size.height)
            if run.count > 1 {
                text += "*"
                text += String(run.count)
            }
        }
        return text
    }

    /// The most entries (runs) a section's sizes are written with in its `item-sizes` attribute; longer
    /// lists are written as `<item-sizes>` chunks of this many entries, so that no line of the trace is
    /// long and the reader's memory per element stays small.
    static let sizesPerChunk = 1_000

    /// Writes a section's sizes: the `item-sizes` attribute for a short list, else `<item-sizes>` chunks;
    /// to be called when the section's attributes are written.
    private func writeSectionSizes(_ sizes: TraceSizeList) throws(TraceError) {
        guard sizes.runCount > Self.sizesPerChunk else {
            try attribute(.itemSizes, sizeList(sizes, runs: 0..<sizes.runCount))
            return
        }
        var first = 0
        while first < sizes.runCount {
            let upper = min(first + Self.sizesPerChunk, sizes.runCount)
            try start(.itemSizes)
            try status(xmlTextWriterWriteString(writer, sizeList(sizes, runs: first..<upper)))
            try end()
            // Streamed: the writer holds one chunk's text at a time.
            try flush()
            first = upper
        }
    }

    func countList(_ counts: [Int]) -> String {
        counts.map(String.init).joined(separator: " ")
    }

    // MARK: Elements

    private func writeHeader(_ header: TraceHeader) throws(TraceError) {
        try status(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
        try start(.trace)
        try attribute(.version, header.version)
        if !header.meta.isEmpty {
            try start(.meta)
            for entry in header.meta {
                try start(.entry)
                try attribute(.key, entry.key)
                try attribute(.value, entry.value)
                try end()
            }
            try end()
        }
        let view = header.collectionView
        try start(.collectionView)
        try attribute(.width, view.size.width)
        try attribute(.height, view.size.height)
        try attribute(.refreshRate, view.refreshRate)
        try attribute(.contentInset, view.contentInset.traceText)
        try attribute(.paging, view.isPagingEnabled)
        switch view.decelerationRate {
        case .normal: try attribute(.decelerationRate, "normal")
        case .fast: try attribute(.decelerationRate, "fast")
        case .custom(let factor): try attribute(.decelerationRate, factor)
        }
        try attribute(.allowsSelection, view.allowsSelection)
        try attribute(.allowsMultipleSelection, view.allowsMultipleSelection)
        try attribute(.prefetching, view.isPrefetchingEnabled)
        // Written only when not the default, so that traces without them are written as before.
        if view.safeArea != .zero { try attribute(.safeArea, view.safeArea.traceText) }
        if view.layoutMargins != CollectionViewConfiguration.defaultLayoutMargins {
            try attribute(.layoutMargins, view.layoutMargins.traceText)
        }
        if view.displayScale != 2 { try attribute(.scale, view.displayScale) }
        if view.layoutDirection != .leftToRight { try attribute(.layoutDirection, view.layoutDirection.rawValue) }
        if view.iosVersion != CollectionViewConfiguration.defaultIOSVersion { try attribute(.ios, view.iosVersion) }
        if !view.bounces { try attribute(.bounces, false) }
        if view.alwaysBounceVertical { try attribute(.alwaysBounceVertical, true) }
        if view.alwaysBounceHorizontal { try attribute(.alwaysBounceHorizontal, true) }
        try end()
        if let intervals = header.frameIntervals {
            try start(.frameIntervals)
            try attribute(.ms, intervals.description)
            try end()
        }
        try writeLayout(header.layout)
        try start(.data)
        try writeSections(header.sections)
        try end()
        if let workload = header.workload {
            try start(.workload)
            for cell in workload.cells {
                try start(.cell)
                try attribute(.reuseIdentifier, cell.reuseIdentifier)
                try writeCosts(cell.costs)
                try end()
            }
            for supplementary in workload.supplementaries {
                try start(.supplementary)
                try attribute(.kind, supplementary.kind)
                try writeCosts(supplementary.costs)
                try end()
            }
            if workload.diffablePerItem != Workload.defaultDiffablePerItem {
                try start(.diffable)
                try attribute(.perItem, workload.diffablePerItem)
                try end()
            }
            if workload.visibleItemsHandlerPerItem != Workload.defaultVisibleItemsHandlerPerItem {
                try start(.visibleItemsHandler)
                try attribute(.perItem, workload.visibleItemsHandlerPerItem)
                try end()
            }
            try end()
        }
        try start(.events)
    }

    private func writeCosts(_ costs: Workload.Costs) throws(TraceError) {
        try attribute(.create, costs.create)
        try attribute(.configure, costs.configure)
        try attribute(.prepareForReuse, costs.prepareForReuse)
        // Not written at 0, so that traces from before it stay the same.
        if costs.measure != 0 { try attribute(.measure, costs.measure) }
    }

    func writeLayout(_ layout: LayoutDescription) throws(TraceError) {
        try start(.layout)
        try attribute(.name, layout.name)
        for parameter in layout.parameters { try attribute(parameter.name, parameter.value) }
        for child in layout.children { try writeLayoutElement(child) }
        try end()
    }

    private func writeLayoutElement(_ element: LayoutDescription.Element) throws(TraceError) {
        try status(xmlTextWriterStartElement(writer, element.name))
        for parameter in element.attributes { try attribute(parameter.name, parameter.value) }
        for child in element.children { try writeLayoutElement(child) }
        try end()
    }

    func writeSections(_ sections: [SectionDescription]) throws(TraceError) {
        for section in sections {
            try start(.section)
            if let identifier = section.identifier { try attribute(.id, identifier) }
            if let identifiers = section.itemIdentifiers {
                try attribute(.items, identifiers.text)
            } else {
                try attribute(.items, section.items)
            }
            let chunked = section.itemSizes.map { $0.runCount > Self.sizesPerChunk } ?? false
            if let sizes = section.itemSizes, !chunked { try writeSectionSizes(sizes) }
            if section.reuseIdentifier != SectionDescription.defaultReuseIdentifier {
                try attribute(.reuseIdentifier, section.reuseIdentifier)
            }
            let flow = section.flow
            if let inset = flow.inset { try attribute(.inset, inset.traceText) }
            if let spacing = flow.minimumLineSpacing { try attribute(.minimumLineSpacing, spacing) }
            if let spacing = flow.minimumInteritemSpacing { try attribute(.minimumInteritemSpacing, spacing) }
            if let size = flow.headerSize { try attribute(.headerSize, size.traceText) }
            if let size = flow.footerSize { try attribute(.footerSize, size.traceText) }
            if !section.unstableItems.isEmpty {
                try attribute(.unstableItems, section.unstableItems.map(String.init).joined(separator: " "))
            }
            if section.unstableDelta != 0 { try attribute(.unstableDelta, section.unstableDelta) }
            if let sizes = section.itemSizes, chunked { try writeSectionSizes(sizes) }
            try end()
        }
    }

    func writePoint(_ point: Point) throws(TraceError) {
        try attribute(.x, point.x)
        try attribute(.y, point.y)
    }

    func writeItem(_ item: TraceIndexPath) throws(TraceError) {
        try attribute(.section, item.section)
        try attribute(.item, item.item)
    }

    /// An event: its element, `t`, then what its declaration's codec writes (``TraceFormat``).
    private func writeEvent(_ event: TraceEvent) throws(TraceError) {
        try start(event.kind.xmlName)
        try attribute(.t, event.time)
        try event.kind.codec.write(event.kind, self)
        try end()
    }

    /// An operation of a batch: its element, then what its declaration's codec writes (``TraceFormat``).
    func writeOperation(_ operation: BatchUpdate.Operation) throws(TraceError) {
        try start(operation.xmlName)
        try operation.codec.write(operation, self)
        try end()
    }
}
