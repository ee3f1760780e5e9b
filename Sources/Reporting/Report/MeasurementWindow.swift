/// Which frames of a session the frame figures cover: the frames after the initial display
/// unless it is included, narrowed to the part between two `<marker>`s when asked.
///
/// Frame 0, the first layout pass that creates the first screen of views, is reported apart as the
/// initial display. A marker at time `t` runs in frame *n*, the first frame with `t` < (*n* + 1) / rate (as
/// every event does); the window from marker A to marker B holds the frames from A's frame up to, not
/// including, B's frame.
public struct MeasurementWindow: Sendable, Equatable {
    /// Whether frame 0 counts among the measured frames.
    public var includesInitialDisplay: Bool
    /// The marker the window starts at, if any.
    public var from: Marker?
    /// The marker the window ends at, if any.
    public var to: Marker?

    public init(includesInitialDisplay: Bool, from: Marker? = nil, to: Marker? = nil) {
        self.includesInitialDisplay = includesInitialDisplay
        self.from = from
        self.to = to
    }

    /// Every frame of the session.
    public static let wholeSession = MeasurementWindow(includesInitialDisplay: true)

    /// Whether frame `index` of a session replayed at `refreshRate` is measured.
    public func contains(frame index: Int, refreshRate: Double) -> Bool {
        contains(frame: index, frameClock: FrameClock(refreshRate: refreshRate))
    }

    /// Whether frame `index` of a session whose frames `frameClock` times is measured.
    public func contains(frame index: Int, frameClock: FrameClock) -> Bool {
        if index == 0 && !includesInitialDisplay { return false }
        if let from, index < frameClock.frame(at: from.time) { return false }
        if let to, index >= frameClock.frame(at: to.time) { return false }
        return true
    }

    /// The frame an event at `time` runs in: the first *n* with `time` < (*n* + 1) / `refreshRate`.
    public static func frame(of time: Double, refreshRate: Double) -> Int {
        FrameClock(refreshRate: refreshRate).frame(at: time)
    }

    /// The window in words: `frames after the initial display`, `from marker 'opened' (2.000 s) to the end,
    /// initial display included`.
    public var summary: String {
        guard from != nil || to != nil else {
            return includesInitialDisplay ? "every frame, initial display included" : "frames after the initial display"
        }
        let start = from.map { "from marker '\($0.label)' (\(Self.seconds($0.time)) s)" } ?? "from the start"
        let end = to.map { "to marker '\($0.label)' (\(Self.seconds($0.time)) s)" } ?? "to the end"
        return "\(start) \(end), initial display \(includesInitialDisplay ? "included" : "excluded")"
    }

    private static func seconds(_ value: Double) -> String {
        JSONValue.format(value)
    }
}
