#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Finds the line and column of each element's start tag in the raw bytes that libxml2 reads.
///
/// libxml2 reports no element's column (and its reader's node lines stop at 65,535), and its parser
/// position runs ahead of the element being read. The tracker sees every byte libxml2 reads, keeps those
/// it has not yet scanned, and, each time the stream hands out an element, scans forward to the
/// next start tag (skipping end tags, comments, CDATA sections, processing instructions and declarations),
/// counting lines and characters on the way. Elements arrive in document order, so each scan continues
/// where the last one stopped: the whole file is scanned once, and only the bytes libxml2 has read ahead
/// are held.
struct PositionTracker {
    /// Unscanned bytes (from `cursor` on) plus, before them, the current start tag.
    private var buffer: [UInt8] = []
    /// Index in `buffer` of the next byte to scan.
    private var cursor = 0
    /// Line and column of `buffer[cursor]`.
    private var line = 1
    private var column = 1
    /// Index in `buffer` and position of the last start tag found.
    private var tagStart: Int?
    private(set) var tagLine = 1
    private(set) var tagColumn = 1
    /// Bytes since the last `>`: the length of the attribute value or text being read.
    private(set) var runWithoutTagEnd = 0
    /// Index in `buffer` where that run starts (the byte after the last `>`).
    private var runStart = 0
    /// How many bytes of the input `compact()` has dropped from the front of `buffer`.
    private var dropped = 0

    /// Takes a chunk that libxml2 is about to parse; returns `false`, keeping the start of the offending
    /// run, when the chunk makes a run of bytes without `>` longer than `limit` (a single huge attribute
    /// value or text, refused before libxml2 has buffered it whole).
    mutating func append(_ chunk: UnsafeRawBufferPointer, limit: Int) -> Bool {
        compact()
        let bytes = chunk.bindMemory(to: UInt8.self)
        var firstTagEnd: Int?
        var lastTagEnd: Int?
        if let base = chunk.baseAddress, !chunk.isEmpty {
            if let first = memchr(base, Int32(UInt8(ascii: ">")), chunk.count) {
                firstTagEnd = base.distance(to: UnsafeRawPointer(first))
                // Scanning back from the end finds the last '>' after a few bytes in a trace.
                var i = chunk.count - 1
                while bytes[i] != UInt8(ascii: ">") { i -= 1 }
                lastTagEnd = i
            }
        }
        let base = buffer.count
        buffer.append(contentsOf: bytes)
        if let firstTagEnd, let lastTagEnd {
            if runWithoutTagEnd + firstTagEnd > limit { return false }
            runWithoutTagEnd = bytes.count - lastTagEnd - 1
            runStart = base + lastTagEnd + 1
        } else {
            runWithoutTagEnd += bytes.count
        }
        return runWithoutTagEnd <= limit
    }

    /// Line and column of the first byte of the current run without `>`.
    mutating func runStartPosition() -> (line: Int, column: Int) {
        let target = max(runStart, cursor)
        advance(to: target)
        return (line, column)
    }

    /// Line, column and element name of the start tag whose `<` is at `offset` in the whole input, a tag
    /// libxml2 has not reported yet (so its bytes are still held).
    mutating func startTag(atInputOffset offset: Int) -> (line: Int, column: Int, name: String) {
        let index = offset - dropped
        guard index >= cursor, index < buffer.count else { return (tagLine, tagColumn, "") }
        advance(to: index)
        var end = index + 1
        while end < buffer.count, end - index <= 64, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(buffer[end]) {
            end += 1
        }
        return (line, column, String(decoding: buffer[(index + 1)..<end], as: UTF8.self))
    }

    /// Where the prolog scan stands: `nil` once the root element has started.
    private var prologScan: Int? = 0

    /// Looks for a `<!DOCTYPE` before the root element, in the bytes read so far; returns its position.
    ///
    /// A trace never needs a document type declaration, and refusing it before libxml2 parses it means
    /// no entity declared there (billion laughs, external entities) is ever looked at.
    mutating func doctypeInProlog() -> (line: Int, column: Int)? {
        guard var i = prologScan, tagStart == nil, cursor == 0 else { return nil }
        let count = buffer.count
        while i < count {
            guard buffer[i] == UInt8(ascii: "<") else { i += 1; continue }
            guard i + 1 < count else { break }
            if buffer[i + 1] == UInt8(ascii: "?") {
                guard let end = find("?>", from: i + 2) else { break }
                i = end + 2
            } else if hasPrefix("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { break }
                i = end + 3
            } else if buffer[i + 1] == UInt8(ascii: "!") {
                guard i + 9 <= count else { break }
                var line = 1
                var column = 1
                for byte in buffer[0..<i] {
                    if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                }
                prologScan = nil
                return (line, column)
            } else {
                prologScan = nil
                return nil
            }
        }
        prologScan = i
        return nil
    }

    /// Drops scanned bytes that no query can need any more.
    private mutating func compact() {
        guard prologScan == nil else { return }
        let keep = min(tagStart ?? cursor, cursor, runStart)
        guard keep >= 1 << 16, keep * 2 >= buffer.count else { return }
        buffer.removeSubrange(0..<keep)
        dropped += keep
        cursor -= keep
        runStart -= keep
        if let start = tagStart { tagStart = start - keep }
    }

    /// Moves the cursor to `target`, counting lines and columns.
    ///
    /// The last newline is looked for backwards from `target` (in a trace it is a few bytes of indentation
    /// back); the newlines before it are found with `memchr`, and only the characters after it counted.
    private mutating func advance(to target: Int) {
        let end = min(target, buffer.count)
        guard cursor < end else { return }
        buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var lastNewline = end - 1
            while lastNewline >= cursor && base[lastNewline] != UInt8(ascii: "\n") { lastNewline -= 1 }
            if lastNewline >= cursor {
                line += 1 + newlineCount(base, from: cursor, to: lastNewline)
                column = 1 + characterCount(base, from: lastNewline + 1, to: end)
            } else {
                column += characterCount(base, from: cursor, to: end)
            }
        }
        cursor = end
    }

    /// Index of the first occurrence of `pattern` at or after `start`, or `nil`.
    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard p.count <= bytes.count else { return nil }
            var i = start
            while i + p.count <= bytes.count {
                if bytes[i] == p[0] {
                    var j = 1
                    while j < p.count && bytes[i + j] == p[j] { j += 1 }
                    if j == p.count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    private func hasPrefix(_ pattern: StaticString, at index: Int) -> Bool {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard index + p.count <= buffer.count else { return false }
        for j in 0..<p.count where buffer[index + j] != p[j] { return false }
        return true
    }

    /// Scans to the next start tag and returns its position, or `nil` if the bytes read so far hold none
    /// (which cannot happen when libxml2 has just reported an element).
    mutating func nextStartTag() -> (line: Int, column: Int)? {
        var i = cursor
        let count = buffer.count
        while i < count {
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress,
                      let hit = memchr(base + i, Int32(UInt8(ascii: "<")), count - i) else { return nil }
                return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            }
            guard let lt = found else { break }
            guard lt + 1 < count else { break }
            let next = buffer[lt + 1]
            if next == UInt8(ascii: "/") {
                i = lt + 2
            } else if next == UInt8(ascii: "?") {
                i = (find("?>", from: lt + 2) ?? count - 2) + 2
            } else if next == UInt8(ascii: "!") {
                if hasPrefix("<!--", at: lt) {
                    i = (find("-->", from: lt + 4) ?? count - 3) + 3
                } else if hasPrefix("<![CDATA[", at: lt) {
                    i = (find("]]>", from: lt + 9) ?? count - 3) + 3
                } else {
                    i = lt + 2
                }
            } else {
                advance(to: lt)
                tagStart = lt
                tagLine = line
                tagColumn = column
                // Past the '<': one character, no newline.
                cursor = lt + 1
                column += 1
                return (tagLine, tagColumn)
            }
        }
        return nil
    }

    /// The position of the next start tag, without moving past it.
    func peekNextStartTag() -> (line: Int, column: Int)? {
        var copy = self
        return copy.nextStartTag()
    }

    /// Position of the attribute called `name` in the current start tag, if it is there.
    func attributePosition(_ name: String) -> (line: Int, column: Int)? {
        guard let start = tagStart else { return nil }
        let wanted = Array(name.utf8)
        return buffer.withUnsafeBufferPointer { bytes -> (line: Int, column: Int)? in
            var line = tagLine
            var column = tagColumn
            var i = start
            func step() {
                if bytes[i] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            // Skip `<` and the element name.
            step()
            while i < bytes.count && !isSpace(bytes[i]) && bytes[i] != UInt8(ascii: ">")
                && bytes[i] != UInt8(ascii: "/") { step() }
            while i < bytes.count {
                while i < bytes.count && isSpace(bytes[i]) { step() }
                guard i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") else {
                    return nil
                }
                let nameStart = i
                let position = (line, column)
                while i < bytes.count && !isSpace(bytes[i]) && bytes[i] != UInt8(ascii: "=") { step() }
                if i - nameStart == wanted.count
                    && wanted.indices.allSatisfy({ bytes[nameStart + $0] == wanted[$0] }) {
                    return position
                }
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") && bytes[i] != UInt8(ascii: "'") {
                    step()
                }
                guard i < bytes.count else { return nil }
                let quote = bytes[i]
                step()
                while i < bytes.count && bytes[i] != quote { step() }
                guard i < bytes.count else { return nil }
                step()
            }
            return nil
        }
    }

    /// The position just after the bytes read so far, moved past the leading white space of `tail`.
    func endPosition(skippingBlanksOf tail: [UInt8]) -> (line: Int, column: Int) {
        var end = self
        end.advance(to: buffer.count)
        var line = end.line
        var column = end.column
        for byte in tail {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                column += 1
            } else {
                break
            }
        }
        return (line, column)
    }

    /// Line of the last byte that is not white space among the bytes read so far (all of the file once
    /// libxml2 has reached its end), to tell a file cut short from one broken in the middle.
    mutating func lastContentLine() -> Int {
        var line = self.line
        var lastLine = line
        buffer.withUnsafeBufferPointer { bytes in
            for i in cursor..<bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                    lastLine = line
                }
            }
        }
        return lastLine
    }
}

/// How many newlines `base[from..<to]` holds (found with `memchr`: usually none or one).
@inline(__always)
private func newlineCount(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    var count = 0
    var search = from
    while search < to, let found = memchr(base + search, Int32(UInt8(ascii: "\n")), to - search) {
        count += 1
        search = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
    }
    return count
}

/// How many UTF-8 characters `base[from..<to]` holds: the bytes that are not continuation bytes.
@inline(__always)
private func characterCount(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    var count = 0
    for i in from..<to { count &+= base[i] & 0xC0 != 0x80 ? 1 : 0 }
    return count
}
