/// What a JSON input — a report or baseline, a comparison, a judgement, a shard for `reel merge` — may hold,
/// checked on its bytes before they are decoded: a file no Reel wrote (a million repeats, a nesting thousands
/// deep, a gigabyte) is refused in words, quickly and in little memory, rather than decoded into gigabytes.
///
/// Decoding costs up to 16 bytes of memory per byte of input, about 100 per value (its node, then the model's
/// object), so the caps bound both: the bytes, the values, the nesting, and the entries of every array whose
/// length the report's own limits fix — one `per_repeat` entry per measured repeat, one hot path per span path,
/// five worst frames, at most every frame of the repeats (`frame_samples`, `--frames`).
public enum JSONInputLimits {
    /// The most bytes a JSON input holds: 128 MiB, the report of a 2-hour session at 60 Hz with every frame of
    /// its 3 repeats listed (`--frames`, 108 MB), and thousands of times a report without them.
    public static let bytes = 128 * 1024 * 1024
    /// The most values (numbers, strings, booleans, nulls, arrays and objects): 8 Mi, the same 2-hour report's
    /// 7.8 million; decoding costs about 100 bytes a value, 0.8 GB at most.
    public static let values = 8 * 1024 * 1024
    /// The deepest nesting of arrays and objects; Reel's own nest at most 9 deep (a shard's comparison's
    /// report's repeat's frame times).
    public static let depth = 32
    /// Measured repeats in one report, and rounds and layouts in one comparison: the passes of one command
    /// (`TraceLimits.passes` in `TraceXML`).
    public static let repeats = 10_000
    /// Frames in one repeat: 24 hours at 120 Hz (`TraceLimits.frames` in `TraceXML`).
    public static let framesPerRepeat = 10_368_000
    /// Span paths a report's hot paths name, at most (the profiler's 37).
    public static let spanPaths = 37

    /// An array (or an object's members) under `key` anywhere in a document: at most `limit` entries, for the
    /// reason `holds` gives.
    struct Cap {
        var key: String
        var limit: Int
        var holds: String
    }

    /// The arrays and objects whose length the report's limits fix.
    static let caps: [Cap] = [
        Cap(key: "per_repeat", limit: repeats,
            holds: "a report holds one per measured repeat, at most \(FindingRules.grouped(repeats)) (the passes of one command)"),
        Cap(key: "hot_paths", limit: spanPaths, holds: "a report holds one per span path, of which there are \(spanPaths)"),
        Cap(key: "hot_paths_self_ms", limit: spanPaths,
            holds: "a repeat holds one per span path, of which there are \(spanPaths)"),
        Cap(key: "worst_frames", limit: Report.worstFrameCount,
            holds: "a report holds its \(Report.worstFrameCount) slowest frames"),
        Cap(key: "rounds", limit: repeats,
            holds: "a comparison holds one per round, at most \(FindingRules.grouped(repeats)) (the passes of one command)"),
        Cap(key: "layout_reports", limit: repeats,
            holds: "a comparison holds one per layout, at most \(FindingRules.grouped(repeats)) (the passes of one command)"),
        Cap(key: "layouts", limit: repeats,
            holds: "a comparison names one per layout, at most \(FindingRules.grouped(repeats)) (the passes of one command)"),
    ]

}
