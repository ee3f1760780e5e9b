/// A figure a report shows, declared once: its JSON key, its label in text, its unit, whether lower or higher
/// is better, and whether it is a timing figure (judged with statistics over the repeats) or an exact counter.
///
/// The JSON and text renderers, the noise warnings and findings read figures through this declaration;
/// ``summary`` lists the scalar figures in report order, ``counter(_:)`` and ``hotPathSelfTime(_:)`` are the
/// two families keyed by name.
public enum Figure: Hashable, Sendable {
    /// A statistic of the pooled frame times (`frame_time_ms.p50`).
    case frameTime(FrameTimeStatistic)
    /// Frames over budget per repeat (`janky_frames`).
    case jankyFrames
    /// Frames over 700 ms per repeat (`frozen_frames`): Sentry's and Firebase's frozen frames.
    case frozenFrames
    /// Σ ceil(time / budget) − 1 per repeat (`dropped_frames`).
    case droppedFrames
    /// Dropped frames × budget per repeat (`hitch_time_ms`).
    case hitchTime
    /// Hitch time per second of session (`hitch_time_ratio_ms_per_s`).
    case hitchTimeRatio
    /// refresh rate × frames / (frames + dropped frames) (`effective_fps`).
    case effectiveFPS
    /// The best one-second window (`peak_fps`).
    case peakFPS
    /// Frame 0, reported apart (`initial_display_ms`); absent from reports that did not measure it.
    case initialDisplay
    /// One of Reel's exact counters (`counters.layout_prepares`).
    case counter(EngineCounter)
    /// The self time of one span path per repeat (`hot_paths[frame/cells/configure].self_ms`).
    case hotPathSelfTime(String)

    /// The statistics of `frame_time_ms`, in report order.
    public enum FrameTimeStatistic: String, CaseIterable, Sendable {
        case mean, p50, p90, p95, p99, max
    }

    /// Which way a figure improves.
    public enum Better: String, Sendable {
        /// Less is better: times, janky frames, work done.
        case lower
        /// More is better: frames per second.
        case higher
        /// Neither: a count of what the session asked for; a change means the session or the layout changed.
        case neither
    }

    /// How a figure is judged.
    public enum Kind: String, Sendable {
        /// Measured on a clock: it differs between repeats and runs, and is judged with statistics over the
        /// per-repeat values.
        case timing
        /// Exact and deterministic: the same trace and layout give the same value on any machine.
        case counter
    }

    /// A figure's unit.
    public enum Unit: String, Sendable {
        case milliseconds = "ms"
        case frames
        case millisecondsPerSecond = "ms/s"
        case framesPerSecond = "fps"
        case count
    }

    /// What is declared about a figure.
    public struct Declaration: Sendable, Equatable {
        /// The key in the JSON object that holds the figure (`p50` within `frame_time_ms`, `janky_frames`).
        public var key: String
        /// The figure's unique name: its place in the JSON report (`frame_time_ms.p50`, `counters.taps`,
        /// `hot_paths[frame/cells/configure].self_ms`).
        public var name: String
        /// Its name in words (`p50 frame time`, `Janky frames`).
        public var label: String
        public var unit: Unit
        public var better: Better
        public var kind: Kind
        /// Decimals text prints.
        public var decimals: Int
    }

    /// The declaration of this figure: one line per figure.
    public var declaration: Declaration {
        switch self {
        case .frameTime(let statistic):
            Declaration(key: statistic.rawValue, name: "frame_time_ms.\(statistic.rawValue)",
                        label: "\(statistic.rawValue) frame time", unit: .milliseconds, better: .lower,
                        kind: .timing, decimals: 3)
        case .jankyFrames:
            Declaration(key: "janky_frames", name: "janky_frames", label: "Janky frames", unit: .frames,
                        better: .lower, kind: .timing, decimals: 1)
        case .frozenFrames:
            Declaration(key: "frozen_frames", name: "frozen_frames", label: "Frozen frames", unit: .frames,
                        better: .lower, kind: .timing, decimals: 1)
        case .droppedFrames:
            Declaration(key: "dropped_frames", name: "dropped_frames", label: "Dropped frames", unit: .frames,
                        better: .lower, kind: .timing, decimals: 1)
        case .hitchTime:
            Declaration(key: "hitch_time_ms", name: "hitch_time_ms", label: "Hitch time", unit: .milliseconds,
                        better: .lower, kind: .timing, decimals: 1)
        case .hitchTimeRatio:
            Declaration(key: "hitch_time_ratio_ms_per_s", name: "hitch_time_ratio_ms_per_s",
                        label: "Hitch time ratio", unit: .millisecondsPerSecond, better: .lower, kind: .timing,
                        decimals: 1)
        case .effectiveFPS:
            Declaration(key: "effective_fps", name: "effective_fps", label: "Effective fps", unit: .framesPerSecond,
                        better: .higher, kind: .timing, decimals: 1)
        case .peakFPS:
            Declaration(key: "peak_fps", name: "peak_fps", label: "Peak fps", unit: .framesPerSecond,
                        better: .higher, kind: .timing, decimals: 1)
        case .initialDisplay:
            Declaration(key: "initial_display_ms", name: "initial_display_ms", label: "Initial display",
                        unit: .milliseconds, better: .lower, kind: .timing, decimals: 3)
        case .counter(let counter):
            Declaration(key: counter.key, name: "counters.\(counter.key)", label: counter.key, unit: .count,
                        better: counter.better, kind: .counter, decimals: 0)
        case .hotPathSelfTime(let path):
            Declaration(key: "self_ms", name: "hot_paths[\(path)].self_ms", label: "self time of \(path)",
                        unit: .milliseconds, better: .lower, kind: .timing, decimals: 3)
        }
    }

    /// The frame-time statistics, in report order (`frame_time_ms`).
    public static let frameTimes: [Figure] = FrameTimeStatistic.allCases.map { .frameTime($0) }

    /// The figures after the frame times, in report order: janky, frozen and dropped frames, hitch time and
    /// ratio, effective and peak fps. Frozen frames are absent from reports written before Reel counted them.
    public static let frameRates: [Figure] = [
        .jankyFrames, .frozenFrames, .droppedFrames, .hitchTime, .hitchTimeRatio, .effectiveFPS, .peakFPS,
    ]

    /// Every scalar figure of a report, in report order: ``frameTimes``, ``frameRates``, then the initial
    /// display (a key added after the report's first keys, so written after it).
    public static let summary: [Figure] = frameTimes + frameRates + [.initialDisplay]

    /// Every counter, in report order.
    public static let counters: [Figure] = EngineCounter.allCases.map { .counter($0) }

    /// Every figure `report` shows, in report order: the summary figures it measured, its declared counters
    /// (not the unknown ones a later Reel wrote), and its hot paths' self times.
    public static func all(in report: Report) -> [Figure] {
        summary.filter { $0.value(in: report) != nil }
            + report.counters.map { .counter($0.counter) }
            + report.hotPaths.map { .hotPathSelfTime($0.path) }
    }
}
