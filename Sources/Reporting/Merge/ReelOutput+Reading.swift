internal import Foundation

extension ReelOutput {
    /// Reads a JSON output file: a replay's report or array of reports (failed traces included), a comparison or
    /// array of comparisons, a `reel-gate` judgement, or a sharded run's `reel-shard` object.
    /// - Throws: ``JSONReadError`` naming the file, and the key or the line and column, when the file cannot be
    ///   read, is past ``JSONInputLimits``, is not JSON, or is not such an output of this version of Reel.
    public static func read(contentsOf path: String) throws(JSONReadError) -> ReelOutput {
        try decode(JSONReadError.contents(of: path), path: path)
    }

    /// Reads JSON output text; ``read(contentsOf:)`` for text from elsewhere.
    /// - Parameter path: Where the text came from, named by errors and kept as ``path``.
    public static func decode(json: String, path: String = "-") throws(JSONReadError) -> ReelOutput {
        try decode(Data(json.utf8), path: path)
    }

    private static func decode(_ data: Data, path: String) throws(JSONReadError) -> ReelOutput {
        try JSONInputLimits.check(data, path: path)
        do {
            let document = try JSONDecoder().decode(OutputDocument.self, from: data)
            return ReelOutput(path: path, results: document.results, shard: document.shard)
        } catch let error as DecodingError {
            throw JSONReadError(error, in: data, path: path)
        } catch {
            throw JSONReadError(path: path, line: 0, column: 0, message: "\(error)")
        }
    }
}

/// A JSON output: one object, an array of objects of one format, or a `reel-shard` object.
private struct OutputDocument: Decodable {
    var results: ReelResults
    var shard: ShardRecord?

    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            results = try Self.elements(&elements, kind: nil)
            return
        }
        let fields = try decoder.container(keyedBy: JSONKey.self)
        let format = try fields.string("format")
        switch format {
        case ShardRecord.jsonFormat:
            try fields.checkVersion(ShardRecord.jsonVersion)
            let kindName = try fields.string("kind")
            guard let kind = ReelResults.Kind(rawValue: kindName), kind != .judgements else {
                throw DecodingError.dataCorruptedError(forKey: JSONKey("kind"), in: fields,
                                                       debugDescription: "expected '\(Report.jsonFormat)' or "
                                                           + "'\(Comparison.jsonFormat)', found '\(kindName)'")
            }
            var elements = try fields.nestedUnkeyedContainer(forKey: JSONKey("results"))
            results = try Self.elements(&elements, kind: kind)
            shard = try ShardRecord(fields.object("shard"))
        case GateJudgement.jsonFormat:
            try fields.checkVersion(GateJudgement.jsonVersion)
            results = .judgements(try GateJudgement.outcomes(fields))
            shard = fields.has("shard") ? try ShardRecord(fields.object("shard")) : nil
        case Report.jsonFormat:
            results = .reports([try ReportOutcome(from: decoder).outcome])
        case Comparison.jsonFormat:
            results = .comparisons([try ComparisonOutcome(from: decoder).outcome])
        default:
            let formats = [Report.jsonFormat, Comparison.jsonFormat, GateJudgement.jsonFormat, ShardRecord.jsonFormat]
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("format"), in: fields,
                debugDescription: "expected " + formats.map { "'\($0)'" }.joined(separator: ", ") + ", found '\(format)'")
        }
    }

    /// An array's elements, all of one kind: `kind`, or the first element's (reports when there is none).
    private static func elements(_ elements: inout any UnkeyedDecodingContainer, kind: ReelResults.Kind?) throws -> ReelResults {
        var kind = kind
        var reports: [Result<Report, TraceFailure>] = []
        var comparisons: [Result<Comparison, ComparisonFailure>] = []
        while !elements.isAtEnd {
            let index = elements.currentIndex
            let element = try elements.decode(ElementOutcome.self)
            let expected = kind ?? element.kind
            guard element.kind == expected else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: elements.codingPath + [IndexKey(index), JSONKey("format")],
                    debugDescription: "expected '\(expected.rawValue)', as the results before, found '\(element.kind.rawValue)'"))
            }
            kind = expected
            switch element {
            case .report(let outcome): reports.append(outcome)
            case .comparison(let outcome): comparisons.append(outcome)
            }
        }
        return kind == .comparisons ? .comparisons(comparisons) : .reports(reports)
    }
}

/// An element of an array of results: a replay's report or failed trace, or a comparison or failed trace.
private enum ElementOutcome: Decodable {
    case report(Result<Report, TraceFailure>)
    case comparison(Result<Comparison, ComparisonFailure>)

    var kind: ReelResults.Kind {
        switch self {
        case .report: .reports
        case .comparison: .comparisons
        }
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        let format = try fields.string("format")
        switch format {
        case Report.jsonFormat: self = .report(try ReportOutcome(from: decoder).outcome)
        case Comparison.jsonFormat: self = .comparison(try ComparisonOutcome(from: decoder).outcome)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("format"), in: fields,
                debugDescription: "expected '\(Report.jsonFormat)' or '\(Comparison.jsonFormat)', found '\(format)'")
        }
    }
}

/// A `reel-report` object: a report, or a trace that gave none (`"complete": false` and `"error"`).
private struct ReportOutcome: Decodable {
    var outcome: Result<Report, TraceFailure>

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        guard fields.contains(JSONKey("error")) else {
            outcome = .success(try Report(from: decoder))
            return
        }
        try fields.checkFormat(Report.jsonFormat, version: Report.jsonVersion)
        outcome = .failure(TraceFailure(trace: try fields.string("trace"), message: try fields.string("error")))
    }
}

/// A `reel-comparison` object: a comparison, or a trace that could not be compared (`"error"`).
private struct ComparisonOutcome: Decodable {
    var outcome: Result<Comparison, ComparisonFailure>

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: JSONKey.self)
        try fields.checkFormat(Comparison.jsonFormat, version: Comparison.jsonVersion)
        guard fields.contains(JSONKey("error")) else {
            outcome = .success(try Comparison(fields))
            return
        }
        outcome = .failure(ComparisonFailure(trace: try fields.string("trace"), layouts: try fields.array("layouts"),
                                             message: try fields.string("error")))
    }
}

/// The place of an element in an array, for errors: `results[3].format`.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(_ index: Int) {
        intValue = index
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }

    init?(stringValue: String) {
        nil
    }
}

extension KeyedDecodingContainer<JSONKey> {
    /// Refuses an object whose `format` is not `format` or whose `version` is not `version`.
    func checkFormat(_ format: String, version: Int) throws {
        let found = try string("format")
        guard found == format else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("format"), in: self,
                                                   debugDescription: "expected '\(format)', found '\(found)'")
        }
        try checkVersion(version)
    }

    /// Refuses an object whose `version` is not `version`.
    func checkVersion(_ version: Int) throws {
        let found = try int("version")
        guard found == version else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("version"), in: self,
                debugDescription: "unsupported version \(found); this reel reads version \(version)")
        }
    }
}
