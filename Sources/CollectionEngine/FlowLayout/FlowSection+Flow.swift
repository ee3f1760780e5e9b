extension FlowSection {
    /// Tolerance for "fits", so that rounding in sums of spacings does not push an item to the next line.
    static let epsilon = 1e-9

    /// Lays out the section's lines across `crossExtent`, relative to the section's origin.
    ///
    /// - Complexity: O(1) when all items have one size, else O(count).
    mutating func flow(crossExtent: Double, vertical: Bool, selfSizing: Bool = false) {
        reclaimSizes()
        let inset = metrics.inset
        let crossLeading = vertical ? inset.left : inset.top
        let available = crossExtent - (vertical ? inset.horizontal : inset.vertical)
        let mainLeading = vertical ? inset.top : inset.left
        let mainTrailing = vertical ? inset.bottom : inset.right
        headerLength = max(0, vertical ? metrics.header.height : metrics.header.width)
        footerLength = max(0, vertical ? metrics.footer.height : metrics.footer.width)
        itemsStart = headerLength + mainLeading

        let itemsEnd: Double
        if selfSizing {
            var all: [Size]
            switch sizes {
            case .uniform(let size): all = [Size](repeating: size, count: count)
            case .varying(let varying): all = varying
            }
            sizes = .varying([])
            hasOversizedItem = all.contains { (vertical ? $0.width : $0.height) > available + Self.epsilon }
            let list = SizedLines(sizes: all, itemsStart: itemsStart, crossLeading: crossLeading, available: available,
                                  metrics: metrics, vertical: vertical)
            all = []
            lines = .sized(list)
            length = list.itemsEnd() + mainTrailing + footerLength
            return
        }
        switch sizes {
        case .uniform(let size):
            hasOversizedItem = count > 0 && (vertical ? size.width : size.height) > available + Self.epsilon
            let grid = Self.grid(size: size, count: count, available: available, crossLeading: crossLeading,
                                 metrics: metrics, vertical: vertical)
            lines = .grid(grid)
            itemsEnd = grid.lineCount == 0
                ? itemsStart
                : itemsStart + Double(grid.lineCount - 1) * grid.mainPitch + grid.itemMain
        case .varying(let all):
            hasOversizedItem = all.contains { (vertical ? $0.width : $0.height) > available + Self.epsilon }
            let list = Self.lineList(sizes: all, available: available, crossLeading: crossLeading,
                                     itemsStart: itemsStart, metrics: metrics, vertical: vertical)
            lines = .list(list)
            itemsEnd = list.positions.indices.reduce(itemsStart) { end, item in
                let frame = list.frame(item)
                return max(end, frame.main + frame.mainLength)
            }
        }
        length = itemsEnd + mainTrailing + footerLength
    }

    /// How many items of cross length `cross` fit across `available` with `spacing` between them (≥ 1).
    static func capacity(cross: Double, available: Double, spacing: Double) -> Int {
        guard cross + spacing > 0 else { return 1 }
        let fitting = ((available + spacing) / (cross + spacing) + epsilon).rounded(.down)
        return fitting.flooredInt(in: 1...Int.geometricCountLimit)
    }

    private static func grid(size: Size, count: Int, available: Double, crossLeading: Double,
                             metrics: SectionMetrics, vertical: Bool) -> UniformGrid {
        let cross = vertical ? size.width : size.height
        let main = vertical ? size.height : size.width
        let spacing = metrics.interitemSpacing
        let perLine = capacity(cross: cross, available: available, spacing: spacing)
        let lineCount = count == 0 ? 0 : (count + perLine - 1) / perLine
        // Every line, the last included (it is laid out as if filled with copies of its last item), uses
        // the same columns: justified across the line, or centered when a line holds one item.
        let crossStart: Double, crossPitch: Double
        if perLine == 1 {
            crossStart = crossLeading + (available - cross) / 2
            crossPitch = 0
        } else {
            crossStart = crossLeading
            crossPitch = cross + (available - Double(perLine) * cross) / Double(perLine - 1)
        }
        return UniformGrid(perLine: perLine, lineCount: lineCount, itemMain: main, itemCross: cross,
                           mainPitch: main + metrics.lineSpacing, crossStart: crossStart, crossPitch: crossPitch)
    }

    private static func lineList(sizes: [Size], available: Double, crossLeading: Double, itemsStart: Double,
                                 metrics: SectionMetrics, vertical: Bool) -> LineList {
        let spacing = metrics.interitemSpacing
        var positions = [AxisPosition](repeating: AxisPosition(main: 0, cross: 0), count: sizes.count)
        // At most one line an item: reserved, not grown, so that a section of millions of lines never holds the
        // old and the new buffer at once (the pages past the last line are never touched, so never resident).
        var lines: [FlowLine] = []
        lines.reserveCapacity(sizes.count)
        var lineStart = itemsStart
        var maxThickness = 0.0
        var startsAscend = true
        let sameSize = sizes.allSatisfy { $0 == sizes[0] }

        func closeLine(_ range: Range<Int>, isLast: Bool) {
            var crossSum = 0.0, thickness = 0.0
            for item in range {
                let size = sizes[item]
                crossSum += vertical ? size.width : size.height
                thickness = max(thickness, vertical ? size.height : size.width)
            }
            var position: Double, gap: Double
            if isLast && !sameSize {
                // The last line of a section whose items differ in size: leading-aligned, exactly the minimum
                // spacing apart (UIKit's behaviour, rdar://20825965; "The last line always left aligns due
                // to the behavior of UICollectionViewFlowLayout" — the answers to
                // https://stackoverflow.com/questions/13017257).
                position = crossLeading
                gap = spacing
            } else {
                // A full line is justified, or centered when it holds one item. When every item of the
                // section has one size, the last line keeps the spacing of a full line
                // (it is laid out as if filled with copies of its items), so its items align with the
                // columns above, and it is centered only if even a full line holds a single item.
                var slots = range.count, filledSum = crossSum
                if isLast, let last = range.last {
                    let lastCross = vertical ? sizes[last].width : sizes[last].height
                    slots = max(range.count, capacity(cross: lastCross, available: available, spacing: spacing))
                    filledSum = Double(slots) * lastCross
                }
                if slots == 1 {
                    let only = vertical ? sizes[range.lowerBound].width : sizes[range.lowerBound].height
                    position = crossLeading + (available - only) / 2
                    gap = 0
                } else {
                    position = crossLeading
                    gap = (available - filledSum) / Double(slots - 1)
                }
            }
            for item in range {
                let size = sizes[item]
                let crossLength = vertical ? size.width : size.height
                let mainLength = vertical ? size.height : size.width
                positions[item] = AxisPosition(main: lineStart + (thickness - mainLength) / 2, cross: position)
                position += crossLength + gap
            }
            if let previous = lines.last, lineStart < previous.start { startsAscend = false }
            lines.append(FlowLine(firstItem: range.lowerBound, start: lineStart, thickness: thickness))
            maxThickness = max(maxThickness, thickness)
            lineStart += thickness + metrics.lineSpacing
        }

        var first = 0, used = 0.0
        for item in sizes.indices {
            let cross = vertical ? sizes[item].width : sizes[item].height
            if item == first {
                used = cross
            } else if used + spacing + cross <= available + epsilon {
                used += spacing + cross
            } else {
                closeLine(first..<item, isLast: false)
                first = item
                used = cross
            }
        }
        if !sizes.isEmpty { closeLine(first..<sizes.count, isLast: true) }
        return LineList(lines: lines, positions: positions, sizes: sizes, vertical: vertical, maxThickness: maxThickness,
                        startsAscend: startsAscend)
    }
}
