internal import Foundation

extension Report {
    /// Reads the reports of a JSON report file: one for an object, one per element for an array.
    /// - Parameter path: The file, named by errors.
    /// - Throws: ``JSONReadError`` when the file cannot be read, is past ``JSONInputLimits``, is not JSON, or is
    ///   not a version-1 Reel report.
    public static func read(contentsOf path: String) throws(JSONReadError) -> [Report] {
        try decode(JSONReadError.contents(of: path), path: path)
    }

    /// Reads reports from JSON text written by ``ReportFormat/json``.
    ///
    /// The core keys are required; the keys Reel added since are read when present. Figures come back as
    /// written, rounded to three decimals; the verdict and hitch band are recomputed from them. A report written
    /// before Reel named its version has no `reel_version`: its ``reelVersion`` is `nil`.
    /// - Parameters:
    ///   - json: One report object, or an array of them.
    ///   - path: Where the text came from, for errors.
    /// - Throws: ``JSONReadError`` naming the line and column of a syntax error or of a value past
    ///   ``JSONInputLimits``, or the key that is missing or has the wrong type.
    public static func decode(json: String, path: String? = nil) throws(JSONReadError) -> [Report] {
        try decode(Data(json.utf8), path: path)
    }

    /// Decodes with Foundation's `JSONDecoder`, through ``Report``'s `Decodable` conformance, once the text is
    /// within ``JSONInputLimits``.
    private static func decode(_ data: Data, path: String?) throws(JSONReadError) -> [Report] {
        try JSONInputLimits.check(data, path: path)
        do {
            return try JSONDecoder().decode(ReportDocument.self, from: data).reports
        } catch let error as DecodingError {
            throw JSONReadError(error, in: data, path: path)
        } catch {
            throw JSONReadError(path: path, line: 0, column: 0, message: "\(error)")
        }
    }
}

/// A report file: one report object, or an array of them.
private struct ReportDocument: Decodable {
    var reports: [Report]

    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            reports = []
            while !elements.isAtEnd { reports.append(try elements.decode(Report.self)) }
        } else {
            reports = [try Report(from: decoder)]
        }
    }
}

/// A key of a report object, as the JSON report and the figure vocabulary spell it.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) {
        stringValue = key
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        nil
    }
}

extension KeyedDecodingContainer<JSONKey> {
    func double(_ key: String) throws -> Double {
        try decode(Double.self, forKey: JSONKey(key))
    }

    /// The number under `key`; `nil` when the key is missing or `null`.
    func optionalDouble(_ key: String) throws -> Double? {
        try decodeIfPresent(Double.self, forKey: JSONKey(key))
    }

    /// An integer, written as a JSON number without a fraction.
    func int(_ key: String) throws -> Int {
        let number = try double(key)
        guard number == number.rounded(), abs(number) <= JSONValue.largestExactInteger else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey(key), in: self,
                                                   debugDescription: "expected an integer, found \(JSONValue.format(number))")
        }
        return Int(number)
    }

    func string(_ key: String) throws -> String {
        try decode(String.self, forKey: JSONKey(key))
    }

    /// The string under `key`; `nil` when the key is missing or `null`.
    func optionalString(_ key: String) throws -> String? {
        try decodeIfPresent(String.self, forKey: JSONKey(key))
    }

    func bool(_ key: String) throws -> Bool {
        try decode(Bool.self, forKey: JSONKey(key))
    }

    func object(_ key: String) throws -> KeyedDecodingContainer<JSONKey> {
        try nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key))
    }

    /// The array under `key`; empty when the key is missing or `null` and `optional`.
    func array<T: Decodable>(_ key: String, optional: Bool = false) throws -> [T] {
        optional ? try decodeIfPresent([T].self, forKey: JSONKey(key)) ?? [] : try decode([T].self, forKey: JSONKey(key))
    }

    /// The workload mode under `key`; ``WorkloadMode/unnamed`` when the key is missing (a report written before
    /// the workload was modelled).
    /// The word at `key` as one of `Word`'s cases; a missing key is an error, as for any required key.
    func required<Word: RawRepresentable<String> & CaseIterable>(_ key: String, _ type: Word.Type) throws -> Word {
        try word(try string(key), at: key)
    }

    /// The word at `key` as one of `Word`'s cases, or nil when the key is absent.
    func word<Word: RawRepresentable<String> & CaseIterable>(_ key: String, as _: Word.Type = Word.self) throws -> Word? {
        try optionalString(key).map { name in try word(name, at: key) }
    }

    func workload(_ key: String) throws -> WorkloadMode {
        try word(key) ?? .unnamed
    }

    /// `name` as one of `Word`'s cases; a word it has no case for is an error at `key` that lists the words it has.
    private func word<Word: RawRepresentable<String> & CaseIterable>(_ name: String, at key: String) throws -> Word {
        guard let word = Word(rawValue: name) else {
            let words = Word.allCases.map { "'\($0.rawValue)'" }
            let expected = words.count <= 2 ? words.joined(separator: " or ")
                : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
            throw DecodingError.dataCorruptedError(forKey: JSONKey(key), in: self,
                                                   debugDescription: "expected \(expected), found '\(name)'")
        }
        return word
    }

    func has(_ key: String) -> Bool {
        (try? decodeNil(forKey: JSONKey(key))) == false
    }
}

extension Report: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        let format = try fields.string("format")
        guard format == Self.jsonFormat else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("format"), in: fields,
                                                   debugDescription: "expected '\(Self.jsonFormat)', found '\(format)'")
        }
        let version = try fields.int("version")
        guard version == Self.jsonVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("version"), in: fields,
                debugDescription: "unsupported version \(version); this reel reads version \(Self.jsonVersion)")
        }
        func figure(_ figure: Figure) throws -> Double {
            try fields.double(figure.declaration.key)
        }
        let markers: [Marker] = try fields.array("markers", optional: true)
        let initialDisplayMs = try fields.optionalDouble(Figure.initialDisplay.declaration.key)
        self.init(
            complete: try fields.bool("complete"), trace: try fields.string("trace"),
            layout: try fields.string("layout"), mode: try fields.required("mode", ReplayMode.self),
            refreshRateHz: try fields.double("refresh_rate_hz"), budgetMs: try fields.double("budget_ms"),
            repeats: try fields.int("repeats"), warmup: try fields.int("warmup"), frames: try fields.double("frames"),
            sessionSeconds: try fields.double("session_s"),
            frameTimeMs: try fields.decode(FrameTimes.self, forKey: JSONKey("frame_time_ms")),
            jankyFrames: try figure(.jankyFrames), droppedFrames: try figure(.droppedFrames),
            hitchTimeMs: try figure(.hitchTime), hitchTimeRatio: try figure(.hitchTimeRatio),
            effectiveFPS: try figure(.effectiveFPS), peakFPS: try figure(.peakFPS),
            counters: try CounterValues(fields.object("counters")), hotPaths: try fields.array("hot_paths"),
            worstFrames: try fields.array("worst_frames"),
            environment: try fields.decode(Environment.self, forKey: JSONKey("environment")),
            findings: try fields.array("findings", optional: true),
            warnings: try fields.array("warnings", optional: true),
            failure: try fields.optionalString("failure"),
            markers: markers,
            perRepeat: try fields.array("per_repeat", optional: true),
            frameSamples: try fields.array("frame_samples", optional: true),
            // Reports written before the clock was named measured on the monotonic clock.
            clock: try fields.word("clock") ?? .wall,
            workload: try fields.workload("workload"),
            initialDisplay: try initialDisplayMs.map { ms in
                InitialDisplay(ms: ms, topPath: try fields.optionalString("initial_display_top_path"))
            },
            window: fields.has("window") ? try MeasurementWindow(fields.object("window"), markers: markers) : .wholeSession,
            reelVersion: try fields.optionalString("reel_version"),
            frozenFrames: try fields.optionalDouble(Figure.frozenFrames.declaration.key),
            frameClock: try Self.frameClock(fields))
        guard perRepeat.isEmpty || perRepeat.count == repeats else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("per_repeat"), in: fields,
                debugDescription: "\(perRepeat.count) entries, but 'repeats' is \(repeats); a report holds one per measured repeat")
        }
    }
}

extension Report {
    /// The frame clock of a report read back: its `frame_intervals_ms` runs (`[MS, COUNT]` pairs) when the rate
    /// varied, each frame's budget its interval unless `budget_ms` is not the shortest; else uniform.
    static func frameClock(_ fields: KeyedDecodingContainer<JSONKey>) throws -> FrameClock? {
        let runs: [[Double]] = try fields.array("frame_intervals_ms", optional: true)
        guard !runs.isEmpty else { return nil }
        var intervals: [(milliseconds: Double, count: Int)] = []
        for run in runs {
            guard run.count == 2, run[0] > 0, run[0].isFinite, run[1] >= 1, run[1] == run[1].rounded(),
                  run[1] <= JSONValue.largestExactInteger else {
                throw DecodingError.dataCorruptedError(
                    forKey: JSONKey("frame_intervals_ms"), in: fields,
                    debugDescription: "expected [MILLISECONDS, COUNT] pairs of a positive interval and a count from 1, "
                        + "found \(run.map(JSONValue.format))")
            }
            intervals.append((run[0], Int(run[1])))
        }
        let budget = try fields.double("budget_ms")
        let shortest = intervals.map(\.milliseconds).min() ?? budget
        return FrameClock(intervals: intervals, budgetMs: budget == shortest ? nil : budget)
    }
}

extension Environment: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self.init(host: try fields.string("host"), cores: try fields.int("cores"), swift: try fields.string("swift"),
                  build: try fields.string("build"), cpuModel: try fields.optionalString("cpu_model"))
    }
}

extension Report.FrameTimes: Decodable {
    /// Reads a `frame_time_ms` object under its figures' declared keys.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self = .zero
        for statistic in Figure.FrameTimeStatistic.allCases {
            self[statistic] = try fields.double(Figure.frameTime(statistic).declaration.key)
        }
    }
}

extension Report.HotPath: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self.init(path: try fields.string("path"), calls: try fields.double("calls"),
                  totalMs: try fields.double("total_ms"), selfMs: try fields.double("self_ms"),
                  jankySelfMs: try fields.double("janky_self_ms"), callP50Ms: try fields.optionalDouble("call_p50_ms") ?? 0,
                  callP99Ms: try fields.optionalDouble("call_p99_ms") ?? 0,
                  callMaxMs: try fields.optionalDouble("call_max_ms") ?? 0)
    }
}

extension Report.FrameRow: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self.init(index: try fields.int("index"), t: try fields.double("t"), ms: try fields.double("ms"),
                  topPath: try fields.optionalString("top_path"),
                  repeatIndex: fields.has("repeat") ? try fields.int("repeat") : 0)
    }
}

extension Report.RepeatFigures: Decodable {
    /// Reads a `per_repeat` element; the figures added since the first version (hitch ratio, effective and peak
    /// fps, initial display, `hot_paths_self_ms`) are read when present and `nil` otherwise.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        func optional(_ figure: Figure) throws -> Double? {
            try fields.optionalDouble(figure.declaration.key)
        }
        self.init(frames: try fields.int("frames"), jankyFrames: try fields.int("janky_frames"),
                  droppedFrames: try fields.int("dropped_frames"), hitchTimeMs: try fields.double("hitch_time_ms"),
                  frameTimeMs: try fields.decode(Report.FrameTimes.self, forKey: JSONKey("frame_time_ms")),
                  hitchTimeRatio: try optional(.hitchTimeRatio), effectiveFPS: try optional(.effectiveFPS),
                  peakFPS: try optional(.peakFPS), initialDisplayMs: try optional(.initialDisplay),
                  hotPathSelfMs: try fields.decodeIfPresent([String: Double].self, forKey: JSONKey("hot_paths_self_ms")),
                  frozenFrames: try fields.optionalDouble(Figure.frozenFrames.declaration.key).map { Int($0) })
    }
}

extension Marker: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self.init(time: try fields.double("t"), label: try fields.string("label"))
    }
}

extension Finding: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        self.init(rule: Finding.Rule(rawValue: try fields.string("rule")), message: try fields.string("message"))
    }
}

extension MeasurementWindow {
    /// A window read back; its markers' times come from the report's markers.
    fileprivate init(_ fields: KeyedDecodingContainer<JSONKey>, markers: [Marker]) throws {
        func marker(_ key: String) throws -> Marker? {
            try fields.optionalString(key).map { label in
                markers.first { $0.label == label } ?? Marker(time: 0, label: label)
            }
        }
        self.init(includesInitialDisplay: try fields.bool("includes_initial_display"), from: try marker("from_marker"),
                  to: try marker("to_marker"))
    }
}

extension JSONReadError {
    /// What `JSONDecoder` could not read, in the words of the rest of Reel: the key named by its place in the
    /// document (`hot_paths[2].calls`), or the line and column of a syntax error.
    init(_ error: DecodingError, in data: Data, path: String?) {
        func place(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(into: "") { place, key in
                if let index = key.intValue {
                    place += "[\(index)]"
                } else {
                    place += place.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        func described(_ codingPath: [any CodingKey], _ message: String) -> JSONReadError {
            let name = place(codingPath)
            return JSONReadError(path: path, line: 0, column: 0,
                                 message: name.isEmpty ? "the report: \(message)" : "'\(name)': \(message)")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = described(context.codingPath + [key], "missing")
        case .valueNotFound(let type, let context):
            self = described(context.codingPath, "expected \(Self.kind(type)), found null")
        case .typeMismatch(let type, let context):
            self = described(context.codingPath, "expected \(Self.kind(type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError == nil
            && context.debugDescription.hasPrefix("The given data was not valid JSON"):
            self = Self.syntaxError(in: data, path: path)
        case .dataCorrupted(let context):
            self = described(context.codingPath, context.debugDescription)
        @unknown default:
            self = JSONReadError(path: path, line: 0, column: 0, message: "\(error)")
        }
    }

    /// What a JSON value of `type` is called in an error.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is any Collection.Type where !(type is [String: Any].Type): "an array"
        default: "an object"
        }
    }

    /// The syntax error of text `JSONDecoder` refused: `JSONSerialization` names its byte offset, which becomes
    /// a line and a column (in Unicode scalars, from 1).
    private static func syntaxError(in data: Data, path: String?) -> JSONReadError {
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return JSONReadError(path: path, line: 0, column: 0, message: "not valid JSON")
        } catch {
            description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        var message = description
        var offset = data.count
        if let range = description.range(of: " around character ") {
            message = String(description[..<range.lowerBound])
            offset = min(data.count, Int(description[range.upperBound...].prefix { $0.isNumber }) ?? data.count)
        } else if message.hasSuffix(".") {
            message.removeLast()
        }
        let before = String(decoding: data.prefix(offset), as: UTF8.self)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let column = (lines.last?.unicodeScalars.count ?? 0) + 1
        let lowered = message.prefix(1).lowercased() + message.dropFirst()
        return JSONReadError(path: path, line: lines.count, column: column, message: "not valid JSON: \(lowered)")
    }
}
