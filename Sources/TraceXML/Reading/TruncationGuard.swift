#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Holds back the bytes of an unfinished top-level element so that a trace cut off mid-way still reaches
/// libxml2 as a well-formed document: every complete event, then the closing tags that are missing.
///
/// libxml2 stops at the first well-formedness error, and it finds the error of a cut file only at the end
/// of the input, inside whatever element the cut left open, with nothing said about where that began. So when
/// truncation is allowed, the bytes go through this small tokenizer first: it follows start and end
/// tags (and skips comments, processing instructions, CDATA and quoted attribute values) and releases
/// bytes only up to the last point where no element deeper than `<trace><events>` is open. At the end of
/// the input, an unreleased tail is an incomplete element: it is dropped and the open elements are
/// closed. A document that is malformed rather than cut (an end tag that does not match) is released
/// as it is, for libxml2 to report.
struct TruncationGuard {
    private enum State {
        case text
        case tagOpen
        case startTag(quote: UInt8?, previous: UInt8)
        case endTag
        /// After "<!": the next byte tells a comment from CDATA or a declaration.
        case markupOpen
        case markup(terminator: Terminator, matched: Int)
    }

    /// What ends a comment, a CDATA section, a processing instruction or a declaration: a static string, so
    /// that the state carries no array to retain and release on every byte.
    private enum Terminator {
        case processingInstruction, comment, cdata, declaration

        var bytes: StaticString {
            switch self {
            case .processingInstruction: "?>"
            case .comment: "-->"
            case .cdata: "]]>"
            case .declaration: ">"
            }
        }

        subscript(index: Int) -> UInt8 { bytes.utf8Start[index] }
        var count: Int { bytes.utf8CodeUnitCount }
    }

    private var state = State.text
    /// The names of the open elements.
    private var stack: [[UInt8]] = []
    private var name: [UInt8] = []
    private var readingName = false
    private var sawRoot = false
    /// Bytes seen but not released.
    private(set) var pending: [UInt8] = []
    /// How many of `pending` may be released.
    private(set) var safe = 0
    /// Set once the input is not a cut-off trace (an end tag that does not match, nesting or an element
    /// beyond the limits): everything is released from then on, for libxml2 and the reader to judge.
    private(set) var givenUp = false
    /// The open elements at the last safe point (for the closing tags).
    private(set) var stackAtSafePoint: [[UInt8]] = []
    /// The element that was open inside `<events>` when the input ended, if any.
    private(set) var incompleteElement: String?
    /// The child of the root that was open, or whose start tag was being read, when the input ended: the
    /// part of the header a cut falls in (`data`), or `events`.
    private(set) var openChildOfRoot: String?

    let maximumDepth: Int
    let maximumHeldBytes: Int

    private static let safeDepth = 2

    init(maximumDepth: Int, maximumHeldBytes: Int) {
        self.maximumDepth = maximumDepth
        self.maximumHeldBytes = maximumHeldBytes
    }

    private mutating func giveUp() {
        givenUp = true
        safe = pending.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Takes the next bytes of the input, and moves the safe point past every element they complete.
    ///
    /// Text between tags and quoted attribute values, most of a trace's bytes, are skipped with `memchr`;
    /// the name being read reuses its storage, so feeding a trace's events allocates nothing once the buffers
    /// have grown.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        let start = pending.count
        pending.append(contentsOf: bytes)
        guard !givenUp else { safe = pending.count; return }
        let count = pending.count
        var i = start
        while i < count {
            switch state {
            case .text:
                guard let lt = firstIndex(of: UInt8(ascii: "<"), from: i) else { return finish() }
                state = .tagOpen
                i = lt + 1
                continue
            case .startTag(let quote?, _):
                guard let end = firstIndex(of: quote, from: i) else { return finish() }
                state = .startTag(quote: nil, previous: quote)
                i = end + 1
                continue
            default:
                break
            }
            let byte = pending[i]
            switch state {
            case .text:
                break
            case .tagOpen:
                switch byte {
                case UInt8(ascii: "/"):
                    state = .endTag
                    name.removeAll(keepingCapacity: true)
                case UInt8(ascii: "?"):
                    state = .markup(terminator: .processingInstruction, matched: 0)
                case UInt8(ascii: "!"):
                    state = .markupOpen
                default:
                    state = .startTag(quote: nil, previous: byte)
                    name.removeAll(keepingCapacity: true)
                    name.append(byte)
                    readingName = true
                }
            case .markupOpen:
                if byte == UInt8(ascii: ">") {
                    state = .text
                    markSafe(after: i)
                } else {
                    let terminator: Terminator = byte == UInt8(ascii: "-") ? .comment
                        : byte == UInt8(ascii: "[") ? .cdata : .declaration
                    state = .markup(terminator: terminator, matched: 0)
                }
            case .startTag(_, let previous):
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    readingName = false
                    state = .startTag(quote: byte, previous: byte)
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                    readingName = false
                    sawRoot = true
                    if previous != UInt8(ascii: "/") {
                        stack.append(name)
                        if stack.count > maximumDepth { giveUp(); return }
                    }
                    markSafe(after: i)
                } else {
                    if readingName {
                        if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                            readingName = false
                        } else {
                            name.append(byte)
                        }
                    }
                    state = .startTag(quote: nil, previous: byte)
                }
            case .endTag:
                if byte == UInt8(ascii: ">") {
                    state = .text
                    guard let open = stack.last, open == name else { giveUp(); return }
                    stack.removeLast()
                    markSafe(after: i)
                } else if !Self.isSpace(byte) {
                    name.append(byte)
                }
            case .markup(let terminator, let matched):
                if byte == terminator[matched] {
                    if matched + 1 == terminator.count {
                        state = .text
                        markSafe(after: i)
                    } else {
                        state = .markup(terminator: terminator, matched: matched + 1)
                    }
                } else {
                    state = .markup(terminator: terminator, matched: byte == terminator[0] ? 1 : 0)
                }
            }
            i += 1
        }
        finish()
    }

    /// After the bytes fed: gives up when more bytes are held back than allowed.
    private mutating func finish() {
        if pending.count - safe > maximumHeldBytes { giveUp() }
    }

    /// The index of the first `byte` in `pending` at or after `from`, found with `memchr`.
    private func firstIndex(of byte: UInt8, from: Int) -> Int? {
        pending.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, from < buffer.count,
                  let found = memchr(base + from, Int32(byte), buffer.count - from) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    private mutating func markSafe(after index: Int) {
        guard stack.count <= TruncationGuard.safeDepth else { return }
        safe = index + 1
        stackAtSafePoint = stack
    }

    /// Index in `pending` of the first byte not yet handed on.
    private(set) var start = 0

    /// How many bytes may be handed on now.
    var releasable: Int { safe - start }

    /// The bytes not yet handed on that are not releasable: the unfinished tail.
    var heldTail: ArraySlice<UInt8> { pending[safe...] }

    /// Forgets the next `count` releasable bytes, which have been handed on.
    mutating func drop(_ count: Int) {
        start += count
        if start >= 1 << 16 && start * 2 >= pending.count {
            pending.removeSubrange(0..<start)
            safe -= start
            start = 0
        }
    }

    /// Makes every byte releasable (after the end of a complete document).
    mutating func releaseAll() {
        safe = pending.count
    }

    /// Whether any element is open at the last safe point or after it.
    var hasOpenElements: Bool { !stack.isEmpty }

    /// Whether nothing is pending at all.
    var isDrained: Bool { start == pending.count }

    /// Whether the input, once ended, is a whole document (or one for libxml2 to judge as it is).
    var isComplete: Bool { givenUp || (sawRoot && stack.isEmpty) }

    /// At the end of the input: the unreleased tail is dropped; returns the closing tags of the elements
    /// still open at the last safe point, and records which element was left incomplete.
    mutating func closeTruncatedDocument() -> [UInt8] {
        if stack.count >= 2 {
            openChildOfRoot = String(decoding: stack[1], as: UTF8.self)
        } else if stack.count == 1, case .startTag = state {
            openChildOfRoot = String(decoding: name, as: UTF8.self)
        }
        if stack.count > TruncationGuard.safeDepth {
            incompleteElement = String(decoding: stack[TruncationGuard.safeDepth], as: UTF8.self)
        } else if stack.count == TruncationGuard.safeDepth, case .startTag = state {
            incompleteElement = String(decoding: name, as: UTF8.self)
        }
        pending.removeAll()
        safe = 0
        start = 0
        var closing: [UInt8] = []
        for open in stackAtSafePoint.reversed() {
            closing += Array("</".utf8) + open + Array(">".utf8)
        }
        return closing
    }
}
