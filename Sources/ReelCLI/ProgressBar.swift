import Replay

/// A one-line progress bar on standard error, redrawn at most every 1/20 s of frames.
struct ProgressBar {
    private let label: String
    private var lastDrawn = -1

    init(label: String) {
        self.label = label
    }

    mutating func update(_ progress: ReplayProgress) {
        update(pass: progress.pass, passes: progress.passes, frame: progress.frame,
               framesPerPass: progress.framesPerPass)
    }

    /// Draws frame `frame` of pass `pass` (from 0) of `passes`, each of `framesPerPass` frames when known.
    mutating func update(pass: Int, passes: Int, frame: Int, framesPerPass: Int?) {
        let width = 30
        let fraction: Double?
        if let perPass = framesPerPass, perPass > 0 {
            fraction = (Double(pass) + Double(frame) / Double(perPass)) / Double(passes)
        } else {
            fraction = nil
        }
        let step = Int((fraction ?? 0) * 200) + pass * 1_000_000 + (fraction == nil ? frame / 60 : 0)
        guard step != lastDrawn else { return }
        lastDrawn = step
        let bar: String
        if let fraction {
            let filled = min(width, Int(fraction * Double(width)))
            bar = "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled) + "] "
                + "\(Int(fraction * 100))%"
        } else {
            bar = "[pass \(pass + 1)/\(passes)] frame \(frame)"
        }
        StandardError.write("\r\u{1B}[K\(label) \(bar)")
    }

    func clear() {
        StandardError.write("\r\u{1B}[K")
    }
}
