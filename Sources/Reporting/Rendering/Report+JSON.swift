extension Report {
    /// The `format` of a Reel report.
    static let jsonFormat = "reel-report"
    /// The report format version this module writes and reads.
    static let jsonVersion = 1

    /// The report as SPEC §4's JSON object: SPEC's keys in SPEC's order, then the keys Reel added since.
    ///
    /// Added keys: `hitch_band`, `verdict`, `findings`, `warnings`, `failure`, `markers`, `per_repeat`, per-call
    /// `call_p50_ms`/`call_p99_ms`/`call_max_ms` and `repeat` in frame rows, and `frame_samples` when asked.
    func json(includeFrames: Bool) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("format", .string(Self.jsonFormat)),
            .init("version", .int(Self.jsonVersion)),
            .init("complete", .bool(complete)),
            .init("trace", .string(trace)),
            .init("layout", .string(layout)),
            .init("mode", .string(mode)),
            .init("refresh_rate_hz", .number(refreshRateHz)),
            .init("budget_ms", .number(budgetMs)),
            .init("repeats", .int(repeats)),
            .init("warmup", .int(warmup)),
            .init("frames", .number(frames)),
            .init("session_s", .number(sessionSeconds)),
            .init("frame_time_ms", frameTimeMs.json),
            .init("janky_frames", .number(jankyFrames)),
            .init("dropped_frames", .number(droppedFrames)),
            .init("hitch_time_ms", .number(hitchTimeMs)),
            .init("hitch_time_ratio_ms_per_s", .number(hitchTimeRatio)),
            .init("effective_fps", .number(effectiveFPS)),
            .init("peak_fps", .number(peakFPS)),
            .init("counters", .object(counters.map { .init($0.name, .int($0.value)) })),
            .init("hot_paths", .array(hotPaths.map(\.json))),
            .init("worst_frames", .array(worstFrames.map(\.json))),
            .init("environment", .object([
                .init("host", .string(environment.host)),
                .init("cores", .int(environment.cores)),
                .init("swift", .string(environment.swift)),
                .init("build", .string(environment.build)),
            ])),
            .init("hitch_band", .string(hitchBand.rawValue)),
            .init("verdict", .string(verdict)),
            .init("findings", .array(findings.map {
                .object([.init("rule", .string($0.rule.rawValue)), .init("message", .string($0.message))])
            })),
            .init("warnings", .array(warnings.map(JSONValue.string))),
            .init("failure", .optional(failure)),
            .init("markers", .array(markers.map {
                .object([.init("t", .number($0.time)), .init("label", .string($0.label))])
            })),
            .init("per_repeat", .array(perRepeat.map(\.json))),
        ]
        if includeFrames {
            members.append(.init("frame_samples", .array(frameSamples.map(\.json))))
        }
        return .object(members)
    }
}

extension Report.FrameTimes {
    var json: JSONValue {
        .object([
            .init("mean", .number(mean)), .init("p50", .number(p50)), .init("p90", .number(p90)),
            .init("p95", .number(p95)), .init("p99", .number(p99)), .init("max", .number(max)),
        ])
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
    var json: JSONValue {
        .object([
            .init("frames", .int(frames)),
            .init("janky_frames", .int(jankyFrames)),
            .init("dropped_frames", .int(droppedFrames)),
            .init("hitch_time_ms", .number(hitchTimeMs)),
            .init("frame_time_ms", frameTimeMs.json),
        ])
    }
}
