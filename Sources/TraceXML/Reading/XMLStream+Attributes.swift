/// Typed access to the current element's attributes, with the format's error messages.
extension XMLStream {
    /// The current element as messages show it, `<scroll>`.
    var elementTag: String { "<\(elementRawName)>" }

    /// Throws for the first attribute that is not in `allowed`.
    func checkAttributes(_ allowed: [XMLName]) throws(TraceError) {
        for attribute in attributes {
            if let name = attribute.name, allowed.contains(name) { continue }
            let expected = allowed.isEmpty ? "\(elementTag) takes no attributes" : "expected \(oneOf(allowed.map(\.text)))"
            throw TraceError(.unknownAttribute,
                             "unknown attribute '\(attribute.nameText)' on \(elementTag); \(expected)",
                             at: location(ofAttribute: attribute.nameText))
        }
    }

    func attribute(_ name: XMLName) -> Attribute? {
        // An element has a handful of attributes: a scan beats any table.
        let attributes = self.attributes
        for index in attributes.indices where attributes[index].name == name { return attributes[index] }
        return nil
    }

    func missing(_ name: XMLName, _ detail: String = "") -> TraceError {
        TraceError(.missing, "missing attribute '\(name.text)' on \(elementTag)\(detail)", at: location)
    }

    func invalid(_ attribute: Attribute, expected: String) -> TraceError {
        TraceError(.invalidValue,
                   "invalid value '\(abbreviated(attribute.valueText))' for attribute '\(attribute.nameText)' of \(elementTag); expected \(expected)",
                   at: location(ofAttribute: attribute.nameText))
    }

    func required(_ name: XMLName) throws(TraceError) -> Attribute {
        guard let attribute = attribute(name) else { throw missing(name) }
        return attribute
    }

    // MARK: Scalars

    enum NumberRange {
        case any, nonNegative, positive, seconds, unitInterval

        var expectation: String {
            switch self {
            case .any: "a number such as '14.5'"
            case .nonNegative: "a non-negative number such as '0.25'"
            case .positive: "a positive number such as '60'"
            case .seconds: "a non-negative number of seconds such as '1.016'"
            case .unitInterval: "a number between 0 and 1 such as '0.4'"
            }
        }

        // Comparisons rather than a switch: a switch compiles to a jump table here, and the range changes
        // from number to number (a time, then coordinates), which the indirect jump mispredicts.
        func contains(_ value: Double) -> Bool {
            if self == .any { return true }
            if self == .positive { return value > 0 }
            return value >= 0 && (self != .unitInterval || value <= 1)
        }
    }

    func number(_ attribute: Attribute, _ range: NumberRange = .any) throws(TraceError) -> Double {
        let bytes = attribute.valueBytes
        let signed = bytes.first == UInt8(ascii: "-")
        guard !(signed && range != .any), let value = TraceNumber.parse(bytes), range.contains(value) else {
            throw invalid(attribute, expected: range.expectation)
        }
        return value
    }

    func number(_ name: XMLName, _ range: NumberRange = .any) throws(TraceError) -> Double {
        try number(required(name), range)
    }

    func number(_ name: XMLName, _ range: NumberRange = .any, default value: Double) throws(TraceError) -> Double {
        guard let attribute = attribute(name) else { return value }
        return try number(attribute, range)
    }

    func count(_ attribute: Attribute) throws(TraceError) -> Int {
        guard let value = TraceNumber.parseCount(attribute.valueBytes) else {
            throw invalid(attribute, expected: "a non-negative integer such as '3'")
        }
        return value
    }

    func count(_ name: XMLName) throws(TraceError) -> Int {
        try count(required(name))
    }

    func bool(_ name: XMLName, default value: Bool) throws(TraceError) -> Bool {
        guard let attribute = attribute(name) else { return value }
        switch attribute.valueText {
        case "true": return true
        case "false": return false
        default: throw invalid(attribute, expected: "'true' or 'false'")
        }
    }

    func string(_ name: XMLName) throws(TraceError) -> String {
        try required(name).valueText
    }

    func string(_ name: XMLName, default value: String) -> String {
        attribute(name)?.valueText ?? value
    }

    func choice<Value: RawRepresentable & CaseIterable>(
        _ name: XMLName, as type: Value.Type
    ) throws(TraceError) -> Value where Value.RawValue == String {
        let attribute = try required(name)
        return try choice(attribute, as: type)
    }

    func choice<Value: RawRepresentable & CaseIterable>(
        _ attribute: Attribute, as type: Value.Type
    ) throws(TraceError) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: attribute.valueText) else {
            throw invalid(attribute, expected: oneOf(Value.allCases.map(\.rawValue)))
        }
        return value
    }

    // MARK: Compound values

    /// Splits `bytes` at runs of spaces; `nil` when there is leading or trailing white space or a
    /// character other than a space separates the tokens.
    private func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>]? {
        var result: [UnsafeBufferPointer<UInt8>] = []
        guard let base = bytes.baseAddress else { return result }
        var i = 0
        var start = 0
        if bytes.first == 0x20 || bytes.last == 0x20 { return nil }
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == 0x20 {
                if i > start { result.append(UnsafeBufferPointer(start: base + start, count: i - start)) }
                start = i + 1
            }
            i += 1
        }
        return result
    }

    private func numbers(_ bytes: UnsafeBufferPointer<UInt8>, count: Int, nonNegative: Bool) -> [Double]? {
        guard let parts = tokens(bytes), parts.count == count else { return nil }
        var values: [Double] = []
        values.reserveCapacity(count)
        for part in parts {
            if nonNegative && part.first == UInt8(ascii: "-") { return nil }
            guard let value = TraceNumber.parse(part) else { return nil }
            values.append(value)
        }
        return values
    }

    static let sizeExpectation = "a size 'WIDTH HEIGHT' of non-negative numbers such as '100 100'"

    func size(_ attribute: Attribute) throws(TraceError) -> TraceSize {
        guard let v = numbers(attribute.valueBytes, count: 2, nonNegative: true) else {
            throw invalid(attribute, expected: Self.sizeExpectation)
        }
        return TraceSize(width: v[0], height: v[1])
    }

    func insets(_ attribute: Attribute) throws(TraceError) -> TraceInsets {
        guard let v = numbers(attribute.valueBytes, count: 4, nonNegative: false) else {
            throw invalid(attribute, expected: "insets 'TOP LEFT BOTTOM RIGHT' such as '10 10 10 10'")
        }
        return TraceInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    func indexPath(_ name: XMLName) throws(TraceError) -> TraceIndexPath {
        let attribute = try required(name)
        guard let parts = tokens(attribute.valueBytes), parts.count == 2,
              let section = TraceNumber.parseCount(parts[0]), let item = TraceNumber.parseCount(parts[1])
        else {
            throw invalid(attribute, expected: "an index path 'SECTION ITEM' such as '0 3'")
        }
        return TraceIndexPath(section: section, item: item)
    }

    func countList(_ attribute: Attribute) throws(TraceError) -> [Int] {
        guard let parts = tokens(attribute.valueBytes) else {
            throw invalid(attribute, expected: "a list of non-negative integers such as '0 1 2'")
        }
        var values: [Int] = []
        values.reserveCapacity(parts.count)
        for part in parts {
            guard let value = TraceNumber.parseCount(part) else {
                throw invalid(attribute, expected: "a list of non-negative integers such as '0 1 2'")
            }
            values.append(value)
        }
        return values
    }

    /// Sizes separated by commas, each `W H`: `"100 100, 50 80"`.
    func sizeList(_ attribute: Attribute) throws(TraceError) -> [TraceSize] {
        let expected = "sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' such as '100 100, 50 80'"
        let bytes = attribute.valueBytes
        var sizes: [TraceSize] = []
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return sizes }
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ",") {
            var lower = start
            var upper = i
            // One optional space after each comma; none before it.
            if start > 0 && lower < upper && bytes[lower] == 0x20 { lower += 1 }
            if upper == lower { throw invalid(attribute, expected: expected) }
            if bytes[upper - 1] == 0x20 { upper = -1 }
            guard upper > lower,
                  let v = numbers(UnsafeBufferPointer(start: base + lower, count: upper - lower), count: 2,
                                  nonNegative: true)
            else { throw invalid(attribute, expected: expected) }
            sizes.append(TraceSize(width: v[0], height: v[1]))
            start = i + 1
        }
        return sizes
    }
}

/// `'a'`, or `one of 'a', 'b', 'c'`.
func oneOf(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    return quoted.count == 1 ? quoted[0] : "one of " + quoted.joined(separator: ", ")
}
