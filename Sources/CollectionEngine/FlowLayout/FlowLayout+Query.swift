extension FlowLayout {
    func elements(in rect: Rect) -> [LayoutAttributes] {
        guard !rect.isNull, !sections.isEmpty else { return [] }
        let vertical = flowedVertically
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let attributesClass = Self.layoutAttributesClass
        var result: [LayoutAttributes] = []

        // The first section that ends after `low`.
        var first = 0, last = sections.count
        while first < last {
            let mid = (first + last) / 2
            if sections[mid].origin + sections[mid].length <= low { first = mid + 1 } else { last = mid }
        }
        var index = first
        while index < sections.count, sections[index].origin < high {
            let section = sections[index]
            if let header = headerFrame(section), header.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionHeader, index, header))
            }
            appendItems(of: section, number: index, in: rect, low: low, high: high, into: &result,
                        attributesClass: attributesClass)
            if let footer = footerFrame(section), footer.intersects(rect) {
                result.append(supplementary(attributesClass, CollectionView.elementKindSectionFooter, index, footer))
            }
            index += 1
        }
        collectionView?.counters.layoutAttributesBuilt += result.count
        return result
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
        return supplementary(Self.layoutAttributesClass, kind, indexPath.section, frame)
    }

    // MARK: Geometry

    private func supplementary(_ attributesClass: LayoutAttributes.Type, _ kind: String, _ section: Int,
                               _ frame: Rect) -> LayoutAttributes {
        let attributes = attributesClass.init(category: .supplementaryView, kind: kind,
                                              indexPath: IndexPath(item: 0, section: section))
        attributes.frame = frame
        return attributes
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

    private func appendItems(of section: FlowSection, number: Int, in rect: Rect, low: Double, high: Double,
                             into result: inout [LayoutAttributes], attributesClass: LayoutAttributes.Type) {
        let vertical = flowedVertically
        func add(_ item: Int, _ frame: Rect) {
            guard frame.intersects(rect) else { return }
            let attributes = attributesClass.init(category: .cell, kind: nil,
                                                  indexPath: IndexPath(item: item, section: number))
            attributes.frame = frame
            result.append(attributes)
        }
        // Query bounds relative to the section's origin.
        let relativeLow = low - section.origin, relativeHigh = high - section.origin
        switch section.lines {
        case .grid(let grid):
            guard grid.lineCount > 0 else { return }
            var firstLine = 0, lastLine = grid.lineCount - 1
            if grid.mainPitch > 0 {
                let below = ((relativeLow - section.itemsStart - grid.itemMain) / grid.mainPitch).rounded(.down)
                let above = ((relativeHigh - section.itemsStart) / grid.mainPitch).rounded(.down)
                firstLine = Int(max(0, min(below, Double(grid.lineCount - 1))))
                lastLine = Int(max(-1, min(above, Double(grid.lineCount - 1))))
            }
            var firstColumn = 0, lastColumn = grid.perLine - 1
            if grid.crossPitch > 0 {
                let crossLow = vertical ? rect.minX : rect.minY, crossHigh = vertical ? rect.maxX : rect.maxY
                let left = ((crossLow - grid.crossStart - grid.itemCross) / grid.crossPitch).rounded(.down)
                let right = ((crossHigh - grid.crossStart) / grid.crossPitch).rounded(.down)
                firstColumn = Int(max(0, min(left, Double(grid.perLine - 1))))
                lastColumn = Int(max(-1, min(right, Double(grid.perLine - 1))))
            }
            guard firstLine <= lastLine, firstColumn <= lastColumn else { return }
            for line in firstLine...lastLine {
                for column in firstColumn...lastColumn {
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
                    add(item, list.frames[item].rect(vertical: vertical, mainOffset: section.origin))
                }
                line += 1
            }
        }
    }
}
