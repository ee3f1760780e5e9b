/// What the JSON output of a sharded run says of its shard, so that `reel merge` can check that the shards
/// of a run are all there and put their results back in the order of the whole list:
/// `"shard": {"index": 2, "count": 3, "total": 7, "positions": [1, 4]}`.
///
/// `positions` has one entry per result, in output order: the position in the whole list of the trace (or, for
/// `reel gate` judging JSON reports, of the report file) the result comes from. A report file holding several
/// reports gives the gate several results at its one position.
public struct ShardRecord: Sendable, Equatable {
    /// Which shard of how many.
    public var shard: Shard
    /// The length of the whole list every shard was taken from: the same in every shard of one run.
    public var total: Int
    /// Per result, in output order, the position in the whole list of the input it comes from.
    public var positions: [Int]

    public init(shard: Shard, total: Int, positions: [Int]) {
        self.shard = shard
        self.total = total
        self.positions = positions
    }

    /// What the text of an empty shard says, so that a job of a matrix never exits 0 having printed nothing:
    /// `shard 3/3 takes no trace of a list of 2 (shard I of N takes the positions I − 1, I − 1 + N, …)`.
    public var emptyText: String {
        let noun = total == 1 ? "trace" : "traces"
        return "shard \(shard.index)/\(shard.count) takes no trace of a list of \(total) \(noun) (shard I of N takes "
            + "the positions I − 1, I − 1 + N, … of the list, from 0)\n"
    }

    /// The `format` of the JSON a sharded `reel replay` or `reel compare` writes: the results, and the shard.
    static let jsonFormat = "reel-shard"
    static let jsonVersion = 1

    /// `{"index": 2, "count": 3, "total": 7, "positions": [1, 4]}`.
    var json: JSONValue {
        .object([
            .init("index", .int(shard.index)),
            .init("count", .int(shard.count)),
            .init("total", .int(total)),
            .init("positions", .array(positions.map(JSONValue.int))),
        ])
    }

    /// What a sharded `reel replay` or `reel compare` writes as JSON: `{"format": "reel-shard", "version": 1,
    /// "kind": kind, "shard": {…}, "results": [elements]}` — always an object holding an array, whatever the
    /// number of results (none, for a shard of a short list), so that one shape reads every shard.
    /// - Parameters:
    ///   - kind: The `format` of the results: `reel-report` or `reel-comparison`.
    ///   - results: One element per result, as the unsharded command writes them.
    func envelope(kind: String, results: [JSONValue]) -> JSONValue {
        .object([
            .init("format", .string(Self.jsonFormat)),
            .init("version", .int(Self.jsonVersion)),
            .init("kind", .string(kind)),
            .init("shard", json),
            .init("results", .array(results)),
        ])
    }
}

extension ShardRecord {
    /// Reads a `shard` object, refusing a shard that cannot exist (I outside 1…N) and a negative total.
    init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        let index = try fields.int("index"), count = try fields.int("count")
        guard count >= 1, (1...count).contains(index) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("index"), in: fields,
                                                   debugDescription: "shard \(index) of \(count) does not exist: "
                                                       + "expected 1 ≤ index ≤ count")
        }
        let total = try fields.int("total")
        guard total >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("total"), in: fields,
                                                   debugDescription: "expected a list's length, found \(total)")
        }
        self.init(shard: Shard(index: index, count: count), total: total, positions: try fields.array("positions"))
    }
}
