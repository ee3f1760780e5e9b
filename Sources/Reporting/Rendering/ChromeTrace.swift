internal import ReelVersion

/// `--format chrome-trace`: the Trace Event Format's JSON object, which Perfetto UI
/// (ui.perfetto.dev → Open trace file) and `chrome://tracing` (Load) open.
///
/// ```json
/// {
///   "traceEvents": [
///     {"name": "process_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "reel replay Traces/a.xml"}},
///     {"name": "frame", "cat": "frame", "ph": "X", "ts": 0, "dur": 812.5, "pid": 1, "tid": 1, "args": {…}},
///     {"name": "cells/configure", "cat": "cells", "ph": "X", "ts": 3.25, "dur": 120, "pid": 1, "tid": 1, …},
///     {"name": "scrolled", "cat": "marker", "ph": "i", "s": "p", "ts": 16700.125, "pid": 1, "tid": 1, …}
///   ],
///   "displayTimeUnit": "ms",
///   "otherData": {"format": "reel-chrome-trace", "version": "1", "reel_version": "7763b4c", "trace": "Traces/a.xml", …}
/// }
/// ```
///
/// Every trace is a process of its own (`pid` 1, 2, … in the order the traces were given) with one thread,
/// named after the layout. Every span of the report's ``Report/timeline`` is a complete (`X`) event: frames are
/// the top-level events, named `frame` (`janky frame` over budget, with `cname` `terrible` and the category
/// `frame,janky`), and the spans nested in a frame are named by their path below `frame/` (`cells/configure`,
/// so that Perfetto groups the calls of one path together), with the full path and the frame's index in
/// `args`. Times are in microseconds from the repeat's first frame, written with three decimals: exact
/// nanoseconds, so that a child lies inside its parent in the file as in the timeline. Markers are
/// process-scoped instant (`i`) events at the start of the frame that replayed them. `otherData` is the
/// format's dictionary of strings: the Reel that wrote the file (`reel_version`, unprefixed), the trace, layout,
/// clock, workload, repeat, budget and spans dropped, each key prefixed with the trace's pid (`2.trace`) when
/// there are several. A replay that failed has its error
/// in `otherData` and as an instant event `replay failed` where it stopped; the output stays valid JSON.
///
/// The document is written as it is made, event by event (``write(_:to:)``): what it costs in memory is one
/// event's text and the timeline the replay recorded (at most 4 Mi spans of 32 bytes), whatever the length of
/// the session.
enum ChromeTrace {
    /// `otherData`'s `format`.
    static let format = "reel-chrome-trace"
    static let version = 1
    /// The one thread of every process: the replay's main thread.
    static let thread = 1

    /// Writes the document for `outcomes` to `sink`, each event as it is made.
    static func write<Sink: ReportSink>(_ outcomes: [Result<Report, TraceFailure>],
                                        to sink: inout Sink) throws(Sink.Failure) {
        var other: [JSONValue.Member] = [.init("format", .string(format)), .init("version", .string("\(version)")),
                                         .init("reel_version", .string(ReelVersion.reelVersion))]
        var events = EventWriter()
        try sink.write("{\n  \"traceEvents\": [")
        for (offset, outcome) in outcomes.enumerated() {
            let pid = offset + 1
            let facts: [(String, String)]
            switch outcome {
            case .success(let report):
                for event in metadata(pid: pid, trace: report.trace, layout: report.layout) {
                    try events.write(event, to: &sink)
                }
                try spans(report, pid: pid, to: &sink, through: &events)
                facts = otherData(report)
            case .failure(let failure):
                for event in metadata(pid: pid, trace: failure.trace, layout: nil) { try events.write(event, to: &sink) }
                try events.write(failed(failure.message, atNs: 0, pid: pid), to: &sink)
                facts = [("trace", failure.trace), ("complete", "false"), ("error", failure.message)]
            }
            // One trace's facts under their own names; several traces' prefixed with the trace's pid.
            other += facts.map { key, value in .init(outcomes.count == 1 ? key : "\(pid).\(key)", .string(value)) }
        }
        try sink.write(events.count == 0 ? "]" : "\n  ]")
        try sink.write(",\n  \"displayTimeUnit\": \"ms\",\n  \"otherData\": "
                       + JSONValue.object(other).serialized(indent: "  ", nestedOnOneLine: true) + "\n}\n")
    }

    /// Writes the elements of `traceEvents`, one line each, as ``JSONValue``'s serialization lays out an array
    /// of objects.
    private struct EventWriter {
        /// The events written so far.
        private(set) var count = 0

        mutating func write<Sink: ReportSink>(_ event: JSONValue, to sink: inout Sink) throws(Sink.Failure) {
            try sink.write((count == 0 ? "\n    " : ",\n    ") + event.serializedAsElement(indent: "    ", nestedOnOneLine: true))
            count += 1
        }
    }

    /// A time in nanoseconds as the format's microseconds: exact, three decimals.
    static func microseconds(_ ns: UInt64) -> JSONValue {
        .number(Double(ns) / 1000)
    }

    /// The event's name for a span of `path`: `frame` (`janky frame`) for a frame, else the path below
    /// `frame/`.
    static func name(_ path: String, janky: Bool) -> String {
        guard path != "frame" else { return janky ? "janky frame" : "frame" }
        return path.hasPrefix("frame/") ? String(path.dropFirst("frame/".count)) : path
    }

    /// The event's category for a span of `path`: its first component below `frame/` (`cells`, `layout`,
    /// `events`), `frame` for a frame (`frame,janky` over budget).
    static func category(_ path: String, janky: Bool) -> String {
        guard path != "frame" else { return janky ? "frame,janky" : "frame" }
        let below = name(path, janky: false)
        return below.split(separator: "/", maxSplits: 1).first.map(String.init) ?? below
    }

    /// The process's and thread's names: `reel replay TRACE`, the layout.
    private static func metadata(pid: Int, trace: String, layout: String?) -> [JSONValue] {
        var events: [JSONValue] = [
            .object([
                .init("name", .string("process_name")), .init("ph", .string("M")), .init("pid", .int(pid)),
                .init("tid", .int(thread)), .init("args", .object([.init("name", .string("reel replay \(trace)"))])),
            ]),
            .object([
                .init("name", .string("process_sort_index")), .init("ph", .string("M")), .init("pid", .int(pid)),
                .init("tid", .int(thread)), .init("args", .object([.init("sort_index", .int(pid))])),
            ]),
        ]
        if let layout {
            events.append(.object([
                .init("name", .string("thread_name")), .init("ph", .string("M")), .init("pid", .int(pid)),
                .init("tid", .int(thread)), .init("args", .object([.init("name", .string(layout))])),
            ]))
        }
        return events
    }

    /// Writes the report's spans as complete events and its markers as instant events, then its failure.
    private static func spans<Sink: ReportSink>(_ report: Report, pid: Int, to sink: inout Sink,
                                                through events: inout EventWriter) throws(Sink.Failure) {
        let frameClock = report.frameClock
        var endNs: UInt64 = 0
        if let timeline = report.timeline {
            // Each path's names and category, janky or not, once rather than per span.
            let names = timeline.paths.map { path in [false, true].map { name(path, janky: $0) } }
            let categories = timeline.paths.map { path in [false, true].map { category(path, janky: $0) } }
            for span in timeline.records {
                // Each frame against its own budget (its interval, when frames have their own).
                let janky = span.depth == 0
                    && FrameMath.isJanky(span.durationNs, budgetNs: frameClock.budgetNs(ofFrame: Int(span.frame)))
                let path = Int(span.path), variant = janky ? 1 : 0
                var args: [JSONValue.Member] = [.init("frame", .int(Int(span.frame))),
                                                .init("path", .string(timeline.paths[path]))]
                var members: [JSONValue.Member] = [
                    .init("name", .string(names[path][variant])),
                    .init("cat", .string(categories[path][variant])),
                    .init("ph", .string("X")),
                    .init("ts", microseconds(span.startNs)),
                    .init("dur", microseconds(span.durationNs)),
                    .init("pid", .int(pid)),
                    .init("tid", .int(thread)),
                ]
                if span.depth == 0 {
                    args += [.init("ms", .number(FrameMath.ms(span.durationNs))), .init("janky", .bool(janky))]
                    if janky { members.append(.init("cname", .string("terrible"))) }
                }
                members.append(.init("args", .object(args)))
                try events.write(.object(members), to: &sink)
                endNs = max(endNs, span.startNs &+ span.durationNs)
            }
            for marker in timeline.markers {
                try events.write(.object([
                    .init("name", .string(marker.label)), .init("cat", .string("marker")), .init("ph", .string("i")),
                    .init("s", .string("p")), .init("ts", microseconds(marker.timeNs)), .init("pid", .int(pid)),
                    .init("tid", .int(thread)), .init("args", .object([.init("frame", .int(marker.frame))])),
                ]), to: &sink)
            }
        }
        if let failure = report.failure { try events.write(failed(failure, atNs: endNs, pid: pid), to: &sink) }
    }

    /// The instant event of a replay that failed, where it stopped.
    private static func failed(_ message: String, atNs time: UInt64, pid: Int) -> JSONValue {
        .object([
            .init("name", .string("replay failed")), .init("cat", .string("error")), .init("ph", .string("i")),
            .init("s", .string("p")), .init("ts", microseconds(time)), .init("pid", .int(pid)),
            .init("tid", .int(thread)), .init("args", .object([.init("error", .string(message))])),
        ])
    }

    /// What `otherData` says of a replayed trace, as the format's strings: its trace, layout, mode, clock,
    /// the budget, the repeat drawn, the frames and spans drawn and dropped, and its error.
    private static func otherData(_ report: Report) -> [(String, String)] {
        let timeline = report.timeline
        var facts = [
            ("trace", report.trace), ("layout", report.layout), ("mode", report.mode.rawValue), ("clock", report.clock.rawValue),
            ("workload", report.workload.rawValue),
            ("refresh_rate_hz", JSONValue.format(report.refreshRateHz)), ("budget_ms", JSONValue.format(report.budgetMs)),
            ("repeats", "\(report.repeats)"), ("warmup", "\(report.warmup)"),
            ("repeat", timeline.map { "\($0.repeatNumber)" } ?? "none recorded"),
            ("frames", "\(timeline?.frameCount ?? 0)"),
            ("spans", "\(timeline?.records.count ?? 0)"),
            ("dropped_spans", "\(timeline?.droppedSpans ?? 0)"),
            ("complete", "\(report.complete)"),
        ]
        if report.frameClock.varies {
            let range = report.frameClock.refreshRateRange
            facts.append(("refresh_rate_range_hz", "\(JSONValue.format(range.lowerBound))–\(JSONValue.format(range.upperBound))"))
        }
        if let failure = report.failure { facts.append(("error", failure)) }
        return facts
    }
}
