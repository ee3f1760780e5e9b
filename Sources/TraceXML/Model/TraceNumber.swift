/// The number syntax of the format: decimal, optional minus sign, optional fraction and exponent.
///
/// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` — no `+`, no leading or trailing dot, no `inf` or `nan`, no
/// hexadecimal, no spaces. The writer produces the shortest text that reads back to the same `Double`.
public enum TraceNumber {
    /// The shortest text that parses back to `value` exactly; integral values have no `.0`, and −0 is `0`.
    /// The writer checks that `value` is finite before formatting; messages that quote a value the user gave
    /// use it too, where `nan` and `inf` come out as Swift spells them.
    public static func format(_ value: Double) -> String {
        // -0 reads back equal to 0, and "-0" would not pass as a non-negative number.
        if value == 0 { return "0" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The value of `bytes`, or `nil` when it does not follow the syntax, is out of `Double`'s range or is
    /// subnormal.
    ///
    /// One pass checks the syntax and gathers the digits. A decimal with at most 15 significant digits
    /// and no exponent takes Clinger's fast path: mantissa and power of ten are both exact in a Double,
    /// so one correctly rounded division gives the correctly rounded value. One with up to 19 significant
    /// digits and up to 27 fraction digits (what the writer produces for most times, such as
    /// `0.016666666666666666`) is divided exactly in integers (``exactQuotient(_:_:)``). Anything else
    /// goes to `strtod` in the C locale.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        let negative = n > 0 && base[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        // The digits from the first non-zero one on are gathered in `mantissa`, exact while there are at
        // most 19 of them (beyond, it wraps, and the value comes from strtod instead).
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < n && base[i] == UInt8(ascii: "0") { i += 1 }
        var significantStart = i
        while i < n {
            let digit = base[i] &- 48
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
        guard i > integerStart else { return nil }
        var significant = i - significantStart
        var fractionDigits = 0
        if i < n && base[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            if significant == 0 {
                while i < n && base[i] == UInt8(ascii: "0") { i += 1 }
            }
            significantStart = i
            while i < n {
                let digit = base[i] &- 48
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i += 1
            }
            significant += i - significantStart
            fractionDigits = i - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        var hasExponent = false
        if i < n && (base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E")) {
            hasExponent = true
            i += 1
            if i < n && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) { i += 1 }
            let exponentStart = i
            while i < n, base[i] &- 48 < 10 { i += 1 }
            guard i > exponentStart else { return nil }
        }
        guard i == n else { return nil }
        if !hasExponent && significant <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / powerOfTen(fractionDigits)
            return negative ? -value : value
        }
        if !hasExponent && significant <= 19 && fractionDigits <= 27 {
            let value = exactQuotient(mantissa, fractionDigits)
            return negative ? -value : value
        }
        // A subnormal (1e-320) is refused like an infinity: the writer never produces one, and dividing by
        // one overflows.
        guard let value = cLocaleStrtod(bytes), value.isFinite, !value.isSubnormal else { return nil }
        return value
    }

    /// `mantissa / 10^fractionDigits`, correctly rounded, for a mantissa below 10^19 and up to 27 fraction
    /// digits.
    ///
    /// `m / 10^k = (m · 2^s / 5^k) · 2^-(s+k)`. With 5^k below 2^63, a 128-by-64-bit division gives the
    /// quotient `q = ⌊m · 2^s / 5^k⌋` to 63 or 64 bits and whether a remainder is left; rounding `q` to 53
    /// bits, half to even, with the remainder as sticky bit is the correctly rounded result, and the
    /// scaling by a power of two is exact (the value is at least 10^-27, far from the subnormals).
    @inline(__always)
    static func exactQuotient(_ mantissa: UInt64, _ fractionDigits: Int) -> Double {
        guard mantissa != 0 else { return 0 }
        guard fractionDigits > 0 else { return Double(mantissa) }
        let divisor = powerOfFive(fractionDigits)
        let mantissaBits = 64 - mantissa.leadingZeroBitCount
        let divisorBits = 64 - divisor.leadingZeroBitCount
        // 2...125, so that the quotient has 63 or 64 bits and fits in a UInt64.
        let shift = 63 - mantissaBits + divisorBits
        let high = shift >= 64 ? mantissa << UInt64(shift - 64) : mantissa >> UInt64(64 - shift)
        let low = shift >= 64 ? 0 : mantissa << UInt64(shift)
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let dropped = 64 - quotient.leadingZeroBitCount - 53
        var significand = quotient >> UInt64(dropped)
        let rest = quotient & ((1 << UInt64(dropped)) - 1)
        let half: UInt64 = 1 << UInt64(dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) {
            significand += 1
        }
        var exponent = dropped - shift - fractionDigits
        if significand == 1 << 53 {
            significand >>= 1
            exponent += 1
        }
        // significand · 2^exponent with the significand's leading bit at position 52.
        let biased = UInt64(exponent + 52 + 1023)
        return Double(bitPattern: biased << 52 | (significand & ((1 << 52) - 1)))
    }

    /// 5^exponent for 1...27, all below 2^63.
    @inline(__always)
    private static func powerOfFive(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3125
        case 6: 15625
        case 7: 78125
        case 8: 390625
        case 9: 1953125
        case 10: 9765625
        case 11: 48828125
        case 12: 244140625
        case 13: 1220703125
        case 14: 6103515625
        case 15: 30517578125
        case 16: 152587890625
        case 17: 762939453125
        case 18: 3814697265625
        case 19: 19073486328125
        case 20: 95367431640625
        case 21: 476837158203125
        case 22: 2384185791015625
        case 23: 11920928955078125
        case 24: 59604644775390625
        case 25: 298023223876953125
        case 26: 1490116119384765625
        default: 7450580596923828125
        }
    }

    /// 10^exponent for 0...22, all exact in a Double: a switch rather than a table, so that a reader calling it
    /// for every field of every event pays no lazy global's check and no bounds check.
    @inlinable
    public static func powerOfTen(_ exponent: Int) -> Double {
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
