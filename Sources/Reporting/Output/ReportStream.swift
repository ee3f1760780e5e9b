/// A report written to its output as it is produced, in pieces of 64 KiB, so that a long one — the Chrome
/// trace of millions of spans — is never held whole: ``ReportFile/write(to:_:)`` gives one to the renderer.
public struct ReportStream {
    /// How many bytes are gathered before they are written.
    static let chunk = 64 * 1024

    private let file: OutputFile
    private var buffer: [UInt8] = []

    init(file: OutputFile) {
        self.file = file
        buffer.reserveCapacity(Self.chunk)
    }

    /// Appends `text` to the output.
    /// - Throws: ``OutputFileError`` when a write fails (a full disk, a closed pipe).
    public mutating func write(_ text: String) throws(OutputFileError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Writes what was gathered.
    mutating func flush() throws(OutputFileError) {
        guard !buffer.isEmpty else { return }
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Where a renderer that can stream writes its text: a ``ReportStream``, or a `String` that gathers it all (for
/// ``ReportFormat/render(_:asArray:options:shard:)``).
protocol ReportSink {
    associatedtype Failure: Error
    mutating func write(_ text: String) throws(Failure)
}

extension ReportStream: ReportSink {}

extension String: ReportSink {
    typealias Failure = Never
}
