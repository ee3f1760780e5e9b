internal import Foundation

/// Where `reel gate` finds each trace's baseline (`--baseline`): one report file — a trace's report, or an array
/// of them — or a folder holding one `<trace>.json` per trace, as `Reports/baselines/` does.
public enum GateBaselines: Sendable {
    /// A report file's reports; empty when `--update` is about to write a file that does not exist yet.
    case file(path: String, reports: [Report])
    /// A folder of `<trace>.json` files, read as traces ask for them.
    case folder(String)

    /// Opens `path`: a folder as such, a file by reading its reports.
    /// - Parameter creating: Whether a missing file or folder is one `--update` will write: a path ending in `/`
    ///   is a folder then, any other a file.
    /// - Throws: ``JSONReadError`` when the file cannot be read or holds no reports.
    public static func open(_ path: String, creating: Bool) throws(JSONReadError) -> GateBaselines {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { return .folder(path) }
        if !exists, creating { return path.hasSuffix("/") ? .folder(path) : .file(path: path, reports: []) }
        return .file(path: path, reports: try Report.read(contentsOf: path))
    }

    /// The path `--baseline` named.
    public var path: String {
        switch self {
        case .file(let path, _), .folder(let path): path
        }
    }

    /// Whether each trace's baseline is a file of its own in a folder.
    public var isFolder: Bool {
        if case .folder = self { true } else { false }
    }

    /// The file the baseline of `trace` is read from and written to: the report file, or the folder's
    /// `<trace>.json` (the trace's file name without `.xml`).
    public func file(of trace: String) -> String {
        switch self {
        case .file(let path, _):
            return path
        case .folder(let folder):
            var name = GateJudgement.fileName(trace)
            for suffix in [".xml", ".json"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return (folder.hasSuffix("/") ? folder : folder + "/") + name + ".json"
        }
    }

    /// The baseline of `trace` (a trace's path, or a current report's `trace`): in a file, the report of the
    /// same file name, or its only report; in a folder, its `<trace>.json`.
    /// - Parameter creating: Whether a missing baseline is one `--update` will write: `nil` then.
    /// - Throws: ``GateMismatch`` naming the file when there is none or it cannot be read.
    public func baseline(of trace: String, creating: Bool) throws(GateMismatch) -> Report? {
        let name = GateJudgement.fileName(trace)
        switch self {
        case .file(let path, let reports):
            if let match = reports.first(where: { GateJudgement.fileName($0.trace) == name }) { return match }
            if reports.count == 1, let only = reports.first { return only }
            if creating { return nil }
            throw GateMismatch(baselinePath: path, message: "no baseline of trace '\(trace)'; the baseline holds "
                               + reports.map { "'\($0.trace)'" }.joined(separator: ", "))
        case .folder(let folder):
            let file = file(of: trace)
            guard FileManager.default.fileExists(atPath: file) else {
                if creating { return nil }
                throw GateMismatch(baselinePath: file, message: "no baseline of trace '\(trace)': the file does not "
                                   + "exist; make it with `reel gate --update --baseline \(folder) \(trace)`")
            }
            let reports: [Report]
            do {
                reports = try Report.read(contentsOf: file)
            } catch {
                throw GateMismatch(baselinePath: nil, message: "cannot read the baseline: \(error.description)")
            }
            guard let match = reports.first(where: { GateJudgement.fileName($0.trace) == name }) ?? reports.first else {
                throw GateMismatch(baselinePath: file, message: "the baseline holds no report")
            }
            return match
        }
    }
}
