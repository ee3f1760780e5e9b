@testable import Reporting

/// Measurements built by hand, in milliseconds, for report tests.
enum Measurements {
    static let environment = Environment(host: "test-host", cores: 2, swift: "6.3.1", build: "debug")

    /// A frame of `ms` milliseconds beginning at index / rate.
    static func frame(_ index: Int, ms: Double, rate: Double = 60, top: String? = nil, topMs: Double = 0,
                      cellsCreated: Int = 0) -> FrameSample {
        FrameSample(index: index, time: Double(index) / rate, durationNs: ns(ms), topPath: top,
                    topPathSelfNs: ns(topMs), cellsCreated: cellsCreated)
    }

    /// Frames of the given times, numbered from 0.
    static func frames(_ ms: [Double], rate: Double = 60) -> [FrameSample] {
        ms.enumerated().map { frame($0, ms: $1, rate: rate) }
    }

    /// Nanoseconds of `ms` milliseconds, rounded to the nearest nanosecond.
    static func ns(_ ms: Double) -> UInt64 {
        UInt64((ms * 1_000_000).rounded())
    }

    /// A measurement of `repeats` at `rate` Hz with the budget 1000 / rate unless given.
    static func measurement(_ repeats: [RepeatMeasurement], rate: Double = 60, budgetMs: Double? = nil,
                            counters: CounterValues = [:], scrollFrames: Int = 0, complete: Bool = true,
                            failure: String? = nil, warnings: [String] = [], markers: [Marker] = [],
                            warmup: Int = 1) -> ReplayMeasurement {
        ReplayMeasurement(trace: "Traces/test.xml", layout: "flow", mode: .offsets, refreshRate: rate,
                          budgetMs: budgetMs ?? 1000 / rate, warmup: warmup, repeats: repeats, complete: complete,
                          failure: failure, counters: counters, scrollFrames: scrollFrames, markers: markers,
                          warnings: warnings, environment: environment)
    }

    /// A measurement of one repeat per list of frame times.
    static func measurement(frameTimes: [[Double]], rate: Double = 60, budgetMs: Double? = nil) -> ReplayMeasurement {
        measurement(frameTimes.map { RepeatMeasurement(frames: frames($0, rate: rate), paths: []) }, rate: rate,
                    budgetMs: budgetMs)
    }

    /// A path whose calls took `callMs` each, self time the whole.
    static func path(_ name: String, callMs: [Double], jankySelfMs: Double = 0) -> PathMeasurement {
        let calls = callMs.map(ns)
        return PathMeasurement(path: name, callDurationsNs: calls, selfNs: calls.reduce(0, +),
                               jankySelfNs: ns(jankySelfMs))
    }
}

extension JSONValue {
    /// The value of `key`, when this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
