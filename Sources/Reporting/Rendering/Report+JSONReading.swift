internal import Foundation

extension Report {
    /// Reads the reports of a JSON report file: one for an object, one per element for an array.
    /// - Parameter path: The file, named by errors.
    /// - Throws: ``JSONReadError`` when the file cannot be read, is not JSON, or is not a version-1 Reel report.
    public static func read(contentsOf path: String) throws(JSONReadError) -> [Report] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw JSONReadError(path: path, line: 0, column: 0, message: "cannot read: \(error.localizedDescription)")
        }
        return try decode(json: text, path: path)
    }

    /// Reads reports from JSON text written by ``ReportFormat/json``.
    ///
    /// SPEC §4's keys are required; the keys Reel added since are read when present. Figures come back as
    /// written, rounded to three decimals; the verdict and hitch band are recomputed from them.
    /// - Parameters:
    ///   - json: One report object, or an array of them.
    ///   - path: Where the text came from, for errors.
    /// - Throws: ``JSONReadError`` naming the line and column of a syntax error, or the key that is missing
    ///   or has the wrong type.
    public static func decode(json: String, path: String? = nil) throws(JSONReadError) -> [Report] {
        let document = try JSONParser.parse(json, path: path)
        if case .array(let elements) = document {
            var reports: [Report] = []
            for (position, element) in elements.enumerated() {
                reports.append(try Report(JSONFields(element, at: "[\(position)]", path: path)))
            }
            return reports
        }
        return [try Report(JSONFields(document, at: "", path: path))]
    }

    private init(_ fields: JSONFields) throws(JSONReadError) {
        let format = try fields.string("format")
        guard format == Self.jsonFormat else {
            throw fields.error("format", "expected '\(Self.jsonFormat)', found '\(format)'")
        }
        let version = try fields.int("version")
        guard version == Self.jsonVersion else {
            throw fields.error("version", "unsupported version \(version); this reel reads version \(Self.jsonVersion)")
        }
        func figure(_ figure: Figure) throws(JSONReadError) -> Double {
            try fields.double(figure.declaration.key)
        }
        let markers = try fields.objects("markers", optional: true) { marker throws(JSONReadError) in
            Marker(time: try marker.double("t"), label: try marker.string("label"))
        }
        let initialDisplayMs: Double? = fields.has("initial_display_ms") ? try fields.double("initial_display_ms") : nil
        self.init(
            complete: try fields.bool("complete"), trace: try fields.string("trace"),
            layout: try fields.string("layout"), mode: try fields.string("mode"),
            refreshRateHz: try fields.double("refresh_rate_hz"), budgetMs: try fields.double("budget_ms"),
            repeats: try fields.int("repeats"), warmup: try fields.int("warmup"), frames: try fields.double("frames"),
            sessionSeconds: try fields.double("session_s"),
            frameTimeMs: try FrameTimes(fields.object("frame_time_ms")),
            jankyFrames: try figure(.jankyFrames), droppedFrames: try figure(.droppedFrames),
            hitchTimeMs: try figure(.hitchTime),
            hitchTimeRatio: try figure(.hitchTimeRatio),
            effectiveFPS: try figure(.effectiveFPS), peakFPS: try figure(.peakFPS),
            counters: try Self.counters(fields), hotPaths: try fields.objects("hot_paths", HotPath.init),
            worstFrames: try fields.objects("worst_frames", FrameRow.init),
            environment: try Environment(fields.object("environment")),
            findings: try fields.objects("findings", optional: true) { finding throws(JSONReadError) in
                Finding(rule: Finding.Rule(rawValue: try finding.string("rule")),
                        message: try finding.string("message"))
            },
            warnings: try fields.strings("warnings", optional: true),
            failure: try fields.optionalString("failure"),
            markers: markers,
            perRepeat: try fields.objects("per_repeat", optional: true, RepeatFigures.init),
            frameSamples: try fields.objects("frame_samples", optional: true, FrameRow.init),
            // Reports written before the clock was named measured on the monotonic clock.
            clock: fields.has("clock") ? try fields.string("clock") : "wall",
            initialDisplay: try initialDisplayMs.map { ms throws(JSONReadError) in
                InitialDisplay(ms: ms, topPath: try fields.optionalString("initial_display_top_path"))
            },
            window: fields.has("window") ? try MeasurementWindow(fields.object("window"), markers: markers) : .wholeSession)
    }
}

extension Report {
    /// The `counters` object, in document order.
    fileprivate static func counters(_ fields: JSONFields) throws(JSONReadError) -> [Counter] {
        var counters: [Counter] = []
        for member in try fields.members("counters") {
            guard case .number(let value) = member.value, value == value.rounded(),
                  abs(value) <= JSONValue.largestExactInteger
            else { throw fields.error("counters", "'\(member.key)' is not an integer") }
            counters.append(Counter(member.key, Int(value)))
        }
        return counters
    }
}

extension Environment {
    fileprivate init(_ fields: JSONFields) throws(JSONReadError) {
        self.init(host: try fields.string("host"), cores: try fields.int("cores"), swift: try fields.string("swift"),
                  build: try fields.string("build"), cpuModel: try fields.optionalString("cpu_model"))
    }
}

extension Report.FrameTimes {
    /// Reads a `frame_time_ms` object under its figures' declared keys.
    fileprivate init(_ fields: JSONFields) throws(JSONReadError) {
        self = .zero
        for statistic in Figure.FrameTimeStatistic.allCases {
            self[statistic] = try fields.double(Figure.frameTime(statistic).declaration.key)
        }
    }
}

extension Report.HotPath {
    fileprivate init(_ fields: JSONFields) throws(JSONReadError) {
        func optional(_ key: String) throws(JSONReadError) -> Double {
            fields.has(key) ? try fields.double(key) : 0
        }
        self.init(path: try fields.string("path"), calls: try fields.double("calls"),
                  totalMs: try fields.double("total_ms"), selfMs: try fields.double("self_ms"),
                  jankySelfMs: try fields.double("janky_self_ms"), callP50Ms: try optional("call_p50_ms"),
                  callP99Ms: try optional("call_p99_ms"), callMaxMs: try optional("call_max_ms"))
    }
}

extension Report.FrameRow {
    fileprivate init(_ fields: JSONFields) throws(JSONReadError) {
        self.init(index: try fields.int("index"), t: try fields.double("t"), ms: try fields.double("ms"),
                  topPath: try fields.optionalString("top_path"),
                  repeatIndex: fields.has("repeat") ? try fields.int("repeat") : 0)
    }
}

extension Report.RepeatFigures {
    /// Reads a `per_repeat` element; the figures added since the first version (hitch ratio, effective and peak
    /// fps, initial display, `hot_paths_self_ms`) are read when present and `nil` otherwise.
    fileprivate init(_ fields: JSONFields) throws(JSONReadError) {
        func optional(_ figure: Figure) throws(JSONReadError) -> Double? {
            let key = figure.declaration.key
            return fields.has(key) ? try fields.double(key) : nil
        }
        var selfMs: [String: Double]?
        if fields.has("hot_paths_self_ms") {
            var paths: [String: Double] = [:]
            for member in try fields.members("hot_paths_self_ms") {
                guard case .number(let value) = member.value else {
                    throw fields.error("hot_paths_self_ms", "'\(member.key)' is not a number")
                }
                paths[member.key] = value
            }
            selfMs = paths
        }
        self.init(frames: try fields.int("frames"), jankyFrames: try fields.int("janky_frames"),
                  droppedFrames: try fields.int("dropped_frames"), hitchTimeMs: try fields.double("hitch_time_ms"),
                  frameTimeMs: try Report.FrameTimes(fields.object("frame_time_ms")),
                  hitchTimeRatio: try optional(.hitchTimeRatio), effectiveFPS: try optional(.effectiveFPS),
                  peakFPS: try optional(.peakFPS), initialDisplayMs: try optional(.initialDisplay),
                  hotPathSelfMs: selfMs)
    }
}

extension MeasurementWindow {
    /// A window read back; its markers' times come from the report's markers.
    fileprivate init(_ fields: JSONFields, markers: [Marker]) throws(JSONReadError) {
        func marker(_ key: String) throws(JSONReadError) -> Marker? {
            try fields.optionalString(key).map { label in
                markers.first { $0.label == label } ?? Marker(time: 0, label: label)
            }
        }
        self.init(includesInitialDisplay: try fields.bool("includes_initial_display"), from: try marker("from_marker"),
                  to: try marker("to_marker"))
    }
}
