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

    /// The value of `bytes`, or `nil` when it does not follow the syntax or is out of `Double`'s range.
    ///
    /// One pass checks the syntax and gathers the digits. A decimal with at most 15 significant digits
    /// and no exponent takes Clinger's fast path: mantissa and power of ten are both exact in a Double,
    /// so one correctly rounded division gives the correctly rounded value. Anything else goes to
    /// `strtod` in the C locale.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        let integerStart = i
        while i < n, bytes[i] &- 48 < 10 {
            let digit = UInt64(bytes[i] &- 48)
            if mantissa != 0 || digit != 0 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ digit }
            i += 1
        }
        guard i > integerStart else { return nil }
        var fractionDigits = 0
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, bytes[i] &- 48 < 10 {
                let digit = UInt64(bytes[i] &- 48)
                if mantissa != 0 || digit != 0 { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ digit }
                i += 1
            }
            fractionDigits = i - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        var hasExponent = false
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            hasExponent = true
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            let exponentStart = i
            while i < n, bytes[i] &- 48 < 10 { i += 1 }
            guard i > exponentStart else { return nil }
        }
        guard i == n else { return nil }
        if !hasExponent && significant <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / powerOfTen(fractionDigits)
            return negative ? -value : value
        }
        guard let value = cLocaleStrtod(bytes), value.isFinite else { return nil }
        return value
    }

    /// 10^exponent for 0...22, all exact in a Double.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
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
