/// Reads `<trace>` up to and including the start of `<events>`.
struct HeaderParser {
    let stream: XMLStream

    private static let eventsMarker = XMLName.events

    /// The header, and whether the trace is already complete (an empty `<events/>`).
    func parse() throws(TraceError) -> (TraceHeader, Bool) {
        guard case .element = try stream.read() else {
            throw TraceError(.missing, "the document has no root element; expected <trace>", path: stream.path)
        }
        guard stream.elementName == .trace else {
            throw TraceError(.unknownElement, "unknown root element '\(stream.elementRawName)'; expected 'trace'",
                             at: stream.location)
        }
        let traceLocation = stream.location
        stream.headerPlace = "in <trace>"
        try stream.checkAttributes(of: .trace)
        let versionAttribute = try stream.required(.version)
        guard versionAttribute.valueText == String(TraceHeader.currentVersion) else {
            throw TraceError(.unsupportedVersion,
                             "unsupported trace version '\(abbreviated(versionAttribute.valueText))'; expected '\(TraceHeader.currentVersion)'",
                             at: stream.location(ofAttribute: "version"))
        }
        if stream.isEmptyElement {
            throw TraceError(.missing, "missing element <collection-view> in <trace>", at: traceLocation)
        }

        var node = try stream.read()
        var meta: [MetaEntry] = []
        if case .element = node, stream.elementName == .meta {
            stream.headerPlace = "in <meta>"
            meta = try readMeta()
            stream.headerPlace = "after <meta>"
            node = try stream.read()
        }
        try expect(.collectionView, node, after: meta.isEmpty ? nil : "meta", traceLocation)
        stream.headerPlace = "in <collection-view>"
        let collectionView = try readCollectionView()
        stream.headerPlace = "after <collection-view>"
        node = try stream.read()
        var frameIntervals: FrameIntervals?
        if case .element = node, stream.elementName == .frameIntervals {
            stream.headerPlace = "in <frame-intervals>"
            frameIntervals = try readFrameIntervals()
            stream.headerPlace = "after <frame-intervals>"
            node = try stream.read()
        }
        try expect(.layout, node, after: frameIntervals == nil ? "collection-view" : "frame-intervals", traceLocation)
        stream.headerPlace = "in <layout>"
        let layout = try LayoutParser(stream: stream).parse()
        stream.headerPlace = "after <layout>"
        try expect(.data, stream.read(), after: "layout", traceLocation)
        stream.headerPlace = "in <data>"
        let sections = try readData()
        stream.headerPlace = "after <data>"
        node = try stream.read()
        var workload: Workload?
        if case .element = node, stream.elementName == .workload {
            stream.headerPlace = "in <workload>"
            workload = try readWorkload()
            stream.headerPlace = "after <workload>"
            node = try stream.read()
        }
        try expect(.events, node, after: workload == nil ? "data" : "workload", traceLocation)
        stream.headerPlace = "in the <events> tag"
        try stream.checkAttributes(of: .events)
        let header = TraceHeader(version: TraceHeader.currentVersion, meta: meta, collectionView: collectionView,
                                 frameIntervals: frameIntervals, layout: layout, sections: sections, workload: workload)
        return (header, stream.isEmptyElement ? try finishEmptyEvents() : false)
    }

    /// Checks that `node` is the element `name`, the next one `<trace>` needs.
    private func expect(_ name: XMLName, _ node: XMLStream.Node, after previous: String?,
                        _ traceLocation: TraceLocation) throws(TraceError) {
        switch node {
        case .element:
            guard stream.elementName != name else { return }
            let place = previous.map { "after <\($0)>" } ?? "in <trace>"
            let known = stream.elementName.map { HeaderParser.headerElements.contains($0) } ?? false
            throw TraceError(.unknownElement,
                             "\(known ? "unexpected" : "unknown") element '\(stream.elementRawName)' \(place); expected '\(name.text)'",
                             at: stream.location)
        case .endElement, .endOfDocument:
            throw TraceError(.missing, "missing element <\(name.text)> in <trace>", at: traceLocation)
        }
    }

    static let headerElements: [XMLName] = [.meta, .collectionView, .frameIntervals, .layout, .data, .workload, .events]

    /// An empty `<events/>`: `</trace>` and the end of the document must follow.
    private func finishEmptyEvents() throws(TraceError) -> Bool {
        try stream.readEndOfTrace()
        return true
    }

    /// `<meta>`: free-form; `<entry key value>` children are kept, anything else is skipped.
    private func readMeta() throws(TraceError) -> [MetaEntry] {
        var entries: [MetaEntry] = []
        guard !stream.isEmptyElement else { return entries }
        let metaDepth = stream.depth
        while true {
            switch try stream.read(insideMeta: true) {
            case .element:
                if stream.depth == metaDepth + 1, stream.elementName == .entry,
                   let key = stream.attribute(.key), let value = stream.attribute(.value) {
                    entries.append(MetaEntry(key: key.valueText, value: value.valueText))
                }
            case .endElement:
                if stream.depth == metaDepth { return entries }
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <meta>", path: stream.path)
            }
        }
    }

    /// `'normal', 'fast' or a factor per millisecond from 0.001 to 0.999 such as …`: the words and the range of
    /// the declaration's ``ValueKind/decelerationRate``.
    static let decelerationRateExpectation: String = {
        let kind = ValueKind.decelerationRate
        return kind.words.map { "'\($0)'" }.joined(separator: ", ")
            + " or a factor per millisecond \(kind.range!.bounds) such as '0.995' (closer to 1, a fling coasts for hours)"
    }()

    private func readCollectionView() throws(TraceError) -> CollectionViewConfiguration {
        try stream.checkAttributes(of: .collectionView)
        let size = Size(width: try stream.number(.width), height: try stream.number(.height))
        var rate = CollectionViewConfiguration.DecelerationRate.normal
        if let attribute = stream.attribute(.decelerationRate) {
            switch attribute.valueText {
            case "normal": rate = .normal
            case "fast": rate = .fast
            default:
                guard attribute.valueBytes.first != UInt8(ascii: "-"),
                      let factor = TraceNumber.parse(attribute.valueBytes), stream.declaredKind(attribute.name).range!.contains(factor) else {
                    throw stream.invalid(attribute, expected: Self.decelerationRateExpectation)
                }
                rate = .custom(factor)
            }
        }
        let configuration = CollectionViewConfiguration(
            size: size,
            refreshRate: try stream.number(.refreshRate, default: 60),
            contentInset: try stream.attribute(.contentInset).map { a throws(TraceError) in try stream.insets(a) } ?? .zero,
            isPagingEnabled: try stream.bool(.paging, default: false),
            decelerationRate: rate,
            allowsSelection: try stream.bool(.allowsSelection, default: true),
            allowsMultipleSelection: try stream.bool(.allowsMultipleSelection, default: false),
            isPrefetchingEnabled: try stream.bool(.prefetching, default: true),
            safeArea: try stream.attribute(.safeArea).map { a throws(TraceError) in try stream.insets(a) } ?? .zero,
            layoutMargins: try stream.attribute(.layoutMargins).map { a throws(TraceError) in try stream.insets(a) }
                ?? CollectionViewConfiguration.defaultLayoutMargins,
            displayScale: try displayScale(),
            layoutDirection: try layoutDirection(),
            iosVersion: try iosVersion(),
            bounces: try stream.bool(.bounces, default: true),
            alwaysBounceVertical: try stream.bool(.alwaysBounceVertical, default: false),
            alwaysBounceHorizontal: try stream.bool(.alwaysBounceHorizontal, default: false))
        try stream.finishLeaf()
        return configuration
    }

    /// `<collection-view scale>`: 1, 2 or 3 pixels per point; 2 when absent.
    private func displayScale() throws(TraceError) -> Int {
        guard let attribute = stream.attribute(.scale) else { return 2 }
        guard let scale = Int(attribute.valueText), (1...3).contains(scale) else {
            throw stream.invalid(attribute, expected: "'1', '2' or '3' (pixels per point)")
        }
        return scale
    }

    /// `<collection-view ios>`: the iOS version, 13 to 26; 17 when absent.
    private func iosVersion() throws(TraceError) -> Int {
        guard let attribute = stream.attribute(.ios) else { return CollectionViewConfiguration.defaultIOSVersion }
        guard let version = Int(attribute.valueText), (13...26).contains(version) else {
            throw stream.invalid(attribute, expected: "an iOS version from 13 to 26")
        }
        return version
    }

    /// `<collection-view layout-direction>`: `ltr` (the default) or `rtl`.
    private func layoutDirection() throws(TraceError) -> CollectionViewConfiguration.LayoutDirection {
        guard let attribute = stream.attribute(.layoutDirection) else { return .leftToRight }
        guard let direction = CollectionViewConfiguration.LayoutDirection(rawValue: attribute.valueText) else {
            throw stream.invalid(attribute, expected: "'ltr' or 'rtl'")
        }
        return direction
    }

    /// `<frame-intervals ms>`: its runs, parsed in place (memory grows with the runs, not with the text).
    private func readFrameIntervals() throws(TraceError) -> FrameIntervals {
        try stream.checkAttributes(of: .frameIntervals)
        let attribute = try stream.required(.ms)
        var intervals = FrameIntervals()
        let bytes = attribute.valueBytes
        if let problem = IntervalListParser.parse(bytes, into: &intervals) {
            throw stream.invalid(attribute, expected: problem.explanation(in: bytes))
        }
        try stream.finishLeaf()
        return intervals
    }

    private func readData() throws(TraceError) -> [SectionDescription] {
        try stream.checkAttributes(of: .data)
        return try stream.readSections()
    }

    private func readWorkload() throws(TraceError) -> Workload {
        try stream.checkAttributes(of: .workload)
        var workload = Workload()
        guard !stream.isEmptyElement else { return workload }
        while true {
            switch try stream.read() {
            case .element:
                switch stream.elementName {
                case .cell:
                    try stream.checkAttributes(of: .cell)
                    workload.cells.append(Workload.Cell(reuseIdentifier: try stream.string(.reuseIdentifier),
                                                        costs: try readCosts()))
                case .supplementary:
                    try stream.checkAttributes(of: .supplementary)
                    workload.supplementaries.append(Workload.Supplementary(kind: try stream.string(.kind),
                                                                           costs: try readCosts()))
                case .diffable:
                    try stream.checkAttributes(of: .diffable)
                    workload.diffablePerItem = try stream.number(.perItem, default: Workload.defaultDiffablePerItem)
                case .visibleItemsHandler:
                    try stream.checkAttributes(of: .visibleItemsHandler)
                    workload.visibleItemsHandlerPerItem = try stream.number(.perItem, default: Workload.defaultVisibleItemsHandlerPerItem)
                default:
                    throw stream.unexpectedChild(in: "workload", expected: [.cell, .supplementary, .diffable, .visibleItemsHandler])
                }
                try stream.finishLeaf()
            case .endElement:
                return workload
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <workload>", path: stream.path)
            }
        }
    }

    private func readCosts() throws(TraceError) -> Workload.Costs {
        Workload.Costs(create: try stream.number(.create, default: 0),
                       configure: try stream.number(.configure, default: 0),
                       prepareForReuse: try stream.number(.prepareForReuse, default: 0),
                       measure: try stream.number(.measure, default: 0))
    }
}

/// Reads a `<layout>` element: `name` and its open parameter set.
struct LayoutParser {
    let stream: XMLStream

    func parse() throws(TraceError) -> LayoutDescription {
        let location = stream.location
        var name: String?
        var parameters: [LayoutDescription.Parameter] = []
        for attribute in stream.attributes {
            if attribute.name == .name {
                name = attribute.valueText
            } else {
                parameters.append(LayoutDescription.Parameter(name: attribute.nameText, value: attribute.valueText))
            }
        }
        guard let name, let nameAttribute = stream.attribute(.name) else { throw stream.missing(.name) }
        guard !name.isEmpty else { throw stream.invalid(nameAttribute, expected: "a layout name such as 'flow'") }
        var count = 0
        let children = try readChildren(of: "layout", depth: 1, count: &count)
        return LayoutDescription(name: name, parameters: parameters, children: children, location: location)
    }

    /// The elements inside the current element, up to its end: at most ``LayoutDescription/elementLimit`` in
    /// all, nested at most ``LayoutDescription/depthLimit`` deep.
    private func readChildren(of parent: String, depth: Int, count: inout Int) throws(TraceError) -> [LayoutDescription.Element] {
        guard !stream.isEmptyElement else { return [] }
        var children: [LayoutDescription.Element] = []
        while true {
            switch try stream.read() {
            case .element:
                let location = stream.location
                count += 1
                guard count <= LayoutDescription.elementLimit else {
                    throw TraceError(.invalidValue, "too many elements in <layout>; a layout holds at most "
                                     + "\(LayoutDescription.elementLimit)", at: location)
                }
                guard depth <= LayoutDescription.depthLimit else {
                    throw TraceError(.invalidValue, "<\(stream.elementRawName)> is nested too deep in <layout>; elements "
                                     + "nest at most \(LayoutDescription.depthLimit) deep", at: location)
                }
                let name = stream.elementRawName
                var attributes: [LayoutDescription.Parameter] = []
                for attribute in stream.attributes {
                    attributes.append(LayoutDescription.Parameter(name: attribute.nameText, value: attribute.valueText))
                }
                let nested = try readChildren(of: name, depth: depth + 1, count: &count)
                children.append(LayoutDescription.Element(name: name, attributes: attributes, children: nested, location: location))
            case .endElement:
                return children
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <\(parent)>", path: stream.path)
            }
        }
    }
}

extension XMLStream {
    /// After an element that has no children: consumes its end, or throws for a child.
    func finishLeaf() throws(TraceError) {
        guard !isEmptyElement else { return }
        let tag = elementTag
        switch try read() {
        case .endElement:
            return
        case .element:
            throw TraceError(.unknownElement,
                             "unexpected element '\(elementRawName)' in \(tag); \(tag) has no child elements",
                             at: location)
        case .endOfDocument:
            throw TraceError(.truncated, "the trace ends inside \(tag)", path: path)
        }
    }

    /// The most entries one `<item-sizes>` chunk holds (a run `W H*K` is one entry).
    static let maximumChunkEntries = 65_536

    /// The `<item-sizes>` chunks of the current `<section>`, up to its end: their sizes concatenated in
    /// order, or `nil` when it has none.
    ///
    /// Each chunk's text is parsed in place into the section's runs, so memory grows with the runs, not with
    /// the text. More sizes than `items` is an error at the chunk that brings them past it (so a hostile
    /// run cannot make the list large); fewer is the caller's to check at the section's end.
    private func readSizeChunks(items: Int, hasAttribute: Bool) throws(TraceError) -> TraceSizeList? {
        guard !isEmptyElement else { return nil }
        var sizes: TraceSizeList?
        while true {
            switch try read() {
            case .element:
                guard elementName == .itemSizes else { throw unexpectedChild(in: "section", expected: [.itemSizes]) }
                guard !hasAttribute else {
                    throw TraceError(.invalidValue,
                                     "<section> has both the 'item-sizes' attribute and <item-sizes> elements; "
                                        + "expected one or the other",
                                     at: location)
                }
                try checkAttributes(of: .itemSizes)
                let chunkLocation = location
                try readText()
                // Moved out of `sizes`, so that appending to it does not copy it.
                var list = sizes.take() ?? TraceSizeList()
                let problem = text.withUnsafeBufferPointer { bytes in
                    SizeListParser.parse(bytes, into: &list, maximumEntries: Self.maximumChunkEntries, maximumItems: items)
                        .map { (String(decoding: bytes, as: UTF8.self), $0.explanation(in: bytes, maximumItems: items,
                                                                                      maximumEntries: Self.maximumChunkEntries)) }
                }
                if let (value, expected) = problem {
                    throw TraceError(.invalidValue, "invalid sizes '\(abbreviated(value))' in <item-sizes>; expected \(expected)",
                                     at: chunkLocation)
                }
                sizes = list
            case .endElement:
                return sizes
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <section>", path: path)
            }
        }
    }

    /// The error for a child element that its parent does not take.
    func unexpectedChild(in parent: String, expected: [XMLName]) -> TraceError {
        TraceError(.unknownElement,
                   "unknown element '\(elementRawName)' in <\(parent)>; expected \(oneOf(expected.map(\.text)))",
                   at: location)
    }

    /// The `<section>` children of `<data>` or `<reload-data>`, up to the parent's end.
    ///
    /// The data a collection view holds at any moment is limited (``TraceLimits/sections`` sections,
    /// ``TraceLimits/items`` items in all): a section past either limit is an error at that section, read
    /// before anything is allocated for it.
    /// `<section items>`: a count, or identifiers (`m0…m499 x7`, "..." accepted for "…") and their count.
    func itemsOrIdentifiers() throws(TraceError) -> (Int, ItemIdentifierList?) {
        let attribute = try required(.items)
        let list: ItemIdentifierList?
        do {
            list = try ItemIdentifierList.parse(attribute.valueText)
        } catch {
            if error.token.isEmpty {
                throw invalid(attribute, expected: CountRange.items.expectation() + ", or the items' identifiers")
            }
            throw TraceError(.invalidValue,
                             "invalid run '\(abbreviated(error.token))' in attribute 'items' of \(elementTag); expected "
                                + error.reason,
                             at: location(ofAttribute: "items"))
        }
        guard let list else { return (try count(attribute, CountRange.items), nil) }
        guard list.count <= TraceLimits.items else {
            throw TraceError(.limitExceeded,
                             "attribute 'items' of \(elementTag) names \(TraceLimits.grouped(list.count)) identifiers; a "
                                + "collection view holds at most \(TraceLimits.grouped(TraceLimits.items)) items in a replay",
                             at: location(ofAttribute: "items"))
        }
        return (list.count, list)
    }

    func readSections() throws(TraceError) -> [SectionDescription] {
        var sections: [SectionDescription] = []
        guard !isEmptyElement else { return sections }
        let parent = elementRawName
        var total = 0
        while true {
            switch try read() {
            case .element:
                guard elementName == .section else { throw unexpectedChild(in: parent, expected: [.section]) }
                guard sections.count < TraceLimits.sections else {
                    throw TraceError(.limitExceeded,
                                     "more than \(TraceLimits.grouped(TraceLimits.sections)) sections in <\(parent)>; "
                                        + "a collection view holds at most \(TraceLimits.grouped(TraceLimits.sections)) sections in a replay",
                                     at: location)
                }
                try checkAttributes(of: .section)
                let (items, identifiers) = try itemsOrIdentifiers()
                total += items
                guard total <= TraceLimits.items else {
                    throw TraceError(.limitExceeded,
                                     "<\(parent)> holds \(TraceLimits.grouped(total)) items up to this section; a collection view "
                                        + "holds at most \(TraceLimits.grouped(TraceLimits.items)) items in a replay",
                                     at: self.location(ofAttribute: "items"))
                }
                let sectionLocation = location
                var sizes: TraceSizeList?
                if let attribute = attribute(.itemSizes) {
                    let list = try sizeRuns(attribute)
                    guard list.count == items else {
                        throw TraceError(.invalidValue,
                                         "attribute 'item-sizes' of <section> has \(TraceLimits.grouped(list.count)) sizes but 'items' is \(TraceLimits.grouped(items)); expected one size per item",
                                         at: location(ofAttribute: "item-sizes"))
                    }
                    sizes = list
                }
                let reuseIdentifier = string(.reuseIdentifier, default: SectionDescription.defaultReuseIdentifier)
                let flow = SectionDescription.FlowMetrics(
                    inset: try attribute(.inset).map { a throws(TraceError) in try insets(a) },
                    minimumLineSpacing: try attribute(.minimumLineSpacing).map { a throws(TraceError) in try number(a) },
                    minimumInteritemSpacing: try attribute(.minimumInteritemSpacing)
                        .map { a throws(TraceError) in try number(a) },
                    headerSize: try attribute(.headerSize).map { a throws(TraceError) in try size(a) },
                    footerSize: try attribute(.footerSize).map { a throws(TraceError) in try size(a) })
                var unstableItems: [Int] = []
                if let attribute = attribute(.unstableItems) {
                    unstableItems = try countList(attribute, maximumLength: TraceLimits.unstableItems)
                    if let item = unstableItems.first(where: { $0 >= items }) {
                        throw TraceError(.invalidValue,
                                         "attribute 'unstable-items' of <section> names item \(TraceLimits.grouped(item)) but 'items' is \(TraceLimits.grouped(items)); expected item indices from 0 to \(TraceLimits.grouped(max(0, items - 1)))",
                                         at: location(ofAttribute: "unstable-items"))
                    }
                }
                let unstableDelta = try attribute(.unstableDelta).map { a throws(TraceError) in try number(a) } ?? 0
                let identifier = string(.id, default: "").isEmpty ? nil : string(.id, default: "")
                if let chunked = try readSizeChunks(items: items, hasAttribute: sizes != nil) {
                    guard chunked.count == items else {
                        throw TraceError(.invalidValue,
                                         "<section> has \(TraceLimits.grouped(chunked.count)) sizes in its <item-sizes> but 'items' is \(TraceLimits.grouped(items)); expected one size per item",
                                         at: sectionLocation)
                    }
                    sizes = chunked
                }
                var section = SectionDescription(items: items, itemSizes: sizes, reuseIdentifier: reuseIdentifier,
                                                 flow: flow)
                section.unstableItems = unstableItems
                section.unstableDelta = unstableDelta
                section.identifier = identifier
                section.itemIdentifiers = identifiers
                sections.append(section)
            case .endElement:
                return sections
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <\(parent)>", path: path)
            }
        }
    }
}
