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

    /// Throws for the first attribute that `element`'s declaration (``TraceFormat``) does not have.
    @inline(__always)
    func checkAttributes(of element: XMLName) throws(TraceError) {
        let tables = SchemaTables.shared
        for attribute in attributes {
            if let name = attribute.name, tables.attribute(name, of: element) != nil { continue }
            try checkAttributes(TraceFormat.element(element).attributeNames)
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

    /// The declaration of attribute `name` of the current element (``TraceFormat``, as ``SchemaTables``
    /// holds it): a table lookup. Reading an attribute the element does not declare is a programming error.
    @inline(__always)
    func declared(_ name: XMLName?) -> SchemaTables.Attribute {
        guard let element = elementName, let name, let declared = SchemaTables.shared.attribute(name, of: element) else {
            undeclared(name)
        }
        return declared
    }

    @inline(never)
    private func undeclared(_ name: XMLName?) -> Never {
        preconditionFailure("<\(elementRawName)> declares no attribute '\(name?.text ?? "?")'")
    }

    /// The kind of attribute `name` of the current element, as its declaration has it.
    func declaredKind(_ name: XMLName?) -> ValueKind { declared(name).kind }

    /// The number `attribute` holds, within the range its declaration gives it (its ``ValueKind``).
    ///
    /// Every number a trace carries has a range (``TraceLimits``): a value outside it, and anything that is
    /// not a number of the format (`nan`, `inf`, `1e400`, a subnormal such as `1e-320`, an empty value), is
    /// an error that quotes the value and states the range and why. A value the schema checker has read
    /// (``Attribute/parsedNumber``) is not read again.
    @inline(__always)
    func number(_ attribute: Attribute) throws(TraceError) -> Double {
        let declared = declared(attribute.name)
        let parsed = attribute.parsedNumber.isNaN ? TraceNumber.parse(attribute.valueBytes) : attribute.parsedNumber
        guard let value = parsed, declared.bounds.contains(value) else {
            throw invalid(attribute, expected: declared.kind.range!.expectation)
        }
        return value
    }

    /// The number attribute `name` holds, within the range its declaration gives it.
    func number(_ name: XMLName) throws(TraceError) -> Double {
        try number(required(name))
    }

    func number(_ name: XMLName, default value: Double) throws(TraceError) -> Double {
        guard let attribute = attribute(name) else { return value }
        return try number(attribute)
    }

    /// The count or index `attribute` holds, within `range`.
    func count(_ attribute: Attribute, _ range: CountRange) throws(TraceError) -> Int {
        guard let value = TraceNumber.parseCount(attribute.valueBytes), range.contains(value) else {
            throw invalid(attribute, expected: range.expectation())
        }
        return value
    }

    /// The count or index attribute `name` holds, within the range its declaration gives it.
    func count(_ name: XMLName) throws(TraceError) -> Int {
        try count(required(name), declaredKind(name).countRange!)
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

    /// Reads the space-separated numbers of `bytes` into `values`, each within `range`: exactly
    /// `values.count` of them, separated by runs of spaces, with no white space before or after. Allocates
    /// nothing.
    private func numbers(_ bytes: UnsafeBufferPointer<UInt8>, into values: UnsafeMutableBufferPointer<Double>,
                         _ range: ValueRange) -> Bool {
        let n = bytes.count
        guard n > 0, bytes[0] != 0x20, bytes[n - 1] != 0x20 else { return false }
        var i = 0
        var k = 0
        while i < n {
            let start = i
            while i < n && bytes[i] != 0x20 { i += 1 }
            guard k < values.count, let value = TraceNumber.parse(UnsafeBufferPointer(rebasing: bytes[start..<i])),
                  range.contains(value) else { return false }
            values[k] = value
            k += 1
            while i < n && bytes[i] == 0x20 { i += 1 }
        }
        return k == values.count
    }

    /// A size `W H` in `bytes`, or `nil`.
    private func size(_ bytes: UnsafeBufferPointer<UInt8>) -> Size? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { v in
            numbers(bytes, into: v, Self.sizeRange) ? Size(width: v[0], height: v[1]) : nil
        }
    }

    /// The range of a size's width and height.
    private static var sizeRange: ValueRange { ValueKind.sizeList.entryRange! }

    static var sizeExpectation: String {
        "a size 'WIDTH HEIGHT' of lengths \(sizeRange.bounds) such as '100 100'"
    }

    func size(_ attribute: Attribute) throws(TraceError) -> Size {
        guard let size = size(attribute.valueBytes) else { throw invalid(attribute, expected: Self.sizeExpectation) }
        return size
    }

    func insets(_ attribute: Attribute) throws(TraceError) -> EdgeInsets {
        let range = declaredKind(attribute.name).entryRange!
        let insets = withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { v in
            numbers(attribute.valueBytes, into: v, range)
                ? EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3]) : nil
        }
        guard let insets else {
            throw invalid(attribute, expected: "insets 'TOP LEFT BOTTOM RIGHT' of lengths \(range.bounds) such as '10 10 10 10'")
        }
        return insets
    }

    func indexPath(_ name: XMLName) throws(TraceError) -> TraceIndexPath {
        let attribute = try required(name)
        let parts = ValueKind.indexPathParts
        let (sections, items) = (parts.section.countRange!, parts.item.countRange!)
        let bytes = attribute.valueBytes
        var split = 0
        while split < bytes.count && bytes[split] != 0x20 { split += 1 }
        var second = split
        while second < bytes.count && bytes[second] == 0x20 { second += 1 }
        guard split > 0, second > split,
              let section = TraceNumber.parseCount(UnsafeBufferPointer(rebasing: bytes[0..<split])),
              let item = TraceNumber.parseCount(UnsafeBufferPointer(rebasing: bytes[second...])),
              sections.contains(section), items.contains(item)
        else {
            throw invalid(attribute, expected: "an index path 'SECTION ITEM' such as '0 3', a section index from 0 to "
                          + "\(TraceLimits.grouped(sections.upper)) and an item index from 0 to "
                          + "\(TraceLimits.grouped(items.upper))")
        }
        return TraceIndexPath(section: section, item: item)
    }

    /// Space-separated counts or indices, each within the range `attribute`'s declaration gives them, and at
    /// most `maximumLength` of them.
    func countList(_ attribute: Attribute, maximumLength: Int = .max) throws(TraceError) -> [Int] {
        let range = declaredKind(attribute.name).entryCountRange!
        let bytes = attribute.valueBytes
        let n = bytes.count
        var values: [Int] = []
        func fail() -> TraceError {
            let length = maximumLength == .max ? "" : ", at most \(TraceLimits.grouped(maximumLength)) of them"
            return invalid(attribute, expected: "a list of \(range.expectation(plural: true)) such as '0 1 2'\(length)")
        }
        guard n > 0 else { return values }
        guard bytes[0] != 0x20, bytes[n - 1] != 0x20 else { throw fail() }
        var i = 0
        while i < n {
            let start = i
            while i < n && bytes[i] != 0x20 { i += 1 }
            guard values.count < maximumLength,
                  let value = TraceNumber.parseCount(UnsafeBufferPointer(rebasing: bytes[start..<i])),
                  range.contains(value) else { throw fail() }
            values.append(value)
            while i < n && bytes[i] == 0x20 { i += 1 }
        }
        return values
    }

    /// Sizes separated by commas, each `W H` or a run `W H*K`: `"100 100, 50 80*3"`, expanded one size per
    /// item; at most `maximumCount` sizes.
    func sizeList(_ attribute: Attribute, maximumCount: Int = .max) throws(TraceError) -> [Size] {
        Array(try sizeRuns(attribute, maximumCount: maximumCount))
    }

    /// Sizes separated by commas, each `W H` or a run `W H*K`, kept as runs; at most `maximumCount` sizes.
    func sizeRuns(_ attribute: Attribute, maximumCount: Int = .max) throws(TraceError) -> TraceSizeList {
        var list = TraceSizeList()
        let bytes = attribute.valueBytes
        if let problem = SizeListParser.parse(bytes, into: &list, maximumEntries: .max, maximumItems: maximumCount) {
            throw invalid(attribute, expected: problem.explanation(in: bytes, maximumItems: maximumCount))
        }
        return list
    }
}

/// The parser of size lists — the `item-sizes` and `sizes` attributes and the text of `<item-sizes>` chunks:
/// entries `W H` or `W H*K` (a run of K items of one size) separated by a comma and at most one
/// space, with no white space before or after the list. It reads the bytes in place and allocates nothing
/// but the list's runs.
enum SizeListParser {
    /// What is wrong with a list: the first bad entry.
    struct Problem: Error {
        enum Kind {
            /// Not `W H` or `W H*K`, or a length out of range.
            case malformed
            /// A run's K out of range.
            case runLength
            /// More entries than `maximumEntries`.
            case tooManyEntries
            /// More sizes than `maximumItems`.
            case tooManyItems
        }

        var kind: Kind
        /// The entry's number, from 1.
        var entry: Int
        /// The entry's bytes in the list.
        var range: Range<Int>
        /// How many sizes the list held with this entry.
        var total: Int

        /// The entry as the message quotes it.
        func quoted(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            abbreviated(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), limit: 40)
        }

        /// What the message says after `expected`: what is wrong and what a list holds.
        func explanation(in bytes: UnsafeBufferPointer<UInt8>, maximumItems: Int = .max,
                         maximumEntries: Int = .max) -> String {
            let entry = "entry \(TraceLimits.grouped(self.entry)) '\(quoted(in: bytes))'"
            switch kind {
            case .malformed:
                return SizeListParser.expectation + " (\(entry) is not one)"
            case .runLength:
                return "a run 'WIDTH HEIGHT*COUNT' of COUNT from 1 to \(TraceLimits.grouped(TraceLimits.items)) items "
                    + "(a collection view holds at most \(TraceLimits.grouped(TraceLimits.items)) items), not \(entry)"
            case .tooManyEntries:
                return "at most \(TraceLimits.grouped(maximumEntries)) entries (a run 'WIDTH HEIGHT*COUNT' is one), "
                    + "not \(entry) and more"
            case .tooManyItems:
                return "one size per item, \(TraceLimits.grouped(maximumItems)) of them, but \(entry) brings them to "
                    + TraceLimits.grouped(total)
            }
        }
    }

    static let expectation = "sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths \(ValueKind.sizeList.entryRange!.bounds), "
        + "'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3'"

    /// Appends the sizes of `bytes` to `list`, or returns the first problem (having appended the entries
    /// before it).
    ///
    /// - Parameters:
    ///   - maximumEntries: the most entries `bytes` may hold (a chunk holds at most 65,536).
    ///   - maximumItems: the most sizes `list` may hold after them.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into list: inout TraceSizeList, maximumEntries: Int,
                      maximumItems: Int) -> Problem? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let n = bytes.count
        var entry = 0
        var start = 0
        while start <= n {
            var end = start
            while end < n && base[end] != UInt8(ascii: ",") { end += 1 }
            var lower = start
            // One optional space after each comma; none before it.
            if start > 0 && lower < end && base[lower] == 0x20 { lower += 1 }
            entry += 1
            let range = lower..<end
            guard entry <= maximumEntries else {
                return Problem(kind: .tooManyEntries, entry: entry, range: range, total: list.count)
            }
            var star = lower
            while star < end && base[star] != UInt8(ascii: "*") { star += 1 }
            guard star > lower, let size = size(UnsafeBufferPointer(start: base + lower, count: star - lower)) else {
                return Problem(kind: .malformed, entry: entry, range: range, total: list.count)
            }
            var count = 1
            if star < end {
                let digits = UnsafeBufferPointer(start: base + star + 1, count: end - star - 1)
                guard digits.count <= 8, let k = TraceNumber.parseCount(digits) else {
                    return Problem(kind: .malformed, entry: entry, range: range, total: list.count)
                }
                guard k >= 1 && k <= TraceLimits.items else {
                    return Problem(kind: .runLength, entry: entry, range: range, total: list.count)
                }
                count = k
            }
            guard list.count + count <= maximumItems else {
                return Problem(kind: .tooManyItems, entry: entry, range: range, total: list.count + count)
            }
            list.append(size, count: count)
            start = end + 1
        }
        return nil
    }

    /// A size `W H` in `bytes`: two numbers separated by spaces, no white space before or after.
    @inline(__always)
    private static func size(_ bytes: UnsafeBufferPointer<UInt8>) -> Size? {
        let lengths = ValueKind.sizeList.entryRange!
        let n = bytes.count
        guard n > 0, bytes[0] != 0x20, bytes[n - 1] != 0x20 else { return nil }
        var split = 0
        while split < n && bytes[split] != 0x20 { split += 1 }
        var second = split
        while second < n && bytes[second] == 0x20 { second += 1 }
        guard second < n,
              let width = TraceNumber.parse(UnsafeBufferPointer(rebasing: bytes[0..<split])),
              let height = TraceNumber.parse(UnsafeBufferPointer(rebasing: bytes[second..<n])),
              lengths.contains(width), lengths.contains(height)
        else { return nil }
        return Size(width: width, height: height)
    }
}

/// `'a'`, or `one of 'a', 'b', 'c'`.
func oneOf(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    return quoted.count == 1 ? quoted[0] : "one of " + quoted.joined(separator: ", ")
}
