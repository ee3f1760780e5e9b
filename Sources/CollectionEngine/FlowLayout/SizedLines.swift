/// The lines of a self-sizing section (``FlowLayout/estimatedItemSize``): every item's size (the estimate
/// until its cell is measured), the lines they break into and each line's extent in running sums, so that
/// a measured size changes the section in O(log n) — not O(n) — and queries stay O(log n + k).
///
/// A size change that keeps the item's extent across the lines changes its line's thickness only: one update
/// of the running sums moves every later line. A change across re-breaks lines from the item's line until the
/// breaks meet the old ones again (usually within the line); only when the number of lines changes are the
/// line lists spliced and their sums rebuilt (O(lines) moves of memory, no size read).
struct SizedLines: Equatable {
    /// Every item's size.
    private(set) var sizes: [Size]
    /// Every item's position across the scrolling axis, relative to the section.
    private(set) var cross: [Double]
    /// Each line's first item.
    private(set) var lineFirst: [Int]
    /// Each line's thickness along the scrolling axis (its largest item's).
    private(set) var thickness: [Double]
    /// Each line's thickness plus the line spacing, summed.
    private var pitches: PrefixSums
    /// How many items differ in size from the first: the last line's rule depends on whether all are equal.
    private var differing: Int

    let itemsStart: Double
    let lineSpacing: Double
    let interitemSpacing: Double
    let available: Double
    let crossLeading: Double
    let vertical: Bool

    /// Lays out `sizes` in lines across `available`, the first at `itemsStart`.
    /// - Complexity: O(n).
    init(sizes: [Size], itemsStart: Double, crossLeading: Double, available: Double, metrics: SectionMetrics,
         vertical: Bool) {
        self.sizes = sizes
        self.itemsStart = itemsStart
        self.lineSpacing = metrics.lineSpacing
        self.interitemSpacing = metrics.interitemSpacing
        self.available = available
        self.crossLeading = crossLeading
        self.vertical = vertical
        cross = [Double](repeating: 0, count: sizes.count)
        lineFirst = []
        thickness = []
        differing = sizes.isEmpty ? 0 : sizes.count { $0 != sizes[0] }
        pitches = PrefixSums([])
        var first = 0
        while first < sizes.count {
            let end = lineEnd(from: first)
            lineFirst.append(first)
            thickness.append(layOutLine(first..<end, isLast: end == sizes.count))
            first = end
        }
        pitches = PrefixSums(thickness.map { $0 + lineSpacing })
    }

    private func mainLength(_ size: Size) -> Double { vertical ? size.height : size.width }
    private func crossLength(_ size: Size) -> Double { vertical ? size.width : size.height }

    /// The end of the line that starts at `first`: items fill it greedily with the interitem spacing.
    private func lineEnd(from first: Int) -> Int {
        var used = crossLength(sizes[first])
        var item = first + 1
        while item < sizes.count {
            let next = crossLength(sizes[item])
            guard used + interitemSpacing + next <= available + FlowSection.epsilon else { break }
            used += interitemSpacing + next
            item += 1
        }
        return item
    }

    /// Places the items of one line across the axis, by the flow layout's rules for a line (see
    /// ``FlowLayout``), and returns its thickness.
    private mutating func layOutLine(_ range: Range<Int>, isLast: Bool) -> Double {
        var crossSum = 0.0, lineThickness = 0.0
        for item in range {
            crossSum += crossLength(sizes[item])
            lineThickness = max(lineThickness, mainLength(sizes[item]))
        }
        var position: Double, gap: Double
        if isLast && differing > 0 {
            position = crossLeading
            gap = interitemSpacing
        } else {
            var slots = range.count, filledSum = crossSum
            if isLast, let last = range.last {
                let lastCross = crossLength(sizes[last])
                slots = max(range.count, FlowSection.capacity(cross: lastCross, available: available,
                                                             spacing: interitemSpacing))
                filledSum = Double(slots) * lastCross
            }
            if slots == 1 {
                position = crossLeading + (available - crossLength(sizes[range.lowerBound])) / 2
                gap = 0
            } else {
                position = crossLeading
                gap = (available - filledSum) / Double(slots - 1)
            }
        }
        for item in range {
            cross[item] = position
            position += crossLength(sizes[item]) + gap
        }
        return lineThickness
    }

    var lineCount: Int { lineFirst.count }

    /// The items of `line`.
    func items(ofLine line: Int) -> Range<Int> {
        lineFirst[line]..<(line + 1 < lineFirst.count ? lineFirst[line + 1] : sizes.count)
    }

    /// Where `line` starts along the scrolling axis, relative to the section.
    /// - Complexity: O(log n).
    func start(ofLine line: Int) -> Double { itemsStart + pitches.sum(first: line) }

    /// Where the last line ends, relative to the section (`itemsStart` without lines).
    func itemsEnd() -> Double {
        guard let last = thickness.last else { return itemsStart }
        return start(ofLine: thickness.count - 1) + last
    }

    /// The line that holds `item`.
    /// - Complexity: O(log n).
    func line(of item: Int) -> Int {
        var low = 0, high = lineFirst.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineFirst[mid] <= item { low = mid } else { high = mid }
        }
        return low
    }

    /// The first line that may reach past `low` (relative to the section): found in the running sums when
    /// they ascend, else the first line.
    /// - Complexity: O(log n).
    func firstLine(reaching low: Double) -> Int {
        guard pitches.ascends, lineSpacing >= 0 else { return 0 }
        // A line ends before the next starts: the first line whose start plus pitch exceeds `low`.
        return pitches.firstIndex(whereSumExceeds: low - itemsStart)
    }

    /// The frame of `item` on a line starting at `lineStart` of thickness `lineThickness`.
    @inline(__always)
    func frame(_ item: Int, lineStart: Double, lineThickness: Double) -> AxisRect {
        let size = sizes[item]
        let main = mainLength(size)
        return AxisRect(main: lineStart + (lineThickness - main) / 2, cross: cross[item], mainLength: main,
                        crossLength: crossLength(size))
    }

    /// The frame of `item`, relative to the section.
    /// - Complexity: O(log n).
    func frame(_ item: Int) -> AxisRect {
        let line = line(of: item)
        return frame(item, lineStart: start(ofLine: line), lineThickness: thickness[line])
    }

    /// Gives `item` the size `size` and lays out what it moves; returns whether an item became wider than the
    /// available extent.
    ///
    /// - Complexity: O(log n + m) for m items in the lines it re-breaks, when the number of lines stays; plus
    ///   O(lines) moves of memory when it changes. O(n) when the first item changes and with it whether all
    ///   sizes are equal.
    @discardableResult
    mutating func resize(_ item: Int, to size: Size) -> Bool {
        let old = sizes[item]
        guard old != size else { return false }
        let wasUniform = differing == 0
        if item == 0 {
            sizes[item] = size
            differing = sizes.count { $0 != sizes[0] }
        } else {
            if old != sizes[0] { differing -= 1 }
            sizes[item] = size
            if size != sizes[0] { differing += 1 }
        }
        let line = line(of: item)
        if crossLength(old) == crossLength(size) {
            relayOut(line)
        } else {
            // An item that narrowed may now fit on the line before.
            rebreak(from: max(0, line - 1), changed: item)
        }
        // The last line's rule depends on whether all sizes are equal.
        if wasUniform != (differing == 0), lineCount > 0 { relayOut(lineCount - 1) }
        return crossLength(size) > available + FlowSection.epsilon
    }

    /// Places the items of `line` again and updates its thickness.
    private mutating func relayOut(_ line: Int) {
        let range = items(ofLine: line)
        let newThickness = layOutLine(range, isLast: range.upperBound == sizes.count)
        let delta = newThickness - thickness[line]
        if delta != 0 {
            thickness[line] = newThickness
            pitches.add(delta, at: line, newValue: newThickness + lineSpacing)
        }
    }

    /// Breaks lines again from `line`, in which `changed` changed its extent across, until a new line starts
    /// where an old one did after `changed`: the lines from there on are unchanged.
    private mutating func rebreak(from line: Int, changed: Int) {
        var newFirsts: [Int] = [], newThicknesses: [Double] = []
        var first = lineFirst[line]
        var oldLine = line
        var synced = lineFirst.count
        while first < sizes.count {
            // Skip the old lines that start before `first`; if one starts exactly there after the change, the
            // rest is as it was.
            while oldLine < lineFirst.count && lineFirst[oldLine] < first { oldLine += 1 }
            if first > changed, oldLine < lineFirst.count, lineFirst[oldLine] == first {
                synced = oldLine
                break
            }
            let end = lineEnd(from: first)
            newFirsts.append(first)
            newThicknesses.append(layOutLine(first..<end, isLast: end == sizes.count))
            first = end
        }
        if synced - line == newFirsts.count {
            for (offset, value) in newThicknesses.enumerated() {
                let index = line + offset
                let delta = value - thickness[index]
                lineFirst[index] = newFirsts[offset]
                if delta != 0 {
                    thickness[index] = value
                    pitches.add(delta, at: index, newValue: value + lineSpacing)
                }
            }
        } else {
            lineFirst.replaceSubrange(line..<synced, with: newFirsts)
            thickness.replaceSubrange(line..<synced, with: newThicknesses)
            pitches = PrefixSums(thickness.map { $0 + lineSpacing })
        }
    }

    /// Moves the sizes out, leaving the lines empty.
    mutating func takeSizes() -> [Size] {
        defer { self = SizedLines.empty }
        return sizes
    }

    private static let empty = SizedLines(sizes: [], itemsStart: 0, crossLeading: 0, available: 0,
                                          metrics: SectionMetrics(inset: .zero, lineSpacing: 0, interitemSpacing: 0,
                                                                  header: .zero, footer: .zero),
                                          vertical: true)
}
