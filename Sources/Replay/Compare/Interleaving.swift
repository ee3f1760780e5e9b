/// The order in which `reel compare` runs the passes of several layouts over one trace: each layout's warm-up
/// passes first, then the measured passes in rounds that rotate the layouts — A B C, then B C A, then C A B,
/// then A B C again — so that a drift of the machine (a CPU warming up, another process starting) falls on
/// every layout alike and every layout runs in every position of a round equally often.
public struct Interleaving: Sendable, Equatable {
    /// One pass: which layout, in which round, and whether it is measured.
    public struct Pass: Sendable, Equatable {
        /// The layout's position among the compared layouts, from 0.
        public var layout: Int
        /// The round, from 0; warm-up rounds and measured rounds are counted apart.
        public var round: Int
        /// Whether the pass is a warm-up, run and discarded.
        public var isWarmup: Bool
    }

    /// The number of layouts.
    public let layouts: Int
    /// Warm-up passes per layout.
    public let warmup: Int
    /// Measured passes per layout.
    public let repeats: Int

    /// The schedule of `repeats` measured passes and `warmup` warm-up passes for each of `layouts` layouts.
    public init(layouts: Int, repeats: Int, warmup: Int) {
        precondition(layouts >= 1 && repeats >= 0 && warmup >= 0,
                     "an interleaving needs a layout and no negative counts, not \(layouts), \(repeats), \(warmup)")
        self.layouts = layouts
        self.repeats = repeats
        self.warmup = warmup
    }

    /// The layouts of round `round`, in the order they run: the rotation that starts at `round` mod layouts.
    public func order(ofRound round: Int) -> [Int] {
        (0..<layouts).map { (round + $0) % layouts }
    }

    /// Every pass in the order it runs: the warm-up rounds, then the measured rounds.
    /// - Complexity: O(*layouts* × (*warmup* + *repeats*)).
    public var passes: [Pass] {
        let warmups = (0..<warmup).flatMap { round in
            order(ofRound: round).map { Pass(layout: $0, round: round, isWarmup: true) }
        }
        let measured = (0..<repeats).flatMap { round in
            order(ofRound: round).map { Pass(layout: $0, round: round, isWarmup: false) }
        }
        return warmups + measured
    }
}
