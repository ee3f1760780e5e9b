import Reporting
import TraceXML

extension FrameClock {
    /// The frames of a replay of a trace whose header is `header`: each frame its own interval when the trace
    /// has `<frame-intervals>`, else every frame 1 / its collection view's refresh rate.
    ///
    /// An explicit refresh rate (`--refresh-rate`) overrides the trace's intervals: every frame is then
    /// 1 / `refreshRate` long. An explicit budget (`--budget`) is every frame's budget, whatever its interval.
    /// - Precondition: `refreshRate` and `budgetMs`, when given, are positive and finite.
    init(header: TraceHeader, refreshRate: Double? = nil, budgetMs: Double? = nil) {
        if refreshRate == nil, let intervals = header.frameIntervals, !intervals.isEmpty {
            self.init(intervals: intervals.runs.map { ($0.milliseconds, $0.count) }, budgetMs: budgetMs)
        } else {
            self.init(refreshRate: refreshRate ?? header.collectionView.refreshRate, budgetMs: budgetMs)
        }
    }
}
