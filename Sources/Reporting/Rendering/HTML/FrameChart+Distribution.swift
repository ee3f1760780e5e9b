internal import Foundation

/// An SVG chart of the distribution of frame times: one empirical cumulative distribution (a step line) per
/// series, on a logarithmic time axis with a tick at each power of ten, and the budget as a vertical line.
///
/// x is the frame time on a log scale (so microsecond and millisecond frames both have room), y the fraction
/// of frames that take at most that time. Where a layout's line lies left of another's, its frames are faster
/// at that fraction; the budget line's crossing is the share of frames within the budget.
struct FrameDistributionChart {
    /// One line: a name, its colour and its frame times (ms), in any order.
    struct Series {
        var name: String
        var colour: String
        var values: [Double]
    }

    /// One step of an empirical distribution: `fraction` of the frames take at most `ms`.
    struct Step: Equatable {
        var ms: Double
        var fraction: Double
    }

    static let width = FrameChart.width, height = 300.0
    private static let left = 60.0, right = 24.0, top = 44.0, bottom = 44.0
    /// The shortest time the axis shows, ms (1 µs): a frame of no measurable time is drawn there.
    static let floorMs = 0.001

    let series: [Series]
    let budgetMs: Double
    let title: String
    /// The axis' ends, ms: powers of ten around every frame and the budget.
    let lowMs: Double, highMs: Double
    let ticks: [TimeAxis.Tick]

    init(series: [Series], budgetMs: Double, title: String) {
        self.series = series
        self.budgetMs = budgetMs
        self.title = title
        let values = series.flatMap(\.values).map { max($0, Self.floorMs) }
        let ticks = TimeAxis.decades(fromMs: min(values.min() ?? budgetMs, budgetMs),
                                     toMs: max(values.max() ?? budgetMs, budgetMs))
        self.ticks = ticks
        lowMs = ticks.first?.ms ?? Self.floorMs
        highMs = ticks.last?.ms ?? 1
    }

    /// The empirical distribution of `values`: for each distinct value, in increasing order, the fraction of
    /// the values at most it; empty for no values.
    /// - Complexity: O(*n* log *n*).
    static func steps(_ values: [Double]) -> [Step] {
        let sorted = values.sorted()
        var steps: [Step] = []
        for (index, value) in sorted.enumerated() where index + 1 == sorted.count || sorted[index + 1] != value {
            steps.append(Step(ms: value, fraction: Double(index + 1) / Double(sorted.count)))
        }
        return steps
    }

    private var plotLeft: Double { Self.left }
    private var plotRight: Double { Self.width - Self.right }
    private var plotBottom: Double { Self.height - Self.bottom }

    /// The x coordinate of a frame time on the log axis.
    func x(_ ms: Double) -> Double {
        let position = (log10(max(ms, Self.floorMs)) - log10(lowMs)) / (log10(highMs) - log10(lowMs))
        return plotLeft + min(1, max(0, position)) * (plotRight - plotLeft)
    }

    /// The y coordinate of a fraction of the frames.
    func y(_ fraction: Double) -> Double { plotBottom - fraction * (plotBottom - Self.top) }

    /// The chart in a `<figure>` with `caption`.
    func figure(caption: String) -> String {
        "<figure class=\"frame-chart distribution\">\n\(svg())\n<figcaption>\(HTMLText.escape(caption))</figcaption>\n</figure>"
    }

    /// The SVG element.
    func svg() -> String {
        let c = HTMLText.coordinate
        var svg = ["<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" "
            + "width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\"><title>\(HTMLText.escape(title))</title>"]
        for fraction in [0, 0.25, 0.5, 0.75, 1] {
            svg.append("<line class=\"grid\" x1=\"\(c(plotLeft))\" y1=\"\(c(y(fraction)))\" x2=\"\(c(plotRight))\" "
                + "y2=\"\(c(y(fraction)))\"/>")
            svg.append("<text x=\"\(c(plotLeft - 6))\" y=\"\(c(y(fraction)))\" text-anchor=\"end\" "
                + "dominant-baseline=\"middle\">\(Int(fraction * 100)) %</text>")
        }
        for tick in ticks {
            svg.append("<line class=\"grid decade\" x1=\"\(c(x(tick.ms)))\" y1=\"\(c(plotBottom))\" "
                + "x2=\"\(c(x(tick.ms)))\" y2=\"\(c(Self.top))\"/>")
            svg.append("<text class=\"tick\" x=\"\(c(x(tick.ms)))\" y=\"\(c(plotBottom + 16))\" text-anchor=\"middle\">"
                + "\(tick.label)</text>")
        }
        svg.append("<text x=\"\(c(plotRight))\" y=\"\(c(plotBottom + 34))\" text-anchor=\"end\">frame time "
            + "(log scale)</text>")
        svg.append("<text x=\"\(c(plotLeft))\" y=\"\(c(Self.top - 12))\" text-anchor=\"middle\">frames ≤ x</text>")
        svg.append("<line class=\"axis\" x1=\"\(c(plotLeft))\" y1=\"\(c(plotBottom))\" x2=\"\(c(plotRight))\" "
            + "y2=\"\(c(plotBottom))\"/>")
        let budget = "budget \(HTMLText.fixed(budgetMs, 2)) ms"
        // At the value the label gives (to 0.01 ms), so that a report read back from JSON, whose budget has
        // fewer decimals, draws the line at the same place.
        let budgetX = x((budgetMs * 100).rounded() / 100)
        svg.append("<line class=\"budget\" x1=\"\(c(budgetX))\" y1=\"\(c(plotBottom))\" x2=\"\(c(budgetX))\" "
            + "y2=\"\(c(Self.top))\"><title>\(budget)</title></line>")
        let flipped = budgetX + 4 + 6.5 * Double(budget.count) > plotRight
        svg.append("<text class=\"budget-label\" x=\"\(c(budgetX + (flipped ? -4 : 4)))\" y=\"\(c(Self.top + 12))\""
            + "\(flipped ? " text-anchor=\"end\"" : "")>\(budget)</text>")
        for line in series { svg.append(path(line)) }
        svg += FrameChart.legend(names: series.map { ($0.name, $0.colour) }, from: plotLeft + 24, to: plotRight,
                                 y: Self.top - 30)
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// The step line of one series, one vertex pair per pixel column at most.
    private func path(_ line: Series) -> String {
        let c = HTMLText.coordinate
        var d = ""
        var lastX = -Double.infinity
        let steps = Self.steps(line.values)
        for (index, step) in steps.enumerated() {
            let stepX = x(step.ms)
            // Steps within one pixel column of the next merge: the line rises to the last one's fraction.
            if index + 1 < steps.count, x(steps[index + 1].ms) - stepX < 0.5, stepX - lastX < 0.5 { continue }
            d += d.isEmpty ? "M\(c(stepX)),\(c(y(0)))" : "H\(c(stepX))"
            d += "V\(c(y(step.fraction)))"
            lastX = stepX
        }
        if !d.isEmpty { d += "H\(c(plotRight))" }
        let name = HTMLText.escape(line.name)
        return "<path class=\"cdf\" fill=\"none\" stroke=\"\(line.colour)\" stroke-width=\"1.5\" d=\"\(d)\">"
            + "<title>\(name): \(line.values.count) frames</title></path>"
    }
}
