internal import Foundation

extension JSONInputLimits {
    /// Refuses JSON text past the limits, reading its bytes once without building anything: O(n) time for
    /// n bytes, memory for the nesting only.
    ///
    /// Syntax is not this check's business: at the first byte that is not JSON it stops, and the decoder
    /// names the error with its line and column.
    /// - Parameters:
    ///   - data: The text.
    ///   - path: Where it came from, named by the error.
    /// - Throws: ``JSONReadError`` at the line and column of the value that passes a limit, or naming the size.
    static func check(_ data: Data, path: String?) throws(JSONReadError) {
        guard data.count <= bytes else { throw tooLong(data.count, path: path) }
        let result = data.withUnsafeBytes { raw in
            var scan = Scan(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(Scan.Refusal) in try scan.run() }
        }
        if case .failure(let refusal) = result {
            throw JSONReadError(path: path, line: refusal.line, column: refusal.column, message: refusal.message)
        }
    }

    /// The error for an input of `count` bytes, past ``bytes``.
    static func tooLong(_ count: Int, path: String?) -> JSONReadError {
        JSONReadError(path: path, line: 0, column: 0,
                      message: "\(FindingRules.grouped(count)) bytes, more than the \(FindingRules.grouped(bytes)) "
                          + "(128 MiB) Reel reads from a JSON file; not read")
    }
}

/// One pass over JSON bytes, counting values, nesting and the entries of the capped arrays.
private struct Scan {
    struct Refusal: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// An array or object being read.
    struct Container {
        var isArray: Bool
        /// Its elements or members so far.
        var count = 0
        /// The key it is the value of, in an object.
        var key: String?
        /// The cap on them, from that key.
        var cap: JSONInputLimits.Cap?
        var line: Int
        var column: Int
        /// An object's `repeats`, when it is a number, and the entries of its `frame_samples` and where that
        /// array began.
        var repeats: Double?
        var frameSamples: (count: Int, line: Int, column: Int)?
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 1
    /// Where the current line began, and the continuation bytes of multi-byte characters since: the column is
    /// counted in Unicode scalars, as the decoder's errors count it.
    var lineStart = 0
    var continuationBytes = 0
    var stack: [Container] = []
    var values = 0
    /// The key of the member whose value comes next.
    var key: String?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var column: Int { position - lineStart - continuationBytes + 1 }

    /// Reads values until the text ends or stops being JSON.
    mutating func run() throws(Refusal) {
        while skipSpace() {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try value()
                if stack.count >= JSONInputLimits.depth {
                    throw refusal("nested more than \(JSONInputLimits.depth) deep, where Reel's own JSON nests at most 9 deep")
                }
                var container = Container(isArray: byte == UInt8(ascii: "["), line: line, column: column)
                container.key = key
                container.cap = key.flatMap { key in JSONInputLimits.caps.first { $0.key == key } }
                stack.append(container)
                key = nil
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let closed = stack.popLast(), closed.isArray == (byte == UInt8(ascii: "]")) else { return }
                if let samples = closed.frameSamples, let repeats = closed.repeats, repeats >= 0,
                   Double(samples.count) > repeats * Double(JSONInputLimits.framesPerRepeat) {
                    throw Refusal(line: samples.line, column: samples.column, message:
                        "'frame_samples' holds \(FindingRules.grouped(samples.count)) "
                            + "\(samples.count == 1 ? "entry" : "entries"), more than the "
                            + "report's \(FindingRules.grouped(Int(repeats))) repeats × "
                            + "\(FindingRules.grouped(JSONInputLimits.framesPerRepeat)) frames a repeat holds at most; not read")
                }
                if closed.isArray, closed.key == "frame_samples", let parent = stack.indices.last {
                    stack[parent].frameSamples = (closed.count, closed.line, closed.column)
                }
                position += 1
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: "\""):
                if let top = stack.last, !top.isArray, key == nil {
                    // A member's name: the value comes after the colon.
                    guard let text = string() else { return }
                    key = text.needsDecoding ? Self.decoded(text.range, in: bytes) : text.plain(in: bytes)
                } else {
                    try value()
                    guard string() != nil else { return }
                    key = nil
                }
            default:
                // A number or a literal.
                try value()
                let start = position
                while position < bytes.count, !Self.ends(bytes[position]) { position += 1 }
                if key == "repeats", let top = stack.indices.last {
                    stack[top].repeats = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]),
                                                       as: UTF8.self))
                }
                key = nil
            }
        }
    }

    /// Counts the value that begins here in the document and in the container that holds it.
    mutating func value() throws(Refusal) {
        values += 1
        if values > JSONInputLimits.values {
            throw refusal("more than \(FindingRules.grouped(JSONInputLimits.values)) values, the most Reel reads from "
                          + "a JSON file; not read")
        }
        guard let top = stack.indices.last else { return }
        stack[top].count += 1
        if let cap = stack[top].cap, stack[top].count > cap.limit {
            let entries = stack[top].isArray ? "entries" : "members"
            throw Refusal(line: stack[top].line, column: stack[top].column, message:
                "'\(cap.key)' holds more than \(FindingRules.grouped(cap.limit)) \(entries): \(cap.holds); not read")
        }
    }

    /// Skips white space, counting lines; whether a byte follows.
    mutating func skipSpace() -> Bool {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                line += 1
                lineStart = position
                continuationBytes = 0
            default:
                return true
            }
        }
        return false
    }

    /// A string's contents, between its quotes.
    struct Text {
        var range: Range<Int>
        var needsDecoding: Bool

        func plain(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    /// Reads the string that begins here, past its closing quote; `nil` when the text ends first.
    mutating func string() -> Text? {
        let start = position + 1
        var index = start
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return Text(range: start..<index, needsDecoding: escaped)
            }
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            index += 1
        }
        return nil
    }

    /// A string with escapes, as the decoder reads it; only member names are decoded, to be compared.
    static func decoded(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var quoted = [UInt8(ascii: "\"")]
        quoted += UnsafeBufferPointer(rebasing: bytes[range])
        quoted.append(UInt8(ascii: "\""))
        return (try? JSONSerialization.jsonObject(with: Data(quoted), options: [.fragmentsAllowed])) as? String
    }

    /// Whether `byte` ends a number or a literal.
    static func ends(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: " "),
             UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "["),
             UInt8(ascii: "{"):
            true
        default:
            false
        }
    }

    func refusal(_ message: String) -> Refusal {
        Refusal(line: line, column: column, message: message)
    }
}
