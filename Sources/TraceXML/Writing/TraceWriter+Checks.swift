/// What the writer refuses: anything the reader would not read back as the same value.
extension TraceWriter {
    func unwritable(_ what: String) -> TraceError {
        TraceError(.unwritable, what, path: path)
    }

    private func number(_ value: Double, _ what: @autoclosure () -> String, _ range: ValueRange) throws(TraceError) {
        // What the reader refuses: out of range, not finite, or subnormal (TraceNumber.parse).
        guard value.isFinite, !value.isSubnormal, range.contains(value) else {
            throw unwritable("\(what()) is \(value); expected \(range.expectation)")
        }
    }

    private func count(_ value: Int, _ what: @autoclosure () -> String, _ range: CountRange) throws(TraceError) {
        guard range.contains(value) else { throw unwritable("\(what()) is \(value); expected \(range.expectation())") }
    }

    /// Refuses the `sizes` of an `<insert-items>` when their attribute would make a start tag longer than a
    /// reader accepts (a run of ``TraceReadingLimits/maximumTokenLength`` bytes without a `>`), saying how
    /// many sizes fit, so that the writer never writes a trace the reader refuses. (A section's sizes
    /// always fit: long lists are written as `<item-sizes>` chunks.)
    ///
    /// - Parameter besides: a bound on the bytes of the rest of the start tag's other attributes.
    func fits(_ sizes: [Size], _ what: String, attribute: String, besides: Int) throws(TraceError) {
        let limit = TraceReadingLimits().maximumTokenLength
        // The indentation, the element's name and its other short attributes take less than 128 bytes.
        let room = limit - 128 - besides
        // A size's text takes at most 2 × 24 characters and a space, then ", ".
        guard sizes.count * 51 > room else { return }
        var bytes = 0
        var longest = 0
        for size in sizes {
            let length = size.traceText.utf8.count + 2
            bytes += length
            longest = max(longest, length)
        }
        guard bytes > room else { return }
        // Sizes no longer than the longest of these always fit this many times.
        let fitting = room / longest
        throw unwritable(
            "\(what) has \(TraceLimits.grouped(sizes.count)) sizes, which take \(TraceLimits.grouped(bytes)) bytes in "
                + "its '\(attribute)' attribute; a trace reader reads at most \(TraceLimits.grouped(limit)) bytes "
                + "without a '>', so at least \(TraceLimits.grouped(fitting)) sizes like these fit in one attribute; "
                + "nothing was written")
    }

    private func text(_ value: String, _ what: @autoclosure () -> String) throws(TraceError) {
        for scalar in value.unicodeScalars {
            let v = scalar.value
            let allowed = v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
            guard allowed else {
                throw unwritable("\(what()) contains U+\(String(v, radix: 16, uppercase: true)), which XML 1.0 cannot represent")
            }
        }
    }

    /// The kind of attribute `name` of ``checkedElement``, as its declaration (``TraceFormat``) has it.
    private func declaredKind(_ name: XMLName) -> ValueKind {
        guard let declared = SchemaTables.shared.attribute(name, of: checkedElement) else {
            preconditionFailure("<\(checkedElement.text)> declares no attribute '\(name.text)'")
        }
        return declared.kind
    }

    func check(_ header: TraceHeader) throws(TraceError) {
        guard header.version == TraceHeader.currentVersion else {
            throw unwritable("version is \(header.version); this module writes version \(TraceHeader.currentVersion)")
        }
        for entry in header.meta {
            try text(entry.key, "meta key '\(entry.key)'")
            try text(entry.value, "meta value for '\(entry.key)'")
        }
        let view = header.collectionView
        checkedElement = .collectionView
        try check(view.size.width, "collection view width", .width)
        try check(view.size.height, "collection view height", .height)
        try check(view.refreshRate, "refresh rate", .refreshRate)
        for (side, inset) in [("top", view.contentInset.top), ("left", view.contentInset.left),
                              ("bottom", view.contentInset.bottom), ("right", view.contentInset.right)] {
            try check(inset, "content inset \(side)", .contentInset)
        }
        for (name, insets, attribute) in [("safe area", view.safeArea, XMLName.safeArea),
                                          ("layout margins", view.layoutMargins, XMLName.layoutMargins)] {
            for (side, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom),
                                  ("right", insets.right)] {
                try check(value, "\(name) \(side)", attribute)
            }
        }
        guard (1...3).contains(view.displayScale) else {
            throw unwritable("display scale \(view.displayScale) is not 1, 2 or 3")
        }
        guard (13...26).contains(view.iosVersion) else {
            throw unwritable("iOS version \(view.iosVersion) is not from 13 to 26")
        }
        if case .custom(let factor) = view.decelerationRate, let range = declaredKind(.decelerationRate).range,
           !range.contains(factor) {
            throw unwritable("deceleration rate is \(factor); expected a factor per millisecond \(range.bounds)")
        }
        if let intervals = header.frameIntervals {
            checkedElement = .frameIntervals
            guard !intervals.isEmpty else { throw unwritable("frame intervals are empty; expected one interval at least") }
            guard intervals.frameCount <= TraceLimits.frames else {
                throw unwritable("frame intervals cover \(TraceLimits.grouped(intervals.frameCount)) frames; "
                                 + "expected at most \(TraceLimits.grouped(TraceLimits.frames))")
            }
            for run in intervals.runs { try check(run.milliseconds, "frame interval", .ms) }
        }
        try check(header.layout)
        try check(header.sections, "data")
        if let workload = header.workload {
            checkedElement = .cell
            for cell in workload.cells {
                try text(cell.reuseIdentifier, "workload reuse identifier")
                try check(cell.costs, "cell '\(cell.reuseIdentifier)'")
            }
            checkedElement = .supplementary
            for supplementary in workload.supplementaries {
                try text(supplementary.kind, "workload kind")
                try check(supplementary.costs, "supplementary '\(supplementary.kind)'")
            }
            checkedElement = .diffable
            try check(workload.diffablePerItem, "diffable per-item cost", .perItem)
            checkedElement = .visibleItemsHandler
            try check(workload.visibleItemsHandlerPerItem, "visible-items handler per-item cost", .perItem)
        }
    }

    private func check(_ costs: Workload.Costs, _ what: String) throws(TraceError) {
        try check(costs.create, "\(what) create cost", .create)
        try check(costs.configure, "\(what) configure cost", .configure)
        try check(costs.prepareForReuse, "\(what) prepare-for-reuse cost", .prepareForReuse)
        try check(costs.measure, "\(what) measure cost", .measure)
    }

    func check(_ layout: LayoutDescription) throws(TraceError) {
        guard !layout.name.isEmpty else { throw unwritable("a layout has an empty name") }
        try text(layout.name, "layout name")
        var seen: Set<String> = ["name"]
        for parameter in layout.parameters {
            guard isXMLName(parameter.name) else {
                throw unwritable("layout parameter name '\(parameter.name)' is not an XML name without a prefix")
            }
            guard seen.insert(parameter.name).inserted else {
                throw unwritable("layout parameter '\(parameter.name)' is given twice (or is 'name')")
            }
            try text(parameter.value, "layout parameter '\(parameter.name)'")
        }
        var count = 0
        func check(_ elements: [LayoutDescription.Element], depth: Int) throws(TraceError) {
            for element in elements {
                count += 1
                guard count <= LayoutDescription.elementLimit, depth <= LayoutDescription.depthLimit else {
                    throw unwritable("a layout holds more than \(LayoutDescription.elementLimit) elements, or nests them "
                                     + "deeper than \(LayoutDescription.depthLimit)")
                }
                guard isXMLName(element.name) else { throw unwritable("layout element name '\(element.name)' is not an XML name") }
                var names: Set<String> = []
                for attribute in element.attributes {
                    guard isXMLName(attribute.name), names.insert(attribute.name).inserted else {
                        throw unwritable("attribute '\(attribute.name)' of layout element <\(element.name)> is not an XML name or is given twice")
                    }
                    try text(attribute.value, "attribute '\(attribute.name)' of <\(element.name)>")
                }
                try check(element.children, depth: depth + 1)
            }
        }
        try check(layout.children, depth: 1)
    }

    func check(_ sections: [SectionDescription], _ what: String) throws(TraceError) {
        checkedElement = .section
        for (index, section) in sections.enumerated() {
            try check(section.items, "\(what) section \(index) item count", .items)
            if let identifiers = section.itemIdentifiers {
                if let reason = identifiers.unwritableReason { throw unwritable("\(what) section \(index): \(reason)") }
                guard identifiers.count == section.items else {
                    throw unwritable("\(what) section \(index) has \(section.items) items but \(identifiers.count) identifiers")
                }
            }
            if let identifier = section.identifier { try text(identifier, "\(what) section \(index) identifier") }
            if section.identifier == "" { throw unwritable("\(what) section \(index) has an empty identifier") }
            try text(section.reuseIdentifier, "\(what) section \(index) reuse identifier")
            let flow = section.flow
            if let inset = flow.inset {
                for (side, value) in [("top", inset.top), ("left", inset.left), ("bottom", inset.bottom),
                                      ("right", inset.right)] {
                    try check(value, "\(what) section \(index) inset \(side)", .inset)
                }
            }
            if let spacing = flow.minimumLineSpacing {
                try check(spacing, "\(what) section \(index) minimum line spacing", .minimumLineSpacing)
            }
            if let spacing = flow.minimumInteritemSpacing {
                try check(spacing, "\(what) section \(index) minimum interitem spacing", .minimumInteritemSpacing)
            }
            if let size = flow.headerSize { try check(size, "\(what) section \(index) header size", .headerSize) }
            if let size = flow.footerSize { try check(size, "\(what) section \(index) footer size", .footerSize) }
            guard section.unstableItems.count <= TraceLimits.unstableItems,
                  section.unstableItems.allSatisfy({ $0 >= 0 && $0 < section.items }) else {
                throw unwritable("\(what) section \(index) has unstable items outside 0..<\(section.items) or more than \(TraceLimits.unstableItems)")
            }
            try check(section.unstableDelta, "\(what) section \(index) unstable delta", .unstableDelta)
            if let sizes = section.itemSizes {
                guard sizes.count == section.items else {
                    throw unwritable("\(what) section \(index) has \(section.items) items but \(sizes.count) item sizes")
                }
                // Any number of sizes fits: past a few, they are written as <item-sizes> chunks.
                for run in sizes.runs { try check(run.size, "\(what) section \(index) item size", .itemSizes) }
            }
        }
    }

    func check(_ event: TraceEvent) throws(TraceError) {
        let what = "event \(eventCount) (<\(event.kind.elementName)>)"
        checkedElement = event.kind.xmlName
        try check(event.time, "\(what) time", .t)
        guard event.time >= previousTimeForChecks else {
            throw unwritable("\(what) time \(TraceNumber.format(event.time)) is earlier than the previous event's time \(TraceNumber.format(previousTimeForChecks))")
        }
        try event.kind.codec.check(event.kind, self, what)
    }

    /// Refuses a `<batch>` the reader would not read back.
    func check(_ update: BatchUpdate, _ what: String) throws(TraceError) {
        try check(update.duration, "\(what) duration", .duration)
        if let counts = update.countsAfter, counts.count > TraceLimits.sections {
            throw unwritable("\(what) counts-after has \(counts.count) sections; expected at most \(TraceLimits.grouped(TraceLimits.sections))")
        }
        for (index, value) in (update.countsAfter ?? []).enumerated() {
            try check(value, "\(what) counts-after[\(index)]", .countsAfter)
        }
        for operation in update.operations {
            checkedElement = operation.xmlName
            try operation.codec.check(operation, self, "\(what) <\(operation.elementName)>")
        }
    }

    /// Refuses a number of attribute `attribute` of ``checkedElement`` (or of each number of its compound
    /// value) outside the range its declaration gives it, or one the reader would not read back.
    func check(_ value: Double, _ what: String, _ attribute: XMLName) throws(TraceError) {
        let kind = declaredKind(attribute)
        guard let range = kind.range ?? kind.entryRange else { preconditionFailure("\(kind) is not a number") }
        try number(value, what, range)
    }

    /// Refuses a count or an index of attribute `attribute` of ``checkedElement`` (or of each of its list)
    /// outside the range its declaration gives it.
    func check(_ value: Int, _ what: String, _ attribute: XMLName) throws(TraceError) {
        let kind = declaredKind(attribute)
        guard let range = kind.countRange ?? kind.entryCountRange else { preconditionFailure("\(kind) is not a count") }
        try count(value, what, range)
    }

    /// Refuses a size of attribute `attribute` of ``checkedElement`` whose width or height is out of range.
    func check(_ size: Size, _ what: String, _ attribute: XMLName) throws(TraceError) {
        try check(size.width, "\(what) width", attribute)
        try check(size.height, "\(what) height", attribute)
    }

    /// Refuses a point of ``checkedElement``'s `x` and `y` out of their range.
    func check(_ point: Point, _ what: String) throws(TraceError) {
        try check(point.x, "\(what) x", .x)
        try check(point.y, "\(what) y", .y)
    }

    func checkText(_ value: String, _ what: String) throws(TraceError) {
        try text(value, what)
    }

    /// Refuses an item of ``checkedElement``'s `section` and `item` out of their range.
    func check(_ item: TraceIndexPath, _ what: String) throws(TraceError) {
        try check(item.section, "\(what) section", .section)
        try check(item.item, "\(what) item", .item)
    }

    /// Refuses an index path of attribute `attribute` of ``checkedElement`` whose section or item is out of
    /// range.
    func check(_ path: TraceIndexPath, _ what: String, indexPath attribute: XMLName) throws(TraceError) {
        precondition(declaredKind(attribute) == .indexPath, "'\(attribute.text)' is not an index path")
        let parts = ValueKind.indexPathParts
        try count(path.section, "\(what) section", parts.section.countRange!)
        try count(path.item, "\(what) item", parts.item.countRange!)
    }
}

/// Whether `name` is an XML name without a colon (a valid unprefixed attribute name).
func isXMLName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    func isStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: true
        default: false
        }
    }
    func isPart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isStart(c)
        }
    }
    guard isStart(first) else { return false }
    if name.hasPrefix("xml") || name.hasPrefix("XML") { return false }
    return name.unicodeScalars.dropFirst().allSatisfy(isPart)
}
