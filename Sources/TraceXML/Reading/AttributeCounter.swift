#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Counts the attributes of every start tag in the bytes libxml2 is about to read, so that an element with
/// too many is refused before libxml2 parses it.
///
/// libxml2 (2.9) checks each attribute of a start tag against all the earlier ones for duplicates, so a
/// start tag with *n* attributes costs O(*n*²) before the reader sees the element — 100,000 attributes hang
/// every command — and its RELAX NG validator builds a state per attribute and combination (20,000 on a
/// `<meta>` took `reel validate` 16 s and 3 GB). The counter sees the bytes first, as ``PositionTracker``
/// does, and stops the input at the attribute past ``TraceLimits/attributesPerElement``.
///
/// It follows only what tells attributes apart: start tags (each `=` outside a quoted value is one
/// attribute), quoted values (skipped with `memchr`, so `=` and `>` inside them do not count), end tags,
/// comments, processing instructions and declarations (skipped). Text between tags is skipped with
/// `memchr` too: the scan costs a few instructions per byte of the tags.
struct AttributeCounter {
    private enum State: UInt8 {
        case text, lessThan, startTag, doubleQuoted, singleQuoted, skipToTagEnd, bang, bangDash, comment,
             processingInstruction
    }

    /// The most attributes one start tag may have.
    let limit: Int
    private var state = State.text
    private var attributes = 0
    /// In a comment: the `-` just before the current byte; in a processing instruction: whether it was `?`.
    private var run = 0
    /// Offset in the whole input of the `<` of the start tag being scanned.
    private(set) var tagOffset = 0

    init(limit: Int) { self.limit = limit }

    /// Scans `bytes`, which start at `offset` in the whole input; `false` when a start tag has more than
    /// ``limit`` attributes (``tagOffset`` is then where it starts).
    mutating func feed(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let raw = bytes.baseAddress else { return true }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let n = bytes.count
        var i = 0
        while i < n {
            switch state {
            case .text:
                guard let found = memchr(base + i, Int32(UInt8(ascii: "<")), n - i) else { return true }
                i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                tagOffset = offset + i - 1
                state = .lessThan
            case .lessThan:
                switch base[i] {
                case UInt8(ascii: "!"): state = .bang
                case UInt8(ascii: "?"): state = .processingInstruction; run = 0
                case UInt8(ascii: "/"): state = .skipToTagEnd
                default: state = .startTag; attributes = 0
                }
                i += 1
            case .startTag:
                while i < n {
                    let byte = base[i]
                    i += 1
                    if byte == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > limit { return false }
                    } else if byte == UInt8(ascii: "\"") {
                        state = .doubleQuoted
                        break
                    } else if byte == UInt8(ascii: "'") {
                        state = .singleQuoted
                        break
                    } else if byte == UInt8(ascii: ">") {
                        state = .text
                        break
                    }
                }
            case .doubleQuoted, .singleQuoted:
                let quote = state == .doubleQuoted ? UInt8(ascii: "\"") : UInt8(ascii: "'")
                guard let found = memchr(base + i, Int32(quote), n - i) else { return true }
                i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                state = .startTag
            case .skipToTagEnd:
                guard let found = memchr(base + i, Int32(UInt8(ascii: ">")), n - i) else { return true }
                i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                state = .text
            case .bang:
                state = base[i] == UInt8(ascii: "-") ? .bangDash : .skipToTagEnd
                i += 1
            case .bangDash:
                state = base[i] == UInt8(ascii: "-") ? .comment : .skipToTagEnd
                run = 0
                i += 1
            case .comment:
                let byte = base[i]
                if byte == UInt8(ascii: ">") && run >= 2 { state = .text }
                run = byte == UInt8(ascii: "-") ? run + 1 : 0
                i += 1
            case .processingInstruction:
                let byte = base[i]
                if byte == UInt8(ascii: ">") && run == 1 { state = .text }
                run = byte == UInt8(ascii: "?") ? 1 : 0
                i += 1
            }
        }
        return true
    }
}
