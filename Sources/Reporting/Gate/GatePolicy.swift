/// What `reel gate` counts as a regression: the largest change of a timing figure it tolerates, the
/// significance level of the Mann-Whitney U test, and the figures it looks at.
public struct GatePolicy: Sendable, Equatable {
    /// The largest relative worsening of a timing figure that is not a regression, as a fraction (0.10 for
    /// `--max-regression 10`).
    public var maxRegression: Double
    /// The significance level at which the two-sided Mann-Whitney U test must reject "no change".
    public var alpha: Double
    /// The `--metric` names that limit the figures; empty for every figure.
    public var metrics: [String]

    /// The smallest change of a frame-time percentile that counts, as a share of the frame budget: 0.5 %
    /// (0.083 ms at 60 Hz). A frame of a few microseconds may take 20 % longer from one run to the next on a
    /// shared machine, on the CPU clock too (caches, a busy sibling hyperthread, the processor's frequency),
    /// and no frame comes nearer its budget for it.
    public static let frameTimeFloorShare = 0.005
    /// The smallest change of a hot path's self time (per repeat) that counts, as a share of the frame budget
    /// per measured frame: 0.1 % (60 ms over a minute at 60 Hz).
    public static let selfTimeFloorShare = 0.001

    /// The default tolerance, 10 %.
    public static let defaultMaxRegression = 0.10
    /// The default significance level, α = 0.01.
    public static let defaultAlpha = 0.01

    public init(maxRegression: Double = Self.defaultMaxRegression, alpha: Double = Self.defaultAlpha,
                metrics: [String] = []) {
        self.maxRegression = maxRegression
        self.alpha = alpha
        self.metrics = metrics
    }

    /// Whether `figure` is among the figures `--metric` names (every figure when none is named).
    ///
    /// A metric names a figure by its full name (`frame_time_ms.p50`, `counters.layout_prepares`,
    /// `hot_paths[frame/cells/configure].self_ms`), its key (`p50`, `janky_frames`, `layout_prepares`), a
    /// hot path's span path (`frame/cells/configure`), or a family: `frame_time_ms`, `counters`, `hot_paths`.
    public func includes(_ figure: Figure) -> Bool {
        metrics.isEmpty || metrics.contains { Self.metric($0, names: figure) }
    }

    /// Whether the metric `name` names `figure`.
    public static func metric(_ name: String, names figure: Figure) -> Bool {
        let declaration = figure.declaration
        if name == declaration.name { return true }
        switch figure {
        case .frameTime: return name == declaration.key || name == "frame_time_ms"
        case .counter: return name == declaration.key || name == "counters"
        case .hotPathSelfTime(let path): return name == path || name == "hot_paths"
        default: return name == declaration.key
        }
    }
}
