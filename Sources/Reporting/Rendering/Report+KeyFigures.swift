internal import Foundation

extension Report {
    /// The figures the short reports (Markdown, JUnit's `<system-out>`) show, in report order: the frame-time
    /// percentiles and maximum, janky, frozen and dropped frames, the hitch time ratio, effective and peak fps, and the
    /// initial display.
    static let keyFigures: [Figure] = [
        .frameTime(.p50), .frameTime(.p90), .frameTime(.p95), .frameTime(.p99), .frameTime(.max),
        .jankyFrames, .frozenFrames, .droppedFrames, .hitchTimeRatio, .effectiveFPS, .peakFPS, .initialDisplay,
    ]

    /// `figure`'s value in words, with its declared decimals and unit; frame counts are means per repeat and
    /// say so (`2.5 per repeat (1.7 % of frames)`), the hitch time ratio names its band; `nil` when the report
    /// does not have the figure.
    func keyFigureText(_ figure: Figure) -> String? {
        guard let value = figure.value(in: self) else { return nil }
        switch figure {
        case .jankyFrames:
            let share = frames > 0 ? 100 * value / frames : 0
            return "\(JSONValue.format(value)) per repeat (\(GateText.number(share, decimals: 1)) % of frames)"
        case .frozenFrames, .droppedFrames:
            return "\(JSONValue.format(value)) per repeat"
        case .hitchTimeRatio:
            return "\(GateText.value(value, of: figure)) (\(hitchBand.rawValue))"
        case .initialDisplay:
            let path = initialDisplay?.topPath.map { ", mostly \($0)" } ?? ""
            return GateText.value(value, of: figure) + path
        default:
            return GateText.value(value, of: figure)
        }
    }

    /// The hot path first in the report's order (most janky self time, then self time), in words:
    /// `frame/cells/configure: 94.000 ms self per repeat, 2.500 ms of it in janky frames`; `nil` with none.
    var topHotPathText: String? {
        guard let path = hotPaths.first else { return nil }
        return "\(path.path): \(GateText.number(path.selfMs, decimals: 3)) ms self per repeat, "
            + "\(GateText.number(path.jankySelfMs, decimals: 3)) ms of it in janky frames"
    }

    /// The refresh rate in words, `60 Hz`, or its range when it varies within the session, `60–120 Hz`.
    func refreshRateText(_ format: (Double) -> String) -> String {
        let range = frameClock.refreshRateRange
        guard frameClock.varies else { return "\(format(refreshRateHz)) Hz" }
        return "\(format(range.lowerBound))–\(format(range.upperBound)) Hz"
    }

    /// The budget in words, `budget 16.67 ms`, or each frame's own when they differ, `budget 8.33–16.67 ms a frame`.
    func budgetText(_ format: (Double) -> String) -> String {
        guard frameClock.fixedBudgetMs == nil, frameClock.varies else { return "budget \(format(budgetMs)) ms" }
        return "budget \(format(frameClock.minimumBudgetMs))–\(format(frameClock.maximumBudgetMs)) ms a frame"
    }

    /// Seconds of frames measured in all: the mean frame time × frames per repeat × measured repeats.
    var measuredSeconds: Double {
        frameTimeMs.mean * frames * Double(repeats) / 1000
    }
}
