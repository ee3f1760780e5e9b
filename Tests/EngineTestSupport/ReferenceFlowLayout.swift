public import CollectionEngine

/// A naive model of UIKit's flow layout, written straight from UIKit's line rules, to check `FlowLayout` against.
///
/// It lays out every element of every section eagerly, vertically only; horizontal layouts are computed by
/// transposing the input (sizes, insets, viewport) and then the output, a formulation independent of the
/// engine's axis abstraction.
public struct ReferenceFlowLayout {
    public struct Section {
        public var sizes: [Size]
        public var inset: EdgeInsets
        public var lineSpacing: Double
        public var interitemSpacing: Double
        public var header: Size
        public var footer: Size

        public init(sizes: [Size], inset: EdgeInsets = .zero, lineSpacing: Double = 10, interitemSpacing: Double = 10,
                    header: Size = .zero, footer: Size = .zero) {
            self.sizes = sizes
            self.inset = inset
            self.lineSpacing = lineSpacing
            self.interitemSpacing = interitemSpacing
            self.header = header
            self.footer = footer
        }
    }

    public var sections: [Section]
    public var viewport: Size
    public var contentInset: EdgeInsets
    public var horizontal: Bool

    public init(sections: [Section], viewport: Size, contentInset: EdgeInsets = .zero, horizontal: Bool = false) {
        self.sections = sections
        self.viewport = viewport
        self.contentInset = contentInset
        self.horizontal = horizontal
    }

    /// Every element's frame, and the content size.
    public func layout() -> (frames: [ElementKey: Rect], contentSize: Size) {
        guard horizontal else { return Self.vertical(sections, viewport, contentInset) }
        // Transpose: x ↔ y, width ↔ height, top ↔ left, bottom ↔ right.
        func t(_ s: Size) -> Size { Size(width: s.height, height: s.width) }
        func t(_ i: EdgeInsets) -> EdgeInsets { EdgeInsets(top: i.left, left: i.top, bottom: i.right, right: i.bottom) }
        let transposed = sections.map {
            Section(sizes: $0.sizes.map(t), inset: t($0.inset), lineSpacing: $0.lineSpacing,
                    interitemSpacing: $0.interitemSpacing, header: t($0.header), footer: t($0.footer))
        }
        let (frames, size) = Self.vertical(transposed, t(viewport), t(contentInset))
        return (frames.mapValues { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }, t(size))
    }

    private static func vertical(_ sections: [Section], _ viewport: Size,
                                 _ contentInset: EdgeInsets) -> ([ElementKey: Rect], Size) {
        let width = max(0, viewport.width - contentInset.left - contentInset.right)
        var frames: [ElementKey: Rect] = [:]
        var y = 0.0
        for (s, section) in sections.enumerated() {
            if section.header.height > 0 {
                frames[ElementKey(category: .supplementaryView, kind: "header", indexPath: IndexPath(item: 0, section: s))] =
                    Rect(x: 0, y: y, width: width, height: section.header.height)
            }
            y += max(0, section.header.height) + section.inset.top
            let available = width - section.inset.left - section.inset.right
            // Greedy lines.
            var lines: [[Int]] = []
            for (i, size) in section.sizes.enumerated() {
                if var line = lines.last, !line.isEmpty {
                    let used = line.map { section.sizes[$0].width }.reduce(0, +)
                        + Double(line.count) * section.interitemSpacing
                    if used + size.width <= available + 1e-9 {
                        line.append(i)
                        lines[lines.count - 1] = line
                        continue
                    }
                }
                lines.append([i])
            }
            var bottom = y
            for (l, line) in lines.enumerated() {
                let isLast = l == lines.count - 1
                var widths = line.map { section.sizes[$0].width }
                let sameSize = section.sizes.allSatisfy { $0 == section.sizes[0] }
                if isLast, let lastWidth = widths.last, sameSize {
                    // Fill up with copies of the last item while they fit.
                    while widths.reduce(0, +) + lastWidth + Double(widths.count) * section.interitemSpacing
                        <= available + 1e-9, lastWidth + section.interitemSpacing > 0 {
                        widths.append(lastWidth)
                    }
                }
                let thickness = line.map { section.sizes[$0].height }.max() ?? 0
                var x: Double, gap: Double
                if isLast && !sameSize {
                    // Sizes differ: the last line is leading-aligned, exactly the minimum spacing apart.
                    x = section.inset.left
                    gap = section.interitemSpacing
                } else if widths.count == 1 {
                    x = section.inset.left + (available - widths[0]) / 2
                    gap = 0
                } else {
                    x = section.inset.left
                    gap = (available - widths.reduce(0, +)) / Double(widths.count - 1)
                }
                for i in line {
                    let size = section.sizes[i]
                    frames[ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: i, section: s))] =
                        Rect(x: x, y: y + (thickness - size.height) / 2, width: size.width, height: size.height)
                    x += size.width + gap
                }
                bottom = max(bottom, y + thickness)
                y += thickness + section.lineSpacing
            }
            y = bottom + section.inset.bottom
            if section.footer.height > 0 {
                frames[ElementKey(category: .supplementaryView, kind: "footer", indexPath: IndexPath(item: 0, section: s))] =
                    Rect(x: 0, y: y, width: width, height: section.footer.height)
            }
            y += max(0, section.footer.height)
        }
        return (frames, Size(width: width, height: y))
    }
}
