/// Reads one event element (the stream is on its start) and, for those with children, up to its end.
struct EventParser {
    let stream: XMLStream
    let previousTime: Double
    let previousTimeLine: Int

    /// The events, for messages.
    static var eventElements: [XMLName] { TraceFormat.events.map(\.name) }

    /// The operations of a batch, for messages.
    static var operationElements: [XMLName] { TraceFormat.operations.map(\.name) }

    /// Whether `name` is an event (a table lookup on the hot path).
    @inline(__always)
    static func isEvent(_ name: XMLName) -> Bool { SchemaTables.shared.place(of: name, in: .events) > 0 }

    // Each case reads its values, then the end of the element, then builds the event in place: building
    // a `Kind` first and the event from it would copy the kind, which costs more than the rest of a
    // `<scroll>`.
    func parse() throws(TraceError) -> TraceEvent {
        let location = stream.location
        guard let name = stream.elementName, EventParser.isEvent(name) else {
            throw stream.unexpectedChild(in: "events", expected: EventParser.eventElements)
        }
        // One `<scroll>` per frame: most of a trace. The other events are read out of line, which keeps
        // the code run for a scroll small (it shares the instruction cache with libxml2's).
        guard name == .scroll else { return try parseOther(name, time: try readTime(), location: location) }
        return try parseScroll(location)
    }

    /// `<scroll t x y>`, its attributes found in one pass over them rather than one search each; the
    /// errors are those of the other events' path, in the same order: the time, an attribute that is not
    /// allowed, then `x` and `y`.
    private func parseScroll(_ location: TraceLocation) throws(TraceError) -> TraceEvent {
        var t: XMLStream.Attribute?
        var x: XMLStream.Attribute?
        var y: XMLStream.Attribute?
        var hasOthers = false
        for attribute in stream.attributes {
            switch attribute.name {
            case .t?: t = attribute
            case .x?: x = attribute
            case .y?: y = attribute
            default: hasOthers = true
            }
        }
        guard let t else { throw stream.missing(.t) }
        let time = try checkedTime(try stream.number(t))
        if hasOthers { try stream.checkAttributes(of: .scroll) }
        guard let x else { throw stream.missing(.x) }
        let offsetX = try stream.number(x)
        guard let y else { throw stream.missing(.y) }
        let offset = Point(x: offsetX, y: try stream.number(y))
        try stream.finishLeaf()
        return TraceEvent(time: time, kind: .scroll(offset: offset), location: location)
    }

    /// Any event but `<scroll>`: its attributes checked against its declaration, then read by its codec
    /// (``TraceFormat``), then, for an element without content, its end.
    @inline(never)
    private func parseOther(_ name: XMLName, time: Double, location: TraceLocation) throws(TraceError) -> TraceEvent {
        let tables = SchemaTables.shared
        guard let read = tables.reader(name) else {
            throw stream.unexpectedChild(in: "events", expected: EventParser.eventElements)
        }
        try stream.checkAttributes(of: name)
        let kind = try read(self)
        if tables.element(name).content == .empty { try stream.finishLeaf() }
        return TraceEvent(time: time, kind: kind, location: location)
    }

    private func readTime() throws(TraceError) -> Double {
        try checkedTime(try stream.number(.t))
    }

    /// `time`, the event's, when it is not earlier than the previous event's.
    private func checkedTime(_ time: Double) throws(TraceError) -> Double {
        if time < previousTime {
            throw TraceError(
                .timeGoesBackwards,
                "time \(TraceNumber.format(time)) is earlier than the previous event's time \(TraceNumber.format(previousTime)) (line \(previousTimeLine)); event times must not decrease",
                at: stream.location(ofAttribute: "t"))
        }
        return time
    }

    func point() throws(TraceError) -> Point {
        Point(x: try stream.number(.x), y: try stream.number(.y))
    }

    func indexPath() throws(TraceError) -> TraceIndexPath {
        TraceIndexPath(section: try stream.count(.section), item: try stream.count(.item))
    }

    func readBatch() throws(TraceError) -> BatchUpdate {
        var update = BatchUpdate(animated: try stream.bool(.animated, default: true),
                                 duration: try stream.number(.duration, default: BatchUpdate.defaultDuration),
                                 countsAfter: try stream.attribute(.countsAfter).map { a throws(TraceError) in
                                     try stream.countList(a, maximumLength: TraceLimits.sections)
                                 },
                                 operations: [])
        guard !stream.isEmptyElement else { return update }
        while true {
            switch try stream.read() {
            case .element:
                update.operations.append(try readOperation())
                try stream.finishLeaf()
            case .endElement:
                return update
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <batch>", path: stream.path)
            }
        }
    }

    /// One operation of a `<batch>`: its attributes checked against its declaration, then read by its
    /// codec (``TraceFormat``).
    private func readOperation() throws(TraceError) -> BatchUpdate.Operation {
        guard let name = stream.elementName, let read = SchemaTables.shared.operationReader(name) else {
            throw stream.unexpectedChild(in: "batch", expected: EventParser.operationElements)
        }
        try stream.checkAttributes(of: name)
        return try read(stream)
    }

    /// The single `<layout>` child of `<set-layout>` or `<transition phase="began">`, up to the parent's end.
    func readLayoutChild(of parent: String) throws(TraceError) -> LayoutDescription {
        let parentLocation = stream.location
        guard !stream.isEmptyElement else {
            throw TraceError(.missing, "missing element <layout> in \(parent)", at: parentLocation)
        }
        switch try stream.read() {
        case .element:
            guard stream.elementName == .layout else {
                throw TraceError(.unknownElement,
                                 "unknown element '\(stream.elementRawName)' in \(parent); expected 'layout'",
                                 at: stream.location)
            }
        case .endElement:
            throw TraceError(.missing, "missing element <layout> in \(parent)", at: parentLocation)
        case .endOfDocument:
            throw TraceError(.truncated, "the trace ends inside \(parent)", path: stream.path)
        }
        let layout = try LayoutParser(stream: stream).parse()
        switch try stream.read() {
        case .endElement:
            return layout
        case .element:
            throw TraceError(.unknownElement,
                             "unexpected element '\(stream.elementRawName)' in \(parent); it takes a single <layout>",
                             at: stream.location)
        case .endOfDocument:
            throw TraceError(.truncated, "the trace ends inside \(parent)", path: stream.path)
        }
    }

    func readTransition() throws(TraceError) -> TransitionPhase {
        let phaseAttribute = try stream.required(.phase)
        let progress = stream.attribute(.progress)
        let phase = phaseAttribute.valueText
        if phase != "changed", let progress {
            throw TraceError(.unknownAttribute,
                             "attribute 'progress' is only allowed on <transition phase=\"changed\">",
                             at: stream.location(ofAttribute: progress.nameText))
        }
        switch phase {
        case "began":
            return .began(try readLayoutChild(of: "<transition phase=\"began\">"))
        case "changed":
            guard let progress else { throw stream.missing(.progress, " with phase=\"changed\"") }
            let value = try stream.number(progress)
            try finishWithoutLayout(phase)
            return .changed(progress: value)
        case "finished":
            try finishWithoutLayout(phase)
            return .finished
        case "cancelled":
            try finishWithoutLayout(phase)
            return .cancelled
        default:
            throw stream.invalid(phaseAttribute, expected: oneOf(["began", "changed", "finished", "cancelled"]))
        }
    }

    private func finishWithoutLayout(_ phase: String) throws(TraceError) {
        guard !stream.isEmptyElement else { return }
        switch try stream.read() {
        case .endElement:
            return
        case .element:
            throw TraceError(.unknownElement,
                             "unexpected element '\(stream.elementRawName)' in <transition phase=\"\(phase)\">; only phase 'began' takes a <layout>",
                             at: stream.location)
        case .endOfDocument:
            throw TraceError(.truncated, "the trace ends inside <transition>", path: stream.path)
        }
    }
}
