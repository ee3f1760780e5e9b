/// Writes reports atomically (`--output`): an interrupted run never leaves a truncated report.
public enum ReportFile {
    /// Writes `text` to `path` by the rules of ``OutputFile``: a regular file through a temporary file in the
    /// same directory, flushed to disk and then renamed over `path`; `-` (standard output), a device or a FIFO
    /// in place.
    ///
    /// Readers see either the previous file or the complete new one, never a part. On failure the temporary
    /// file is removed and any existing report at `path` is left as it was.
    /// - Throws: ``OutputFileError`` naming `path` when the directory does not exist or is not writable, the
    ///   disk is full, `path` is a directory, standard output is closed, or no process reads the FIFO.
    public static func write(_ text: String, to path: String) throws(OutputFileError) {
        try write(text, to: path, beforeRename: {})
    }

    /// Writes to `path` what `produce` writes into the ``ReportStream`` it is given, as it produces it, by the
    /// rules of ``write(_:to:)``: a report too long to hold whole (a Chrome trace) goes out in pieces, and
    /// readers still see the previous file or the complete new one. `-` is standard output.
    /// - Throws: ``OutputFileError`` naming `path`, as ``write(_:to:)``; the temporary file is removed.
    public static func write(to path: String,
                             _ produce: (inout ReportStream) throws(OutputFileError) -> Void) throws(OutputFileError) {
        let file = try OutputFile.open(path)
        var stream = ReportStream(file: file)
        do throws(OutputFileError) {
            try produce(&stream)
            try stream.flush()
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// ``write(_:to:)`` with a hook run after the temporary file is complete and before the rename, so tests
    /// can interrupt a write at its most delicate moment.
    static func write(_ text: String, to path: String,
                      beforeRename: () throws(OutputFileError) -> Void) throws(OutputFileError) {
        let file = try OutputFile.open(path)
        try file.write(text.utf8)
        do throws(OutputFileError) {
            try beforeRename()
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }
}
