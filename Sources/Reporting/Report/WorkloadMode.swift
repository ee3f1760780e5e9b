/// How a replay charges the app's own work that a trace's `<workload>` declares (a view's create, configure
/// and prepare-for-reuse costs).
public enum WorkloadMode: String, CaseIterable, Sendable, Hashable {
    /// Each declared cost is added, exactly, to the time of the span and the frame that incur it, without
    /// running anything: the trace already says what the work costs, so spinning it would only add noise and
    /// time. The default.
    case model
    /// Each declared cost is spent as busy main-thread time on the replay's clock, as a device would: what the
    /// frame measures then includes the clock's error and the machine's noise on that work too.
    case spend

    /// `modelled` or `spent`, as a sentence says what was done with the workload.
    public var participle: String {
        switch self {
        case .model: "modelled"
        case .spend: "spent"
        }
    }

    /// The mode of a report that does not name one: reports written before the workload was modelled spent it.
    public static let unnamed = WorkloadMode.spend
}
