/// Reads one event element (the stream is on its start) and, for those with children, up to its end.
struct EventParser {
    let stream: XMLStream
    let previousTime: Double
    let previousTimeLine: Int

    static let eventElements: [XMLName] = [
        .scroll, .drag, .tap, .longPress, .menu, .pinch, .batch, .reloadData, .scrollToItem, .select,
        .deselect, .setLayout, .transition, .resize, .marker,
    ]

    static let operationElements: [XMLName] = [
        .deleteItems, .reloadItems, .moveItem, .insertItems, .insertSection, .deleteSection, .reloadSection,
        .moveSection,
    ]

    /// Whether `name` is one of ``eventElements`` (a switch, not a search, on the hot path).
    static func isEvent(_ name: XMLName) -> Bool {
        switch name {
        case .scroll, .drag, .tap, .longPress, .menu, .pinch, .batch, .reloadData, .scrollToItem, .select,
             .deselect, .setLayout, .transition, .resize, .marker:
            true
        default:
            false
        }
    }

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
        let time = try checkedTime(try stream.number(t, .time))
        if hasOthers { try stream.checkAttributes([.t, .x, .y]) }
        guard let x else { throw stream.missing(.x) }
        let offsetX = try stream.number(x, .coordinate)
        guard let y else { throw stream.missing(.y) }
        let offset = TracePoint(x: offsetX, y: try stream.number(y, .coordinate))
        try stream.finishLeaf()
        return TraceEvent(time: time, kind: .scroll(offset: offset), location: location)
    }

    @inline(never)
    private func parseOther(_ name: XMLName, time: Double, location: TraceLocation) throws(TraceError) -> TraceEvent {
        switch name {
        case .drag:
            try stream.checkAttributes([.t, .phase, .x, .y, .velocityX, .velocityY])
            let phase = try stream.choice(.phase, as: GesturePhase.self)
            let point = try point()
            var velocity: TracePoint?
            switch (stream.attribute(.velocityX), stream.attribute(.velocityY)) {
            case (nil, nil):
                velocity = nil
            case (let vx?, let vy?):
                velocity = TracePoint(x: try stream.number(vx, .velocity), y: try stream.number(vy, .velocity))
            case (nil, _?):
                throw stream.missing(.velocityX, " (given 'velocity-y'; a velocity needs both)")
            case (_?, nil):
                throw stream.missing(.velocityY, " (given 'velocity-x'; a velocity needs both)")
            }
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .drag(phase: phase, location: point, velocity: velocity), location: location)
        case .tap:
            try stream.checkAttributes([.t, .x, .y])
            let point = try point()
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .tap(location: point), location: location)
        case .longPress:
            try stream.checkAttributes([.t, .phase, .x, .y])
            let phase = try stream.choice(.phase, as: GesturePhase.self)
            let point = try point()
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .longPress(phase: phase, location: point), location: location)
        case .menu:
            try stream.checkAttributes([.t, .section, .item, .action])
            let item = try indexPath()
            let action = try stream.string(.action)
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .menu(item: item, action: action), location: location)
        case .pinch:
            try stream.checkAttributes([.t, .phase, .x, .y, .scale])
            let phase = try stream.choice(.phase, as: GesturePhase.self)
            let point = try point()
            let scale = try stream.number(.scale, .pinchScale)
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .pinch(phase: phase, location: point, scale: scale), location: location)
        case .scrollToItem:
            try stream.checkAttributes([.t, .section, .item, .position, .animated])
            let item = try indexPath()
            let position = try stream.attribute(.position).map { a throws(TraceError) in
                try stream.choice(a, as: ScrollPosition.self)
            } ?? .center
            let animated = try stream.bool(.animated, default: false)
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .scrollToItem(item: item, position: position, animated: animated),
                              location: location)
        case .select:
            try stream.checkAttributes([.t, .section, .item])
            let item = try indexPath()
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .select(item: item), location: location)
        case .deselect:
            try stream.checkAttributes([.t, .section, .item])
            let item = try indexPath()
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .deselect(item: item), location: location)
        case .resize:
            try stream.checkAttributes([.t, .width, .height])
            let size = TraceSize(width: try stream.number(.width, .viewLength),
                                 height: try stream.number(.height, .viewLength))
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .resize(size), location: location)
        case .marker:
            try stream.checkAttributes([.t, .label])
            let label = try stream.string(.label)
            try stream.finishLeaf()
            return TraceEvent(time: time, kind: .marker(label: label), location: location)
        case .batch:
            return TraceEvent(time: time, kind: .batch(try readBatch()), location: location)
        case .reloadData:
            try stream.checkAttributes([.t])
            return TraceEvent(time: time, kind: .reloadData(sections: try stream.readSections()), location: location)
        case .setLayout:
            try stream.checkAttributes([.t, .animated, .duration])
            let animated = try stream.bool(.animated, default: false)
            let duration = try stream.number(.duration, .duration, default: BatchUpdate.defaultDuration)
            let layout = try readLayoutChild(of: "<set-layout>")
            return TraceEvent(time: time, kind: .setLayout(layout, animated: animated, duration: duration), location: location)
        case .transition:
            return TraceEvent(time: time, kind: .transition(try readTransition()), location: location)
        default:
            throw stream.unexpectedChild(in: "events", expected: EventParser.eventElements)
        }
    }

    private func readTime() throws(TraceError) -> Double {
        try checkedTime(try stream.number(.t, .time))
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

    private func point() throws(TraceError) -> TracePoint {
        TracePoint(x: try stream.number(.x, .coordinate), y: try stream.number(.y, .coordinate))
    }

    private func indexPath() throws(TraceError) -> TraceIndexPath {
        TraceIndexPath(section: try stream.count(.section, .section), item: try stream.count(.item, .item))
    }

    private func readBatch() throws(TraceError) -> BatchUpdate {
        try stream.checkAttributes([.t, .animated, .duration, .countsAfter])
        var update = BatchUpdate(animated: try stream.bool(.animated, default: true),
                                 duration: try stream.number(.duration, .duration, default: BatchUpdate.defaultDuration),
                                 countsAfter: try stream.attribute(.countsAfter).map { a throws(TraceError) in
                                     try stream.countList(a, .items, maximumLength: TraceLimits.sections)
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

    private func readOperation() throws(TraceError) -> BatchUpdate.Operation {
        switch stream.elementName {
        case .deleteItems:
            try stream.checkAttributes([.section, .at])
            return .deleteItems(section: try stream.count(.section, .section), items: try stream.countList(stream.required(.at), .item))
        case .reloadItems:
            try stream.checkAttributes([.section, .at])
            return .reloadItems(section: try stream.count(.section, .section), items: try stream.countList(stream.required(.at), .item))
        case .moveItem:
            try stream.checkAttributes([.from, .to])
            return .moveItem(from: try stream.indexPath(.from), to: try stream.indexPath(.to))
        case .insertItems:
            try stream.checkAttributes([.section, .at, .sizes])
            let section = try stream.count(.section, .section)
            let items = try stream.countList(stream.required(.at), .item)
            var sizes: [TraceSize]?
            if let attribute = stream.attribute(.sizes) {
                // Runs are expanded: no more sizes than 'at' has items, so a run cannot make the list large.
                let list = try stream.sizeList(attribute, maximumCount: items.count)
                guard list.count == items.count else {
                    throw TraceError(.invalidValue,
                                     "attribute 'sizes' of <insert-items> has \(list.count) sizes but 'at' has \(items.count) items; expected one size per item",
                                     at: stream.location(ofAttribute: "sizes"))
                }
                sizes = list
            }
            return .insertItems(section: section, items: items, sizes: sizes)
        case .insertSection:
            try stream.checkAttributes([.at, .items])
            return .insertSection(at: try stream.count(.at, .section), items: try stream.count(.items, .items))
        case .deleteSection:
            try stream.checkAttributes([.at])
            return .deleteSection(at: try stream.count(.at, .section))
        case .reloadSection:
            try stream.checkAttributes([.at, .items])
            return .reloadSection(at: try stream.count(.at, .section), items: try stream.count(.items, .items))
        case .moveSection:
            try stream.checkAttributes([.from, .to])
            return .moveSection(from: try stream.count(.from, .section), to: try stream.count(.to, .section))
        default:
            throw stream.unexpectedChild(in: "batch", expected: EventParser.operationElements)
        }
    }

    /// The single `<layout>` child of `<set-layout>` or `<transition phase="began">`, up to the parent's end.
    private func readLayoutChild(of parent: String) throws(TraceError) -> LayoutDescription {
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

    private func readTransition() throws(TraceError) -> TransitionPhase {
        try stream.checkAttributes([.t, .phase, .progress])
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
            let value = try stream.number(progress, .progress)
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
