import TraceXML
import Reporting

/// How many frames a session runs, from its events: it ends at the last event, or when the last animation
/// settles, whichever is later; frame *n* begins at the sum of the intervals before it (``FrameClock``).
///
/// A session of more than ``TraceLimits/frames`` frames is refused before it is replayed, by `reel replay`,
/// `snapshot`, `compare` and `gate` (``ReplaySession`` and the quiet passes read the events once before the
/// first pass) and by `reel validate` (``TraceRules/finish()``), with the same message at the event that
/// makes it that long.
struct SessionLength {
    let frameClock: FrameClock
    /// When the session ends, so far, and the event that makes it end then.
    private(set) var end = 0.0
    private(set) var endLocation: TraceLocation?

    init(frameClock: FrameClock) { self.frameClock = frameClock }

    /// Takes `event` into account: its time, and when the animation it starts settles (a `<batch>` or a
    /// `<set-layout>` animated for its `duration`, at most ``TraceLimits/animationDuration``).
    mutating func add(_ event: TraceEvent) {
        var settles = event.time
        switch event.kind {
        case .batch(let batch) where batch.animated: settles += batch.duration
        case .setLayout(_, let animated, let duration) where animated: settles += duration
        default: break
        }
        if settles >= end {
            end = settles
            endLocation = event.location
        }
    }

    /// The frames the session runs so far: the last one contains ``end``.
    var frames: Double {
        frameClock.isUniform ? (end * frameClock.refreshRate).rounded(.down) + 1 : Double(frameClock.frame(at: end)) + 1
    }

    /// Whether any trace can run more than ``TraceLimits/frames`` frames at `refreshRate`: when none can
    /// (up to 119 Hz, event times and durations being within their ranges), the events need not be read.
    static func mayExceedLimit(at refreshRate: Double) -> Bool {
        let longest = TraceLimits.time.upperBound + TraceLimits.animationDuration.upperBound
        return (longest * refreshRate).rounded(.down) + 1 > Double(TraceLimits.frames)
    }

    /// The error for a session longer than the limit, at the event that makes it that long; `nil` within it.
    func problem() -> TraceRules.Problem? {
        guard frames > Double(TraceLimits.frames) else { return nil }
        return TraceRules.Problem(
            severity: .error,
            message: "the session lasts \(TraceNumber.format(end)) s: \(TraceLimits.grouped(Int(frames))) frames at "
                + "\(TraceNumber.format(frameClock.refreshRate)) Hz, more than the limit of \(TraceLimits.grouped(TraceLimits.frames)) frames "
                + "(24 hours at 120 Hz); it is refused before it starts",
            location: endLocation, code: .unsupported)
    }
}
