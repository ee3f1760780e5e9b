/// Where the labels of the frames above a chart's top go: one row above the plot, no two boxes overlapping.
///
/// Outliers are taken from left to right; an outlier whose label would overlap the label before it joins that
/// label, which then reads "n frames, max X" and grows to fit. A label never runs past the plot's right end:
/// it moves left, and if it then meets its neighbour the two merge. So however many frames are clipped (one or
/// thousands, spread out or in a clump) the row holds disjoint boxes, each at least ``gap`` from the next.
enum OutlierLabels {
    /// One frame above the chart's top: where its mark is, and its time.
    struct Outlier: Equatable {
        var x: Double
        var ms: Double
    }

    /// One label: its text, the box it takes (`x` is its left end) and how many outliers it stands for.
    struct Label: Equatable {
        var text: String
        var x: Double
        var width: Double
        var frames: Int
        var maxMs: Double

        var right: Double { x + width }
    }

    /// The width the charts give a character of an 11 px label (the label is drawn with exactly its box's
    /// width, `textLength`, so the estimate only decides how much room it has).
    static let characterWidth = 7.0
    /// The least space between two labels.
    static let gap = 8.0

    /// The text of a label for `frames` outliers, the longest `maxMs`.
    static func text(frames: Int, maxMs: Double) -> String {
        frames == 1 ? TimeAxis.label(ms: maxMs) : "\(frames) frames, max \(TimeAxis.label(ms: maxMs))"
    }

    /// The labels for `outliers` (in any order) on a row from `left` to `right`.
    ///
    /// - Returns: Labels from left to right; for any two, the first ends at least ``gap`` before the second
    ///   begins, and each lies within `left...right` unless one label alone is wider than the row.
    /// - Complexity: O(*n* log *n*) for *n* outliers.
    static func place(_ outliers: [Outlier], left: Double, right: Double) -> [Label] {
        var placed: [Label] = []
        for outlier in outliers.sorted(by: { $0.x < $1.x }) {
            var label = Self.label(anchor: outlier.x, frames: 1, maxMs: outlier.ms, left: left, right: right)
            // Merge with the labels before while they are too close; the merged label can move left and meet
            // the one before it, hence the loop.
            while let previous = placed.last, label.x < previous.right + gap {
                placed.removeLast()
                label = Self.label(anchor: previous.x, frames: previous.frames + label.frames,
                                   maxMs: max(previous.maxMs, label.maxMs), left: left, right: right)
            }
            placed.append(label)
        }
        return placed
    }

    /// A label whose box begins at `anchor`, or further left so that it ends by `right`, but not before `left`.
    private static func label(anchor: Double, frames: Int, maxMs: Double, left: Double, right: Double) -> Label {
        let text = text(frames: frames, maxMs: maxMs)
        let width = characterWidth * Double(text.count)
        return Label(text: text, x: max(left, min(anchor, right - width)), width: width, frames: frames, maxMs: maxMs)
    }
}
