import Reporting
import TraceXML

/// What a session needs to know of a trace's events before its first frame, read in one pass over them that
/// keeps them for the passes (``PackedEvents``): whether the trace has `<scroll>` events (then it replays in
/// offsets mode), its markers when asked, how long the session runs (a progress bar's total, and the refusal
/// of a session past ``TraceLimits/frames`` frames), and whether it has motion that may outlast its last
/// event (drags, pinches, animated scrolling).
struct TraceScan {
    var hasScroll = false
    var hasMotion = false
    var markers: [Marker] = []
    var length: SessionLength
    /// The error the reader stopped with, if it stopped on one.
    var error: ReplayError?
    /// The events, when they fit in ``PackedEvents/maximumBytes``; `nil` when every pass is to read the trace.
    var events: PackedEvents?

    /// Reads every event `reader` (just opened, on the trace at `path`) has left.
    /// - Parameter wanted: Whether to keep the markers.
    init(_ reader: TraceReader, path: String, markers wanted: Bool, frameClock: FrameClock) {
        length = SessionLength(frameClock: frameClock)
        var kept: PackedEvents? = PackedEvents(path: path, reader: reader)
        do throws(TraceError) {
            while let event = try reader.next() {
                switch event.kind {
                case .scroll: hasScroll = true
                case .marker(let label) where wanted: markers.append(Marker(time: event.time, label: label))
                case .drag, .pinch: hasMotion = true
                case .scrollToItem(_, _, let animated) where animated: hasMotion = true
                default: break
                }
                length.add(event)
                if let events = kept, !events.append(event) { kept = nil }
            }
            kept?.finish(reader, failure: nil)
        } catch {
            kept?.finish(reader, failure: error)
            // The replay itself reports the trace's errors where it meets them; a trace that breaks off before
            // its first `<scroll>` replays in offsets mode, as it always did.
            hasScroll = true
            self.error = ReplayError(error)
        }
        events = kept
    }

    /// The replay mode of a trace: offsets mode when it has `<scroll>` events, else gestures mode.
    var defaultMode: ReplayMode { hasScroll ? .offsets : .gestures }
}
