/// Something a report found, in words: "prepare-for-reuse costs 12.0 ms per call, …".
public struct Finding: Sendable, Equatable {
    /// Which rule found it; stable across versions, for tools that filter findings.
    public var rule: Rule
    /// The sentence the report prints.
    public var message: String

    /// Creates a finding.
    public init(rule: Rule, message: String) {
        self.rule = rule
        self.message = message
    }

    /// The name of a finding rule (`callback-over-budget`); unknown names read from newer reports are kept.
    public struct Rule: RawRepresentable, Hashable, Sendable {
        /// The name as written in JSON reports.
        public var rawValue: String

        /// Creates a rule name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The layout is prepared again on (nearly) every frame that scrolls.
        public static let layoutInvalidatedEveryScrollFrame = Rule(rawValue: "layout-invalidated-every-scroll-frame")
        /// Cells keep being created after the first second: the reuse pool does not hold enough views.
        public static let poolChurn = Rule(rawValue: "pool-churn")
        /// One call of a cell, supplementary or decoration callback costs more than the frame budget.
        public static let callbackOverBudget = Rule(rawValue: "callback-over-budget")
        /// Janky frames where one path took at least half of the frame's time.
        public static let frameDominatedByPath = Rule(rawValue: "frame-dominated-by-path")
        /// The layout builds many times more attributes per layout pass than it ever displays, and its own
        /// nested queries do not explain them: it queries its whole content on every pass.
        public static let wholeContentQueries = Rule(rawValue: "whole-content-queries")
        /// The layout looks at many times more cached attributes per element query than it ever displays:
        /// it scans its whole cache to answer each query.
        public static let scanPerQuery = Rule(rawValue: "scan-per-query")
        /// The layout answers each item by querying again, typically its line (`nested_queries` per layout
        /// pass): O(k²) per line of k items, as a flow subclass that re-aligns each line item by item.
        public static let lineRequeries = Rule(rawValue: "line-requeries")
        public static let selfSizingCascade = Rule(rawValue: "self-sizing-cascade")
        public static let oscillatingItems = Rule(rawValue: "oscillating-items")
        public static let costlyMeasure = Rule(rawValue: "costly-measure")
        public static let measureWithoutEstimate = Rule(rawValue: "measure-without-estimate")
        /// Snapshot applies reloaded items, re-creating their cells, and reconfigured none.
        public static let reloadsInsteadOfReconfigure = Rule(rawValue: "reloads-instead-of-reconfigure")
        /// Snapshot applies reloaded the data instead of diffing it, sending every prepared cell back to its pool.
        public static let snapshotReloads = Rule(rawValue: "snapshot-reloads")
    }
}
