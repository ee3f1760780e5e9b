extension Report {
    /// The `format` of a Reel report.
    static let jsonFormat = "reel-report"
    /// The report format version this module writes and reads.
    static let jsonVersion = 1

    /// The report as its JSON object: the core keys in their fixed order, then the keys Reel added since.
    ///
    /// `reel_version` follows `version`: the Reel that measured the report (``reelVersion``), `null` when a
    /// report read back did not say. The figures' keys and order come from ``Figure``'s declarations. Added
    /// keys: `clock`, `workload` (`model` or `spend`), `hitch_band`, `frozen_frames`, XCTest's names of the figures
    /// (``xcTestMembers``), `refresh_rate_range_hz` and `frame_intervals_ms` when the refresh rate varies,
    /// `verdict`, `findings`, `warnings`, `failure`, `markers`, `per_repeat` (each repeat's timing figures, under
    /// the same keys as the report's, and `hot_paths_self_ms`), `initial_display_ms` and
    /// `initial_display_top_path` (frame 0, reported apart), `window` (the frames the figures cover), `spread`
    /// (one object per timing figure: `figure` its name, `min`, `median`, `max` of the per-repeat values,
    /// `noisy`), `noise_warnings`, per-call `call_p50_ms`/`call_p99_ms`/`call_max_ms` and `repeat` in frame rows,
    /// and `frame_samples` when asked.
    ///
    /// `verdict` is an object for programs (``JankThresholds/verdictJSON(of:)``): `status`, the facts'
    /// `summary`, the `thresholds` judged against and their `violations`.
    func json(includeFrames: Bool, thresholds: JankThresholds = JankThresholds()) -> JSONValue {
        func member(_ figure: Figure) -> JSONValue.Member? {
            figure.value(in: self).map { .init(figure.declaration.key, .number($0)) }
        }
        var members: [JSONValue.Member] = [
            .init("format", .string(Self.jsonFormat)),
            .init("version", .int(Self.jsonVersion)),
            .init("reel_version", .optional(reelVersion)),
            .init("complete", .bool(complete)),
            .init("trace", .string(trace)),
            .init("layout", .string(layout)),
            .init("mode", .string(mode.rawValue)),
            .init("refresh_rate_hz", .number(refreshRateHz)),
            .init("budget_ms", .number(budgetMs)),
            .init("repeats", .int(repeats)),
            .init("warmup", .int(warmup)),
            .init("frames", .number(frames)),
            .init("session_s", .number(sessionSeconds)),
            .init("frame_time_ms", .object(Figure.frameTimes.compactMap(member))),
        ]
        // The core keys keep their order: frozen frames and XCTest's names are keys added after them.
        members += Figure.frameRates.filter { $0 != .frozenFrames }.compactMap(member)
        members += [
            .init("counters", counters.json),
            .init("hot_paths", .array(hotPaths.map(\.json))),
            .init("worst_frames", .array(worstFrames.map(\.json))),
            .init("environment", .object([
                .init("host", .string(environment.host)),
                .init("cores", .int(environment.cores)),
                .init("swift", .string(environment.swift)),
                .init("build", .string(environment.build)),
            ] + (environment.cpuModel.map { [.init("cpu_model", .string($0))] } ?? []))),
            .init("clock", .string(clock.rawValue)),
            .init("workload", .string(workload.rawValue)),
            .init("hitch_band", .string(hitchBand.rawValue)),
            .init("verdict", thresholds.verdictJSON(of: self)),
            .init("findings", .array(findings.map {
                .object([.init("rule", .string($0.rule.rawValue)), .init("message", .string($0.message))])
            })),
            .init("warnings", .array(warnings.map(JSONValue.string))),
            .init("failure", .optional(failure)),
            .init("markers", .array(markers.map {
                .object([.init("t", .number($0.time)), .init("label", .string($0.label))])
            })),
            .init("per_repeat", .array(perRepeat.map { $0.json(pathOrder: hotPaths.map(\.path)) })),
            .init("initial_display_ms", initialDisplay.map { .number($0.ms) } ?? .null),
            .init("initial_display_top_path", .optional(initialDisplay?.topPath)),
            .init("window", window.json),
        ]
        members += [Figure.frozenFrames].compactMap(member)
        members += xcTestMembers
        if !frameClock.isUniform {
            let range = frameClock.refreshRateRange
            members.append(.init("refresh_rate_range_hz", .array([.number(range.lowerBound), .number(range.upperBound)])))
            members.append(.init("frame_intervals_ms", .array(frameClock.runs.map {
                .array([.number($0.milliseconds), .int($0.count)])
            })))
        }
        members.append(.init("spread", .array(spreads.map(\.json))))
        members.append(.init("noise_warnings", .array(noiseWarnings.map(JSONValue.string))))
        if includeFrames {
            members.append(.init("frame_samples", .array(frameSamples.map(\.json))))
        }
        return .object(members)
    }
}

extension Report {
    /// The figures under the names XCTest's `XCTOSSignpostMetric` gives them (Apple's documentation of
    /// `XCTOSSignpostMetric`, WWDC20 session 10077 "Eliminate animation hitches with XCTest"): `hitch_count`
    /// (janky frames), `hitch_total_duration_ms` (hitch time), `frame_count` (frames) and `frame_rate` (effective
    /// fps), so that a report lines up with an XCTest run; `hitch_time_ratio_ms_per_s` already has XCTest's name.
    var xcTestMembers: [JSONValue.Member] {
        [
            .init("hitch_count", .number(jankyFrames)),
            .init("hitch_total_duration_ms", .number(hitchTimeMs)),
            .init("frame_count", .number(frames)),
            .init("frame_rate", .number(effectiveFPS)),
        ]
    }
}

extension Report.HotPath {
    var json: JSONValue {
        .object([
            .init("path", .string(path)),
            .init("calls", .number(calls)),
            .init("total_ms", .number(totalMs)),
            .init("self_ms", .number(selfMs)),
            .init("janky_self_ms", .number(jankySelfMs)),
            .init("call_p50_ms", .number(callP50Ms)),
            .init("call_p99_ms", .number(callP99Ms)),
            .init("call_max_ms", .number(callMaxMs)),
        ])
    }
}

extension Report.FrameRow {
    var json: JSONValue {
        .object([
            .init("index", .int(index)),
            .init("t", .number(t)),
            .init("ms", .number(ms)),
            .init("top_path", .optional(topPath)),
            .init("repeat", .int(repeatIndex)),
        ])
    }
}

extension Report.RepeatFigures {
    /// The figures written before spreads were kept, in their order.
    static let firstFigures: [Figure] = [.jankyFrames, .droppedFrames, .hitchTime]

    /// The repeat's figures under the report's keys: the first ones in their original order, then every other
    /// summary figure the repeat carries, then `hot_paths_self_ms` in `pathOrder` (paths missing from it
    /// after, sorted).
    func json(pathOrder: [String]) -> JSONValue {
        var members: [JSONValue.Member] = [.init("frames", .int(frames))]
        members += Self.firstFigures.compactMap { figure in self[figure].map { .init(figure.declaration.key, .number($0)) } }
        members.append(.init("frame_time_ms", .object(Figure.frameTimes.compactMap { figure in
            self[figure].map { .init(figure.declaration.key, .number($0)) }
        })))
        for figure in Figure.summary where !Self.firstFigures.contains(figure) && !Figure.frameTimes.contains(figure) {
            if let value = self[figure] {
                members.append(.init(figure.declaration.key, .number(value)))
            }
        }
        if let selfMs = hotPathSelfMs {
            let known = Set(pathOrder)
            let order = pathOrder.filter { selfMs[$0] != nil } + selfMs.keys.filter { !known.contains($0) }.sorted()
            members.append(.init("hot_paths_self_ms", .object(order.compactMap { path in
                selfMs[path].map { .init(path, .number($0)) }
            })))
        }
        return .object(members)
    }
}

extension Report.FigureSpread {
    /// `{"figure": "frame_time_ms.p50", "min": …, "median": …, "max": …, "noisy": false}`.
    ///
    /// The disagreement noise allows is not written: it derives from unrounded figures, so a report read back
    /// would print it differently.
    var json: JSONValue {
        .object([
            .init("figure", .string(figure.declaration.name)),
            .init("min", .number(spread.min)),
            .init("median", .number(spread.median)),
            .init("max", .number(spread.max)),
            .init("noisy", .bool(isNoisy)),
        ])
    }
}

extension MeasurementWindow {
    var json: JSONValue {
        .object([
            .init("includes_initial_display", .bool(includesInitialDisplay)),
            .init("from_marker", .optional(from?.label)),
            .init("to_marker", .optional(to?.label)),
            .init("summary", .string(summary)),
        ])
    }
}
