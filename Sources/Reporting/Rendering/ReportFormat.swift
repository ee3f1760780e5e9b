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
}
