import TraceXML

extension ReplayPass {
    /// A pass's observers (``PassObserver``), called in order.
    ///
    /// The composition every measured replay runs — the rules, then the frame measurement — is kept as its two
    /// final classes and called directly, a frame's and an event's calls inlined; any other composition as a list
    /// of existentials, each call through the protocol's witness table with its retain and release. A long steady
    /// scroll makes three observer calls a frame per observer, which is what the direct calls spare.
    enum Observers {
        /// ``RulesCheck`` then ``FrameMeasurement``: what `reel replay`, `compare` and `gate` measure with.
        case rulesThenMeasurement(RulesCheck, FrameMeasurement)
        /// Any other observers, in order.
        case list(ContiguousArray<any PassObserver>)

        init(_ observers: [any PassObserver]) {
            if observers.count == 2, let rules = observers[0] as? RulesCheck,
               let measurement = observers[1] as? FrameMeasurement {
                self = .rulesThenMeasurement(rules, measurement)
            } else {
                self = .list(ContiguousArray(observers))
            }
        }

        @inline(__always)
        func eventWillApply(_ event: TraceEvent) throws(ReplayError) {
            switch self {
            case .rulesThenMeasurement(let rules, let measurement):
                try rules.eventWillApply(event)
                try measurement.eventWillApply(event)
            case .list(let observers):
                for observer in observers { try observer.eventWillApply(event) }
            }
        }

        @inline(__always)
        func frameWillBegin(_ index: Int, _ driver: EventDriver) {
            switch self {
            case .rulesThenMeasurement(let rules, let measurement):
                rules.frameWillBegin(index, driver)
                measurement.frameWillBegin(index, driver)
            case .list(let observers):
                for observer in observers { observer.frameWillBegin(index, driver) }
            }
        }

        @inline(__always)
        func frameDidEnd(_ index: Int, _ measured: Profiler.MeasuredFrame, scrolled: Bool, _ driver: EventDriver) {
            switch self {
            case .rulesThenMeasurement(let rules, let measurement):
                rules.frameDidEnd(index, measured, scrolled: scrolled, driver)
                measurement.frameDidEnd(index, measured, scrolled: scrolled, driver)
            case .list(let observers):
                for observer in observers { observer.frameDidEnd(index, measured, scrolled: scrolled, driver) }
            }
        }

        func finish(into result: inout Result) {
            switch self {
            case .rulesThenMeasurement(let rules, let measurement):
                rules.finish(into: &result)
                measurement.finish(into: &result)
            case .list(let observers):
                for observer in observers { observer.finish(into: &result) }
            }
        }
    }
}
