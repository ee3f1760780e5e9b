extension CollectionView {
    /// Brings the display up to date if anything changed since the last pass.
    ///
    /// In order: reloads the counts if the data was reloaded; runs the layout's `prepare()` if it was
    /// invalidated and reads the content size; queries the elements in the bounds; ends the display of
    /// the elements that left (`didEndDisplaying…`, then back to their pool); applies changed attributes to
    /// those that stay; displays the elements that arrived (the data source configures them, dequeuing
    /// views whose attributes are applied before they return, then `willDisplay…`; a cell held off screen
    /// is shown without the data source); then prefetches at most one cell, the next to appear in the
    /// direction of scrolling, and returns held cells that left the prefetch region to their pools
    /// (SPEC §5.2, see `CollectionView+Prefetch.swift`).
    ///
    /// - Complexity: O(k log k) for k displayed elements and held cells, plus the layout's `prepare()` when
    ///   it was invalidated and its queries.
    public func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        if needsReload {
            needsReload = false
            endDisplayingEverything()
        }
        let prepared = collectionViewLayout.needsPrepare
        prepareLayoutIfNeeded()
        let directionChanged = updatePrefetchDirection()
        let displayChanged = updateDisplayedElements()
        // Past the limit nothing is displayed, and nothing is prefetched around it.
        if isPrefetchingEnabled && visibleElementOverflow == nil { prefetchNextCell(refresh: displayChanged || directionChanged || prepared) }
        assert(checkInvariants())
    }

    /// Runs the layout's `prepare()` if it was invalidated, then reads its content size.
    func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        guard layout.needsPrepare else { return }
        layout.needsPrepare = false
        _ = loadedItemCounts
        counters.layoutPrepares += 1
        measure(.prepare, nil) { layout.prepare() }
        contentSize = Self.usableContentSize(layout.collectionViewContentSize)
    }

    /// A layout's content size as the collection view uses it: an extent that is NaN or negative is 0, an
    /// infinite one the largest finite `Double`, so that content offsets, clamped to the content, stay
    /// finite whatever a layout answers (issue 13).
    static func usableContentSize(_ size: Size) -> Size {
        func usable(_ extent: Double) -> Double {
            guard extent > 0 else { return 0 }
            return Swift.min(extent, .greatestFiniteMagnitude)
        }
        return Size(width: usable(size.width), height: usable(size.height))
    }

    /// The elements the layout puts in the bounds, displayable (not hidden, intersecting), sorted by key,
    /// each once (when a layout returns an element twice, the first answer wins).
    ///
    /// A frame with a NaN coordinate or extent intersects nothing, so such an element is never displayed;
    /// an infinite frame that covers the bounds is.
    ///
    /// With a ``visibleElementLimit``, an answer of more elements than the limit displays none and sets
    /// ``visibleElementOverflow``; a layout that can count without building (the flow layout family) is told
    /// the limit and builds at most one more.
    func visibleElements() -> [(key: ElementKey, attributes: LayoutAttributes)] {
        var incoming: [(key: ElementKey, attributes: LayoutAttributes)] = []
        visibleElements(into: &incoming)
        return incoming
    }

    /// ``visibleElements()`` into `incoming`, which it empties first, keeping its capacity: a layout pass
    /// reuses one array from frame to frame.
    ///
    /// The answer is sorted only when it is not already in key order (checked in O(k)): the flow layout
    /// returns a section's cells in order, so that a steady scroll sorts nothing.
    /// - Complexity: O(k) for k elements in an answer in key order, O(k log k) otherwise.
    func visibleElements(into incoming: inout [(key: ElementKey, attributes: LayoutAttributes)]) {
        incoming.removeAll(keepingCapacity: true)
        let visibleRect = bounds
        counters.elementQueries += 1
        let layout = collectionViewLayout
        layout.elementQueryLimit = visibleElementLimit
        layout.elementQueryOverflow = nil
        defer { layout.elementQueryLimit = nil }
        let answer = measure(.query, nil) { layout.layoutAttributesForElements(in: visibleRect) }
        if let overflow = layout.elementQueryOverflow {
            visibleElementOverflow = overflow
            return
        }
        if let limit = visibleElementLimit, answer.count > limit {
            // Counted among the displayable ones: a layout may answer hidden or outlying elements.
            let displayable = answer.count { !$0.isHidden && $0.frame.intersects(visibleRect) }
            if displayable > limit {
                visibleElementOverflow = displayable
                return
            }
        }
        visibleElementOverflow = nil
        incoming.reserveCapacity(answer.count)
        var ordered = true
        for attributes in answer where !attributes.isHidden && attributes.frame.intersects(visibleRect) {
            let key = attributes.elementKey
            if ordered, let last = incoming.last, !(last.key < key) { ordered = false }
            incoming.append((key, attributes))
        }
        guard !ordered else { return }
        // Stable, so that of two answers for one element the first stays first and wins below.
        incoming.sort { $0.key < $1.key }
        var unique = 0
        for index in incoming.indices where unique == 0 || incoming[unique - 1].key != incoming[index].key {
            incoming.swapAt(unique, index)
            unique += 1
        }
        incoming.removeLast(incoming.count - unique)
    }

    /// Queries the layout for the bounds and reconciles the display with the answer; returns whether an
    /// element arrived or left.
    ///
    /// Its lists are the collection view's reusable buffers (taken out while the pass runs, so that a
    /// delegate or data source that calls back into the collection view cannot see them half-built, and put
    /// back with their capacity): a steady scroll frame allocates no array.
    private func updateDisplayedElements() -> Bool {
        var incoming = passBuffers.takeIncoming()
        var staying = passBuffers.takeStaying()
        var leaving = passBuffers.takeLeaving()
        var next = passBuffers.takeNext()
        defer {
            passBuffers.giveBack(incoming: &incoming, staying: &staying, leaving: &leaving, next: &next)
        }
        visibleElements(into: &incoming)

        // Merge the sorted old and new lists: views that stay, and elements that left.
        staying.append(contentsOf: repeatElement(nil, count: incoming.count))
        var old = 0, new = 0
        while old < displayed.count {
            if new == incoming.count || displayed[old].key < incoming[new].key {
                leaving.append(displayed[old])
                old += 1
            } else if incoming[new].key < displayed[old].key {
                new += 1
            } else {
                staying[new] = displayed[old].view
                old += 1
                new += 1
            }
        }

        for element in leaving { endDisplaying(element, keeping: true) }

        next.reserveCapacity(incoming.count)
        for index in incoming.indices {
            let (key, attributes) = incoming[index]
            if let view = staying[index] {
                // An animating view follows its animation, not the layout.
                if animations.isEmpty || animations[ObjectIdentifier(view)] == nil { applyIfChanged(attributes, to: view) }
                next.append(DisplayedElement(key: key, view: view))
            } else {
                next.append(DisplayedElement(key: key, view: display(attributes)))
            }
        }
        let changed = !leaving.isEmpty || next.count != displayed.count - leaving.count
        // The old list becomes the next pass's buffer.
        swap(&displayed, &next)
        counters.maxVisibleElements = max(counters.maxVisibleElements, displayed.count + disappearing.count)
        return changed
    }

    /// Makes, configures and announces the view for an element that arrived.
    func display(_ attributes: LayoutAttributes) -> ReusableView {
        let indexPath = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell:
            let cell: CollectionViewCell
            if let held = offscreenCells.removeValue(forKey: indexPath) {
                // Prefetched, or kept after it scrolled out: shown again without `cellForItemAt`.
                applyIfChanged(attributes, to: held.cell)
                if held.wasDisplayed { counters.cellsRedisplayed += 1 }
                cell = held.cell
            } else {
                cell = configureCell(attributes)
            }
            cell.isSelected = selectedItems.contains(indexPath)
            measure(.willDisplay, .cell) {
                delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
            }
            return cell
        case .supplementaryView:
            let kind = attributes.representedElementKind ?? ""
            let view = configureSupplementaryView(attributes)
            measure(.willDisplay, .supplementaryView) {
                delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
            }
            return view
        case .decorationView:
            return dequeueDecorationView(for: attributes)
        }
    }

    /// Asks the data source for the cell of `attributes`, which it dequeues (getting the attributes applied).
    func configureCell(_ attributes: LayoutAttributes) -> CollectionViewCell {
        guard let dataSource else {
            preconditionFailure("the layout returned cell \(attributes.indexPath) but the collection view has no data source")
        }
        let indexPath = attributes.indexPath
        // A layout's bug, not the data's: UIKit raises NSInternalInconsistencyException with these words.
        let counts = loadedItemCounts
        precondition(counts.indices.contains(indexPath.section) && (0..<counts[indexPath.section]).contains(indexPath.item),
                     "UICollectionView received layout attributes for a cell with an index path that does not exist: \(indexPath)")
        pendingAttributes = attributes
        defer { pendingAttributes = nil }
        counters.cellsConfigured += 1
        let cell = measure(.configure, .cell) { dataSource.collectionView(self, cellForItemAt: indexPath) }
        precondition(cell.dequeuedFor == attributes.elementKey,
                     "the cell returned from collectionView(_:cellForItemAt:) for \(indexPath) was not dequeued "
                        + "for it: cells must come from dequeueReusableCell(withReuseIdentifier:for:)")
        return cell
    }

    private func configureSupplementaryView(_ attributes: LayoutAttributes) -> ReusableView {
        guard let dataSource else {
            preconditionFailure(
                "the layout returned supplementary view \(attributes.elementKey) but the collection view has no data source")
        }
        let kind = attributes.representedElementKind ?? ""
        let indexPath = attributes.indexPath
        pendingAttributes = attributes
        defer { pendingAttributes = nil }
        counters.supplementaryConfigured += 1
        let view = measure(.configure, .supplementaryView) {
            dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
        }
        precondition(view.dequeuedFor == attributes.elementKey,
                     "the view returned from collectionView(_:viewForSupplementaryElementOfKind:at:) for "
                        + "\(attributes.elementKey) was not dequeued for it: supplementary views must come from "
                        + "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)")
        return view
    }

    /// Announces the end of an element's display and returns its view to its pool — unless it is a cell
    /// within the prefetch region, which is kept out of the pool in case it scrolls back.
    private func endDisplaying(_ element: DisplayedElement, keeping: Bool) {
        if !animations.isEmpty { animations[ObjectIdentifier(element.view)] = nil }
        announceEndOfDisplay(element.view, element.key)
        if keeping && keepCellWithinPrefetchRegion(element.view, element.key) { return }
        enqueue(element.view, element.key)
    }

    /// The delegate's did-end-displaying callback for `view`, which displayed `key`.
    func announceEndOfDisplay(_ view: ReusableView, _ key: ElementKey) {
        let indexPath = key.indexPath
        switch key.category {
        case .cell:
            if let cell = view as? CollectionViewCell {
                measure(.didEndDisplaying, .cell) {
                    delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
                }
            }
        case .supplementaryView:
            measure(.didEndDisplaying, .supplementaryView) {
                delegate?.collectionView(self, didEndDisplayingSupplementaryView: view,
                                         forElementOfKind: key.kind ?? "", at: indexPath)
            }
        case .decorationView:
            break
        }
    }

    /// Ends the display of every element, animating or not, and returns held cells to their pools, for a reload
    /// (which does not animate: running animations end where they are).
    private func endDisplayingEverything() {
        let leaving = displayed
        let gone = disappearing
        displayed = []
        disappearing = []
        animations = [:]
        for element in leaving { endDisplaying(element, keeping: false) }
        for element in gone {
            announceEndOfDisplay(element.view, element.key)
            enqueue(element.view, element.key)
        }
        discardOffscreenCells()
    }
}
