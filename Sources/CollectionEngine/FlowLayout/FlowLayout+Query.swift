extension FlowLayout {
    /// The elements in `rect`; with a query limit set by the collection view (``CollectionView/visibleElementLimit``),
    /// it stops building once it has one more than the limit, records in ``elementQueryOverflow`` how many
    /// elements the rect holds by its line arithmetic, and returns none: 10,000,000 items of 0.0001 points
    /// on one screen cost a count, not 10,000,000 attributes.
    ///
    /// With ``keepsLayoutAttributes``, the attributes objects come from the layout's cache when they were
    /// built for an earlier query since the last `prepare()`, and the answer is built in the storage of one of
    /// the last two answers (``ReusedAnswer``): a steady scroll allocates nothing once the cache recycles the
    /// attributes of the elements that left, and writes only the elements that arrived.
    /// ``EngineCounters/layoutAttributesBuilt`` counts the attributes answered, kept or new: the cache stands
    /// in for building them, so the counter is the same with and without it.
    ///
    /// - Complexity: as ``layoutAttributesForElements(in:)``, plus O(m), once, for the m elements of the last
    ///   answers it does not repeat.
    func elements(in rect: Rect) -> [LayoutAttributes] {
        let tally = LayoutTally.current()
        tally.pointee.flowQueries &+= 1
        guard !rect.isNull else { return [] }
        // The layout's state, read once: each read of a class property is a dynamic exclusivity check.
        let sections = self.sections
        guard !sections.isEmpty else { return [] }
        let vertical = flowedVertically
        let window = QueryWindow(rect, vertical: vertical)
        let attributesClass = Self.layoutAttributesClass
        let cache = keepsLayoutAttributes && attributesClass == LayoutAttributes.self ? attributesCache : nil
        cache?.beginQuery()
        // With the cache, the answer is built in the storage of one of the last two answers, which is the
        // answer again when the same objects are answered.
        var result = ReusedAnswer()
        if cache != nil {
            var last = AnswerStorage()
            swap(&last, &answerStorage)
            result = ReusedAnswer(reusing: last)
        }
        let cap = elementQueryLimit ?? Int.max
        // New objects count themselves as they are made; kept and recycled ones are counted as built too.
        let createdBefore = tally.pointee.created
        let pinning = pinWindow()

        var index = Self.firstSection(of: sections, endingAfter: window.main.low)
        while index < sections.count, sections[index].origin < window.main.high {
            let section = sections[index]
            if let header = headerFrame(section, pinning: pinning), header.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionHeader, index, header,
                                            pinning.headers ? nil : cache, pinned: pinning.headers))
            }
            appendItems(of: section, number: index, in: rect, window: window, into: &result,
                        attributesClass: attributesClass, cache: cache, cap: cap)
            if let footer = footerFrame(section, pinning: pinning), footer.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionFooter, index, footer,
                                            pinning.footers ? nil : cache, pinned: pinning.footers))
            }
            if result.count > cap {
                tally.pointee.created = createdBefore &+ UInt64(result.count)
                elementQueryOverflow = max(result.count, elementCount(in: rect))
                return []
            }
            index += 1
        }
        tally.pointee.created = createdBefore &+ UInt64(result.count)
        let (answer, storage) = result.finish()
        if cache != nil { answerStorage = storage }
        return answer
    }

    /// The index of the first of `sections` that ends after `low` along the scrolling axis.
    /// - Complexity: O(log s) for s sections.
    private static func firstSection(of sections: [FlowSection], endingAfter low: Double) -> Int {
        var first = 0, last = sections.count
        while first < last {
            let mid = (first + last) / 2
            if sections[mid].origin + sections[mid].length <= low { first = mid + 1 } else { last = mid }
        }
        return first
    }

    /// How many elements `rect` holds, from the lines and columns it reaches, without building any: the
    /// items of the lines and columns that touch its edges are included.
    /// - Complexity: O(s) for the s sections in `rect`, plus O(l) for the l lines of sections with items of
    ///   different sizes.
    func elementCount(in rect: Rect) -> Int {
        guard !rect.isNull, !sections.isEmpty else { return 0 }
        let vertical = flowedVertically
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        var count = 0
        let pinning = pinWindow()
        var index = Self.firstSection(of: sections, endingAfter: low)
        while index < sections.count, sections[index].origin < high {
            let section = sections[index]
            if let header = headerFrame(section, pinning: pinning), header.intersects(rect) { count += 1 }
            if let footer = footerFrame(section, pinning: pinning), footer.intersects(rect) { count += 1 }
            let relativeLow = low - section.origin, relativeHigh = high - section.origin
            switch section.lines {
            case .grid(let grid):
                guard let (lines, columns) = gridRange(grid, section, rect, relativeLow, relativeHigh) else { break }
                // The section's last line may be partly filled.
                let lastLine = grid.lineCount - 1
                let fullLines = lines.upperBound < lastLine ? lines.count : lines.count - 1
                count += fullLines * columns.count
                if lines.upperBound == lastLine {
                    let inLastLine = section.count - lastLine * grid.perLine
                    count += max(0, min(columns.upperBound, inLastLine - 1) - columns.lowerBound + 1)
                }
            case .list(let list):
                for (line, current) in list.lines.enumerated() {
                    if list.startsAscend && current.start >= relativeHigh { break }
                    if list.startsAscend && current.start + list.maxThickness <= relativeLow { continue }
                    let end = line + 1 < list.lines.count ? list.lines[line + 1].firstItem : section.count
                    count += end - current.firstItem
                }
            case .sized(let list):
                var line = list.firstLine(reaching: relativeLow)
                while line < list.lineCount, !(list.lineSpacing >= 0 && list.start(ofLine: line) >= relativeHigh) {
                    count += list.items(ofLine: line).count
                    line += 1
                }
            }
            index += 1
        }
        return count
    }

    /// The lines and columns of a uniform section that `rect` may reach (those touching its edges
    /// included), or `nil` when it reaches none.
    private func gridRange(_ grid: UniformGrid, _ section: FlowSection, _ rect: Rect, _ relativeLow: Double,
                           _ relativeHigh: Double) -> (lines: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        guard grid.lineCount > 0 else { return nil }
        let vertical = flowedVertically
        var firstLine = 0, lastLine = grid.lineCount - 1
        if grid.mainPitch > 0 {
            let below = ((relativeLow - section.itemsStart - grid.itemMain) / grid.mainPitch).rounded(.down)
            let above = ((relativeHigh - section.itemsStart) / grid.mainPitch).rounded(.down)
            firstLine = below.flooredInt(in: 0...(grid.lineCount - 1))
            lastLine = above.flooredInt(in: -1...(grid.lineCount - 1))
        }
        var firstColumn = 0, lastColumn = grid.perLine - 1
        if grid.crossPitch > 0 {
            let crossLow = vertical ? rect.minX : rect.minY, crossHigh = vertical ? rect.maxX : rect.maxY
            let left = ((crossLow - grid.crossStart - grid.itemCross) / grid.crossPitch).rounded(.down)
            let right = ((crossHigh - grid.crossStart) / grid.crossPitch).rounded(.down)
            firstColumn = left.flooredInt(in: 0...(grid.perLine - 1))
            lastColumn = right.flooredInt(in: -1...(grid.perLine - 1))
        }
        guard firstLine <= lastLine, firstColumn <= lastColumn else { return nil }
        return (firstLine...lastLine, firstColumn...lastColumn)
    }

    func itemAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
        LayoutTally.current().pointee.flowQueries &+= 1
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < section.count else { return nil }
        let attributes = Self.layoutAttributesClass.init(category: .cell, kind: nil, indexPath: indexPath)
        attributes.frame = itemFrame(section, indexPath.item)
        return attributes
    }

    func headerOrFooterAttributes(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        LayoutTally.current().pointee.flowQueries &+= 1
        guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let section = sections[indexPath.section]
        let pinning = pinWindow()
        let frame: Rect?, pinned: Bool
        switch kind {
        case CollectionView.elementKindSectionHeader:
            frame = headerFrame(section, pinning: pinning)
            pinned = pinning.headers
        case CollectionView.elementKindSectionFooter:
            frame = footerFrame(section, pinning: pinning)
            pinned = pinning.footers
        default:
            frame = nil
            pinned = false
        }
        guard let frame else { return nil }
        return supplementary(Self.layoutAttributesClass, kind, indexPath.section, frame, nil, pinned: pinned)
    }

    // MARK: Geometry

    /// A header's or footer's attributes: `cache`'s when it has them, else new ones.
    private func supplementary(_ attributesClass: LayoutAttributes.Type, _ kind: String, _ section: Int,
                               _ frame: Rect, _ cache: LayoutAttributesCache?, pinned: Bool = false) -> LayoutAttributes {
        let indexPath = IndexPath(item: 0, section: section)
        func make() -> LayoutAttributes {
            let attributes = attributesClass.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
            attributes.frame = frame
            if pinned { attributes.zIndex = Self.pinnedZIndex }
            return attributes
        }
        guard let cache else { return make() }
        return cache.attributes(for: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath),
                                make: make)
    }

    /// The visible bounds along the scrolling axis that pinned headers and footers keep to, and which of them pin.
    struct PinWindow {
        var headers = false
        var footers = false
        /// The visible range's start and end along the scrolling axis, the content inset excluded.
        var low = 0.0
        var high = 0.0
    }

    /// The pinning of this query: the collection view's bounds less its adjusted content inset (the safe area
    /// included, ``CollectionView/adjustedContentInset``) on the scrolling axis.
    func pinWindow() -> PinWindow {
        guard pins, let collectionView else { return PinWindow() }
        let bounds = collectionView.bounds, inset = collectionView.adjustedContentInset
        return flowedVertically
            ? PinWindow(headers: sectionHeadersPinToVisibleBounds, footers: sectionFootersPinToVisibleBounds,
                        low: bounds.minY + inset.top, high: bounds.maxY - inset.bottom)
            : PinWindow(headers: sectionHeadersPinToVisibleBounds, footers: sectionFootersPinToVisibleBounds,
                        low: bounds.minX + inset.left, high: bounds.maxX - inset.right)
    }

    /// A section's header, pinned when `pinning` says so: at the visible start while the section scrolls under
    /// it, never before its natural place nor past the end of the section's items and bottom inset —
    /// `min(max(visibleStart, natural), itemsEnd − length)`, so that the next header pushes it out (UIKit's
    /// `sectionHeadersPinToVisibleBounds`, see ``FlowLayout/sectionHeadersPinToVisibleBounds``).
    private func headerFrame(_ section: FlowSection, pinning: PinWindow = PinWindow()) -> Rect? {
        guard section.headerLength > 0 else { return nil }
        var main = 0.0
        if pinning.headers {
            let end = section.length - section.footerLength - section.headerLength
            main = min(max(pinning.low - section.origin, 0), end)
        }
        return AxisRect(main: main, cross: 0, mainLength: section.headerLength, crossLength: crossExtent)
            .rect(vertical: flowedVertically, mainOffset: section.origin)
    }

    /// A section's footer, pinned when `pinning` says so: symmetrically to the header, at the visible end,
    /// never after its natural place nor before the start of the section's top inset (after its header) —
    /// `max(min(visibleEnd − length, natural), headerEnd)`.
    private func footerFrame(_ section: FlowSection, pinning: PinWindow = PinWindow()) -> Rect? {
        guard section.footerLength > 0 else { return nil }
        let natural = section.length - section.footerLength
        var main = natural
        if pinning.footers {
            main = max(min(pinning.high - section.footerLength - section.origin, natural), section.headerLength)
        }
        return AxisRect(main: main, cross: 0, mainLength: section.footerLength, crossLength: crossExtent)
            .rect(vertical: flowedVertically, mainOffset: section.origin)
    }

    private func itemFrame(_ section: FlowSection, _ item: Int) -> Rect {
        switch section.lines {
        case .grid(let grid):
            grid.frame(of: item, itemsStart: section.itemsStart).rect(vertical: flowedVertically, mainOffset: section.origin)
        case .list(let list):
            list.frame(item).rect(vertical: flowedVertically, mainOffset: section.origin)
        case .sized(let list):
            list.frame(item).rect(vertical: flowedVertically, mainOffset: section.origin)
        }
    }

    /// Appends the items of `section` in `rect` (`window`, along and across the scrolling axis), stopping once
    /// `result` holds more than `cap` elements.
    ///
    /// Tests each item as `Rect.intersects(_:)` would test its frame, one axis at a time — a uniform line's
    /// items share their extent along the scrolling axis, tested once for the line — and builds the frame
    /// only for attributes it makes.
    private func appendItems(of section: FlowSection, number: Int, in rect: Rect, window: QueryWindow,
                             into result: inout ReusedAnswer, attributesClass: LayoutAttributes.Type,
                             cache: LayoutAttributesCache?, cap: Int) {
        let vertical = window.vertical, origin = section.origin
        // The caller and the layout hold the cache while this runs: used unretained, it costs no retain and
        // release per element.
        let cells = cache.map { Unmanaged.passUnretained($0) }
        /// Appends the attributes of `item`, whose frame relative to the section's origin is `frame`.
        @inline(__always)
        func append(_ item: Int, _ frame: AxisRect) {
            guard let cells else {
                let attributes = attributesClass.init(category: .cell, kind: nil,
                                                      indexPath: IndexPath(item: item, section: number))
                attributes.frame = frame.rect(vertical: vertical, mainOffset: origin)
                result.append(attributes)
                return
            }
            let tag = LayoutAttributesCache.cellTag
            if let kept = cells._withUnsafeGuaranteedRef({ $0.kept(tag: tag, section: number, item: item) }) {
                // Alive while the cache holds it, until the next query.
                result.append(kept)
                return
            }
            let attributes = cells._withUnsafeGuaranteedRef { cache in
                // With the cache, the class is plain LayoutAttributes: a recycled object when it has one.
                let attributes = cache.recycledCellAttributes(at: IndexPath(item: item, section: number))
                attributes.frame = frame.rect(vertical: vertical, mainOffset: origin)
                cache.keep(attributes, tag: tag, section: number, item: item)
                return attributes
            }
            result.append(attributes)
        }
        // Query bounds relative to the section's origin.
        let relativeLow = window.main.low - origin, relativeHigh = window.main.high - origin
        switch section.lines {
        case .grid(let grid):
            guard let (lines, columns) = gridRange(grid, section, rect, relativeLow, relativeHigh) else { return }
            // Plain loops over the bounds: iterating the `ClosedRange`s went through unspecialized generic
            // witnesses of their index (~10,000 instructions a steady frame).
            var line = lines.lowerBound
            while line <= lines.upperBound {
                let main = section.itemsStart + Double(line) * grid.mainPitch
                if window.main.overlaps(main + origin, grid.itemMain) {
                    var column = columns.lowerBound
                    while column <= columns.upperBound {
                        let item = line * grid.perLine + column
                        guard item < section.count else { break }
                        let cross = grid.crossStart + Double(column) * grid.crossPitch
                        if window.cross.overlaps(cross, grid.itemCross) {
                            if result.count > cap { return }
                            append(item, AxisRect(main: main, cross: cross, mainLength: grid.itemMain,
                                                  crossLength: grid.itemCross))
                        }
                        column += 1
                    }
                }
                line += 1
            }
        case .list(let list):
            var line = 0
            if list.startsAscend {
                // Lines that start at or before `low − maxThickness` cannot reach `low`.
                let floor = relativeLow - list.maxThickness
                var upper = list.lines.count
                while line < upper {
                    let mid = (line + upper) / 2
                    if list.lines[mid].start <= floor { line = mid + 1 } else { upper = mid }
                }
            }
            while line < list.lines.count {
                let current = list.lines[line]
                if list.startsAscend && current.start >= relativeHigh { break }
                let end = line + 1 < list.lines.count ? list.lines[line + 1].firstItem : section.count
                var item = current.firstItem
                while item < end {
                    let frame = list.frame(item)
                    if window.main.overlaps(frame.main + origin, frame.mainLength)
                        && window.cross.overlaps(frame.cross, frame.crossLength) {
                        if result.count > cap { return }
                        append(item, frame)
                    }
                    item += 1
                }
                line += 1
            }
        case .sized(let list):
            // The first line that may reach the window from the running sums, then line by line: O(log n + k).
            // The list's loop written out again: one local function for both, taking each case's frame as a
            // closure, cost a self-sizing steady frame 6,500 instructions more (QueryInstructions, callgrind).
            var line = list.firstLine(reaching: relativeLow)
            guard line < list.lineCount else { return }
            while line < list.lineCount {
                // From the running sums, not accumulated here, so that every query and `layoutAttributesForItem`
                // give an item the very same frame.
                let start = list.start(ofLine: line)
                if list.lineSpacing >= 0 && start >= relativeHigh { break }
                let thickness = list.thickness[line]
                let items = list.items(ofLine: line)
                var item = items.lowerBound
                while item < items.upperBound {
                    let frame = list.frame(item, lineStart: start, lineThickness: thickness)
                    if window.main.overlaps(frame.main + origin, frame.mainLength)
                        && window.cross.overlaps(frame.cross, frame.crossLength) {
                        if result.count > cap { return }
                        append(item, frame)
                    }
                    item += 1
                }
                line += 1
            }
        }
    }
}

/// A query's rect along the scrolling axis (`main`) and across it (`cross`), for testing an item frame
/// without building its `Rect`.
private struct QueryWindow {
    /// An extent of the rect on one axis.
    struct Span {
        let low: Double
        let high: Double

        /// Whether a frame's extent from `start` of `length` on this axis overlaps the span as
        /// `Rect.intersects(_:)` has it: a negative length extends back from `start`, edges that only touch do
        /// not overlap, and a NaN overlaps nothing. A frame intersects the rect exactly when both axes
        /// overlap: `Rect.intersects(_:)`'s test for a null frame is not needed, as a null frame's minimum
        /// on its infinite axis is infinite or NaN, which overlaps nothing.
        @inline(__always)
        func overlaps(_ start: Double, _ length: Double) -> Bool {
            let minimum = length < 0 ? start + length : start
            let maximum = length < 0 ? start : start + length
            return minimum < high && low < maximum
        }
    }

    let vertical: Bool
    let main: Span
    let cross: Span

    /// The window of `rect`, which must not be null.
    init(_ rect: Rect, vertical: Bool) {
        self.vertical = vertical
        let x = Span(low: rect.minX, high: rect.maxX), y = Span(low: rect.minY, high: rect.maxY)
        main = vertical ? y : x
        cross = vertical ? x : y
    }
}
