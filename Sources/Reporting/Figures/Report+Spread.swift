internal import Foundation

extension Report {
    /// A timing figure's per-repeat spread and the disagreement noise allows it.
    public struct FigureSpread: Sendable, Equatable {
        public var figure: Figure
        public var spread: Spread
        /// The largest max − min that noise explains (``Figure/allowedNoise(median:in:)``).
        public var allowedNoise: Double
        /// The number of repeats.
        public var repeats: Int

        /// Whether the repeats disagree more than noise allows: max − min > ``allowedNoise``.
        public var isNoisy: Bool { spread.range > allowedNoise }
    }

    /// Hot paths whose self time the noise warnings consider: those with at least this share of the measured
    /// time (the self time of every path summed). A path that costs little may disagree between repeats
    /// without spoiling anything; the JSON report carries every path's spread and `noisy` flag.
    public static let noiseCheckedHotPathShare = 0.05

    /// The spread of every timing figure the repeats carry: the summary figures in report order, then each hot
    /// path's self time in hot-path order.
    /// - Complexity: O(*f* × *r* log *r*) for *f* figures and *r* repeats.
    public var spreads: [FigureSpread] {
        (Figure.summary + hotPaths.map { .hotPathSelfTime($0.path) }).compactMap { figure in
            guard let values = figure.perRepeatValues(in: self), let spread = Spread(values) else { return nil }
            return FigureSpread(figure: figure, spread: spread,
                                allowedNoise: figure.allowedNoise(median: spread.median, in: self),
                                repeats: values.count)
        }
    }

    /// The figures users must not trust, in words: one warning per summary figure whose repeats disagree more
    /// than noise allows, and one naming the hot paths (those with ``noiseCheckedHotPathShare`` of the measured
    /// time or more) whose self times do. Empty with one repeat.
    public var noiseWarnings: [String] {
        let noisy = spreads.filter(\.isNoisy)
        let measured = hotPaths.reduce(0) { $0 + $1.selfMs }
        let checkedPaths = Set(hotPaths.filter { $0.selfMs >= Self.noiseCheckedHotPathShare * measured }.map(\.path))
        var warnings: [String] = []
        var paths: [String] = []
        for entry in noisy {
            if case .hotPathSelfTime(let path) = entry.figure {
                if checkedPaths.contains(path) { paths.append(path) }
                continue
            }
            let declaration = entry.figure.declaration
            func value(_ number: Double) -> String { String(format: "%.\(declaration.decimals)f", number) }
            let unit = declaration.unit == .count ? "" : " \(declaration.unit.rawValue)"
            warnings.append(
                "the repeats disagree more than noise allows on \(declaration.label.lowercased()): "
                    + "\(value(entry.spread.min)) to \(value(entry.spread.max))\(unit) over \(entry.repeats) repeats "
                    + "(median \(value(entry.spread.median)); noise allows \(value(entry.allowedNoise))); "
                    + "do not trust it")
        }
        if !paths.isEmpty {
            let percent = Int((Figure.noiseTolerance * 100).rounded())
            warnings.append(
                "the repeats disagree more than noise allows (\(percent) % of the median) on the self time of "
                    + "\(paths.joined(separator: ", ")); do not trust \(paths.count == 1 ? "it" : "them")")
        }
        return warnings
    }
}
