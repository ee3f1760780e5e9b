#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
import Foundation

/// What the start of a document says when it cannot be a trace, in words a user can act on, where libxml2
/// would say "Document is empty", "Start tag expected" or "Input is not proper UTF-8, indicate encoding !":
///
/// - a UTF-16, UTF-32 or EBCDIC document (told by its first four bytes, as XML's own encoding detection
///   does), at 1:1;
/// - two byte-order marks, at 1:1;
/// - a file that holds only whitespace (at 1:1), or only an XML declaration, comments and processing
///   instructions (no root element, at the end of what it holds);
/// - after libxml2 has failed to read it (``declaredEncodingProblem(atPath:)``): an XML declaration that names
///   an encoding other than UTF-8 (before a failure, it is no problem: libxml2 reads an ASCII trace declared
///   ISO-8859-1).
///
/// The scan reads from the first byte to the first element (or the first byte that is neither whitespace
/// nor a declaration, comment or processing instruction), so for a trace it stops after a few dozen bytes.
enum DocumentStart {
    /// Why the document cannot start a trace, and where.
    struct Problem: Equatable {
        var message: String
        /// Where, when the problem has a place (an empty file has none).
        var line: Int?
        var column: Int?
    }

    /// What a message of an encoding says to do, converting from `encoding`.
    static func advice(from encoding: String) -> String {
        "Reel reads UTF-8: convert it, e.g. iconv -f \(encoding) -t UTF-8"
    }

    /// The problem of the start of the regular file at `path`, or `nil` when its start is fine or it cannot
    /// be read (the reader says why).
    static func problem(atPath path: String) -> Problem? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var scanner = Scanner()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { read(descriptor, $0, raw.count) } ?? -1
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return scanner.finish() }
            if let verdict = scanner.feed(chunk[..<count]) { return verdict }
        }
    }

    /// The problem of the start of a document held in memory, as ``problem(atPath:)``.
    static func problem(in bytes: [UInt8]) -> Problem? {
        var scanner = Scanner()
        return scanner.feed(bytes[...]) ?? scanner.finish()
    }

    /// A problem the first four bytes tell, or `nil`.
    static func encodingProblem(startingWith bytes: some Collection<UInt8>) -> String? {
        let first = Array(bytes.prefix(4))
        if first.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || first == [0x00, 0x00, 0x00, 0x3C] || first == [0x3C, 0x00, 0x00, 0x00] {
            return "the trace is UTF-32; " + advice(from: "UTF-32")
        }
        if first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE])
            || first.starts(with: [0x00, 0x3C, 0x00]) || first.starts(with: [0x3C, 0x00]) {
            return "the trace is UTF-16; " + advice(from: "UTF-16")
        }
        // `<?xm` in EBCDIC, as XML 1.0's appendix F detects it.
        if first == [0x4C, 0x6F, 0xA7, 0x94] {
            return "the trace is EBCDIC-encoded; " + advice(from: "IBM037")
        }
        return nil
    }

    /// Reads a document's start a chunk at a time.
    private struct Scanner {
        /// The first bytes, until six have come: the encoding and the byte-order marks are told by them.
        private var head: [UInt8] = []
        private var headJudged = false
        /// What is being read of the prolog.
        private enum State {
            case between
            /// After `<`: the next byte says what it opens.
            case lessThan
            /// After `<!` (1) or `<!-` (2).
            case bang(Int)
            case comment(dashes: Int)
            case instruction(afterQuestionMark: Bool)
        }
        private var state = State.between
        /// The position of the next byte, for the message of a document without a root element.
        private var line = 1
        private var column = 1
        /// Whether a declaration, a comment or an instruction came (else only whitespace did).
        private var sawMarkup = false
        /// Whether any byte came.
        private var sawBytes = false

        /// Takes the next bytes; returns a verdict once one is known: `.some(nil)` for a fine start.
        mutating func feed(_ bytes: ArraySlice<UInt8>) -> Problem?? {
            var bytes = bytes
            sawBytes = sawBytes || !bytes.isEmpty
            if !headJudged {
                let needed = 6 - head.count
                head += bytes.prefix(needed)
                bytes = bytes.dropFirst(needed)
                guard head.count >= 6 else { return nil }
                if let verdict = judgeHead() { return verdict }
            }
            return scan(bytes)
        }

        /// At the end of the document: the problem of a document that never started an element.
        mutating func finish() -> Problem? {
            guard sawBytes else { return Problem(message: "the file is empty; expected a <trace> document") }
            if !headJudged, let verdict = judgeHead() { return verdict }
            guard case .between = state else { return nil }  // cut inside a comment or instruction: the reader says so
            guard sawMarkup else {
                return Problem(message: "the file holds only whitespace; expected a <trace> document", line: 1, column: 1)
            }
            return Problem(message: "the document has no root element; expected a <trace> element", line: line,
                           column: column)
        }

        /// Judges the first bytes (at most six), then scans what follows a byte-order mark.
        private mutating func judgeHead() -> Problem?? {
            headJudged = true
            if let message = DocumentStart.encodingProblem(startingWith: head) {
                return .some(Problem(message: message, line: 1, column: 1))
            }
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            var rest = head[...]
            if rest.starts(with: mark) {
                rest = rest.dropFirst(3)
                if rest.starts(with: mark) {
                    return .some(Problem(message: "a stray byte-order mark: the file starts with two (EF BB BF EF BB BF); "
                                             + "remove one", line: 1, column: 1))
                }
            }
            return scan(rest)
        }

        private mutating func scan(_ bytes: ArraySlice<UInt8>) -> Problem?? {
            for byte in bytes {
                switch state {
                case .between:
                    switch byte {
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): break
                    case UInt8(ascii: "<"): state = .lessThan
                    default: return .some(nil)  // text before the root: libxml2's words will do
                    }
                case .lessThan:
                    switch byte {
                    case UInt8(ascii: "?"):
                        state = .instruction(afterQuestionMark: false)
                        sawMarkup = true
                    case UInt8(ascii: "!"): state = .bang(1)
                    default: return .some(nil)  // an element starts
                    }
                case .bang(let dashes):
                    guard byte == UInt8(ascii: "-") else { return .some(nil) }  // a DOCTYPE: the reader refuses it
                    if dashes == 2 {
                        state = .comment(dashes: 0)
                        sawMarkup = true
                    } else {
                        state = .bang(2)
                    }
                case .comment(let dashes):
                    if byte == UInt8(ascii: ">") && dashes >= 2 {
                        state = .between
                    } else {
                        state = .comment(dashes: byte == UInt8(ascii: "-") ? dashes + 1 : 0)
                    }
                case .instruction(let afterQuestionMark):
                    state = afterQuestionMark && byte == UInt8(ascii: ">") ? .between
                        : .instruction(afterQuestionMark: byte == UInt8(ascii: "?"))
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return nil
        }
    }

    private static func isUTF8(_ encoding: String) -> Bool {
        ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased())
    }

    /// After libxml2 failed: the declared encoding, when it is not UTF-8, for the document at `path`.
    static func declaredEncodingProblem(atPath path: String) -> Problem? {
        guard let prefix = firstBytes(atPath: path, count: 1024) else { return nil }
        return declaredEncodingProblem(in: prefix)
    }

    /// After libxml2 failed: the declared encoding, when it is not UTF-8, of a document starting with `bytes`.
    static func declaredEncodingProblem(in bytes: some Collection<UInt8>) -> Problem? {
        var text = Array(bytes.prefix(1024))[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        guard text.starts(with: Array("<?xml".utf8)), let end = text.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: text[text.startIndex..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let encoding = String(rest.dropFirst().prefix { $0 != quote })
        guard !isUTF8(encoding) else { return nil }
        return Problem(message: "the trace declares the encoding '\(abbreviated(encoding))'; "
                           + advice(from: abbreviated(encoding)) + ", and declare encoding=\"UTF-8\"",
                       line: 1, column: 1)
    }

    private static func firstBytes(atPath path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { raw in raw.baseAddress.map { read(descriptor, $0, count) } ?? -1 }
        return n < 0 ? nil : Array(bytes[..<n])
    }
}
