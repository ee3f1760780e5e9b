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
