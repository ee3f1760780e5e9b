/// What the writer refuses: anything the reader would not read back as the same value.
extension TraceWriter {
    private func unwritable(_ what: String) -> TraceError {
        TraceError(.unwritable, what, path: path)
    }

    private func number(_ value: Double, _ what: @autoclosure () -> String,
                        _ range: XMLStream.NumberRange = .any) throws(TraceError) {
        guard value.isFinite, range.contains(value) else {
            throw unwritable("\(what()) is \(value); expected \(range.expectation)")
        }
    }

    private func count(_ value: Int, _ what: @autoclosure () -> String) throws(TraceError) {
        guard value >= 0 else { throw unwritable("\(what()) is \(value); expected a non-negative integer") }
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

    private func size(_ size: TraceSize, _ what: @autoclosure () -> String) throws(TraceError) {
        try number(size.width, "\(what()) width", .nonNegative)
        try number(size.height, "\(what()) height", .nonNegative)
    }

    private func point(_ point: TracePoint, _ what: String) throws(TraceError) {
        try number(point.x, "\(what) x")
        try number(point.y, "\(what) y")
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
        try size(view.size, "collection view")
        try number(view.refreshRate, "refresh rate", .positive)
        for (side, inset) in [("top", view.contentInset.top), ("left", view.contentInset.left),
                              ("bottom", view.contentInset.bottom), ("right", view.contentInset.right)] {
            try number(inset, "content inset \(side)")
        }
        if case .custom(let factor) = view.decelerationRate, !(factor > 0 && factor < 1) {
            throw unwritable("deceleration rate is \(factor); expected a number between 0 and 1")
        }
        try check(header.layout)
        try check(header.sections, "data")
        if let workload = header.workload {
            for cell in workload.cells {
                try text(cell.reuseIdentifier, "workload reuse identifier")
                try check(cell.costs, "cell '\(cell.reuseIdentifier)'")
            }
            for supplementary in workload.supplementaries {
                try text(supplementary.kind, "workload kind")
                try check(supplementary.costs, "supplementary '\(supplementary.kind)'")
            }
        }
    }

    private func check(_ costs: Workload.Costs, _ what: String) throws(TraceError) {
        try number(costs.create, "\(what) create cost", .nonNegative)
        try number(costs.configure, "\(what) configure cost", .nonNegative)
        try number(costs.prepareForReuse, "\(what) prepare-for-reuse cost", .nonNegative)
    }

    private func check(_ layout: LayoutDescription) throws(TraceError) {
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
    }

    private func check(_ sections: [SectionDescription], _ what: String) throws(TraceError) {
        for (index, section) in sections.enumerated() {
            try count(section.items, "\(what) section \(index) item count")
            try text(section.reuseIdentifier, "\(what) section \(index) reuse identifier")
            if let sizes = section.itemSizes {
                guard sizes.count == section.items else {
                    throw unwritable("\(what) section \(index) has \(section.items) items but \(sizes.count) item sizes")
                }
                for itemSize in sizes { try size(itemSize, "\(what) section \(index) item size") }
            }
        }
    }

    func check(_ event: TraceEvent) throws(TraceError) {
        let what = "event \(eventCount) (<\(event.kind.elementName)>)"
        try number(event.time, "\(what) time", .seconds)
        guard event.time >= previousTimeForChecks else {
            throw unwritable("\(what) time \(TraceNumber.format(event.time)) is earlier than the previous event's time \(TraceNumber.format(previousTimeForChecks))")
        }
        switch event.kind {
        case .scroll(let offset):
            try point(offset, "\(what) offset")
        case .drag(_, let location, let velocity):
            try point(location, "\(what) location")
            if let velocity { try point(velocity, "\(what) velocity") }
        case .tap(let location), .longPress(_, let location):
            try point(location, "\(what) location")
        case .menu(let item, let action):
            try check(item, what)
            try text(action, "\(what) action")
        case .pinch(_, let location, let scale):
            try point(location, "\(what) location")
            try number(scale, "\(what) scale", .positive)
        case .batch(let update):
            try number(update.duration, "\(what) duration", .nonNegative)
            for (index, value) in (update.countsAfter ?? []).enumerated() {
                try count(value, "\(what) counts-after[\(index)]")
            }
            for operation in update.operations { try check(operation, what) }
        case .reloadData(let sections):
            try check(sections, what)
        case .scrollToItem(let item, _, _), .select(let item), .deselect(let item):
            try check(item, what)
        case .setLayout(let layout, _, let duration):
            try number(duration, "\(what) duration", .nonNegative)
            try check(layout)
        case .transition(let phase):
            switch phase {
            case .began(let layout): try check(layout)
            case .changed(let progress): try number(progress, "\(what) progress")
            case .finished, .cancelled: break
            }
        case .resize(let newSize):
            try size(newSize, "\(what)")
        case .marker(let label):
            try text(label, "\(what) label")
        }
    }

    private func check(_ item: TraceIndexPath, _ what: String) throws(TraceError) {
        try count(item.section, "\(what) section")
        try count(item.item, "\(what) item")
    }

    private func check(_ operation: BatchUpdate.Operation, _ event: String) throws(TraceError) {
        let what = "\(event) <\(operation.elementName)>"
        switch operation {
        case .deleteItems(let section, let items), .reloadItems(let section, let items):
            try count(section, "\(what) section")
            for item in items { try count(item, "\(what) item") }
        case .moveItem(let from, let to):
            try check(from, what)
            try check(to, what)
        case .insertItems(let section, let items, let sizes):
            try count(section, "\(what) section")
            for item in items { try count(item, "\(what) item") }
            if let sizes {
                guard sizes.count == items.count else {
                    throw unwritable("\(what) inserts \(items.count) items but gives \(sizes.count) sizes")
                }
                for itemSize in sizes { try size(itemSize, "\(what) size") }
            }
        case .insertSection(let at, let items), .reloadSection(let at, let items):
            try count(at, "\(what) section")
            try count(items, "\(what) item count")
        case .deleteSection(let at):
            try count(at, "\(what) section")
        case .moveSection(let from, let to):
            try count(from, "\(what) from")
            try count(to, "\(what) to")
        }
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
