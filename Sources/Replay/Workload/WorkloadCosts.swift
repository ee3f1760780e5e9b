import TraceXML

/// The main-thread costs of the app's own views, in nanoseconds, as recorded in a trace's `<workload>`.
struct WorkloadCosts {
    struct Costs {
        var create: UInt64 = 0
        var configure: UInt64 = 0
        var prepareForReuse: UInt64 = 0
        var measure: UInt64 = 0

        var isFree: Bool { create == 0 && configure == 0 && prepareForReuse == 0 && measure == 0 }
    }

    private var cells: [String: Costs] = [:]
    private var supplementary: [String: Costs] = [:]
    /// Nanoseconds of diffing per item of an applied snapshot (`<diffable per-item>`, or its default).
    let diffablePerItem: Double
    /// Nanoseconds of a visible-items handler per visible item (`<visible-items-handler per-item>`, or its default).
    let visibleItemsHandlerPerItem: Double

    init(_ workload: Workload?) {
        diffablePerItem = (workload?.diffablePerItem ?? Workload.defaultDiffablePerItem) * 1_000_000
        visibleItemsHandlerPerItem = (workload?.visibleItemsHandlerPerItem ?? Workload.defaultVisibleItemsHandlerPerItem) * 1_000_000
        for cell in workload?.cells ?? [] { cells[cell.reuseIdentifier] = Self.nanoseconds(cell.costs) }
        for view in workload?.supplementaries ?? [] { supplementary[view.kind] = Self.nanoseconds(view.costs) }
    }

    /// Whether no view costs anything: a pass then spends nothing on the workload, whatever it displays.
    var isFree: Bool { cells.values.allSatisfy(\.isFree) && supplementary.values.allSatisfy(\.isFree) }

    /// The costs of cells with `reuseIdentifier`; zero when the workload does not name it.
    func cell(_ reuseIdentifier: String) -> Costs { cells[reuseIdentifier] ?? Costs() }

    /// The costs of supplementary views of `kind`; zero when the workload does not name it.
    func supplementaryView(_ kind: String) -> Costs { supplementary[kind] ?? Costs() }

    private static func nanoseconds(_ costs: Workload.Costs) -> Costs {
        func ns(_ ms: Double) -> UInt64 { ms > 0 ? UInt64((ms * 1_000_000).rounded()) : 0 }
        return Costs(create: ns(costs.create), configure: ns(costs.configure), prepareForReuse: ns(costs.prepareForReuse),
                     measure: ns(costs.measure))
    }
}
