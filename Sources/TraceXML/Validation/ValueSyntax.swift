/// The schema's value patterns and ranges, on bytes.
enum ValueSyntax {
    /// Whether `value` is a valid value of `kind`.
    static func check(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind) -> Bool {
        var number = Double.nan
        return check(value, kind, number: &number)
    }

    /// Whether `value` is a valid value of `kind`; for a number kind, `number` receives what
    /// ``TraceNumber/parse(_:)`` reads from it, when that is not nil.
    static func check(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind, number parsed: inout Double) -> Bool {
        let bounds = Bounds(kind)
        return check(value, kind, within: bounds, number: &parsed)
    }

    /// The range of a kind's numbers, or of its counts, as two values (``SchemaTables`` keeps them per
    /// attribute, so that the check on every value reads no global).
    struct Bounds {
        var lower = 0.0
        var upper = 0.0

        init(_ kind: ValueKind) {
            if let range = kind.range {
                lower = range.lower
                upper = range.upper
            } else if let range = kind.countRange {
                upper = Double(range.upper)
            }
        }

        @inline(__always)
        func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
    }

    /// Whether `value` is a valid value of `kind`, whose range is `bounds`.
    @inline(__always)
    static func check(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind, within bounds: Bounds,
                      number parsed: inout Double) -> Bool {
        switch kind {
        case .text: return true
        case .nonEmpty: return !value.isEmpty
        case .versionOne, .boolean, .phase, .transitionPhase, .position, .displayScale, .layoutDirection:
            return isWord(value, kind)
        case .decelerationRate:
            if isWord(value, kind) { return true }
            return number(value, signed: false, in: bounds, parsed: &parsed)
        case .itemIndexList, .itemCountList: return isCountList(value)
        case .indexPath: return isIndexPath(value)
        case .sizeList: return isSizeList(value)
        case .intervalList: return isIntervalList(value)
        case .insets: return isInsets(value)
        case .nonNegativeInsets: return isInsets(value, signed: false)
        case .size: return isSize(value)
        case .refreshRate, .seconds, .duration, .viewLength, .coordinate, .velocity, .scale, .progress, .cost, .spacing,
             .sizeDelta:
            return number(value, signed: true, in: bounds, parsed: &parsed)
        case .itemCount, .itemIndex, .sectionIndex:
            return integer(value, atMost: Int(bounds.upper))
        case .iosVersion:
            return isWord(value, kind)
        case .itemsOrIdentifiers:
            // A count within the items' range, or identifiers: one token that is not a number, or several
            // (the reader checks their runs).
            if integer(value, atMost: Int(bounds.upper)) { return true }
            var tokens = 0, inToken = false, nonDigit = false
            for byte in value {
                if isWhiteSpace(byte) {
                    inToken = false
                } else {
                    if !inToken { tokens += 1 }
                    inToken = true
                    if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { nonDigit = true }
                }
            }
            return tokens > 1 || (tokens == 1 && nonDigit)
        }
    }

    /// The value with its leading and trailing XML white space removed, as text: a `<value>` of the
    /// schema is a token, compared after white space is collapsed (RELAX NG §6.2.7).
    static func token(_ value: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: value, as: UTF8.self).trimmingXMLWhiteSpace()
    }

    /// Whether the value is one of `kind`'s words.
    private static func isWord(_ value: UnsafeBufferPointer<UInt8>, _ kind: ValueKind) -> Bool {
        for word in kind.words where equals(value, word) { return true }
        return false
    }

    /// Whether the value is the token `text` (see ``token(_:)``).
    private static func equals(_ value: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        var value = value
        while let first = value.first, isWhiteSpace(first) { value = UnsafeBufferPointer(rebasing: value.dropFirst()) }
        while let last = value.last, isWhiteSpace(last) { value = UnsafeBufferPointer(rebasing: value.dropLast()) }
        guard value.count == text.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for index in 0..<value.count where value[index] != expected[index] { return false }
        return true
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?` (without the sign unless `signed`), whole, from `index`;
    /// returns the index after it, or nil.
    @inline(__always)
    static func scanNumber(_ value: UnsafeBufferPointer<UInt8>, from start: Int, signed: Bool) -> Int? {
        var index = start
        let count = value.count
        if signed && index < count && value[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Bool {
            let first = index
            while index < count && value[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index > first
        }
        guard digits() else { return nil }
        if index < count && value[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < count && (value[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < count && (value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() else { return nil }
        }
        return index
    }

    /// A whole number of the pattern, within `range` (the schema's minInclusive and maxInclusive), as
    /// libxml2 decides it with strtod; `parsed` receives the value when ``TraceNumber/parse(_:)`` reads one.
    ///
    /// TraceNumber's syntax is the signed pattern, and its value is strtod's (both correctly rounded): where
    /// it reads a value, that value decides. Where it reads none the value is not of the pattern, or rounds
    /// to an infinity or a subnormal, which TraceNumber refuses and the schema's range decides.
    private static func number(_ value: UnsafeBufferPointer<UInt8>, signed: Bool, in range: Bounds,
                               parsed: inout Double) -> Bool {
        if let number = TraceNumber.parse(value) {
            parsed = number
            if !signed && value[0] == UInt8(ascii: "-") { return false }
            return range.contains(number)
        }
        guard scanNumber(value, from: 0, signed: signed) == value.count else { return false }
        // The pattern leaves only plain decimal text, which strtod reads as libxml2 does.
        guard let number = cLocaleStrtod(value) else { return false }
        return range.contains(number)
    }

    /// `[0-9]{1,18}`, at most `maximum`.
    private static func integer(_ value: UnsafeBufferPointer<UInt8>, atMost maximum: Int) -> Bool {
        guard (1...18).contains(value.count) else { return false }
        var number = 0
        for byte in value {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            number = number * 10 + Int(digit)
        }
        return number <= maximum
    }

    /// `[0-9]{1,18}` from `index`; the index after it, or nil.
    private static func scanIndex(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < value.count && value[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return (1...18).contains(index - start) ? index : nil
    }

    /// One or more spaces from `index`; the index after them, or nil.
    private static func scanSpaces(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < value.count && value[index] == 0x20 { index += 1 }
        return index > start ? index : nil
    }

    /// `([0-9]{1,18}( +[0-9]{1,18})*)?`
    static func isCountList(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if value.isEmpty { return true }
        guard var index = scanIndex(value, from: 0) else { return false }
        while index < value.count {
            guard let afterSpaces = scanSpaces(value, from: index), let next = scanIndex(value, from: afterSpaces)
            else { return false }
            index = next
        }
        return true
    }

    /// `[0-9]{1,18} +[0-9]{1,18}`
    static func isIndexPath(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = scanIndex(value, from: 0), let spaces = scanSpaces(value, from: first),
              let second = scanIndex(value, from: spaces) else { return false }
        return second == value.count
    }

    /// `(S( +S){3})` with S the signed number pattern.
    static func isInsets(_ value: UnsafeBufferPointer<UInt8>, signed: Bool = true) -> Bool {
        guard var index = scanNumber(value, from: 0, signed: signed) else { return false }
        for _ in 0..<3 {
            guard let spaces = scanSpaces(value, from: index), let next = scanNumber(value, from: spaces, signed: signed)
            else { return false }
            index = next
        }
        return index == value.count
    }

    /// `N +N` with N the unsigned number pattern: "W H".
    static func isSize(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let width = scanNumber(value, from: 0, signed: false), let spaces = scanSpaces(value, from: width),
              let height = scanNumber(value, from: spaces, signed: false) else { return false }
        return height == value.count
    }

    /// `(E(, ?E)*)?` with E = `N +N(\*[0-9]{1,8})?` and N the unsigned number pattern: "W H, W H*K, …".
    static func isSizeList(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if value.isEmpty { return true }
        var index = 0
        while true {
            guard let width = scanNumber(value, from: index, signed: false),
                  let spaces = scanSpaces(value, from: width),
                  let height = scanNumber(value, from: spaces, signed: false),
                  let end = scanRunCount(value, from: height) else { return false }
            if end == value.count { return true }
            guard value[end] == UInt8(ascii: ",") else { return false }
            index = end + 1
            if index < value.count && value[index] == 0x20 { index += 1 }
        }
    }

    /// An optional run count `\*[0-9]{1,8}` from `start`: the index after it (`start` when there is none), or
    /// nil for a `*` without one to eight digits.
    private static func scanRunCount(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < value.count && value[start] == UInt8(ascii: "*") else { return start }
        let digits = start + 1
        var end = digits
        while end < value.count && value[end] &- UInt8(ascii: "0") < 10 { end += 1 }
        return (1...8).contains(end - digits) ? end : nil
    }

    /// `E( +E)*` with E = `N(\*[0-9]{1,8})?` and N the unsigned number pattern: "16.667*600 8.333".
    static func isIntervalList(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            guard let number = scanNumber(value, from: index, signed: false),
                  let end = scanRunCount(value, from: number) else { return false }
            if end == value.count { return true }
            guard let next = scanSpaces(value, from: end), next < value.count else { return false }
            index = next
        }
    }
}

private func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

extension String {
    fileprivate func trimmingXMLWhiteSpace() -> String {
        var scalars = Substring(self)
        while let first = scalars.utf8.first, isWhiteSpace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.utf8.last, isWhiteSpace(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
