#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A report that could not be written, naming the file.
public struct ReportWriteError: Error, Equatable, CustomStringConvertible {
    /// The report's destination.
    public var path: String
    /// What went wrong, from the operating system.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: cannot write the report: reason`.
    public var description: String {
        "\(path): cannot write the report: \(message)"
    }
}

/// Writes reports atomically (SPEC §2, `--output`): an interrupted run never leaves a truncated report.
public enum ReportFile {
    /// Writes `text` to `path` through a temporary file in the same directory, flushed to disk and then
    /// renamed over `path`.
    ///
    /// Readers see either the previous file or the complete new one, never a part. On failure the temporary
    /// file is removed and any existing report at `path` is left as it was.
    /// - Throws: ``ReportWriteError`` naming `path` when the directory does not exist or is not writable, the
    ///   disk is full, or `path` is a directory.
    public static func write(_ text: String, to path: String) throws(ReportWriteError) {
        try write(text, to: path, beforeRename: {})
    }

    /// ``write(_:to:)`` with a hook run after the temporary file is complete and before the rename, so tests
    /// can interrupt a write at its most delicate moment.
    static func write(_ text: String, to path: String,
                      beforeRename: () throws(ReportWriteError) -> Void) throws(ReportWriteError) {
        func reportError(_ error: OutputFileError) -> ReportWriteError {
            ReportWriteError(path: error.path, message: error.message)
        }
        let file: OutputFile
        do throws(OutputFileError) {
            file = try OutputFile.open(path)
            try file.write(text.utf8)
        } catch {
            throw reportError(error)
        }
        do throws(ReportWriteError) {
            try beforeRename()
        } catch {
            file.discard()
            throw error
        }
        do throws(OutputFileError) {
            try file.commit()
        } catch {
            throw reportError(error)
        }
    }
}
