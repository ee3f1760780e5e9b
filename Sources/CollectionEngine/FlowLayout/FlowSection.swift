/// A section's metrics, from the delegate or the layout.
struct SectionMetrics: Equatable {
    var inset: EdgeInsets
    var lineSpacing: Double
    var interitemSpacing: Double
    var header: Size
    var footer: Size
}

/// The sizes of a section's items: one size for all, or one per item.
enum ItemSizes: Equatable {
    case uniform(Size)
    case varying([Size])

    func size(_ item: Int) -> Size {
        switch self {
        case .uniform(let size): size
        case .varying(let sizes): sizes[item]
        }
    }
}

/// A rectangle in axis coordinates: `main` runs along the scrolling direction, `cross` across it.
struct AxisRect: Equatable {
    var main: Double
    var cross: Double
    var mainLength: Double
    var crossLength: Double

    func rect(vertical: Bool, mainOffset: Double) -> Rect {
        vertical
            ? Rect(x: cross, y: main + mainOffset, width: crossLength, height: mainLength)
            : Rect(x: main + mainOffset, y: cross, width: mainLength, height: crossLength)
    }
}

/// The lines of a section whose items all have one size, in closed form.
struct UniformGrid: Equatable {
    /// Items per full line (at least 1).
    var perLine: Int
    var lineCount: Int
    var itemMain: Double
    var itemCross: Double
    /// From one line's start to the next's.
    var mainPitch: Double
    /// The cross position of the first column.
    var crossStart: Double
    /// From one column to the next.
    var crossPitch: Double

    func frame(of item: Int, itemsStart: Double) -> AxisRect {
        let line = item / perLine, column = item % perLine
        return AxisRect(main: itemsStart + Double(line) * mainPitch, cross: crossStart + Double(column) * crossPitch,
                        mainLength: itemMain, crossLength: itemCross)
    }
}

/// One line of a section with items of different sizes.
struct FlowLine: Equatable {
    /// The line's first item; it runs to the next line's first item.
    var firstItem: Int
    /// The line's start along the scrolling axis, relative to the section's origin.
    var start: Double
    var thickness: Double
}

/// Where an item starts, along and across the scrolling axis, relative to its section's origin.
struct AxisPosition: Equatable {
    var main: Double
    var cross: Double
}

/// The lines of a section with items of different sizes, with every item's frame.
///
/// An item's frame is its position and its size: the list keeps the positions (16 bytes an item) and shares
/// the section's sizes rather than a rectangle an item (32), so a section of 10,000,000 items of their own sizes
/// holds 160 MB less.
struct LineList: Equatable {
    var lines: [FlowLine]
    /// Item positions relative to the section's origin.
    var positions: [AxisPosition]
    /// The items' sizes: the section's own array, shared.
    var sizes: [Size]
    var vertical: Bool
    var maxThickness: Double
    /// Whether line starts ascend (false only with a line spacing so negative that lines go backwards).
    var startsAscend: Bool

    /// The frame of `item`, relative to the section's origin.
    func frame(_ item: Int) -> AxisRect {
        let position = positions[item], size = sizes[item]
        return AxisRect(main: position.main, cross: position.cross,
                        mainLength: vertical ? size.height : size.width, crossLength: vertical ? size.width : size.height)
    }
}

/// One section of a flow layout: its inputs (count, metrics, sizes) and its computed geometry.
struct FlowSection {
    var count: Int
    var metrics: SectionMetrics
    var sizes: ItemSizes

    /// Where the section starts along the scrolling axis, in content coordinates.
    var origin = 0.0
    /// The section's extent along the scrolling axis: header, insets, lines, footer.
    var length = 0.0
    var headerLength = 0.0
    var footerLength = 0.0
    /// Where the first line starts, relative to the section's origin.
    var itemsStart = 0.0
    /// Whether an item is longer across the scrolling axis than the section's available extent (UIKit's
    /// "behavior of the UICollectionViewFlowLayout is not defined" warning).
    var hasOversizedItem = false
    var lines = Lines.none

    enum Lines: Equatable {
        case grid(UniformGrid)
        case list(LineList)
        /// A self-sizing section's lines (``FlowLayout/estimatedItemSize``), which a measured size updates in place.
        case sized(SizedLines)

        /// No lines: a section not flowed yet, or whose sizes changed since it was.
        static let none = Lines.grid(UniformGrid(perLine: 1, lineCount: 0, itemMain: 0, itemCross: 0, mainPitch: 0,
                                                 crossStart: 0, crossPitch: 0))
    }

    init(section: Int, count: Int, metrics source: MetricsSource) {
        self.count = count
        self.metrics = source.sectionMetrics(section)
        self.sizes = .uniform(source.defaultSize)
        if !source.sizesAreUniform { sizes = Self.querySizes(section: section, count: count, source: source) }
    }

    mutating func requery(section: Int, metrics source: MetricsSource) {
        metrics = source.sectionMetrics(section)
        // Self-sizing: the sizes are the estimate or what the cells answered, which no delegate changes.
        if source.estimate != nil {
            reclaimSizes()
            return
        }
        sizes = source.sizesAreUniform
            ? .uniform(source.defaultSize) : Self.querySizes(section: section, count: count, source: source)
    }

    mutating func requerySize(of item: Int, section: Int, metrics source: MetricsSource) {
        guard item >= 0 && item < count, source.estimate == nil else { return }
        setSize(source.size(IndexPath(item: item, section: section)), of: item)
    }

    /// Gives `item` the size `size`; the section must flow again before it is read, unless it is a self-sizing
    /// section already flowed, whose lines follow in place (then `true` is returned).
    /// - Complexity: O(log n) in place (see ``SizedLines/resize(_:to:)``); else O(1), or O(n) the first time a
    ///   size differs in a section of one size.
    @discardableResult
    mutating func setSize(_ size: Size, of item: Int) -> Bool {
        guard item >= 0 && item < count else { return false }
        if case .sized(var list) = lines {
            lines = .none
            // The bottom inset and footer after the last line stay.
            let trailing = length - list.itemsEnd()
            if list.resize(item, to: size) { hasOversizedItem = true }
            lines = .sized(list)
            length = list.itemsEnd() + trailing
            return true
        }
        switch sizes {
        case .uniform(let common) where common == size:
            break
        case .uniform(let common):
            var all = [Size](repeating: common, count: count)
            all[item] = size
            sizes = .varying(all)
        case .varying(var all):
            // The sizes are unique only once the lines flowed from them (which share them) and the case that
            // holds them let go: then one size changes in place, not in a copy of them all. The lines are stale
            // anyway; the section flows again before it is read.
            lines = .none
            sizes = .varying([])
            all[item] = size
            sizes = .varying(all)
        }
        return false
    }

    /// Takes the sizes back from a self-sizing section's lines, which become stale.
    mutating func reclaimSizes() {
        guard case .sized(var list) = lines else { return }
        lines = .none
        sizes = .varying(list.takeSizes())
    }

    /// Asks for every size, keeping one value while they are all equal.
    private static func querySizes(section: Int, count: Int, source: MetricsSource) -> ItemSizes {
        guard count > 0 else { return .uniform(source.defaultSize) }
        if let common = source.uniformSize(section) { return .uniform(common) }
        let first = source.size(IndexPath(item: 0, section: section))
        var all: [Size] = []
        for item in 1..<count {
            let size = source.size(IndexPath(item: item, section: section))
            if all.isEmpty {
                if size == first { continue }
                all.reserveCapacity(count)
                all.append(contentsOf: repeatElement(first, count: item))
            }
            all.append(size)
        }
        return all.isEmpty ? .uniform(first) : .varying(all)
    }
}
