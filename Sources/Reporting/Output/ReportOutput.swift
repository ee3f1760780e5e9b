/// A format a command writes its run in: `replay`'s ``ReportFormat``, `compare`'s ``ComparisonFormat``,
/// `gate`'s ``GateFormat``, each spelled on the command line by its raw value.
public protocol OutputFormat: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

extension ReportFormat: OutputFormat {}
extension ComparisonFormat: OutputFormat {}
extension GateFormat: OutputFormat {}

/// One output of a command's run: a format and where it goes — the `-f/-o` pair, or one
/// `--export FORMAT=PATH`. Every output of a run is rendered from the same measurements, so a JSON report and a
/// Chrome trace written together describe one replay.
public struct ReportOutput<Format: OutputFormat>: Sendable, Hashable {
    /// The form it is written in.
    public var format: Format
    /// Where it goes, as given: a file, a device or FIFO (``OutputFile``'s rules), or `nil` or `-` for standard
    /// output.
    public var path: String?

    /// An output of `format` to `path` (`nil` or `-`: standard output).
    public init(format: Format, path: String?) {
        self.format = format
        self.path = path
    }

    /// Reads `--export`'s value, `FORMAT=PATH`: the first `=` ends the format, so the path may hold more.
    ///
    /// - Parameter export: The value as given on the command line.
    /// - Throws: ``ReportOutputError`` quoting `export` and listing the formats when there is no `=`, the format
    ///   is not one of `Format`'s, or the path is empty.
    public init(export: String) throws(ReportOutputError) {
        let formats = Format.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = export.firstIndex(of: "=") else {
            throw ReportOutputError(value: export, message: "expected FORMAT=PATH, with FORMAT one of \(formats)")
        }
        let name = String(export[..<equals]), path = String(export[export.index(after: equals)...])
        guard let format = Format(rawValue: name) else {
            throw ReportOutputError(value: export, message: "unknown format '\(name)'; expected one of \(formats)")
        }
        guard !path.isEmpty else {
            throw ReportOutputError(value: export, message: "no path after '='; expected FORMAT=PATH, - for standard output")
        }
        self.init(format: format, path: path)
    }

    /// Whether it goes to standard output.
    public var isStandardOutput: Bool { path == nil || path == "-" }

    /// Refuses outputs of which more than one goes to standard output: their texts would run together.
    ///
    /// - Parameter outputs: The `-f/-o` output first, then the exports, as given.
    /// - Throws: ``ReportOutputError`` naming the second output to standard output.
    public static func checkOneStandardOutput(_ outputs: [Self]) throws(ReportOutputError) {
        let standard = outputs.filter(\.isStandardOutput)
        guard standard.count > 1 else { return }
        let first = standard[0], second = standard[1]
        throw ReportOutputError(
            value: "\(second.format.rawValue)=\(second.path ?? "-")",
            message: "standard output already takes the \(first.format.rawValue) output; at most one output may "
                + "be standard output (give -o PATH, or export to a file)")
    }
}

/// An output asked for in a form Reel cannot write (`--export` without `=`, an unknown format), or a second
/// output to standard output: a usage error, quoting the value.
public struct ReportOutputError: Error, Equatable, CustomStringConvertible {
    /// The `--export` value as given (`FORMAT=PATH`).
    public var value: String
    /// What is wrong with it, and what is expected.
    public var message: String

    /// Creates an error.
    public init(value: String, message: String) {
        self.value = value
        self.message = message
    }

    /// `--export 'pdf=r.pdf': unknown format 'pdf'; expected one of text, json, …`.
    public var description: String { "--export '\(value)': \(message)" }
}
