internal import Foundation

/// An SVG chart of frame times against the frame budget, shared by the replay report and the comparison.
///
/// x is the time in the session (s), y the frame time (ms). Each series (a measured repeat, or a layout) is one
/// polyline with one point per frame, up to ``pointLimit`` points in the whole chart; beyond it each series is
/// drawn as a per-pixel-column envelope (the minimum to the maximum of the column's frames), so that the page
/// stays small and fast to draw. The budget is a labelled dashed line, every frame over it has a mark of its
/// own (per pixel column in an envelope), `<marker>`s are labelled lines at their time, and the initial display
/// (frame 0) is a bar of its own left of the plot, on the plot's scale but not setting it. When one frame is far
/// longer than the rest, the y axis stops at a ceiling (three budgets or twice the 99th percentile, whichever is
/// higher) and the frames above it are drawn at the top with a triangle and their value (``OutlierLabels``: one
/// row of labels that never overlap). When every frame is far within the budget (a quarter of it or less), the
/// axis is scaled to the frames instead and the budget, above the scale, is named at the top; the axis' unit is
/// µs when it ends below 1 ms (``TimeAxis``), so microsecond frames are never drawn flat at 0.
struct FrameChart {
    /// One frame: when it begins (s from the start of the session), its time (ms) and its number.
    struct Point: Equatable {
        var t: Double
        var ms: Double
        var frame: Int
    }

    /// One line of the chart.
    struct Series {
        var name: String
        var colour: String
        /// In order of time.
        var points: [Point]
    }

    /// Points the chart draws one by one; beyond it, envelopes.
    static let defaultPointLimit = 50_000
    /// Line colours, in order (a colour-blind-safe palette), reused beyond six series.
    static let colours = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]

    static let width = 960.0, height = 340.0
    private static let left = 60.0, right = 24.0, top = 44.0, bottom = 44.0
    /// The width the initial display's bar takes left of the plot.
    private static let initialColumn = 70.0

    let series: [Series]
    let budgetMs: Double
    let markers: [Marker]
    /// Frame 0's time (ms), drawn apart.
    let initialDisplayMs: Double?
    /// The chart's accessible name (its SVG `<title>`).
    let title: String
    let pointLimit: Int
    /// The end of the x axis, s.
    let maxSeconds: Double
    /// The top of the y axis, ms: frames above it are clipped.
    let ceilingMs: Double
    /// The frames of every series.
    let pointCount: Int

    /// - Parameters:
    ///   - minimumSeconds: The shortest x axis (the session's length, one frame).
    init(series: [Series], budgetMs: Double, minimumSeconds: Double, markers: [Marker] = [],
         initialDisplayMs: Double? = nil, title: String, pointLimit: Int = FrameChart.defaultPointLimit) {
        self.series = series
        self.budgetMs = budgetMs
        self.markers = markers
        self.initialDisplayMs = initialDisplayMs
        self.title = title
        self.pointLimit = pointLimit
        var lastT = 0.0, count = 0
        var values: [Double] = []
        for line in series {
            count += line.points.count
            lastT = max(lastT, line.points.last?.t ?? 0)
            values += line.points.map(\.ms)
        }
        pointCount = count
        maxSeconds = max(lastT, minimumSeconds, 0.001)
        values.sort()
        let maxMs = values.last ?? 0
        let p99 = values.isEmpty ? 0 : values[max(0, Int((0.99 * Double(values.count)).rounded(.up)) - 1)]
        ceilingMs = Self.ceiling(maxMs: maxMs, p99Ms: p99, budgetMs: budgetMs)
    }

    /// The top of the y axis, ms, for frames whose longest is `maxMs` and 99th percentile `p99Ms`: 5 % above the
    /// longest frame and at least 1.25 budgets; when that is far above the 99th percentile, a ceiling of three
    /// budgets or twice the 99th percentile, whichever is higher. When even the longest frame (or the 99th
    /// percentile's ceiling) is a quarter of the budget or less, the frames' own scale, without the budget.
    static func ceiling(maxMs: Double, p99Ms: Double, budgetMs: Double) -> Double {
        let ownNatural = max(maxMs * 1.05, 0.001), ownCap = max(p99Ms * 2, 0.001)
        let own = ownNatural > ownCap * 1.05 ? ownCap : ownNatural
        if own * 4 <= budgetMs { return own }
        let natural = max(budgetMs * 1.25, maxMs * 1.05)
        let cap = max(budgetMs * 3, p99Ms * 2)
        return natural > cap * 1.05 ? cap : natural
    }

    /// Whether the budget lies above the scale (every frame is far within it).
    var budgetAboveScale: Bool { budgetMs > ceilingMs }

    /// The y axis: its unit and ticks.
    var axis: TimeAxis { TimeAxis.linear(upToMs: ceilingMs) }

    /// Whether the series are drawn as envelopes: more points than ``pointLimit``.
    var usesEnvelope: Bool { pointCount > pointLimit }

    /// Frames above the ceiling, in every series.
    var clippedCount: Int {
        series.reduce(0) { $0 + $1.points.count { $0.ms > ceilingMs } } + (initialDisplayMs.map { $0 > ceilingMs ? 1 : 0 } ?? 0)
    }

    private var plotLeft: Double { Self.left + (initialDisplayMs == nil ? 0 : Self.initialColumn) }
    private var plotRight: Double { Self.width - Self.right }
    private var plotBottom: Double { Self.height - Self.bottom }

    /// The x coordinate of time `t` (s).
    func x(_ t: Double) -> Double { plotLeft + t / maxSeconds * (plotRight - plotLeft) }

    /// The y coordinate of `ms`, at most the ceiling.
    func y(_ ms: Double) -> Double { plotBottom - min(ms, ceilingMs) / ceilingMs * (plotBottom - Self.top) }

    /// The chart in a `<figure>` whose caption is `caption` followed by what the chart says of itself (an
    /// envelope, clipped frames).
    func figure(caption: String) -> String {
        var notes = [caption]
        if usesEnvelope {
            notes.append("\(HTMLText.number(Double(pointCount))) frames exceed the limit of "
                + "\(HTMLText.number(Double(pointLimit))) points per chart: each pixel column shows the range of its "
                + "frames (minimum to maximum), and a red tick marks a column with janky frames.")
        }
        let clipped = clippedCount
        if clipped > 0 {
            notes.append("\(clipped) \(clipped == 1 ? "frame is" : "frames are") above \(TimeAxis.label(ms: ceilingMs)), "
                + "the top of the scale: drawn at the top with ▲, and labelled with their value above the plot "
                + "(neighbours share a label: their number and the longest).")
        }
        if budgetAboveScale {
            notes.append("Every frame is far within the \(HTMLText.fixed(budgetMs, 2)) ms budget: the scale fits the "
                + "frames, and the budget, above it, is not drawn.")
        }
        return "<figure class=\"frame-chart\">\n\(svg())\n<figcaption>"
            + notes.map(HTMLText.escape).joined(separator: " ") + "</figcaption>\n</figure>"
    }

    /// The SVG element.
    func svg() -> String {
        let c = HTMLText.coordinate
        var svg = ["<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" "
            + "width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\"><title>\(HTMLText.escape(title))</title>"]
        // Grid, axes and ticks with their units.
        let axis = axis
        for tick in axis.ticks {
            svg.append("<line class=\"grid\" x1=\"\(c(plotLeft))\" y1=\"\(c(y(tick.ms)))\" x2=\"\(c(plotRight))\" "
                + "y2=\"\(c(y(tick.ms)))\"/>")
            svg.append("<text class=\"tick\" x=\"\(c(Self.left - 6))\" y=\"\(c(y(tick.ms)))\" text-anchor=\"end\" "
                + "dominant-baseline=\"middle\">\(tick.label)</text>")
        }
        for tick in Self.ticks(upTo: maxSeconds) {
            svg.append("<line class=\"axis\" x1=\"\(c(x(tick)))\" y1=\"\(c(plotBottom))\" x2=\"\(c(x(tick)))\" "
                + "y2=\"\(c(plotBottom + 4))\"/>")
            svg.append("<text x=\"\(c(x(tick)))\" y=\"\(c(plotBottom + 16))\" text-anchor=\"middle\">"
                + "\(HTMLText.number(tick)) s</text>")
        }
        svg.append("<text x=\"\(c(plotRight))\" y=\"\(c(plotBottom + 34))\" text-anchor=\"end\">time in the session (s)"
            + "</text>")
        svg.append("<line class=\"axis\" x1=\"\(c(plotLeft))\" y1=\"\(c(plotBottom))\" x2=\"\(c(plotRight))\" "
            + "y2=\"\(c(plotBottom))\"/>")
        svg.append("<line class=\"axis\" x1=\"\(c(Self.left))\" y1=\"\(c(plotBottom))\" x2=\"\(c(Self.left))\" "
            + "y2=\"\(c(Self.top))\"/>")
        // Markers, their labels staggered over three rows so that close ones stay readable.
        for (position, marker) in markers.enumerated() where marker.time <= maxSeconds {
            let label = HTMLText.escape(marker.label)
            svg.append("<line class=\"marker\" x1=\"\(c(x(marker.time)))\" y1=\"\(c(plotBottom))\" "
                + "x2=\"\(c(x(marker.time)))\" y2=\"\(c(Self.top))\"><title>marker \(label) at "
                + "\(HTMLText.fixed(marker.time, 3)) s</title></line>")
            // A label near the right edge ends at its line rather than running off the chart.
            let flipped = x(marker.time) + 3 + 6.5 * Double(marker.label.count) > Self.width
            svg.append("<text class=\"marker-label\" x=\"\(c(x(marker.time) + (flipped ? -3 : 3)))\" "
                + "y=\"\(c(Self.top + 10 + Double(position % 3) * 12))\"\(flipped ? " text-anchor=\"end\"" : "")>"
                + "\(label)</text>")
        }
        // The budget: a line, or a note when it is above the scale.
        let budget = "budget \(HTMLText.fixed(budgetMs, 2)) ms"
        if budgetAboveScale {
            svg.append("<text class=\"budget-label\" x=\"\(c(plotRight))\" y=\"\(c(Self.top + 12))\" "
                + "text-anchor=\"end\">\(budget) (above the scale)</text>")
        } else {
            svg.append("<line class=\"budget\" x1=\"\(c(Self.left))\" y1=\"\(c(y(budgetMs)))\" "
                + "x2=\"\(c(plotRight))\" y2=\"\(c(y(budgetMs)))\"><title>\(budget)</title></line>")
            svg.append("<text class=\"budget-label\" x=\"\(c(plotRight))\" y=\"\(c(y(budgetMs) - 4))\" "
                + "text-anchor=\"end\">\(budget)</text>")
        }
        // The series and the frames over budget.
        for line in series {
            svg += usesEnvelope ? envelope(line) : polyline(line)
        }
        svg += clippedLabels()
        if let initialDisplayMs { svg += initialDisplay(initialDisplayMs) }
        if series.count > 1 {
            svg += Self.legend(names: series.map { ($0.name, $0.colour) }, from: plotLeft + 24, to: plotRight,
                               y: Self.top - 30)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    private func polyline(_ line: Series) -> [String] {
        let c = HTMLText.coordinate
        let name = HTMLText.escape(line.name)
        var points = ""
        points.reserveCapacity(line.points.count * 14)
        for point in line.points {
            if !points.isEmpty { points += " " }
            points += c(x(point.t)) + "," + c(y(point.ms))
        }
        var svg = ["<polyline class=\"frames\" fill=\"none\" stroke=\"\(line.colour)\" stroke-width=\"1.2\" "
            + "stroke-opacity=\"0.85\" points=\"\(points)\"><title>\(name)</title></polyline>"]
        for point in line.points where point.ms > budgetMs {
            let tip = "<title>\(name): frame \(point.frame) at \(HTMLText.fixed(point.t, 3)) s, "
                + "\(HTMLText.fixed(point.ms, 3)) ms</title>"
            if point.ms > ceilingMs {
                svg.append("<path class=\"janky clipped\" d=\"M\(c(x(point.t))),\(c(y(point.ms) - 1))l-4,7h8z\" "
                    + "fill=\"#c00\">\(tip)</path>")
            } else {
                svg.append("<circle class=\"janky\" cx=\"\(c(x(point.t)))\" cy=\"\(c(y(point.ms)))\" r=\"2.5\" "
                    + "fill=\"#c00\" stroke=\"\(line.colour)\">\(tip)</circle>")
            }
        }
        return svg
    }

    /// Per pixel column, a vertical stroke from the column's shortest frame to its longest; a red tick under
    /// the top of the plot for a column with janky frames.
    private func envelope(_ line: Series) -> [String] {
        let c = HTMLText.coordinate
        let columns = max(1, Int(plotRight - plotLeft))
        var low = [Double](repeating: .infinity, count: columns)
        var high = [Double](repeating: -.infinity, count: columns)
        var janky = [Int](repeating: 0, count: columns)
        for point in line.points {
            let column = min(columns - 1, max(0, Int(x(point.t) - plotLeft)))
            low[column] = min(low[column], point.ms)
            high[column] = max(high[column], point.ms)
            if point.ms > budgetMs { janky[column] += 1 }
        }
        var path = ""
        for column in 0..<columns where low[column].isFinite {
            let columnX = plotLeft + Double(column) + 0.5
            let top = y(high[column]), bottom = min(y(low[column]), top - 0.5) + 1
            path += "M\(c(columnX)),\(c(bottom))V\(c(top))"
        }
        var svg = ["<path class=\"envelope\" fill=\"none\" stroke=\"\(line.colour)\" stroke-opacity=\"0.85\" "
            + "d=\"\(path)\"><title>\(HTMLText.escape(line.name)): range of the frames in each pixel column</title>"
            + "</path>"]
        for column in 0..<columns where janky[column] > 0 {
            let columnX = plotLeft + Double(column) + 0.5
            svg.append("<rect class=\"janky-column\" x=\"\(c(columnX - 0.5))\" y=\"\(c(y(high[column]) - 6))\" "
                + "width=\"1\" height=\"4\" fill=\"#c00\"><title>\(HTMLText.escape(line.name)): \(janky[column]) janky "
                + "\(janky[column] == 1 ? "frame" : "frames") near \(HTMLText.fixed((columnX - plotLeft) / (plotRight - plotLeft) * maxSeconds, 2)) s, "
                + "longest \(HTMLText.fixed(high[column], 3)) ms</title></rect>")
        }
        return svg
    }

    /// The clipped frames' values in one row above the plot (``OutlierLabels``), each label drawn with exactly
    /// the width it was placed with, so that no two overlap whatever the font.
    private func clippedLabels() -> [String] {
        let c = HTMLText.coordinate
        let outliers = series.flatMap { $0.points.filter { $0.ms > ceilingMs } }
            .map { OutlierLabels.Outlier(x: x($0.t), ms: $0.ms) }
        return OutlierLabels.place(outliers, left: plotLeft, right: plotRight).map { label in
            "<text class=\"clipped-label\" x=\"\(c(label.x))\" y=\"\(c(Self.top - 5))\" "
                + "textLength=\"\(c(label.width))\" lengthAdjust=\"spacingAndGlyphs\">\(label.text)</text>"
        }
    }

    /// Frame 0 as a bar of its own left of the plot, on the same y scale.
    private func initialDisplay(_ ms: Double) -> [String] {
        let c = HTMLText.coordinate
        let barX = Self.left + 22, barWidth = 26.0
        let tip = "<title>initial display (frame 0): \(HTMLText.fixed(ms, 3)) ms, reported apart from the measured "
            + "frames</title>"
        var svg = ["<rect class=\"initial-display\" x=\"\(c(barX))\" y=\"\(c(y(ms)))\" width=\"\(c(barWidth))\" "
            + "height=\"\(c(max(1, plotBottom - y(ms))))\">\(tip)</rect>"]
        if ms > ceilingMs {
            svg.append("<path class=\"clipped\" d=\"M\(c(barX + barWidth / 2)),\(c(y(ms) - 1))l-4,7h8z\" fill=\"#c00\"/>")
        }
        svg.append("<text class=\"initial-display-label\" x=\"\(c(barX + barWidth / 2))\" y=\"\(c(plotBottom + 16))\" "
            + "text-anchor=\"middle\">frame 0</text>")
        svg.append("<text x=\"\(c(barX + barWidth / 2))\" y=\"\(c(y(ms) - 5))\" text-anchor=\"middle\">"
            + "\(HTMLText.fixed(ms, 1))</text>")
        svg.append("<text x=\"\(c(barX + barWidth / 2))\" y=\"\(c(plotBottom + 30))\" text-anchor=\"middle\">"
            + "initial</text>")
        return svg
    }

    /// Names with their colours in a row at `y`, from `left`, left out from where they would pass `right`; each
    /// name takes about 7 px a character.
    static func legend(names: [(name: String, colour: String)], from left: Double, to right: Double,
                       y: Double) -> [String] {
        let c = HTMLText.coordinate
        var svg: [String] = []
        var legendX = left
        for (name, colour) in names {
            guard legendX < right - 40 else { break }
            svg.append("<rect x=\"\(c(legendX))\" y=\"\(c(y))\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>")
            svg.append("<text x=\"\(c(legendX + 14))\" y=\"\(c(y + 9))\">\(HTMLText.escape(name))</text>")
            legendX += 14 + 7 * Double(name.count) + 18
        }
        return svg
    }

    /// The style sheet the chart's classes need, for the page's `<style>`.
    static let css = """
        figure { margin: 1em 0; }
        figcaption { color: #555; font-size: 12px; max-width: 960px; }
        svg.chart { max-width: 100%; height: auto; background: #fff; }
        svg text { font: 11px system-ui, sans-serif; fill: #444; }
        svg .grid { stroke: #eee; }
        svg .axis { stroke: #888; }
        svg .marker { stroke: #999; stroke-dasharray: 2 3; }
        svg .budget { stroke: #c00; stroke-width: 1.2; stroke-dasharray: 6 4; }
        svg text.budget-label, svg text.clipped-label { fill: #c00; }
        svg .decade { stroke: #ddd; }
        svg .initial-display { fill: #8a8a8a; }
        """

    /// About five round ticks from 0 to `maximum` (steps of 1, 2 or 5 times a power of ten).
    static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0] }
        let rough = maximum / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: maximum, by: step).map { $0 }
    }
}
