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
        ElementDeclaration(.orthogonalScroll, time + [.required(.section, .sectionIndex)] + point, event: EventCodec(
            read: { parser throws(TraceError) in
                .orthogonalScroll(section: try parser.stream.count(.section), offset: try parser.point())
            },
            write: { kind, writer throws(TraceError) in
                guard case .orthogonalScroll(let section, let offset) = kind else { return }
                try writer.attribute(.section, section)
                try writer.writePoint(offset)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .orthogonalScroll(let section, let offset) = kind else { return }
                try writer.check(section, "\(what) section", .section)
                try writer.check(offset, "\(what) offset")
            })),
        ElementDeclaration(.drag, time + [.required(.phase, .phase)] + point
                           + [.paired(.velocityX, .velocity), .paired(.velocityY, .velocity)], event: EventCodec(
            read: { parser throws(TraceError) in
                let phase = try parser.stream.choice(.phase, as: GesturePhase.self)
                let point = try parser.point()
                var velocity: Point?
                switch (parser.stream.attribute(.velocityX), parser.stream.attribute(.velocityY)) {
                case (nil, nil):
                    velocity = nil
                case (let vx?, let vy?):
                    velocity = Point(x: try parser.stream.number(vx), y: try parser.stream.number(vy))
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
                    try writer.check(velocity.x, "\(what) velocity x", .velocityX)
                    try writer.check(velocity.y, "\(what) velocity y", .velocityY)
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
                return .pinch(phase: phase, location: point, scale: try parser.stream.number(.scale))
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
            .optional(.animated, .boolean), .optional(.duration, .duration), .optional(.countsAfter, .itemCountList),
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
        ElementDeclaration(.apply, time + [
            .optional(.animated, .boolean), .optional(.reloadData, .boolean), .optional(.reconfigure, .text),
            .optional(.reload, .text),
        ], content: .elements([.section]), event: EventCodec(
            read: { parser throws(TraceError) in
                let stream = parser.stream
                let animated = try stream.bool(.animated, default: true)
                let reloadData = try stream.bool(.reloadData, default: false)
                let reconfigure = stream.string(.reconfigure, default: "").split(whereSeparator: \.isWhitespace).map(String.init)
                let reload = stream.string(.reload, default: "").split(whereSeparator: \.isWhitespace).map(String.init)
                return .apply(SnapshotApply(animated: animated, reloadData: reloadData, reconfigure: reconfigure,
                                            reload: reload, sections: try stream.readSections()))
            },
            write: { kind, writer throws(TraceError) in
                guard case .apply(let apply) = kind else { return }
                try writer.attribute(.animated, apply.animated)
                if apply.reloadData { try writer.attribute(.reloadData, true) }
                if !apply.reconfigure.isEmpty { try writer.attribute(.reconfigure, apply.reconfigure.joined(separator: " ")) }
                if !apply.reload.isEmpty { try writer.attribute(.reload, apply.reload.joined(separator: " ")) }
                try writer.writeSections(apply.sections)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .apply(let apply) = kind else { return }
                for identifier in apply.reconfigure + apply.reload
                    where identifier.isEmpty || identifier.contains(where: \.isWhitespace) {
                    throw writer.unwritable("\(what) names the identifier '\(identifier)', which is empty or holds white space")
                }
                try writer.check(apply.sections, what)
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
                let duration = try parser.stream.number(.duration, default: BatchUpdate.defaultDuration)
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
            read: { parser throws(TraceError) in
                .resize(Size(width: try parser.stream.number(.width), height: try parser.stream.number(.height)))
            },
            write: { kind, writer throws(TraceError) in
                guard case .resize(let size) = kind else { return }
                try writer.attribute(.width, size.width)
                try writer.attribute(.height, size.height)
            },
            check: { kind, writer, what throws(TraceError) in
                guard case .resize(let size) = kind else { return }
                try writer.check(size.width, "\(what) width", .width)
                try writer.check(size.height, "\(what) height", .height)
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
        ElementDeclaration(.deleteItems, [.required(.section, .sectionIndex), .required(.at, .itemIndexList)],
                           operation: itemsCodec { .deleteItems(section: $0, items: $1) }),
        ElementDeclaration(.reloadItems, [.required(.section, .sectionIndex), .required(.at, .itemIndexList)],
                           operation: itemsCodec { .reloadItems(section: $0, items: $1) }),
        ElementDeclaration(.moveItem, [.required(.from, .indexPath), .required(.to, .indexPath)], operation: OperationCodec(
            read: { stream throws(TraceError) in .moveItem(from: try stream.indexPath(.from), to: try stream.indexPath(.to)) },
            write: { operation, writer throws(TraceError) in
                guard case .moveItem(let from, let to) = operation else { return }
                try writer.attribute(.from, from.description)
                try writer.attribute(.to, to.description)
            },
            check: { operation, writer, what throws(TraceError) in
                guard case .moveItem(let from, let to) = operation else { return }
                try writer.check(from, what, indexPath: .from)
                try writer.check(to, what, indexPath: .to)
            })),
        ElementDeclaration(.insertItems, [
            .required(.section, .sectionIndex), .required(.at, .itemIndexList), .optional(.sizes, .sizeList),
        ], operation: OperationCodec(
            read: { stream throws(TraceError) in
                let section = try stream.count(.section)
                let items = try stream.countList(stream.required(.at))
                var sizes: [Size]?
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
            },
            write: { operation, writer throws(TraceError) in
                guard case .insertItems(let section, let items, let sizes) = operation else { return }
                try writer.attribute(.section, section)
                try writer.attribute(.at, writer.countList(items))
                if let sizes { try writer.attribute(.sizes, writer.sizeList(sizes)) }
            },
            check: { operation, writer, what throws(TraceError) in
                guard case .insertItems(let section, let items, let sizes) = operation else { return }
                try writer.check(section, "\(what) section", .section)
                for item in items { try writer.check(item, "\(what) item", .at) }
                guard let sizes else { return }
                guard sizes.count == items.count else {
                    throw writer.unwritable("\(what) inserts \(items.count) items but gives \(sizes.count) sizes")
                }
                for size in sizes { try writer.check(size, "\(what) size", .sizes) }
                try writer.fits(sizes, what, attribute: "sizes", besides: 32 + 8 * items.count)
            })),
        ElementDeclaration(.insertSection, [.required(.at, .sectionIndex), .required(.items, .itemCount)],
                           operation: sectionCodec { .insertSection(at: $0, items: $1) }),
        ElementDeclaration(.deleteSection, [.required(.at, .sectionIndex)], operation: OperationCodec(
            read: { stream throws(TraceError) in .deleteSection(at: try stream.count(.at)) },
            write: { operation, writer throws(TraceError) in
                guard case .deleteSection(let at) = operation else { return }
                try writer.attribute(.at, at)
            },
            check: { operation, writer, what throws(TraceError) in
                guard case .deleteSection(let at) = operation else { return }
                try writer.check(at, "\(what) section", .at)
            })),
        ElementDeclaration(.reloadSection, [.required(.at, .sectionIndex), .required(.items, .itemCount)],
                           operation: sectionCodec { .reloadSection(at: $0, items: $1) }),
        ElementDeclaration(.moveSection, [.required(.from, .sectionIndex), .required(.to, .sectionIndex)],
                           operation: OperationCodec(
            read: { stream throws(TraceError) in .moveSection(from: try stream.count(.from), to: try stream.count(.to)) },
            write: { operation, writer throws(TraceError) in
                guard case .moveSection(let from, let to) = operation else { return }
                try writer.attribute(.from, from)
                try writer.attribute(.to, to)
            },
            check: { operation, writer, what throws(TraceError) in
                guard case .moveSection(let from, let to) = operation else { return }
                try writer.check(from, "\(what) from", .from)
                try writer.check(to, "\(what) to", .to)
            })),
    ]

    /// The codec of `<delete-items>` and `<reload-items>` (`section`, `at`), which differ only in the case
    /// `make` builds.
    private static func itemsCodec(
        _ make: @escaping @Sendable (_ section: Int, _ items: [Int]) -> BatchUpdate.Operation
    ) -> OperationCodec {
        OperationCodec(
            read: { stream throws(TraceError) in make(try stream.count(.section), try stream.countList(stream.required(.at))) },
            write: { operation, writer throws(TraceError) in
                switch operation {
                case .deleteItems(let section, let items), .reloadItems(let section, let items):
                    try writer.attribute(.section, section)
                    try writer.attribute(.at, writer.countList(items))
                default: return
                }
            },
            check: { operation, writer, what throws(TraceError) in
                switch operation {
                case .deleteItems(let section, let items), .reloadItems(let section, let items):
                    try writer.check(section, "\(what) section", .section)
                    for item in items { try writer.check(item, "\(what) item", .at) }
                default: return
                }
            })
    }

    /// The codec of `<insert-section>` and `<reload-section>` (`at`, `items`), which differ only in the
    /// case `make` builds.
    private static func sectionCodec(
        _ make: @escaping @Sendable (_ at: Int, _ items: Int) -> BatchUpdate.Operation
    ) -> OperationCodec {
        OperationCodec(
            read: { stream throws(TraceError) in make(try stream.count(.at), try stream.count(.items)) },
            write: { operation, writer throws(TraceError) in
                switch operation {
                case .insertSection(let at, let items), .reloadSection(let at, let items):
                    try writer.attribute(.at, at)
                    try writer.attribute(.items, items)
                default: return
                }
            },
            check: { operation, writer, what throws(TraceError) in
                switch operation {
                case .insertSection(let at, let items), .reloadSection(let at, let items):
                    try writer.check(at, "\(what) section", .at)
                    try writer.check(items, "\(what) item count", .items)
                default: return
                }
            })
    }

    // Attribute groups several elements share (the schema's `time`, `point` and `item`).
    private static let time: [AttributeDeclaration] = [.required(.t, .seconds)]
    private static let point: [AttributeDeclaration] = [.required(.x, .coordinate), .required(.y, .coordinate)]
    private static let item: [AttributeDeclaration] = [.required(.section, .sectionIndex), .required(.item, .itemIndex)]
}

/// How an element becomes its model value and back: read from its attributes (which the reader has
/// checked against the declaration) and its content, written the same, in the declaration's order; and what
/// the writer refuses of it first. The ranges of its values are its declaration's (``ValueKind``): the
/// reader's and the writer's accessors take them from there by the attribute's name.
struct ElementCodec<Value, Reader>: Sendable {
    /// Reads the element's value: for an event, from the attributes after `t` and, for an element with
    /// content, up to its end.
    let read: @Sendable (_ reader: Reader) throws(TraceError) -> Value
    /// Writes the attributes (for an event, those after `t`) and the content of `value`, which is this
    /// element's.
    let write: @Sendable (_ value: Value, _ writer: TraceWriter) throws(TraceError) -> Void
    /// Throws what the writer refuses of `value` (a value the reader would not read back); `what` names the
    /// element in messages.
    let check: @Sendable (_ value: Value, _ writer: TraceWriter, _ what: String) throws(TraceError) -> Void
}

/// How an event (``TraceEvent/Kind``) is read, written and checked.
typealias EventCodec = ElementCodec<TraceEvent.Kind, EventParser>

/// How an operation of a batch (``BatchUpdate/Operation``) is read, written and checked.
typealias OperationCodec = ElementCodec<BatchUpdate.Operation, XMLStream>

extension TraceEvent.Kind {
    /// The format's name for this kind's element.
    var xmlName: XMLName {
        switch self {
        case .scroll: .scroll
        case .orthogonalScroll: .orthogonalScroll
        case .drag: .drag
        case .tap: .tap
        case .longPress: .longPress
        case .menu: .menu
        case .pinch: .pinch
        case .batch: .batch
        case .reloadData: .reloadData
        case .apply: .apply
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

    /// How this operation is read, written and checked.
    var codec: OperationCodec {
        guard let codec = TraceFormat.element(xmlName).operation else {
            preconditionFailure("<\(xmlName.text)> is declared without a codec")
        }
        return codec
    }
}
