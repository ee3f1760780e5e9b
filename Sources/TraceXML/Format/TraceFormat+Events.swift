/// The events and the operations of a batch: each one's attributes, and how it is read into the model,
/// written, and refused when the format cannot hold it.
extension TraceFormat {
    /// The events, children of `<events>`.
    static let events: [ElementDeclaration] = [
        ElementDeclaration(.scroll, time + point, event: EventCodec(
            read: { parser throws(TraceError) in .scroll(offset: try parser.point()) },
            write: { kind, writer throws(TraceError) in
                guard case .scroll(let offset) = kind else { return }
                try writer.writePoint(offset)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .scroll(let offset) = kind else { return }
                try writer.check(offset, "\(what) offset")
            })),
        ElementDeclaration(.drag, time + [.required(.phase, .phase)] + point
                           + [.paired(.velocityX, .velocity), .paired(.velocityY, .velocity)], event: EventCodec(
            read: { parser throws(TraceError) in
                let phase = try parser.stream.choice(.phase, as: GesturePhase.self)
                let point = try parser.point()
                var velocity: TracePoint?
                switch (parser.stream.attribute(.velocityX), parser.stream.attribute(.velocityY)) {
                case (nil, nil):
                    velocity = nil
                case (let vx?, let vy?):
                    velocity = TracePoint(x: try parser.stream.number(vx, .velocity), y: try parser.stream.number(vy, .velocity))
                case (nil, _?):
                    throw parser.stream.missing(.velocityX, " (given 'velocity-y'; a velocity needs both)")
                case (_?, nil):
                    throw parser.stream.missing(.velocityY, " (given 'velocity-x'; a velocity needs both)")
                }
                return .drag(phase: phase, location: point, velocity: velocity)
            },
            write: { kind, writer throws(TraceError) in
                guard case .drag(let phase, let location, let velocity) = kind else { return }
                try writer.attribute(.phase, phase.rawValue)
                try writer.writePoint(location)
                if let velocity {
                    try writer.attribute(.velocityX, velocity.x)
                    try writer.attribute(.velocityY, velocity.y)
                }
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .drag(_, let location, let velocity) = kind else { return }
                try writer.check(location, "\(what) location")
                if let velocity {
                    try writer.check(velocity.x, "\(what) velocity x", .velocity)
                    try writer.check(velocity.y, "\(what) velocity y", .velocity)
                }
            })),
        ElementDeclaration(.tap, time + point, event: EventCodec(
            read: { parser throws(TraceError) in .tap(location: try parser.point()) },
            write: { kind, writer throws(TraceError) in
                guard case .tap(let location) = kind else { return }
                try writer.writePoint(location)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .tap(let location) = kind else { return }
                try writer.check(location, "\(what) location")
            })),
        ElementDeclaration(.longPress, time + [.required(.phase, .phase)] + point, event: EventCodec(
            read: { parser throws(TraceError) in .longPress(phase: try parser.stream.choice(.phase, as: GesturePhase.self), location: try parser.point()) },
            write: { kind, writer throws(TraceError) in
                guard case .longPress(let phase, let location) = kind else { return }
                try writer.attribute(.phase, phase.rawValue)
                try writer.writePoint(location)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .longPress(_, let location) = kind else { return }
                try writer.check(location, "\(what) location")
            })),
        ElementDeclaration(.menu, time + item + [.required(.action, .text)], event: EventCodec(
            read: { parser throws(TraceError) in
                let item = try parser.indexPath()
                return .menu(item: item, action: try parser.stream.string(.action))
            },
            write: { kind, writer throws(TraceError) in
                guard case .menu(let item, let action) = kind else { return }
                try writer.writeItem(item)
                try writer.attribute(.action, action)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .menu(let item, let action) = kind else { return }
                try writer.check(item, what)
                try writer.checkText(action, "\(what) action")
            })),
        ElementDeclaration(.pinch, time + [.required(.phase, .phase)] + point + [.required(.scale, .scale)],
                           event: EventCodec(
            read: { parser throws(TraceError) in
                let phase = try parser.stream.choice(.phase, as: GesturePhase.self)
                let point = try parser.point()
                return .pinch(phase: phase, location: point, scale: try parser.stream.number(.scale, .pinchScale))
            },
            write: { kind, writer throws(TraceError) in
                guard case .pinch(let phase, let location, let scale) = kind else { return }
                try writer.attribute(.phase, phase.rawValue)
                try writer.writePoint(location)
                try writer.attribute(.scale, scale)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .pinch(_, let location, let scale) = kind else { return }
                try writer.check(location, "\(what) location")
                try writer.check(scale, "\(what) scale", .scale)
            })),
        ElementDeclaration(.batch, time + [
            .optional(.animated, .boolean), .optional(.duration, .duration), .optional(.countsAfter, .countList),
        ], content: .elements(operations.map(\.name)), event: EventCodec(
            read: { parser throws(TraceError) in .batch(try parser.readBatch()) },
            write: { kind, writer throws(TraceError) in
                guard case .batch(let update) = kind else { return }
                try writer.attribute(.animated, update.animated)
                try writer.attribute(.duration, update.duration)
                if let counts = update.countsAfter { try writer.attribute(.countsAfter, writer.countList(counts)) }
                for operation in update.operations { try writer.writeOperation(operation) }
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .batch(let update) = kind else { return }
                try writer.check(update, what)
            })),
        ElementDeclaration(.reloadData, time, content: .elements([.section]), event: EventCodec(
            read: { parser throws(TraceError) in .reloadData(sections: try parser.stream.readSections()) },
            write: { kind, writer throws(TraceError) in
                guard case .reloadData(let sections) = kind else { return }
                try writer.writeSections(sections)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .reloadData(let sections) = kind else { return }
                try writer.check(sections, what)
            })),
        ElementDeclaration(.scrollToItem, time + item + [.optional(.position, .position), .optional(.animated, .boolean)],
                           event: EventCodec(
            read: { parser throws(TraceError) in
                let item = try parser.indexPath()
                let position = try parser.stream.attribute(.position).map { a throws(TraceError) in
                    try parser.stream.choice(a, as: ScrollPosition.self)
                } ?? .center
                return .scrollToItem(item: item, position: position, animated: try parser.stream.bool(.animated, default: false))
            },
            write: { kind, writer throws(TraceError) in
                guard case .scrollToItem(let item, let position, let animated) = kind else { return }
                try writer.writeItem(item)
                try writer.attribute(.position, position.rawValue)
                try writer.attribute(.animated, animated)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .scrollToItem(let item, _, _) = kind else { return }
                try writer.check(item, what)
            })),
        ElementDeclaration(.select, time + item, event: EventCodec(
            read: { parser throws(TraceError) in .select(item: try parser.indexPath()) },
            write: { kind, writer throws(TraceError) in
                guard case .select(let item) = kind else { return }
                try writer.writeItem(item)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .select(let item) = kind else { return }
                try writer.check(item, what)
            })),
        ElementDeclaration(.deselect, time + item, event: EventCodec(
            read: { parser throws(TraceError) in .deselect(item: try parser.indexPath()) },
            write: { kind, writer throws(TraceError) in
                guard case .deselect(let item) = kind else { return }
                try writer.writeItem(item)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .deselect(let item) = kind else { return }
                try writer.check(item, what)
            })),
        ElementDeclaration(.setLayout, time + [.optional(.animated, .boolean), .optional(.duration, .duration)],
                           content: .layout, event: EventCodec(
            read: { parser throws(TraceError) in
                let animated = try parser.stream.bool(.animated, default: false)
                let duration = try parser.stream.number(.duration, .duration, default: BatchUpdate.defaultDuration)
                return .setLayout(try parser.readLayoutChild(of: "<set-layout>"), animated: animated, duration: duration)
            },
            write: { kind, writer throws(TraceError) in
                guard case .setLayout(let layout, let animated, let duration) = kind else { return }
                try writer.attribute(.animated, animated)
                try writer.attribute(.duration, duration)
                try writer.writeLayout(layout)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .setLayout(let layout, _, let duration) = kind else { return }
                try writer.check(duration, "\(what) duration", .duration)
                try writer.check(layout)
            })),
        ElementDeclaration(.transition, time + [
            .required(.phase, .transitionPhase), .inChangedPhase(.progress, .progress),
        ], content: .layoutInBeganPhase, event: EventCodec(
            read: { parser throws(TraceError) in .transition(try parser.readTransition()) },
            write: { kind, writer throws(TraceError) in
                guard case .transition(let phase) = kind else { return }
                try writer.attribute(.phase, phase.name)
                switch phase {
                case .began(let layout): try writer.writeLayout(layout)
                case .changed(let progress): try writer.attribute(.progress, progress)
                case .finished, .cancelled: break
                }
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .transition(let phase) = kind else { return }
                switch phase {
                case .began(let layout): try writer.check(layout)
                case .changed(let progress): try writer.check(progress, "\(what) progress", .progress)
                case .finished, .cancelled: break
                }
            })),
        ElementDeclaration(.resize, time + [.required(.width, .viewLength), .required(.height, .viewLength)],
                           event: EventCodec(
            read: { parser throws(TraceError) in .resize(TraceSize(width: try parser.stream.number(.width, .viewLength),
                                   height: try parser.stream.number(.height, .viewLength))) },
            write: { kind, writer throws(TraceError) in
                guard case .resize(let size) = kind else { return }
                try writer.attribute(.width, size.width)
                try writer.attribute(.height, size.height)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .resize(let size) = kind else { return }
                try writer.check(size.width, "\(what) width", .viewLength)
                try writer.check(size.height, "\(what) height", .viewLength)
            })),
        ElementDeclaration(.marker, time + [.required(.label, .text)], event: EventCodec(
            read: { parser throws(TraceError) in .marker(label: try parser.stream.string(.label)) },
            write: { kind, writer throws(TraceError) in
                guard case .marker(let label) = kind else { return }
                try writer.attribute(.label, label)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .marker(let label) = kind else { return }
                try writer.checkText(label, "\(what) label")
            })),
    ]

    /// The operations of a `<batch>`.
    static let operations: [ElementDeclaration] = [
        ElementDeclaration(.deleteItems, [.required(.section, .sectionIndex), .required(.at, .countList)]),
        ElementDeclaration(.reloadItems, [.required(.section, .sectionIndex), .required(.at, .countList)]),
        ElementDeclaration(.moveItem, [.required(.from, .indexPath), .required(.to, .indexPath)]),
        ElementDeclaration(.insertItems, [
            .required(.section, .sectionIndex), .required(.at, .countList), .optional(.sizes, .sizeList),
        ]),
        ElementDeclaration(.insertSection, [.required(.at, .sectionIndex), .required(.items, .itemCount)]),
        ElementDeclaration(.deleteSection, [.required(.at, .sectionIndex)]),
        ElementDeclaration(.reloadSection, [.required(.at, .sectionIndex), .required(.items, .itemCount)]),
        ElementDeclaration(.moveSection, [.required(.from, .sectionIndex), .required(.to, .sectionIndex)]),
    ]

    // Attribute groups several elements share (the schema's `time`, `point` and `item`).
    private static let time: [AttributeDeclaration] = [.required(.t, .seconds)]
    private static let point: [AttributeDeclaration] = [.required(.x, .coordinate), .required(.y, .coordinate)]
    private static let item: [AttributeDeclaration] = [.required(.section, .sectionIndex), .required(.item, .itemIndex)]
}

/// How an event becomes its model value (``TraceEvent/Kind``) and back: read from its attributes after `t`
/// and its content, written the same, in the declaration's order; and what the writer refuses of it first.
struct EventCodec: Sendable {
    /// Reads the event from the attributes after `t` (which the reader has checked against the declaration)
    /// and, for an element with content, up to its end.
    let read: @Sendable (_ parser: EventParser) throws(TraceError) -> TraceEvent.Kind
    /// Writes the attributes after `t` and the content of the event `kind`, which is this element's.
    let write: @Sendable (_ kind: TraceEvent.Kind, _ writer: TraceWriter) throws(TraceError) -> Void
    /// Throws what the writer refuses of `kind` (a value the reader would not read back); `what` names the
    /// event in messages.
    let check: @Sendable (_ kind: TraceEvent.Kind, _ writer: TraceWriter, _ what: String) throws(TraceError) -> Void
}

extension TraceEvent.Kind {
    /// The format's name for this kind's element.
    var xmlName: XMLName {
        switch self {
        case .scroll: .scroll
        case .drag: .drag
        case .tap: .tap
        case .longPress: .longPress
        case .menu: .menu
        case .pinch: .pinch
        case .batch: .batch
        case .reloadData: .reloadData
        case .scrollToItem: .scrollToItem
        case .select: .select
        case .deselect: .deselect
        case .setLayout: .setLayout
        case .transition: .transition
        case .resize: .resize
        case .marker: .marker
        }
    }

    /// How this kind is written.
    var codec: EventCodec {
        guard let codec = TraceFormat.element(xmlName).event else {
            preconditionFailure("<\(xmlName.text)> is declared without a codec")
        }
        return codec
    }
}

extension BatchUpdate.Operation {
    /// The format's name for this operation's element.
    var xmlName: XMLName {
        switch self {
        case .deleteItems: .deleteItems
        case .reloadItems: .reloadItems
        case .moveItem: .moveItem
        case .insertItems: .insertItems
        case .insertSection: .insertSection
        case .deleteSection: .deleteSection
        case .reloadSection: .reloadSection
        case .moveSection: .moveSection
        }
    }
}
