import Testing
@testable import TraceXML

/// The folder of this file, to find fixtures and golden files without Foundation's bundles.
let testsDirectory: String = {
    var path = #filePath
    while let last = path.last, last != "/" { path.removeLast() }
    return path
}()

/// The package root (two levels above this folder).
let packageRoot: String = {
    var parts = testsDirectory.split(separator: "/", omittingEmptySubsequences: true)
    parts.removeLast(2)
    return "/" + parts.joined(separator: "/")
}()

func fixturePath(_ name: String) -> String { testsDirectory + "Fixtures/" + name }

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A minimal valid header followed by `events`, as XML text.
func document(events: String, header: String? = nil) -> String {
    let head = header ?? """
      <collection-view width="390" height="844"/>
      <layout name="flow"/>
      <data><section items="10"/></data>
    """
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <trace version="1">
    \(head)
      <events>
    \(events)
      </events>
    </trace>

    """
}

/// Reads a whole trace from text, in memory, under the name `x.xml`.
func readTrace(_ text: String, options: TraceReader.Options = .init()) throws(TraceError) -> Trace {
    try Trace(bytes: bytes(text), path: "x.xml", options: options)
}

/// The error reading `text` throws, as `path:line:column: message`, or `nil` if it reads.
func readError(_ text: String) -> String? {
    do {
        _ = try readTrace(text)
        return nil
    } catch {
        return error.description
    }
}
