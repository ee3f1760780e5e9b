/// One icon's quiver in edit mode (tutorial 002, `Icon.startQuivering`, notes §2.7): a z-rotation that
/// swings linearly from −2° to +6° in 0.2 s and back in 0.2 s, forever, shifted by a random time offset.
///
/// The tutorial adds a `CABasicAnimation` on `transform.rotation` from −2° to 3 × 2° = +6°, `duration`
/// 0.2 s, `autoreverses`, `repeatCount` `HUGE_VALF`, linear timing, with `timeOffset` =
/// `(arc4random() % 100) / 100 − 0.5` s, each time the cell applies attributes with the button visible.
/// The headless model: an icon's wave restarts at ``start`` (the frame time its attributes were applied),
/// and at time t its local time is `t − start + timeOffset` taken modulo the 0.4 s period (a negative
/// offset is a phase shift, notes §2.7); the first 0.2 s of a period rise from −2° to +6°, the next 0.2 s
/// fall back.
public struct SpringboardJiggle: Hashable, Sendable {
    /// The lowest angle, −2° in radians (the tutorial's `startAngle`).
    public static let lowestAngle = -2 * Double.pi / 180
    /// The highest angle, +6° in radians (`3 * stopAngle`, the tutorial's asymmetric swing).
    public static let highestAngle = 6 * Double.pi / 180
    /// One swing, 0.2 s (the animation's `duration`); it then autoreverses.
    public static let swingDuration = 0.2
    /// A full back-and-forth cycle, 0.4 s.
    public static let period = 2 * swingDuration

    /// The frame time the wave restarted at, seconds.
    public var start: Double
    /// The animation's `timeOffset`, one of −0.50, −0.49, …, +0.49 s.
    public var timeOffset: Double

    public init(start: Double, timeOffset: Double) {
        self.start = start
        self.timeOffset = timeOffset
    }

    /// A wave restarting at `start` with the tutorial's random offset, `(next % 100) / 100 − 0.5` s, drawn
    /// from `generator` (the layout's, seeded by its `seed` parameter, for `arc4random`).
    /// - Complexity: O(1).
    public init(start: Double, drawingFrom generator: inout some RandomNumberGenerator) {
        self.init(start: start, timeOffset: Double(generator.next() % 100) / 100 - 0.5)
    }

    /// The rotation angle (radians, positive clockwise on screen) at `time`.
    /// - Complexity: O(1).
    public func angle(at time: Double) -> Double {
        Self.angle(atLocalTime: time - start + timeOffset)
    }

    /// The triangle wave at local time `local` (any real number; the wave repeats every ``period``).
    /// - Complexity: O(1).
    public static func angle(atLocalTime local: Double) -> Double {
        let phase = local - period * (local / period).rounded(.down)
        let rise = highestAngle - lowestAngle
        return phase < swingDuration
            ? lowestAngle + rise * phase / swingDuration
            : highestAngle - rise * (phase - swingDuration) / swingDuration
    }
}
