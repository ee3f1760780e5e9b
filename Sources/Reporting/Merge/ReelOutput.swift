/// One JSON output of `reel replay`, `reel compare` or `reel gate`, read back: its results and, for a sharded
/// run, which shard it is and where each result belongs in the whole list (``ShardRecord``).
///
/// ```swift
/// let shards = try ["gate-1.json", "gate-2.json", "gate-3.json"].map(ReelOutput.read(contentsOf:))
/// let run = try ReelOutput.merge(shards)        // as one unsharded run's judgements
/// print(run.render(.text), terminator: "")
/// ```
public struct ReelOutput: Sendable {
    /// The file it was read from, named by errors.
    public var path: String
    /// The results, in output order.
    public var results: ReelResults
    /// The shard, for the output of a sharded run; `nil` otherwise.
    public var shard: ShardRecord?

    public init(path: String, results: ReelResults, shard: ShardRecord? = nil) {
        self.path = path
        self.results = results
        self.shard = shard
    }
}
