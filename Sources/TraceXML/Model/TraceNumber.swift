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
        // Fast path: a short run of digits is exact in a Double.
        if bytes.count <= 15 {
            var value = 0.0
            var allDigits = true
            for byte in bytes {
                let digit = byte &- 48
                if digit >= 10 { allDigits = false; break }
                value = value * 10 + Double(digit)
            }
            if allDigits { return value }
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
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
