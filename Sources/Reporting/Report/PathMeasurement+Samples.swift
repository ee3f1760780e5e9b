internal import Histogram

extension PathMeasurement {
    /// A path measured from the inclusive time of each of its calls: calls, total time and the histogram
    /// follow from `callDurationsNs`.
    ///
    /// For tests and tools that build measurements by hand, without importing `Histogram`.
    package init(path: String, callDurationsNs: [UInt64], selfNs: UInt64, jankySelfNs: UInt64 = 0,
                 initialSelfNs: UInt64 = 0) {
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        for duration in callDurationsNs {
            _ = histogram.record(duration)
        }
        self.init(path: path, calls: callDurationsNs.count, totalNs: callDurationsNs.reduce(0, +), selfNs: selfNs,
                  jankySelfNs: jankySelfNs, initialSelfNs: initialSelfNs, callDurations: histogram)
    }
}
