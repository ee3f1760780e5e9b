import CCycleCounter
import Foundation

/// Where a ``CycleCounterTimebase`` reads time: a cycle counter and the kernel's monotonic clock. Injected so
/// that tests drive both by hand.
protocol TickSource {
    /// Whether the counter ticks at a constant rate, on every CPU, that the kernel's monotonic clock itself
    /// trusts; when it does not, the timebase never reads it.
    var countsSteadily: Bool { get }
    /// The counter, in ticks of a constant but unknown length.
    func ticks() -> UInt64
    /// `CLOCK_MONOTONIC`, in nanoseconds.
    func monotonicNs() -> UInt64
    /// A scale measured beforehand, which a new timebase reads the counter at from its first anchor; `nil`
    /// makes it calibrate on its own anchors first.
    var calibration: TimebaseCalibration? { get }
}

/// A cycle counter's measured rate: nanoseconds per tick, 32.32 fixed point, and the monotonic time it was
/// measured over.
struct TimebaseCalibration: Equatable {
    var scale: UInt64
    var spanNs: UInt64
}

/// The processor's cycle counter (`rdtsc` on x86-64, `cntvct_el0` on arm64) and `clock_gettime`.
struct MachineTickSource: TickSource {
    /// Whether a timebase on this source starts from the process's ``measuredCalibration``; without, it
    /// calibrates from scratch on its own anchors (which is how that calibration is measured).
    var startsCalibrated = true

    var countsSteadily: Bool { startsCalibrated ? Self.measuredCalibration != nil : Self.counterIsSound }

    @inline(__always)
    func ticks() -> UInt64 { reel_cycle_counter_read() }

    func monotonicNs() -> UInt64 { MonotonicClock.read(CLOCK_MONOTONIC) }

    var calibration: TimebaseCalibration? { startsCalibrated ? Self.measuredCalibration : nil }

    /// The counter's rate, measured once per process where it is sound, on anchors over
    /// ``CycleCounterTimebase/shortestCalibrationNs`` (a millisecond's spin): every clock then reads the
    /// counter from its first reading, and refines the scale on its own anchors. `nil` where the counter is
    /// unsound or does not calibrate within 10 ms (it does not advance with the monotonic clock): the clocks
    /// then never read it.
    static let measuredCalibration: TimebaseCalibration? = {
        guard counterIsSound else { return nil }
        var timebase = CycleCounterTimebase(source: MachineTickSource(startsCalibrated: false))
        let start = timebase.anchor()
        let limit = 10 * CycleCounterTimebase<Self>.shortestCalibrationNs
        while !timebase.readsCounter, timebase.anchor() &- start < limit {}
        guard timebase.readsCounter else { return nil }
        return TimebaseCalibration(scale: timebase.scale, spanNs: timebase.scaleSpanNs)
    }()

    /// Whether the counter may stand in for the monotonic clock between anchors: the processor promises it
    /// ticks at a constant rate (invariant TSC; arm64's generic timer always does), and the kernel's own
    /// clocksource is that counter, so the kernel found it synchronised across CPUs and stable. Linux only.
    static let counterIsSound: Bool = {
        #if os(Linux) && arch(x86_64)
        let clocksource: String? = "tsc"
        #elseif os(Linux) && arch(arm64)
        let clocksource: String? = "arch_sys_counter"
        #else
        let clocksource: String? = nil
        #endif
        guard let clocksource, reel_cycle_counter_is_invariant(),
              let current = try? String(
                  contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource", encoding: .utf8)
        else { return false }
        return current.trimmingCharacters(in: .whitespacesAndNewlines) == clocksource
    }()
}

/// `CLOCK_MONOTONIC` at the cost of a cycle-counter read: the way low-overhead profilers read time.
///
/// An *anchor* is one reading of both the monotonic clock and the counter. Between anchors a reading is
/// `anchor ns + (ticks − anchor ticks) × scale`, where the scale (nanoseconds per tick, 32.32 fixed point:
/// one multiplication and a shift, no division) comes from the source's calibration or, without one, from
/// two anchors at least ``shortestCalibrationNs`` apart, and is recalibrated at later anchors over a base
/// that grows to ``calibrationWindowNs`` and then moves on (so it follows the monotonic clock's own
/// slewing). A reading anchors again when its anchor is ``anchorLifetimeNs`` old, so the scale's error
/// weighs on at most that much time; so does a counter that went backwards (which wraps to an age past any
/// lifetime).
///
/// Until it is calibrated, and always where the counter is unsound (``TickSource/countsSteadily``), every
/// reading is a monotonic read. Readings never decrease: one below the last answers the last.
///
/// Error against `CLOCK_MONOTONIC`, where the counter is read: the scale's error times the time since the
/// anchor (under 1 ms). An anchor is the tightest of ``anchorAttempts`` readings of the counter, the
/// monotonic clock and the counter again (the middle of the counter's two readings), and only anchors within
/// twice the narrowest seen calibrate, so an interrupt inside one cannot skew the scale. The scale is
/// measured over at least 1 ms in the first second and at least half a second after it: a 20 ns skew over
/// 1 ms is 20 ppm, 20 ns a millisecond, 0.2 ns over a 10 µs frame, and 40 ppb (0.04 ns a millisecond) once
/// calibrated over half a second. Across CPUs the counter is as synchronised as the kernel requires of its
/// clocksource.
struct CycleCounterTimebase<Source: TickSource> {
    private let source: Source
    /// Whether the counter is read at all.
    private let usesCounter: Bool
    /// The last anchor, as the middle of the counter's two readings and the monotonic reading between.
    private var anchorTicks: UInt64 = 0
    private var anchorNs: UInt64 = 0
    /// Nanoseconds per tick, 32.32 fixed point; 0 until calibrated.
    private(set) var scale: UInt64 = 0
    /// How many ticks an anchor serves (``anchorLifetimeNs`` at `scale`); 0 until calibrated, so that every
    /// reading anchors.
    private var lifetimeTicks: UInt64 = 0
    /// The anchor the scale is measured from, and the monotonic time the current scale was measured over.
    private var baseTicks: UInt64 = 0
    private var baseNs: UInt64?
    private(set) var scaleSpanNs: UInt64 = 0
    /// The fewest ticks seen between the counter's two readings around a monotonic one.
    private var narrowestWidth: UInt64 = .max
    private var last: UInt64 = 0

    /// How long an anchor serves readings, in nanoseconds.
    static var anchorLifetimeNs: UInt64 { 1_000_000 }
    /// The shortest stretch between anchors that calibrates the scale.
    static var shortestCalibrationNs: UInt64 { 1_000_000 }
    /// How long the calibration's base serves before the next anchor becomes the base.
    static var calibrationWindowNs: UInt64 { 1_000_000_000 }
    /// How many times an anchor reads the pair of clocks, keeping the tightest reading: an interrupt or a
    /// preemption between the counter's readings widens one, hardly all.
    static var anchorAttempts: Int { 3 }

    init(source: Source) {
        self.source = source
        usesCounter = source.countsSteadily
        if usesCounter, let calibration = source.calibration, calibration.scale > 0 {
            scale = calibration.scale
            lifetimeTicks = (Self.anchorLifetimeNs << 32) / calibration.scale
            scaleSpanNs = calibration.spanNs
            // The first anchor, which the readings count from.
            _ = anchor()
        }
    }

    /// Whether readings between anchors come from the counter: it is sound and calibrated.
    var readsCounter: Bool { lifetimeTicks != 0 }

    /// The monotonic clock now, in nanoseconds.
    @inline(__always)
    mutating func now() -> UInt64 {
        if lifetimeTicks != 0 {
            let elapsed = source.ticks() &- anchorTicks
            if elapsed < lifetimeTicks {
                // elapsed × scale < anchorLifetimeNs × 2³²: no overflow.
                let value = anchorNs &+ (elapsed &* scale) >> 32
                if value > last { last = value }
                return last
            }
        }
        return anchor()
    }

    /// The monotonic time at which the counter read `ticks`, from the current anchor whether `ticks` came
    /// before or after it: what ``now()`` would have answered then, to the scale's error over the distance from
    /// the anchor (the readings a frame's stamps are converted to lie within a millisecond or so of it). Only
    /// while ``readsCounter``.
    func time(ofTicks ticks: UInt64) -> UInt64 {
        let later = ticks >= anchorTicks
        let product = (later ? ticks &- anchorTicks : anchorTicks &- ticks).multipliedFullWidth(by: scale)
        // (product >> 32), saturated: a distance of 2⁶⁴ ns is no frame's.
        let ns = product.high >> 32 != 0 ? UInt64.max : product.high << 32 | product.low >> 32
        return later ? anchorNs &+ min(ns, .max &- anchorNs) : anchorNs &- min(ns, anchorNs)
    }

    /// Reads the monotonic clock, makes it the anchor (with the counter around it) and calibrates; returns
    /// the reading (or the last one, if that was later).
    @inline(never)
    mutating func anchor() -> UInt64 {
        guard usesCounter else {
            let ns = source.monotonicNs()
            if ns > last { last = ns }
            return last
        }
        var ticks: UInt64 = 0
        var ns: UInt64 = 0
        var width = UInt64.max
        for _ in 0..<Self.anchorAttempts {
            let before = source.ticks()
            let reading = source.monotonicNs()
            let after = source.ticks()
            if after &- before < width {
                width = after &- before
                ticks = before &+ width / 2
                ns = reading
            }
        }
        narrowestWidth = min(narrowestWidth, width)
        // Only tight anchors calibrate: within twice the narrowest, the monotonic reading lies within a few
        // nanoseconds of the middle of the counter's.
        if width <= 2 * narrowestWidth { calibrate(ticks: ticks, ns: ns) }
        anchorTicks = ticks
        anchorNs = ns
        if ns > last { last = ns }
        return last
    }

    /// Measures the scale from the base to the anchor `ticks`, `ns`.
    private mutating func calibrate(ticks: UInt64, ns: UInt64) {
        guard let baseNs else {
            baseTicks = ticks
            self.baseNs = ns
            return
        }
        guard ticks > baseTicks, ns > baseNs, ticks >= anchorTicks else {
            // A counter that went backwards since the base or the last anchor: start over, on the monotonic
            // clock.
            baseTicks = ticks
            self.baseNs = ns
            scale = 0
            lifetimeTicks = 0
            scaleSpanNs = 0
            return
        }
        let span = ns - baseNs
        guard span >= Self.shortestCalibrationNs, span >= scaleSpanNs / 2 else { return }
        let ticksSpan = ticks - baseTicks
        // (span << 32) / ticksSpan in 128 bits; a tick of 2³² ns or more is no cycle counter.
        let dividend = (high: span >> 32, low: span << 32)
        guard dividend.high < ticksSpan else { return }
        let measured = ticksSpan.dividingFullWidth(dividend).quotient
        guard measured > 0 else { return }
        scale = measured
        lifetimeTicks = (Self.anchorLifetimeNs << 32) / measured
        scaleSpanNs = span
        if span >= Self.calibrationWindowNs {
            baseTicks = ticks
            self.baseNs = ns
        }
    }
}
