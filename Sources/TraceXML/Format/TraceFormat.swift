/// The trace format, declared once: every element, the attributes it takes (in the order the writer writes
/// them and the reader's messages list them), whether each is required, the kind of value it holds (its
/// syntax and range, ``ValueKind``), and what the element may contain.
///
/// The schema checker's tables, the reader's lists of allowed attributes and children, its dispatch of
/// events and of a batch's operations to their codecs (``ElementCodec``), the range of every value the reader
/// reads and the writer refuses (looked up by attribute name), and the writer's attribute order derive from
/// this table; `FormatDeclarationTests` proves that `Traces/trace.rng` declares the same elements,
/// attributes, required and optional, value patterns and ranges. Adding an element is one ``XMLName`` case,
/// one entry here with its codec, its model case, and the schema's definition, which the test then holds to
/// this entry (see the Trace Format article, "One declaration of the format").
enum TraceFormat {
    /// The root element.
    static let root = XMLName.trace

    /// Every element of the format, `<trace>` first.
    static let elements: [ElementDeclaration] = header + events + operations

    /// The header's elements, the root and the containers.
    static let header: [ElementDeclaration] = [
        ElementDeclaration(.trace, [.required(.version, .versionOne)],
                           content: .sequence([(.meta, false), (.collectionView, true), (.frameIntervals, false), (.layout, true),
                                                (.data, true), (.workload, false), (.events, true)])),
        ElementDeclaration(.meta, [], content: .anything),
        ElementDeclaration(.collectionView, [
            .required(.width, .viewLength), .required(.height, .viewLength),
            .optional(.refreshRate, .refreshRate), .optional(.contentInset, .insets), .optional(.paging, .boolean),
            .optional(.decelerationRate, .decelerationRate), .optional(.allowsSelection, .boolean),
            .optional(.allowsMultipleSelection, .boolean), .optional(.prefetching, .boolean),
            .optional(.safeArea, .nonNegativeInsets), .optional(.layoutMargins, .nonNegativeInsets),
            .optional(.scale, .displayScale), .optional(.layoutDirection, .layoutDirection),
            .optional(.ios, .iosVersion),
            .optional(.bounces, .boolean), .optional(.alwaysBounceVertical, .boolean),
            .optional(.alwaysBounceHorizontal, .boolean),
        ]),
        ElementDeclaration(.frameIntervals, [.required(.ms, .intervalList)]),
        // `name` picks the layout from the catalogue; every other attribute is one of its parameters.
        ElementDeclaration(.layout, [.required(.name, .nonEmpty)], takesOtherAttributes: true),
        ElementDeclaration(.data, [], content: .elements([.section])),
        ElementDeclaration(.section, [
            .required(.items, .itemsOrIdentifiers), .optional(.itemSizes, .sizeList), .optional(.reuseIdentifier, .text),
            .optional(.inset, .nonNegativeInsets), .optional(.minimumLineSpacing, .spacing),
            .optional(.minimumInteritemSpacing, .spacing), .optional(.headerSize, .size), .optional(.footerSize, .size),
            .optional(.unstableItems, .itemIndexList), .optional(.unstableDelta, .sizeDelta),
            .optional(.id, .nonEmpty),
        ], content: .sizeChunks(unlessAttribute: .itemSizes)),
        ElementDeclaration(.itemSizes, [], content: .text(.sizeList)),
        ElementDeclaration(.workload, [], content: .elements([.cell, .supplementary, .diffable, .visibleItemsHandler])),
        ElementDeclaration(.cell, [.required(.reuseIdentifier, .text)] + costs),
        ElementDeclaration(.supplementary, [.required(.kind, .text)] + costs),
        ElementDeclaration(.diffable, [.optional(.perItem, .cost)]),
        ElementDeclaration(.visibleItemsHandler, [.optional(.perItem, .cost)]),
        ElementDeclaration(.events, [], content: .elements(events.map(\.name))),
    ]

    // The events and the operations of a batch: TraceFormat+Events.swift.

    // Attribute groups several elements share (the schema's `costs`).
    private static let costs: [AttributeDeclaration] = [
        .optional(.create, .cost), .optional(.configure, .cost), .optional(.prepareForReuse, .cost),
        .optional(.measure, .cost),
    ]

    /// The declaration of element `name`, or nil when the format has no such element; indexed by
    /// ``XMLName/ordinal``.
    static let byName: [ElementDeclaration?] = {
        var table = [ElementDeclaration?](repeating: nil, count: XMLName.allCases.count)
        for element in elements {
            precondition(table[element.name.ordinal] == nil, "<\(element.name.text)> is declared twice")
            table[element.name.ordinal] = element
        }
        return table
    }()

    /// The declaration of element `name`; a programming error when the format declares none.
    static func element(_ name: XMLName) -> ElementDeclaration {
        guard let element = byName[name.ordinal] else { preconditionFailure("<\(name.text)> is not declared") }
        return element
    }
}

/// One element of the format.
struct ElementDeclaration: Sendable {
    let name: XMLName
    /// Its attributes, in the order the writer writes them and the reader's messages list them.
    let attributes: [AttributeDeclaration]
    /// Whether it takes attributes besides ``attributes`` (`<layout>`'s parameters).
    let takesOtherAttributes: Bool
    let content: Content
    /// How an event is read, written and checked, for an event.
    let event: EventCodec?
    /// How an operation of a batch is read, written and checked, for an operation.
    let operation: OperationCodec?

    /// What an element may contain.
    enum Content: Sendable {
        /// Nothing (white space aside).
        case empty
        /// Any attributes, text and elements (`<meta>`).
        case anything
        /// Any number of these elements, in any order.
        case elements([XMLName])
        /// These elements in this order, each once; the optional ones (`false`) may be left out.
        case sequence([(XMLName, required: Bool)])
        /// One `<layout>`.
        case layout
        /// One `<layout>` when its `phase` is `began`, else nothing (`<transition>`).
        case layoutInBeganPhase
        /// One or more `<item-sizes>` chunks, or nothing when it has the attribute (`<section>`).
        case sizeChunks(unlessAttribute: XMLName)
        /// Text of this kind, in one piece.
        case text(ValueKind)
    }

    init(_ name: XMLName, _ attributes: [AttributeDeclaration], takesOtherAttributes: Bool = false,
         content: Content = .empty, event: EventCodec? = nil, operation: OperationCodec? = nil) {
        precondition(attributes.count <= 32, "an element's attributes are a 32-bit set")
        self.name = name
        self.attributes = attributes
        self.takesOtherAttributes = takesOtherAttributes
        self.content = content
        self.event = event
        self.operation = operation
    }

    /// The names of its attributes, in order.
    var attributeNames: [XMLName] { attributes.map(\.name) }

    /// The declaration of attribute `name`, or nil.
    func attribute(_ name: XMLName) -> AttributeDeclaration? { attributes.first { $0.name == name } }

    /// The elements it may contain (in any of its content's forms).
    var children: [XMLName] {
        switch content {
        case .empty, .anything, .text: []
        case .elements(let names): names
        case .sequence(let names): names.map(\.0)
        case .layout, .layoutInBeganPhase: [.layout]
        case .sizeChunks: [.itemSizes]
        }
    }
}

/// One attribute of an element.
struct AttributeDeclaration: Sendable {
    let name: XMLName
    let value: ValueKind
    let use: Use

    enum Use: Sendable, Equatable {
        case required
        case optional
        /// Optional, but given with the other paired attributes of its element or not at all (`velocity-x`
        /// and `velocity-y`).
        case paired
        /// Required when the element's `phase` is `changed`, and allowed only then (`<transition>`'s
        /// `progress`).
        case inChangedPhase
    }

    static func required(_ name: XMLName, _ value: ValueKind) -> Self { Self(name: name, value: value, use: .required) }
    static func optional(_ name: XMLName, _ value: ValueKind) -> Self { Self(name: name, value: value, use: .optional) }
    static func paired(_ name: XMLName, _ value: ValueKind) -> Self { Self(name: name, value: value, use: .paired) }
    static func inChangedPhase(_ name: XMLName, _ value: ValueKind) -> Self {
        Self(name: name, value: value, use: .inChangedPhase)
    }
}
