/// How scrolling is driven during a replay (SPEC §3).
public enum ReplayMode: String, CaseIterable, Hashable, Sendable {
    /// The recorded content offsets are applied as they are: exact reproduction.
    case offsets
    /// `<scroll>` events are ignored and drags drive the offset through the engine's scroll physics.
    case gestures
}

/// What a replay does beyond what the trace says.
public struct ReplayOptions: Hashable, Sendable {
    /// A registered layout to use instead of the trace's.
    public var layout: String?
    /// How scrolling is driven; `nil` chooses: offsets when the trace has `<scroll>` events, else gestures.
    public var mode: ReplayMode?
    /// Overrides the trace's refresh rate, in hertz.
    public var refreshRate: Double?
    /// Overrides the frame budget (1000 / refresh rate), in milliseconds.
    public var budgetMs: Double?
    /// Measured passes over the trace.
    public var repeats: Int
    /// Passes run first and discarded.
    public var warmup: Int
    /// Whether a trace cut off by a crashed recorder is replayed up to its last complete event (with a
    /// warning) rather than refused.
    public var allowsTruncation: Bool

    public init(layout: String? = nil, mode: ReplayMode? = nil, refreshRate: Double? = nil, budgetMs: Double? = nil,
                repeats: Int = 3, warmup: Int = 1, allowsTruncation: Bool = true) {
        self.layout = layout
        self.mode = mode
        self.refreshRate = refreshRate
        self.budgetMs = budgetMs
        self.repeats = repeats
        self.warmup = warmup
        self.allowsTruncation = allowsTruncation
    }
}

/// Where a replay is, for a progress bar.
public struct ReplayProgress: Hashable, Sendable {
    /// The pass being run, from 0; warm-up passes come first.
    public var pass: Int
    public var passes: Int
    /// Frames replayed in this pass so far.
    public var frame: Int
    /// Frames per pass, once the first pass has finished.
    public var framesPerPass: Int?
}
