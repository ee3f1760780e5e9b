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
    /// (see `CollectionView+Prefetch.swift`).
    ///
    /// - Complexity: O(k log k) for k displayed elements and held cells, plus the layout's `prepare()` when
    ///   it was invalidated and its queries.
    public func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        holdingObserver { layOut() }
    }

    /// The layout pass.
    private func layOut() {
        if needsReload {
            needsReload = false
            endDisplayingEverything()
        }
        let prepared = collectionViewLayout.needsPrepare
        prepareLayoutIfNeeded()
        let directionChanged = updatePrefetchDirection()
        // Measurements of the cells that arrive may invalidate the layout: nested passes in the same frame.
        let displayChanged = runSelfSizingCascade { updateDisplayedElements() }
        guard selfSizingRecursion == nil else { return }
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
        callingLayout { measure(.prepare, nil) { layout.prepare() } }
        let size = Self.usableContentSize(callingLayout { layout.collectionViewContentSize })
        if size != contentSize { counters.contentSizeChanges += 1 }
        contentSize = size
    }

    /// A layout's content size as the collection view uses it: an extent that is NaN or negative is 0, an
    /// infinite one the largest finite `Double`, so that content offsets, clamped to the content, stay
    /// finite whatever a layout answers.
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
        var positions: [Int] = []
        let answer = visibleElements(into: &positions)
        return positions.map { (answer[$0].elementKey, answer[$0]) }
    }

    /// ``visibleElements()`` as positions in the layout's answer, which it returns: `positions`, emptied
    /// first and keeping its capacity, receives the positions of the displayable elements in key order. A
    /// layout pass reuses one list of integers from frame to frame: no element is copied, retained or
    /// released to list them.
    ///
    /// The positions are sorted only when the answer is not already in key order (checked in O(k), without
    /// building keys): the flow layout returns a section's cells in order, so that a steady scroll sorts
    /// nothing.
    /// - Complexity: O(k) for k elements in an answer in key order, O(k log k) otherwise.
    func visibleElements(into positions: inout [Int]) -> [LayoutAttributes] {
        positions.removeAll(keepingCapacity: true)
        let visibleRect = bounds
        counters.elementQueries += 1
        let layout = collectionViewLayout
        layout.elementQueryLimit = visibleElementLimit
        layout.elementQueryOverflow = nil
        defer { layout.elementQueryLimit = nil }
        let answer = callingLayout(query: true) {
            measure(.query, nil) { layout.layoutAttributesForElements(in: visibleRect) }
        }
        if let overflow = layout.elementQueryOverflow {
            visibleElementOverflow = overflow
            return answer
        }
        if let limit = visibleElementLimit, answer.count > limit {
            // Counted among the displayable ones: a layout may answer hidden or outlying elements.
            let displayable = answer.count { !$0.isHidden && $0.frame.intersects(visibleRect) }
            if displayable > limit {
                visibleElementOverflow = displayable
                return answer
            }
        }
        visibleElementOverflow = nil
        positions.reserveCapacity(answer.count)
        var ordered = true
        // `frame.intersects(visibleRect)` for every element, the visible rectangle's side of it taken once and
        // both axes at once: the same comparisons of the same numbers (a side of negative length counted from
        // its other end, a frame at infinity null, NaN never inside). A steady-scroll frame's loop took 11,100
        // instructions with `intersects` (callgrind), 7,700 so.
        let visibleMin = SIMD2(visibleRect.minX, visibleRect.minY), visibleMax = SIMD2(visibleRect.maxX, visibleRect.maxY)
        let visibleIsNull = visibleRect.isNull
        // Borrowed, not retained: the answer holds every element while the loop runs.
        answer.withUnsafeBufferPointer { elements in
            var last: (place: (ElementCategory, IndexPath), position: Int)?
            for position in elements.indices {
                let place = Unmanaged.passUnretained(elements[position])._withUnsafeGuaranteedRef { attributes in
                    Self.shows(attributes, visibleMin, visibleMax, visibleIsNull)
                        ? (attributes.representedElementCategory, attributes.indexPath) : nil
                }
                guard let place else { continue }
                if ordered, let last,
                   !(Self.precedes(last.place, place) ?? (elements[last.position].elementKey < elements[position].elementKey)) {
                    ordered = false
                }
                last = (place, position)
                positions.append(position)
            }
        }
        guard !ordered else { return answer }
        // By key, then by position, so that of two answers for one element the first comes first and wins.
        positions.sort { a, b in
            let keyA = answer[a].elementKey, keyB = answer[b].elementKey
            return keyA != keyB ? keyA < keyB : a < b
        }
        var unique = 0
        for index in positions.indices
        where unique == 0 || answer[positions[unique - 1]].elementKey != answer[positions[index]].elementKey {
            positions.swapAt(unique, index)
            unique += 1
        }
        positions.removeLast(positions.count - unique)
        return answer
    }

    /// Whether `attributes` are shown in a rectangle from `visibleMin` to `visibleMax`, null when
    /// `visibleIsNull`: not hidden, and `attributes.frame.intersects` the rectangle, computed as `Rect` does.
    /// - Complexity: O(1).
    @inline(__always)
    static func shows(_ attributes: LayoutAttributes, _ visibleMin: SIMD2<Double>, _ visibleMax: SIMD2<Double>,
                      _ visibleIsNull: Bool) -> Bool {
        guard !attributes.isHidden, !visibleIsNull else { return false }
        let fields = attributes.standard
        let size = SIMD2(fields.size.width, fields.size.height)
        // `frame`'s origin, as its getter computes it.
        let origin = SIMD2(fields.center.x, fields.center.y) - size / 2
        guard origin.x != .infinity, origin.y != .infinity else { return false }
        // `minX`: the origin, or its other end when the width is negative; `maxX` the other way round.
        let negative = size .< 0
        let minimum = origin.replacing(with: origin + size, where: negative)
        let maximum = (origin + size).replacing(with: origin, where: negative)
        return all(minimum .< visibleMax) && all(visibleMin .< maximum)
    }

    /// Whether the element of category and index path `a` comes before that of `b` in ``ElementKey``'s order,
    /// or `nil` when both are equal and the kinds decide: which is so only for two supplementary or
    /// decoration views at one index path, so that keys (and their kinds' strings) are built only then.
    /// - Complexity: O(1).
    @inline(__always)
    static func precedes(_ a: (ElementCategory, IndexPath), _ b: (ElementCategory, IndexPath)) -> Bool? {
        if a.0 != b.0 { return a.0 < b.0 }
        if a.1 != b.1 { return a.1 < b.1 }
        return nil
    }

    /// How the displayed element of `key` orders against the element `attributes` describe: negative
    /// before it, zero the same element, positive after it (``ElementKey``'s order, the keys' kinds compared
    /// only when category and index path are equal).
    /// - Complexity: O(1), plus comparing the kinds.
    @inline(__always)
    static func order(of key: borrowing ElementKey, against attributes: LayoutAttributes) -> Int {
        if let before = precedes((key.category, key.indexPath),
                                 (attributes.representedElementCategory, attributes.standard.indexPath)) {
            return before ? -1 : 1
        }
        // A cell's kind is `nil`: checked without copying either string.
        if key.kind == nil && attributes.representedElementKind == nil { return 0 }
        if key.kind == attributes.representedElementKind { return 0 }
        return copy key < attributes.elementKey ? -1 : 1
    }

    /// Queries the layout for the bounds and reconciles the display with the answer; returns whether an
    /// element arrived or left.
    ///
    /// The reconciliation works on positions — the answer's elements to display (by position in the
    /// answer), the displayed elements that stay and those that leave (by position in the displayed list) —
    /// so that no element, key or view is copied to compare them. The displayed list is then edited in place
    /// where elements left and arrived (a scroll changes it at its ends), or rebuilt when the changes are
    /// scattered over more than ``inPlaceEditLimit`` runs. Its lists are the collection view's reusable
    /// buffers (taken out while the pass runs, so that a delegate or data source that calls back into the
    /// collection view cannot see them half-built, and put back with their capacity): a steady scroll frame
    /// allocates no array, and retains and releases only what arrives and leaves.
    /// - Complexity: O(k + d) for k elements in the answer and d displayed, plus O(d) per run of changes
    ///   when editing in place.
    private func updateDisplayedElements() -> Bool {
        var incoming = passBuffers.takeIncoming()
        var staying = passBuffers.takeStaying()
        var leaving = passBuffers.takeLeaving()
        var arrivals = passBuffers.takeArrivals()
        var next = passBuffers.takeNext()
        defer {
            passBuffers.giveBack(incoming: &incoming, staying: &staying, leaving: &leaving, arrivals: &arrivals,
                                 next: &next)
        }
        // The answer holds its attributes, and `current` the displayed elements, until the end of the pass,
        // whatever a delegate or data source does meanwhile; `displayed` stays the old list until then, as
        // the callbacks have always seen it.
        let answer = visibleElements(into: &incoming)
        var current = displayed

        // Merge the sorted old and new lists: the displayed elements that stay, and those that left. The
        // elements are borrowed, not copied: `current` and `answer` hold them, and neither changes until the
        // list is edited below.
        staying.append(contentsOf: repeatElement(-1, count: incoming.count))
        var runs = 0
        current.withUnsafeBufferPointer { displayedElements in
            answer.withUnsafeBufferPointer { answered in
                var old = 0, new = 0
                while old < displayedElements.count {
                    let order = new == incoming.count ? -1 : Unmanaged.passUnretained(answered[incoming[new]])
                        ._withUnsafeGuaranteedRef { Self.order(of: displayedElements[old].key, against: $0) }
                    if order < 0 {
                        if leaving.last != old - 1 { runs += 1 }
                        leaving.append(old)
                        old += 1
                    } else if order > 0 {
                        new += 1
                    } else {
                        staying[new] = old
                        old += 1
                        new += 1
                    }
                }
            }
        }

        for index in leaving { endDisplaying(current[index], keeping: true) }

        // Borrowed as above: a delegate or data source called meanwhile cannot change these local lists.
        current.withUnsafeBufferPointer { displayedElements in
            answer.withUnsafeBufferPointer { answered in
                for new in incoming.indices {
                    let attributes = Unmanaged.passUnretained(answered[incoming[new]]), index = staying[new]
                    if index >= 0 {
                        let view = Unmanaged.passUnretained(displayedElements[index].view)
                        attributes._withUnsafeGuaranteedRef { attributes in
                            view._withUnsafeGuaranteedRef { view in
                                // An animating view follows its animation, not the layout.
                                if animations.isEmpty || animations[ObjectIdentifier(view)] == nil {
                                    // Unchanged attributes (a steady scroll's) cannot have a new size.
                                    if applyIfChanged(attributes, to: view) { selfSizeIfResized(view, attributes) }
                                }
                            }
                        }
                    } else {
                        if new == 0 || staying[new - 1] >= 0 { runs += 1 }
                        let attributes = attributes.takeUnretainedValue()
                        arrivals.append(DisplayedElement(key: attributes.elementKey, view: display(attributes)))
                    }
                }
            }
        }
        let changed = !leaving.isEmpty || !arrivals.isEmpty
        guard changed else {
            displayed = current
            counters.maxVisibleElements = max(counters.maxVisibleElements, displayed.count + disappearing.count)
            return false
        }
        if runs <= Self.inPlaceEditLimit {
            // Alone in holding the list, so that it is edited in its storage: the runs that left, from the
            // last, then the runs that arrived, from the first, each at its place in the new list.
            displayed = []
            var index = leaving.count
            while index > 0 {
                let end = leaving[index - 1] + 1
                var start = end - 1
                index -= 1
                while index > 0 && leaving[index - 1] == start - 1 {
                    start -= 1
                    index -= 1
                }
                current.removeSubrange(start..<end)
            }
            var new = 0, arrived = 0
            while new < staying.count {
                guard staying[new] < 0 else {
                    new += 1
                    continue
                }
                var end = new + 1
                while end < staying.count && staying[end] < 0 { end += 1 }
                current.insert(contentsOf: arrivals[arrived..<(arrived + end - new)], at: new)
                arrived += end - new
                new = end
            }
            displayed = current
        } else {
            next.reserveCapacity(incoming.count)
            var arrived = 0
            for index in staying {
                if index >= 0 {
                    next.append(current[index])
                } else {
                    next.append(arrivals[arrived])
                    arrived += 1
                }
            }
            // The old list becomes the next pass's buffer.
            displayed = next
            swap(&current, &next)
        }
        counters.maxVisibleElements = max(counters.maxVisibleElements, displayed.count + disappearing.count)
        return true
    }

    /// The most runs of elements that left or arrived for which a layout pass edits the displayed list in
    /// place (each run moves the elements after it once); past it, the pass rebuilds the list.
    static let inPlaceEditLimit = 8

    /// Makes, configures and announces the view for an element that arrived.
    func display(_ attributes: LayoutAttributes) -> ReusableView {
        let indexPath = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell:
            let cell: CollectionViewCell
            if let held = offscreenCells.removeValue(forKey: indexPath) {
                // Prefetched, or kept after it scrolled out: shown again without `cellForItemAt`.
                if applyIfChanged(attributes, to: held.cell) { selfSizeIfResized(held.cell, attributes) }
                if held.wasDisplayed { counters.cellsRedisplayed += 1 }
                cell = held.cell
            } else {
                cell = configureCell(attributes)
                selfSize(cell, attributes)
            }
            cell.isSelected = selectedItems.contains(indexPath)
            measure(.willDisplay, .cell) {
                delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
            }
            return cell
        case .supplementaryView:
            let kind = attributes.representedElementKind ?? ""
            let view = configureSupplementaryView(attributes)
            selfSize(view, attributes)
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
