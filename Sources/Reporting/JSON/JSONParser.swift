/// A JSON text that could not be read: where, and what was expected.
public struct JSONReadError: Error, Equatable, CustomStringConvertible {
    /// The file, or `nil` for text that came from elsewhere.
    public var path: String?
    /// 1-based line of the problem, 0 when it concerns the document as a whole.
    public var line: Int
    /// 1-based column of the problem, in Unicode scalars; 0 with `line`.
    public var column: Int
    /// What is wrong, quoting the bad value where there is one.
    public var message: String

    /// Creates an error.
    public init(path: String?, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, leaving out what is unknown.
    public var description: String {
        var place = path.map { [$0] } ?? []
        if line > 0 { place += ["\(line)", "\(column)"] }
        return place.isEmpty ? message : place.joined(separator: ":") + ": " + message
    }
}

/// A strict RFC 8259 reader producing ``JSONValue``s with their keys in document order.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private let path: String?

    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 256

    /// Reads `text` as one JSON value.
    /// - Throws: ``JSONReadError`` at the first character that is not valid JSON.
    static func parse(_ text: String, path: String? = nil) throws(JSONReadError) -> JSONValue {
        var parser = JSONParser(scalars: Array(text.unicodeScalars), path: path)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.scalars.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private init(scalars: [Unicode.Scalar], path: String?) {
        self.scalars = scalars
        self.path = path
    }

    private var current: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        switch current {
        case "{": return try object(depth: depth)
        case "[": return try array(depth: depth)
        case "\"": return .string(try string())
        case "t": try literal("true"); return .bool(true)
        case "f": try literal("false"); return .bool(false)
        case "n": try literal("null"); return .null
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return .number(try number())
        case let scalar?: throw error("unexpected '\(scalar)'; expected a value")
        case nil: throw error("unexpected end of text; expected a value")
        }
    }

    private mutating func object(depth: Int) throws(JSONReadError) -> JSONValue {
        position += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if current == "}" {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == "\"" else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members.append(JSONValue.Member(key, try value(depth: depth + 1)))
            skipWhitespace()
            if current == "," {
                position += 1
                continue
            }
            try expect("}", or: ",")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONReadError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == "]" {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == "," {
                position += 1
                continue
            }
            try expect("]", or: ",")
            return .array(elements)
        }
    }

    private mutating func string() throws(JSONReadError) -> String {
        position += 1
        var result = String.UnicodeScalarView()
        while let scalar = current {
            position += 1
            switch scalar {
            case "\"":
                return String(result)
            case "\\":
                result.append(try escape())
            case _ where scalar.value < 0x20:
                position -= 1
                throw error("control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string")
            default:
                result.append(scalar)
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws(JSONReadError) -> Unicode.Scalar {
        guard let scalar = current else { throw error("unterminated string") }
        position += 1
        switch scalar {
        case "\"", "\\", "/": return scalar
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try hex4()
            guard (0xD800..<0xDC00).contains(high) else {
                guard let decoded = Unicode.Scalar(high) else { throw error("lone low surrogate in \\u escape") }
                return decoded
            }
            guard current == "\\", position + 1 < scalars.count, scalars[position + 1] == "u" else {
                throw error("high surrogate without its low surrogate")
            }
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low),
                  let decoded = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw error("invalid low surrogate in \\u escape") }
            return decoded
        default:
            position -= 2
            throw error("invalid escape '\\\(scalar)'")
        }
    }

    private mutating func hex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = UInt32(String(scalar), radix: 16) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private mutating func number() throws(JSONReadError) -> Double {
        let start = position
        if current == "-" { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a digit") }
        if integerDigits > 1, scalars[integerStart] == "0" {
            position = integerStart
            throw error("leading zero in a number")
        }
        if current == "." {
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == "e" || current == "E" {
            position += 1
            if current == "+" || current == "-" { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("number '\(text)' out of range")
        }
        return value
    }

    private mutating func digits() -> Int {
        let start = position
        while let scalar = current, ("0"..."9").contains(scalar) { position += 1 }
        return position - start
    }

    private mutating func literal(_ word: String) throws(JSONReadError) {
        let start = position
        for expected in word.unicodeScalars {
            guard current == expected else {
                position = start
                throw error("expected '\(word)'")
            }
            position += 1
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, or alternative: Unicode.Scalar? = nil) throws(JSONReadError) {
        guard current == scalar else {
            let wanted = alternative.map { "'\($0)' or '\(scalar)'" } ?? "'\(scalar)'"
            let found = current.map { "'\($0)'" } ?? "end of text"
            throw error("expected \(wanted), found \(found)")
        }
        position += 1
    }

    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
            position += 1
        }
    }

    /// An error at the current position.
    private func error(_ message: String) -> JSONReadError {
        var line = 1
        var column = 1
        for scalar in scalars[..<min(position, scalars.count)] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return JSONReadError(path: path, line: line, column: column, message: message)
    }
}
