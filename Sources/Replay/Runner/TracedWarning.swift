import CollectionEngine
import TraceXML

/// A warning the engine logged during a replay (``EngineWarning``), with the event that led to it when one
/// did.
struct TracedWarning: Equatable {
    var warning: EngineWarning
    /// The event applied in the frame the warning was logged in; `nil` for the first layout pass, animations
    /// and flings.
    var location: TraceLocation?

    /// One warning diagnostic per kind of message, in the order they first occurred, at the first
    /// occurrence, counting the occurrences: "… (3 times, first at t = 2.150 s)".
    ///
    /// - Complexity: O(n) for n warnings.
    static func diagnostics(_ warnings: [TracedWarning], path: String) -> [TraceDiagnostic] {
        var order: [String] = []
        var tally: [String: (first: TracedWarning, count: Int)] = [:]
        for traced in warnings {
            let key = traced.warning.kind.rawValue + "\u{0}" + traced.warning.message
            if let seen = tally[key] {
                tally[key] = (seen.first, seen.count + 1)
            } else {
                order.append(key)
                tally[key] = (traced, 1)
            }
        }
        return order.compactMap { key in
            guard let (first, count) = tally[key] else { return nil }
            let time = formatted(first.warning.time)
            let when = count == 1 ? "at t = \(time) s" : "\(count) times, first at t = \(time) s"
            return TraceDiagnostic(severity: .warning, code: .engineWarning,
                                   message: "\(first.warning.message) (\(when))", path: path,
                                   location: first.location)
        }
    }

    /// `seconds` with three decimals: `2.150`.
    private static func formatted(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(abs(millis) % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
