/// The parser of `<frame-intervals ms>`: entries `MS` or `MS*K` (a run of K frames of one interval)
/// separated by one or more spaces, with no white space before or after the list. It reads the bytes in
/// place and allocates nothing but the list's runs.
enum IntervalListParser {
    /// What is wrong with a list: the first bad entry, or an empty list.
    struct Problem: Error {
        enum Kind {
            /// Not `MS` or `MS*K`, or an interval out of range.
            case malformed
            /// A run's K out of range, or the frames past ``TraceLimits/frames``.
            case tooManyFrames
            /// No entry at all.
            case empty
        }

        var kind: Kind
        /// The entry's number, from 1.
        var entry: Int
        /// The entry's bytes in the list.
        var range: Range<Int>

        /// What the message says after `expected`: what is wrong and what a list holds.
        func explanation(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            let quoted = abbreviated(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self),
                                     limit: 40)
            let entry = "entry \(TraceLimits.grouped(self.entry)) '\(quoted)'"
            switch kind {
            case .malformed, .empty:
                return IntervalListParser.expectation + (kind == .empty ? "" : " (\(entry) is not one)")
            case .tooManyFrames:
                return "at most \(TraceLimits.grouped(TraceLimits.frames)) frames in all (24 hours at 120 Hz), "
                    + "but \(entry) brings them past it"
            }
        }
    }

    static let expectation = "frame intervals 'MS MS …' of \(ValueKind.intervalList.entryRange!.expectation), "
        + "'MS*COUNT' for COUNT frames of one interval, such as '16.667*600 8.333*1200'"

    /// Appends the intervals of `bytes` to `intervals`, or returns the first problem.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into intervals: inout FrameIntervals) -> Problem? {
        let range = ValueKind.intervalList.entryRange!
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return Problem(kind: .empty, entry: 0, range: 0..<0) }
        let n = bytes.count
        guard base[0] != 0x20, base[n - 1] != 0x20 else {
            return Problem(kind: .malformed, entry: 1, range: 0..<n)
        }
        var entry = 0
        var start = 0
        while start < n {
            var end = start
            while end < n && base[end] != 0x20 { end += 1 }
            entry += 1
            var star = start
            while star < end && base[star] != UInt8(ascii: "*") { star += 1 }
            let problem = { (kind: Problem.Kind) in Problem(kind: kind, entry: entry, range: start..<end) }
            guard star > start, base[start] != UInt8(ascii: "-"),
                  let milliseconds = TraceNumber.parse(UnsafeBufferPointer(start: base + start, count: star - start)),
                  range.contains(milliseconds) else { return problem(.malformed) }
            var count = 1
            if star < end {
                let digits = UnsafeBufferPointer(start: base + star + 1, count: end - star - 1)
                guard digits.count <= 8, let k = TraceNumber.parseCount(digits) else { return problem(.malformed) }
                guard k >= 1 else { return problem(.malformed) }
                count = k
            }
            guard intervals.frameCount + count <= TraceLimits.frames else { return problem(.tooManyFrames) }
            intervals.append(milliseconds, count: count)
            start = end
            while start < n && base[start] == 0x20 { start += 1 }
        }
        return nil
    }
}

extension FrameIntervals {
    /// What is wrong with a list of frame intervals given as text: the words an error message puts after
    /// "expected".
    public struct SyntaxError: Error, Hashable, Sendable {
        public var expectation: String
    }

    /// Reads `text` as `<frame-intervals ms>` holds it (`16.667*600 8.333*1200`): a command line's option,
    /// checked as a trace's attribute is.
    public init(parsing text: String) throws(SyntaxError) {
        var intervals = FrameIntervals()
        var bytes = Array(text.utf8)
        let problem = bytes.withUnsafeMutableBufferPointer { buffer in
            IntervalListParser.parse(UnsafeBufferPointer(buffer), into: &intervals)
                .map { $0.explanation(in: UnsafeBufferPointer(buffer)) }
        }
        if let problem { throw SyntaxError(expectation: problem) }
        self = intervals
    }
}
