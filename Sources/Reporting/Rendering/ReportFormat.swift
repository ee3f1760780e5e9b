/// The forms a report can be printed in (`--format`).
public enum ReportFormat: String, CaseIterable, Sendable {
    /// A readable terminal table, with the findings in words.
    case text
    /// SPEC §4's machine-readable report: one object per trace, an array when there are several.
    case json

    /// The reports in this format, ending with a newline.
    /// - Parameters:
    ///   - reports: One report per trace, in the order the traces were given.
    ///   - includeFrames: Whether JSON lists every measured frame under `frame_samples` (`--frames`); text
    ///     ignores it.
    public func render(_ reports: [Report], includeFrames: Bool = false) -> String {
        switch self {
        case .text:
            return TextReport.render(reports)
        case .json:
            let values = reports.map { $0.json(includeFrames: includeFrames) }
            let document = values.count == 1 ? values[0] : .array(values)
            return document.serialized() + "\n"
        }
    }

    /// The outcome of every trace named, in order, in this format, ending with a newline (SPEC §2).
    /// - Parameters:
    ///   - outcomes: One per trace named: its report, or why there is none.
    ///   - asArray: Whether JSON writes an array (several traces named: always, whatever failed) or the one
    ///     element alone.
    ///   - includeFrames: Whether JSON lists every measured frame under `frame_samples`.
    public func render(_ outcomes: [Result<Report, TraceFailure>], asArray: Bool, includeFrames: Bool = false) -> String {
        switch self {
        case .text:
            return outcomes.map { outcome in
                switch outcome {
                case .success(let report): TextReport.render([report])
                case .failure(let failure): failure.text
                }
            }.joined(separator: "\n")
        case .json:
            let values = outcomes.map { outcome in
                switch outcome {
                case .success(let report): report.json(includeFrames: includeFrames)
                case .failure(let failure): failure.json
                }
            }
            let document = !asArray && values.count == 1 ? values[0] : .array(values)
            return document.serialized() + "\n"
        }
    }
}
