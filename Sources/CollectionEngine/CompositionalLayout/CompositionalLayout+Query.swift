extension CompositionalLayout {
    // MARK: Geometry of one element

    /// Where group `group` of `section` starts, in content coordinates (unmirrored).
    func groupOrigin(_ section: ResolvedSection, index: Int, group: Int, nestedOffset: Double) -> Point {
        if section.orthogonal == .none {
            let main = section.origin + section.contentStart
                + (section.extents?.sum(first: group) ?? Double(group) * section.stride)
            let cross = section.crossOrigin + (vertical ? section.insets.left : section.insets.top)
            return vertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
        }
        let main = section.origin + section.contentStart
        let cross = section.crossOrigin + section.orthogonalLeading + Double(group) * section.stride - nestedOffset
        return vertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
    }

    /// The leaves of group `group`: the template's, or the group laid out again with its cells' answers.
    /// Give the array back to ``scratchLeaves`` when it is not the template, so that the next group reuses it.
    func leaves(_ section: ResolvedSection, index: Int, group: Int) -> [PlacedLeaf] {
        guard hasMeasurement(section: index, from: group * section.capacity, count: section.capacity) else {
            return section.template
        }
        var leaves = scratchLeaves
        scratchLeaves = []
        leaves.removeAll(keepingCapacity: true)
        layOutGroup(section, group: group, index: index, into: &leaves)
        return leaves
    }

    /// The frame of an item, in content coordinates.
    func itemFrame(at indexPath: IndexPath) -> (frame: Rect, zIndex: Int)? {
        guard resolved.indices.contains(indexPath.section) else { return nil }
        let section = resolved[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.items else { return nil }
        let group = indexPath.item / section.capacity, leaf = indexPath.item % section.capacity
        let offset = section.orthogonal == .none ? 0 : collectionView?.nestedScrollOffset(of: indexPath.section) ?? 0
        let origin = groupOrigin(section, index: indexPath.section, group: group, nestedOffset: offset)
        let placed = leaves(section, index: indexPath.section, group: group)
        guard placed.indices.contains(leaf) else { return nil }
        let frame = placed[leaf].frame
        return (mirrored(Rect(x: origin.x + frame.origin.x, y: origin.y + frame.origin.y, width: frame.size.width,
                              height: frame.size.height)), promoted(placed[leaf].zIndex, section))
    }

    /// "all other section items will be automatically be promoted to zIndex=1" in a section with a background
    /// decoration (whose zIndex is 0).
    func promoted(_ zIndex: Int, _ section: ResolvedSection) -> Int {
        section.decorations.isEmpty ? zIndex : max(zIndex, 1)
    }

    /// `frame` mirrored for a right-to-left layout of a vertical collection view: leading is on the right.
    func mirrored(_ frame: Rect) -> Rect {
        guard environment.layoutDirection == .rightToLeft, vertical else { return frame }
        return Rect(x: contentSize.width - frame.maxX, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
    }

    /// The frame of boundary supplementary `number` of a section, with pinning applied: a pinned header is
    /// "visible while any portion of the host geometry (e.g. section) is visible", held at the visible bounds'
    /// leading edge and pushed out by the section's end; a pinned footer at the trailing edge; "Occlusion
    /// disambiguation between other supplementaries will be managed automatically (e.g. section header +
    /// footer both pinned)": a pinned header stops before a pinned footer, a pinned footer after a header.
    /// - Complexity: O(b) for the section's b boundary supplementaries.
    func boundaryFrame(_ section: ResolvedSection, _ number: Int) -> Rect {
        func natural(_ number: Int) -> Rect {
            let frame = section.boundaries[number].frame
            return Rect(x: frame.origin.x + (vertical ? 0 : section.origin), y: frame.origin.y + (vertical ? section.origin : 0),
                        width: frame.size.width, height: frame.size.height)
        }
        let item = section.boundaries[number].item
        let frame = natural(number)
        guard item.pinToVisibleBounds, let collectionView else { return frame }
        let inset = collectionView.adjustedContentInset
        let offset = vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        let visibleStart = offset + (vertical ? inset.top : inset.left)
        let visibleEnd = offset + (vertical ? collectionView.bounds.height - inset.bottom : collectionView.bounds.width - inset.right)
        func main(_ frame: Rect) -> Double { vertical ? frame.origin.y : frame.origin.x }
        func length(_ frame: Rect) -> Double { vertical ? frame.size.height : frame.size.width }
        func moved(_ frame: Rect, to position: Double) -> Rect {
            vertical ? Rect(x: frame.origin.x, y: position, width: frame.size.width, height: frame.size.height)
                     : Rect(x: position, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
        }
        let trailing = { (number: Int) in Self.isTrailingEdge(section.boundaries[number].item.alignment, vertical: self.vertical) }
        // The end of the pinned headers' natural frames, and the start of the pinned footers' pinned ones.
        var headerEnd = section.origin
        for other in section.boundaries.indices where section.boundaries[other].item.pinToVisibleBounds
            && Self.isLeadingEdge(section.boundaries[other].item.alignment, vertical: vertical) {
            headerEnd = max(headerEnd, main(natural(other)) + length(natural(other)))
        }
        func pinnedFooter(_ frame: Rect) -> Double { max(min(main(frame), visibleEnd - length(frame)), headerEnd) }
        if trailing(number) { return moved(frame, to: pinnedFooter(frame)) }
        var footerStart = section.end
        for other in section.boundaries.indices where section.boundaries[other].item.pinToVisibleBounds && trailing(other) {
            footerStart = min(footerStart, pinnedFooter(natural(other)))
        }
        let pinned = min(max(main(frame), visibleStart), footerStart - length(frame))
        return moved(frame, to: max(pinned, section.origin))
    }

    /// The index of the first section that ends after `position` along the scroll direction.
    func firstSection(endingAfter position: Double) -> Int {
        var low = 0, high = resolved.count
        while low < high {
            let middle = (low + high) / 2
            if resolved[middle].end <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Queries

    /// The elements that meet `rect`; each section's visible-items handler runs over its cells in the answer.
    /// - Complexity: O(log s + log n + k) for s sections, n items and k elements answered, plus the handlers.
    func elements(in rect: Rect) -> [LayoutAttributes] {
        guard !rect.isNull, let collectionView, !resolved.isEmpty || !globalBoundaries.isEmpty else { return [] }
        store.beginQuery()
        let tally = LayoutTally.current()
        let createdBefore = tally.pointee.created
        // The answer before last is built again in its own storage, which nobody holds any more.
        var result = answerBefore
        answerBefore = lastAnswer
        lastAnswer = []
        result.removeAll(keepingCapacity: true)
        func append(_ category: ElementCategory, _ kind: String?, _ indexPath: IndexPath, _ frame: Rect, _ zIndex: Int) {
            result.append(store.attributes(category: category, kind: kind, indexPath: indexPath, frame: frame, zIndex: zIndex))
        }
        // The rect in unmirrored coordinates.
        let query = mirrored(rect)
        let low = vertical ? query.minY : query.minX, high = vertical ? query.maxY : query.maxX
        for (number, boundary) in globalBoundaries.enumerated() {
            let frame = mirrored(boundary.frame)
            if frame.intersects(rect) {
                append(.supplementaryView, boundary.item.elementKind, IndexPath(item: number, section: 0), frame, boundary.item.zIndex)
            }
        }
        var index = firstSection(endingAfter: low)
        while index < resolved.count, resolved[index].origin < high {
            let section = resolved[index]
            for (number, decoration) in section.decorations.enumerated() {
                let box = decoration.frame
                let frame = mirrored(Rect(x: box.origin.x + (vertical ? 0 : section.origin), y: box.origin.y + (vertical ? section.origin : 0),
                                          width: box.size.width, height: box.size.height))
                if frame.intersects(rect) {
                    append(.decorationView, decoration.item.elementKind, IndexPath(item: number, section: index), frame, decoration.item.zIndex)
                }
            }
            let firstCell = result.count
            appendCells(of: section, index: index, query: query, low: low, high: high, into: append)
            let cells = result.count - firstCell
            for (number, boundary) in section.boundaries.enumerated() {
                let frame = mirrored(boundaryFrame(section, number))
                if frame.intersects(rect) {
                    append(.supplementaryView, boundary.item.elementKind, IndexPath(item: 0, section: index), frame,
                           promoted(boundary.item.zIndex, section))
                }
            }
            if cells > 0, let handler = section.description.visibleItemsInvalidationHandler {
                runHandler(handler, section: section, index: index, cells: result[firstCell..<firstCell + cells],
                           collectionView: collectionView)
            }
            index += 1
        }
        // Every element answered counts as built, whether its object is new, kept or recycled (so the counter is
        // the same on every run, whichever objects the store could recycle). The handlers' copies count too.
        tally.pointee.created = createdBefore &+ UInt64(result.count)
        lastAnswer = result
        return result
    }

    /// Appends the cells of `section` that meet the query, group by group from the first that reaches it.
    private func appendCells(of section: ResolvedSection, index: Int, query: Rect, low: Double, high: Double,
                             into append: (ElementCategory, String?, IndexPath, Rect, Int) -> Void) {
        guard section.groupCount > 0 else { return }
        var group: Int
        var offset = 0.0
        if section.orthogonal == .none {
            let start = section.origin + section.contentStart
            if let extents = section.extents {
                group = extents.firstIndex(whereSumExceeds: low - start)
            } else {
                group = section.stride > 0 ? Int(max(0, ((low - start) / section.stride).rounded(.down))) : 0
            }
            // A group's cells may reach back over the spacing before it: start one group earlier.
            group = max(0, min(group, section.groupCount) - 1)
        } else {
            let bandStart = section.origin + section.contentStart
            guard bandStart < high, bandStart + section.contentLength > low else { return }
            offset = collectionView?.nestedScrollOffset(of: index) ?? 0
            let crossLow = vertical ? query.minX : query.minY
            let first = section.crossOrigin + section.orthogonalLeading - offset
            group = section.stride > 0 ? Int(max(0, ((crossLow - first) / section.stride).rounded(.down))) - 1 : 0
            group = max(0, group)
        }
        let crossHigh = vertical ? query.maxX : query.maxY
        while group < section.groupCount {
            let origin = groupOrigin(section, index: index, group: group, nestedOffset: offset)
            let along = section.orthogonal == .none ? (vertical ? origin.y : origin.x) : (vertical ? origin.x : origin.y)
            if along >= (section.orthogonal == .none ? high : crossHigh) { break }
            let measuredGroup = hasMeasurement(section: index, from: group * section.capacity, count: section.capacity)
            let placed = leaves(section, index: index, group: group)
            let first = group * section.capacity
            for (number, leaf) in placed.enumerated() where first + number < section.items {
                let frame = mirrored(Rect(x: origin.x + leaf.frame.origin.x, y: origin.y + leaf.frame.origin.y,
                                          width: leaf.frame.size.width, height: leaf.frame.size.height))
                guard frame.intersects(mirrored(query)) else { continue }
                append(.cell, nil, IndexPath(item: first + number, section: index), frame, promoted(leaf.zIndex, section))
            }
            if measuredGroup { scratchLeaves = placed }
            group += 1
        }
    }

    /// Runs a section's `visibleItemsInvalidationHandler` — "Called for each layout pass to allow modification
    /// of item properties right before they are displayed" — over its cells in the answer, in the
    /// `visible-items-handler` phase, with the app's work for them.
    private func runHandler(_ handler: VisibleItemsInvalidationHandler, section: ResolvedSection, index: Int,
                            cells: ArraySlice<LayoutAttributes>, collectionView: CollectionView) {
        var items = handlerItems
        handlerItems = []
        items.removeAll(keepingCapacity: true)
        items.append(contentsOf: cells)
        var offset = collectionView.contentOffset
        if section.orthogonal != .none {
            let nested = collectionView.nestedScrollOffset(of: index)
            if vertical { offset.x = nested } else { offset.y = nested }
        }
        let environment = self.environment
        let count = items.count
        collectionView.measure(.visibleItemsHandler, .cell) {
            handler(items, offset, environment)
            collectionView.dataSource?.collectionView(collectionView, visibleItemsHandlerWorkFor: count, inSection: index)
        }
        items.removeAll(keepingCapacity: true)
        handlerItems = items
    }
}
