internal import Foundation

extension Report {
    /// One line that sums the report up: the janky share and the hitch band.
    ///
    /// "12 of 1200 frames janky (1.0 %), hitch time ratio 3.3 ms/s: good".
    public var verdict: String {
        guard frames > 0 else { return "no frames measured" }
        let share = String(format: "%.1f", 100 * jankyFrames / frames)
        let ratio = String(format: "%.1f", hitchTimeRatio)
        let counts = "\(FindingRules.number(jankyFrames)) of \(FindingRules.number(frames)) frames janky"
        return "\(counts) (\(share) %), hitch time ratio \(ratio) ms/s: \(hitchBand.rawValue)"
    }
}
