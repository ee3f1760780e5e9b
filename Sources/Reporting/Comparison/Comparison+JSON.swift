internal import ReelVersion

extension Comparison {
    /// The `format` of a Reel comparison.
    static let jsonFormat = "reel-comparison"
    /// The comparison format version this module writes.
    static let jsonVersion = 1

    /// The comparison as a JSON object with stable keys.
    ///
    /// `reel_version` is the running build's (the Reel that replayed every layout). `layouts` names the layouts, base first; `rounds` the layouts of each measured round in the order they
    /// ran. `figures` holds every timing figure: its `figure` name (the report's, `frame_time_ms.p50`),
    /// `label`, `unit`, `better`, each layout's `values` (`median`, the confidence interval `ci_low`/`ci_high`
    /// and its `ci_confidence`, `spread_percent`, `per_repeat`) and each other layout's `changes` against the
    /// base (`change_percent`, `p_value`, `test_method`, `n`, `significant`, `text`): a `p_value` for every
    /// figure and layout, `null` only when a side has no values. `counters` holds each counter's exact values
    /// and differences; `layout_reports` each layout's completeness, findings and warnings, then under `report`
    /// the layout's whole report (without frame samples), from which ``decode(json:path:)`` rebuilds the
    /// comparison; each report's `verdict` judges it against `thresholds`, as JUnit does.
    func json(thresholds: JankThresholds = JankThresholds()) -> JSONValue {
        let base = reports[0]
        return .object([
            .init("format", .string(Self.jsonFormat)),
            .init("version", .int(Self.jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("complete", .bool(complete)),
            .init("trace", .string(trace)),
            .init("mode", .string(base.mode.rawValue)),
            .init("clock", .string(base.clock.rawValue)),
            .init("window", base.window.json),
            .init("refresh_rate_hz", .number(base.refreshRateHz)),
            .init("budget_ms", .number(base.budgetMs)),
            .init("repeats", .int(base.repeats)),
            .init("warmup", .int(base.warmup)),
            .init("alpha", .number(alpha)),
            .init("test", .string("two-sided Mann-Whitney U")),
            .init("centre", .string("median of the per-repeat values")),
            .init("spread", .string("half-width of the median's \(JSONValue.format(MedianSummary.defaultLevel * 100)) % "
                + "confidence interval (order statistics), percent of the median")),
            .init("layouts", .array(layouts.map(JSONValue.string))),
            .init("base", .string(base.layout)),
            .init("rounds", .array(rounds.map { .array($0.map(JSONValue.string)) })),
            .init("figures", .array(timings.map(\.json))),
            .init("counters", .array(counters.map { $0.json(layouts: layouts) })),
            .init("layout_reports", .array(reports.map { $0.comparisonJSON(thresholds: thresholds) })),
        ])
    }
}

extension TimingComparison {
    var json: JSONValue {
        let declaration = figure.declaration
        return .object([
            .init("figure", .string(declaration.name)),
            .init("label", .string(declaration.label)),
            .init("unit", .string(declaration.unit.rawValue)),
            .init("better", .string(declaration.better.rawValue)),
            .init("values", .array(samples.map(\.json))),
            .init("changes", .array(changes.map { $0.json(base: samples[0].layout, figure: figure) })),
        ])
    }
}

extension TimingComparison.Sample {
    var json: JSONValue {
        func bound(_ value: Double?) -> JSONValue {
            guard let value, value.isFinite else { return .null }
            return .number(value)
        }
        return .object([
            .init("layout", .string(layout)),
            .init("median", bound(summary?.median)),
            .init("ci_low", bound(summary?.low)),
            .init("ci_high", bound(summary?.high)),
            .init("ci_confidence", bound(summary?.confidence)),
            .init("spread_percent", bound(summary?.spreadPercent)),
            .init("per_repeat", .numbers(values)),
        ])
    }
}

extension TimingComparison.Change {
    func json(base: String, figure: Figure) -> JSONValue {
        .object([
            .init("layout", .string(layout)),
            .init("base", .string(base)),
            .init("change_percent", percent.map(JSONValue.number) ?? .null),
            .init("p_value", test.map { .precise($0.pValue) } ?? .null),
            .init("test_method", test.map { .string($0.method.rawValue) } ?? .null),
            .init("n", .array([.int(baseCount), .int(count)])),
            .init("significant", .bool(isSignificant)),
            .init("text", .string(BenchstatText.changeAndTest(self))),
        ])
    }
}

extension CounterComparison {
    func json(layouts: [String]) -> JSONValue {
        .object([
            .init("counter", .string(counter.key)),
            .init("better", .string(counter.better.rawValue)),
            .init("values", .array(zip(layouts, values).map { layout, value in
                .object([.init("layout", .string(layout)), .init("value", value.map(JSONValue.int) ?? .null)])
            })),
            .init("differences", .array(zip(layouts.dropFirst(), differences).map { layout, difference in
                .object([.init("layout", .string(layout)), .init("base", .string(layouts[0])),
                         .init("difference", difference.map(JSONValue.int) ?? .null)])
            })),
        ])
    }
}

extension Report {
    /// What a comparison says of each layout's replay beyond its figures.
    func comparisonJSON(thresholds: JankThresholds) -> JSONValue {
        .object([
            .init("layout", .string(layout)),
            .init("complete", .bool(complete)),
            .init("failure", .optional(failure)),
            .init("repeats", .int(repeats)),
            .init("frames", .number(frames)),
            .init("findings", .array(findings.map {
                .object([.init("rule", .string($0.rule.rawValue)), .init("message", .string($0.message))])
            })),
            .init("warnings", .array(warnings.map(JSONValue.string))),
            .init("noise_warnings", .array(noiseWarnings.map(JSONValue.string))),
            .init("report", json(includeFrames: false, thresholds: thresholds)),
        ])
    }
}
