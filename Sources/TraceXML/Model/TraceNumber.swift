/// The number syntax of the format: decimal, optional minus sign, optional fraction and exponent.
///
/// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` — no `+`, no leading or trailing dot, no `inf` or `nan`, no
/// hexadecimal, no spaces. The writer produces the shortest text that reads back to the same `Double`.
enum TraceNumber {
    /// The shortest text that parses back to `value` exactly; integral values have no `.0`.
    ///
    /// - Precondition: `value` is finite (the writer checks before formatting).
    static func format(_ value: Double) -> String {
        // -0 reads back equal to 0, and "-0" would not pass as a non-negative number.
        if value == 0 { return "0" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Whether `bytes` follows the format's number syntax.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        if i < n && bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        while i < n && bytes[i] &- 48 < 10 { i += 1 }
        if i == intStart { return false }
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < n && bytes[i] &- 48 < 10 { i += 1 }
            if i == fracStart { return false }
        }
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            let expStart = i
            while i < n && bytes[i] &- 48 < 10 { i += 1 }
            if i == expStart { return false }
        }
        return i == n
    }

    /// The value of `bytes`, or `nil` when it does not follow the syntax or is out of `Double`'s range.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard isWellFormed(bytes) else { return nil }
        if let value = fastParse(bytes) { return value }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Clinger's fast path: a decimal with at most 15 significant digits and no exponent is a mantissa
    /// and a power of ten that are both exact in a Double, so one correctly rounded division gives the
    /// correctly rounded value. Anything else returns `nil` and goes through `strtod`.
    private static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                let digit = byte &- 48
                guard digit < 10 else { return nil }
                if mantissa != 0 || digit != 0 { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(digit)
                if inFraction { fractionDigits += 1 }
            }
            i += 1
        }
        guard fractionDigits <= 22 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// The value of a non-negative decimal integer (`[0-9]+`), or `nil`.
    static func parseCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
