internal import Foundation

extension Report {
    /// The figures the short reports (Markdown, JUnit's `<system-out>`) show, in report order: the frame-time
    /// percentiles and maximum, janky and dropped frames, the hitch time ratio, effective and peak fps, and the
    /// initial display.
    static let keyFigures: [Figure] = [
        .frameTime(.p50), .frameTime(.p90), .frameTime(.p95), .frameTime(.p99), .frameTime(.max),
        .jankyFrames, .droppedFrames, .hitchTimeRatio, .effectiveFPS, .peakFPS, .initialDisplay,
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
        case .droppedFrames:
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

    /// Seconds of frames measured in all: the mean frame time × frames per repeat × measured repeats.
    var measuredSeconds: Double {
        frameTimeMs.mean * frames * Double(repeats) / 1000
    }
}
