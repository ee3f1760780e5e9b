extension FlowLayout {
    /// The elements in `rect`; with a query limit set by the collection view (``CollectionView/visibleElementLimit``),
    /// it stops building once it has one more than the limit, records in ``elementQueryOverflow`` how many
    /// elements the rect holds by its line arithmetic, and returns none: 10,000,000 items of 0.0001 points
    /// on one screen cost a count, not 10,000,000 attributes.
    ///
    /// With ``keepsLayoutAttributes``, the attributes objects come from the layout's cache when they were
    /// built for an earlier query since the last `prepare()`, and the answer's storage is the last answer's
    /// when nobody holds that any more: a steady scroll allocates only the attributes of the elements that
    /// arrive. ``EngineCounters/layoutAttributesBuilt`` counts the attributes answered, kept or new.
    func elements(in rect: Rect) -> [LayoutAttributes] {
        guard !rect.isNull, !sections.isEmpty else { return [] }
        let vertical = flowedVertically
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let attributesClass = Self.layoutAttributesClass
        let cache = keepsLayoutAttributes && attributesClass == LayoutAttributes.self ? attributesCache : nil
        cache?.beginQuery()
        var result: [LayoutAttributes] = []
        if cache != nil {
            swap(&result, &answerStorage)
            result.removeAll(keepingCapacity: true)
        }
        let cap = elementQueryLimit ?? Int.max

        var index = firstSection(endingAfter: low)
        while index < sections.count, sections[index].origin < high {
            let section = sections[index]
            if let header = headerFrame(section), header.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionHeader, index, header,
                                            cache))
            }
            appendItems(of: section, number: index, in: rect, low: low, high: high, into: &result,
                        attributesClass: attributesClass, cache: cache, cap: cap)
            if let footer = footerFrame(section), footer.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionFooter, index, footer,
                                            cache))
            }
            if result.count > cap {
                collectionView?.counters.layoutAttributesBuilt += result.count
                elementQueryOverflow = max(result.count, elementCount(in: rect))
                return []
            }
            index += 1
        }
        collectionView?.counters.layoutAttributesBuilt += result.count
        if cache != nil { answerStorage = result }
        return result
    }

    /// The index of the first section that ends after `low` along the scrolling axis.
    /// - Complexity: O(log s) for s sections.
    private func firstSection(endingAfter low: Double) -> Int {
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
        var index = firstSection(endingAfter: low)
        while index < sections.count, sections[index].origin < high {
            let section = sections[index]
            if let header = headerFrame(section), header.intersects(rect) { count += 1 }
            if let footer = footerFrame(section), footer.intersects(rect) { count += 1 }
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
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < section.count else { return nil }
        let attributes = Self.layoutAttributesClass.init(category: .cell, kind: nil, indexPath: indexPath)
        attributes.frame = itemFrame(section, indexPath.item)
        collectionView?.counters.layoutAttributesBuilt += 1
        return attributes
    }

    func headerOrFooterAttributes(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let section = sections[indexPath.section]
        let frame: Rect?
        switch kind {
        case CollectionView.elementKindSectionHeader: frame = headerFrame(section)
        case CollectionView.elementKindSectionFooter: frame = footerFrame(section)
        default: frame = nil
        }
        guard let frame else { return nil }
        collectionView?.counters.layoutAttributesBuilt += 1
        return supplementary(Self.layoutAttributesClass, kind, indexPath.section, frame, nil)
    }

    // MARK: Geometry

    /// A header's or footer's attributes: `cache`'s when it has them, else new ones.
    private func supplementary(_ attributesClass: LayoutAttributes.Type, _ kind: String, _ section: Int,
                               _ frame: Rect, _ cache: LayoutAttributesCache?) -> LayoutAttributes {
        let indexPath = IndexPath(item: 0, section: section)
        func make() -> LayoutAttributes {
            let attributes = attributesClass.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
            attributes.frame = frame
            return attributes
        }
        guard let cache else { return make() }
        return cache.attributes(for: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath),
                                make: make)
    }

    private func headerFrame(_ section: FlowSection) -> Rect? {
        guard section.headerLength > 0 else { return nil }
        return AxisRect(main: 0, cross: 0, mainLength: section.headerLength, crossLength: crossExtent)
            .rect(vertical: flowedVertically, mainOffset: section.origin)
    }

    private func footerFrame(_ section: FlowSection) -> Rect? {
        guard section.footerLength > 0 else { return nil }
        return AxisRect(main: section.length - section.footerLength, cross: 0, mainLength: section.footerLength,
                        crossLength: crossExtent)
            .rect(vertical: flowedVertically, mainOffset: section.origin)
    }

    private func itemFrame(_ section: FlowSection, _ item: Int) -> Rect {
        switch section.lines {
        case .grid(let grid):
            grid.frame(of: item, itemsStart: section.itemsStart).rect(vertical: flowedVertically, mainOffset: section.origin)
        case .list(let list):
            list.frames[item].rect(vertical: flowedVertically, mainOffset: section.origin)
        }
    }

    /// Appends the items of `section` in `rect`, stopping once `result` holds more than `cap` elements.
    private func appendItems(of section: FlowSection, number: Int, in rect: Rect, low: Double, high: Double,
                             into result: inout [LayoutAttributes], attributesClass: LayoutAttributes.Type,
                             cache: LayoutAttributesCache?, cap: Int) {
        let vertical = flowedVertically
        func add(_ item: Int, _ frame: Rect) {
            guard frame.intersects(rect) else { return }
            let indexPath = IndexPath(item: item, section: number)
            func make() -> LayoutAttributes {
                // With the cache, the class is plain LayoutAttributes: a recycled object when it has one.
                let attributes = cache?.recycledCellAttributes(at: indexPath)
                    ?? attributesClass.init(category: .cell, kind: nil, indexPath: indexPath)
                attributes.frame = frame
                return attributes
            }
            if let cache {
                result.append(cache.attributes(for: ElementKey(category: .cell, kind: nil, indexPath: indexPath),
                                               make: make))
            } else {
                result.append(make())
            }
        }
        // Query bounds relative to the section's origin.
        let relativeLow = low - section.origin, relativeHigh = high - section.origin
        switch section.lines {
        case .grid(let grid):
            guard let (lines, columns) = gridRange(grid, section, rect, relativeLow, relativeHigh) else { return }
            for line in lines {
                for column in columns {
                    if result.count > cap { return }
                    let item = line * grid.perLine + column
                    guard item < section.count else { break }
                    add(item, grid.frame(of: item, itemsStart: section.itemsStart)
                        .rect(vertical: vertical, mainOffset: section.origin))
                }
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
                for item in current.firstItem..<end {
                    if result.count > cap { return }
                    add(item, list.frames[item].rect(vertical: vertical, mainOffset: section.origin))
                }
                line += 1
            }
        }
    }
}
