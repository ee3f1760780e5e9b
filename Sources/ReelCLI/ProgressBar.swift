import Replay
import Reporting

/// A one-line progress bar on standard error: the trace, warm-up or measured pass, the share of all passes'
/// frames done, the time elapsed and the time left; never wider than the terminal less one column, so it
/// never wraps, and cleared when the replay ends.
///
/// The total (frames of the trace × passes) is known from the first frame (``ReplayProgress``); an estimate
/// (a fling that may outlast the last event) is marked `≈` until the first pass tells. The bar is redrawn
/// about ten times a second, decided by counting frames: a frame that is not redrawn costs a comparison of
/// two integers, no clock reading and no allocation.
struct ProgressBar {
    /// The widest bar, in columns between its brackets.
    static let barWidth = 30
    /// Seconds between redraws.
    static let redrawInterval = 0.1
    /// Seconds before the time left is estimated.
    static let settling = 0.5

    private let label: String
    private let width: Int
    private let now: () -> Double
    private let write: (String) -> Void
    private let start: Double
    /// The frames done (over all passes) at which the next redraw happens.
    private var nextDraw = 0
    private var lastPass = -1
    /// Frames seen, for a total not known yet.
    private var seen = 0
    /// The last line drawn, for tests.
    private(set) var lastLine: String?
    /// How many times the bar was drawn.
    private(set) var draws = 0

    /// A bar for the trace `label`, `width` columns wide (the terminal's on standard error by default).
    /// - Parameters:
    ///   - now: Seconds on a monotonic clock (tests inject one).
    ///   - write: Where the bar goes (standard error by default).
    init(label: String, width: Int = Terminal.width(), now: @escaping () -> Double = Terminal.seconds,
         write: @escaping (String) -> Void = StandardError.write) {
        self.label = label
        self.width = width
        self.now = now
        self.write = write
        start = now()
    }

    mutating func update(_ progress: ReplayProgress) {
        update(pass: progress.pass, passes: progress.passes, frame: progress.frame,
               framesPerPass: progress.framesPerPass, exact: progress.framesPerPassIsExact,
               warmup: progress.warmup)
    }

    /// Takes frame `frame` (from 1) of pass `pass` (from 0) of `passes`, the first `warmup` of them warm-up,
    /// each of `framesPerPass` frames when known; redraws when it is time.
    mutating func update(pass: Int, passes: Int, frame: Int, framesPerPass: Int?, exact: Bool = true,
                         warmup: Int = 0) {
        seen += 1
        let done = framesPerPass.map { pass * $0 + min(frame, $0) } ?? seen
        guard done >= nextDraw || pass != lastPass else { return }
        lastPass = pass
        let elapsed = max(0, now() - start)
        let total = framesPerPass.map { $0 * passes }
        let fraction = total.map { $0 > 0 ? min(1, Double(done) / Double($0)) : 1 }
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        // The rate of the first half second is mostly the session's setup: no time left is told from it.
        let remaining = total.flatMap { total in
            rate > 0 && elapsed >= Self.settling ? Double(max(0, total - done)) / rate : nil
        }
        // Redraw again after about a tenth of a second's frames at the rate so far.
        nextDraw = done + max(1, rate > 0 ? Int(rate * Self.redrawInterval) : 8)
        let phase = pass < warmup ? "warm-up \(pass + 1)/\(warmup)" : "pass \(pass - warmup + 1)/\(passes - warmup)"
        let line = Self.line(label: label, phase: phase, fraction: fraction, approximate: !exact,
                             elapsed: elapsed, remaining: remaining, width: width)
        lastLine = line
        draws += 1
        write("\r\u{1B}[K" + line)
    }

    /// Clears the line the bar was drawn on.
    func clear() {
        write("\r\u{1B}[K")
    }

    /// The bar's line in at most `width` − 1 columns: `label  phase [====    ] 42%  0:03 elapsed, 0:05 left`.
    /// What does not fit goes, in this order: the bar shrinks, then goes; the label is shortened in the
    /// middle, then goes; the time elapsed goes, then the time left; the phase and share stay.
    /// - Parameters:
    ///   - fraction: The share of all frames done; `nil` when the total is not known.
    ///   - approximate: Whether the total is an estimate (`≈42%`).
    ///   - remaining: Seconds left at the rate so far; `nil` when not known.
    static func line(label: String, phase: String, fraction: Double?, approximate: Bool, elapsed: Double,
                     remaining: Double?, width: Int) -> String {
        let limit = max(0, width - 1)
        let percent = fraction.map { "\(approximate ? "≈" : "")\(Int(($0 * 100).rounded(.down)))%" } ?? ""
        var core = percent.isEmpty ? phase : "\(phase) \(percent)"
        let times = [
            remaining.map { "\(clock(elapsed)) elapsed, \(clock($0)) left" } ?? "\(clock(elapsed)) elapsed",
            remaining.map { "\(clock($0)) left" } ?? "",
        ]
        var columns = TerminalText.columns(core)
        if let time = times.first(where: { !$0.isEmpty && columns + 2 + TerminalText.columns($0) <= limit }) {
            core += "  " + time
            columns += 2 + TerminalText.columns(time)
        }
        // The label, shortened in the middle, leaving room for a whole bar when the label keeps 24 columns,
        // for a bar of 10 when it keeps 8.
        let minimumBar = 10
        let room = limit - columns - 2
        var labelText = ""
        if room >= 8 {
            let reserve = room - barWidth - 3 >= 24 ? barWidth + 3 : room - minimumBar - 3 >= 8 ? minimumBar + 3 : 0
            labelText = TerminalText.middleShortened(label, to: min(TerminalText.columns(label), room - reserve))
        }
        let used = columns + (labelText.isEmpty ? 0 : TerminalText.columns(labelText) + 2)
        var bar = ""
        if let fraction {
            let barRoom = min(barWidth, limit - used - 3)
            if barRoom >= 4 {
                let filled = min(barRoom, Int(fraction * Double(barRoom)))
                bar = "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: barRoom - filled) + "]"
            }
        }
        let phaseEnd = core.index(core.startIndex, offsetBy: phase.count)
        let withBar = bar.isEmpty ? core : String(core[..<phaseEnd]) + " " + bar + core[phaseEnd...]
        let line = labelText.isEmpty ? withBar : labelText + "  " + withBar
        return TerminalText.truncated(line, to: limit)
    }

    /// `0:07`, `12:34`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
