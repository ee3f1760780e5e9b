import TraceXML

/// A trace's events, read once and kept for every pass of a session: what a replay, `snapshot` and `validate`
/// read their events from, so that the trace is read once per session while its events fit in
/// ``maximumBytes``.
///
/// The events a session's input is mostly made of — `<scroll>` and `<drag>`, one or two a frame — are kept as
/// packed records of a few bytes: a tag, two bits a field saying how it is kept, and the fields as
/// variable-length integers. A time, an offset or a position is kept as an integer count of 10⁻ᵉ (the decimal
/// number the trace wrote), as the difference from the field's previous value (the time, as the difference from
/// the previous difference: the frame period, nearly constant), and the location as the next line at the
/// same column. A steady scroll takes 4 or 5 bytes. An event whose numbers are not decimal numbers of at most
/// 9 places, or without a location in the trace, and the other kinds of event (taps, markers, batches…) are
/// kept whole in a side table, counted at their size.
///
/// The records live in chunks of 64 KiB that are never moved or copied, so that keeping the events costs
/// their size and one chunk at most, never a growing buffer and its copy at once.
///
/// What a pass reads from the kept events is what a ``TraceReader`` on the trace would give it: the same
/// events with the same locations, the same error after the same last event, and the reader's warnings
/// (a cut-off trace's) once the end has been read (``Cursor``).
final class PackedEvents {
    /// The most bytes the kept events may take: about 3 million `<scroll>` events, 14 hours of a recording at
    /// 60 Hz; a longer trace is read by every pass.
    static let maximumBytes = 16 << 20

    /// The bytes of one chunk of records.
    private static let chunkBytes = 1 << 16
    /// The most bytes one record takes: a tag, two bytes of field codes, and eight fields of at most 11 bytes.
    private static let largestRecord = 96

    /// A record's tag: a `<scroll>`, a `<drag>` (``dragTag`` + 2 × its phase + 1 when it has a velocity), or
    /// the next event of ``others``.
    private static let scrollTag: UInt8 = 0
    private static let dragTag: UInt8 = 1
    private static let otherTag: UInt8 = 9

    /// How a field is kept, in two bits of a record's codes.
    private enum FieldCode: UInt8 {
        /// The same as before (a time: the same difference as before; a location: the next line, same column).
        case same = 0
        /// The difference from before follows (a location: the line's difference and the column).
        case difference = 1
        /// A new number of decimal places follows, and the field's value at it.
        case rescaled = 2
    }

    /// A decimal field: its last value, as an integer count of 10⁻ᵉ.
    fileprivate struct Decimal {
        var exponent = 0
        var value: Int64 = 0
    }

    /// What a record is written and read against: the last value of every field.
    fileprivate struct Registers {
        var time = Decimal()
        /// The last difference of the time, at its exponent.
        var timeStep: Int64 = 0
        var line: Int64 = 0
        var column: Int64 = 0
        var scrollX = Decimal(), scrollY = Decimal()
        var dragX = Decimal(), dragY = Decimal()
        var velocityX = Decimal(), velocityY = Decimal()
    }

    /// The trace's path, as the events' locations name it.
    private let path: String
    // Touched once an event, by the scan and by every pass: `@exclusivity(unchecked)` spares those accesses
    // their dynamic exclusivity checks. Safe: the events are kept and read on the replay's one thread, and each
    // access is one statement that runs no other code, as are the cursor's.
    @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes written to the last chunk.
    @exclusivity(unchecked) private var used = PackedEvents.chunkBytes
    @exclusivity(unchecked) private var records = 0
    @exclusivity(unchecked) private var others: [TraceEvent] = []
    @exclusivity(unchecked) private var writer = Registers()
    /// The bytes taken so far: the chunks, and the other events by their size and what they hold.
    @exclusivity(unchecked) private(set) var bytes = 0
    /// What the reader threw after the last event, if it threw.
    private var failure: TraceError?
    /// The reader's warnings before it read any event (a trace cut off in its header), and at its end.
    private var warningsAtStart: [TraceDiagnostic]
    private var warningsAtEnd: [TraceDiagnostic] = []

    /// Starts keeping the events `reader`, just opened, reads.
    init(path: String, reader: TraceReader) {
        self.path = path
        warningsAtStart = reader.warnings
    }

    /// Starts keeping events read by something other than a ``TraceReader``: the cursor gives no warnings.
    init(path: String) {
        self.path = path
        warningsAtStart = []
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Keeps `event`; returns `false` when it does not fit (then the trace is to be read by every pass, and
    /// the kept events are to be dropped).
    func append(_ event: TraceEvent) -> Bool {
        if packs(event) { return bytes <= Self.maximumBytes }
        bytes += MemoryLayout<TraceEvent>.stride + Self.payloadBytes(event.kind)
        guard bytes <= Self.maximumBytes else { return false }
        startRecord()[0] = Self.otherTag
        used += 1
        records += 1
        others.append(event)
        return true
    }

    /// After the last event: the reader returned `nil` (`failure` is `nil`) or threw `failure`.
    func finish(_ reader: TraceReader? = nil, failure: TraceError?) {
        self.failure = failure
        warningsAtEnd = reader?.warnings ?? []
    }

    /// A reader of the kept events from the first.
    func cursor() -> Cursor { Cursor(events: self) }

    /// Where the next record goes: in the last chunk while it has room for the largest record, else in a new one.
    private func startRecord() -> UnsafeMutablePointer<UInt8> {
        if used > Self.chunkBytes - Self.largestRecord {
            chunks.append(.allocate(capacity: Self.chunkBytes))
            bytes += Self.chunkBytes
            used = 0
        }
        return chunks[chunks.count - 1] + used
    }

    /// Writes `event` as a packed record when it is a `<scroll>` or a `<drag>` whose numbers and location
    /// pack; returns whether it did.
    private func packs(_ event: TraceEvent) -> Bool {
        guard let location = event.location, location.path == path else { return false }
        var registers = writer
        let tag: UInt8
        let first: (x: Double, y: Double)
        var velocity: Point?
        switch event.kind {
        case .scroll(let offset):
            tag = Self.scrollTag
            first = (offset.x, offset.y)
        case .drag(let phase, let point, let dragVelocity):
            tag = Self.dragTag + 2 * Self.phaseCode(phase) + (dragVelocity == nil ? 0 : 1)
            first = (point.x, point.y)
            velocity = dragVelocity
        default:
            return false
        }
        guard let time = Self.decimal(event.time, after: registers.time),
              let x = Self.decimal(first.x, after: tag == Self.scrollTag ? registers.scrollX : registers.dragX),
              let y = Self.decimal(first.y, after: tag == Self.scrollTag ? registers.scrollY : registers.dragY)
        else { return false }
        var velocityX = Decimal(), velocityY = Decimal()
        if let velocity {
            guard let vx = Self.decimal(velocity.x, after: registers.velocityX),
                  let vy = Self.decimal(velocity.y, after: registers.velocityY) else { return false }
            velocityX = vx
            velocityY = vy
        }
        let line = Int64(location.line), column = Int64(location.column)

        var out = startRecord()
        let start = out
        out[0] = tag
        let codes = out + 1
        out += velocity == nil ? 2 : 3
        // The time: the same step as before, the step's change, or a new exponent and the value.
        let timeCode: FieldCode
        if time.exponent == registers.time.exponent {
            let step = time.value &- registers.time.value
            timeCode = step == registers.timeStep ? .same : .difference
            if timeCode == .difference { Self.write(zigzag: step &- registers.timeStep, to: &out) }
            registers.timeStep = step
        } else {
            timeCode = .rescaled
            out.pointee = UInt8(time.exponent)
            out += 1
            Self.write(zigzag: time.value, to: &out)
            registers.timeStep = 0
        }
        registers.time = time
        let locationCode: FieldCode
        if line == registers.line &+ 1 && column == registers.column {
            locationCode = .same
        } else {
            locationCode = .difference
            Self.write(zigzag: line &- registers.line, to: &out)
            Self.write(zigzag: column, to: &out)
        }
        registers.line = line
        registers.column = column
        let xCode: FieldCode, yCode: FieldCode
        if tag == Self.scrollTag {
            xCode = Self.write(x, over: &registers.scrollX, to: &out)
            yCode = Self.write(y, over: &registers.scrollY, to: &out)
        } else {
            xCode = Self.write(x, over: &registers.dragX, to: &out)
            yCode = Self.write(y, over: &registers.dragY, to: &out)
        }
        codes[0] = timeCode.rawValue | locationCode.rawValue << 2 | xCode.rawValue << 4 | yCode.rawValue << 6
        if velocity != nil {
            let vxCode = Self.write(velocityX, over: &registers.velocityX, to: &out)
            let vyCode = Self.write(velocityY, over: &registers.velocityY, to: &out)
            codes[1] = vxCode.rawValue | vyCode.rawValue << 2
        }
        used += out - start
        records += 1
        writer = registers
        return true
    }

    private static func phaseCode(_ phase: GesturePhase) -> UInt8 {
        switch phase {
        case .began: 0
        case .changed: 1
        case .ended: 2
        case .cancelled: 3
        }
    }

    private static let phases: [GesturePhase] = [.began, .changed, .ended, .cancelled]

    /// The most decimal places a packed number has.
    private static let largestExponent = 9

    /// `value` as an integer count of 10⁻ᵉ, at `previous`'s exponent or the least larger one at which it is
    /// exactly that number (the bits of `Double(count) / 10ᵉ` are `value`'s); `nil` when there is none up to 9.
    @inline(__always)
    private static func decimal(_ value: Double, after previous: Decimal) -> Decimal? {
        var exponent = previous.exponent
        while exponent <= largestExponent {
            let power = TraceNumber.powerOfTen(exponent)
            let scaled = value * power
            // Tested before rounding, which leaves a number this large as it is (every Double past 2⁵² is a
            // whole number); NaN and the infinities fail it too.
            guard abs(scaled) < 0x1p53 else { return nil }
            let integer = roundedAwayFromZero(scaled)
            if (Double(integer) / power).bitPattern == value.bitPattern {
                return Decimal(exponent: exponent, value: integer)
            }
            // A number that misses its field's exponent (a time written as `Double(frame) / rate`, to 17
            // digits) is tried at 9 places before every exponent up to 9 is: see ``isNotDecimal(_:)``.
            if exponent == previous.exponent, exponent < largestExponent, isNotDecimal(value) { return nil }
            exponent += 1
        }
        return nil
    }

    /// Whether `value`, when it lies within ±2⁵⁰ × 10⁻⁹, is not a count of 10⁻ᵉ for any e up to 9 — which
    /// holds when it is not a count of 10⁻⁹. Were it `n / 10ᵉ`, it would be `m / 10⁹` with m = n × 10⁹⁻ᵉ:
    /// `Double(m) / 1e9` and `Double(n) / 10ᵉ` are one real number rounded once, and `value * 1e9` is within
    /// |m| × 2⁻⁵² < ¼ of m, so it rounds to m. `false` for a larger `value` (then every exponent is tried).
    @inline(__always)
    private static func isNotDecimal(_ value: Double) -> Bool {
        guard abs(value) < 0x1p50 / 1e9 else { return false }
        let power = TraceNumber.powerOfTen(largestExponent)
        return (Double(roundedAwayFromZero(value * power)) / power).bitPattern != value.bitPattern
    }

    /// `value.rounded()` (to the nearest, halves away from zero) as an integer, for `|value| < 2⁵³`, without
    /// the call to the C library's `round` that `rounded()` is on x86-64: the truncation and the fraction
    /// it left, which is exact (`value` and its truncation are within a factor of two of each other, or the
    /// truncation is 0).
    @inline(__always)
    private static func roundedAwayFromZero(_ value: Double) -> Int64 {
        let truncated = Int64(value)
        let fraction = value - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// Writes `field` against the previous value, `register`, and makes it the previous value; returns how it
    /// is kept.
    @inline(__always)
    private static func write(_ field: Decimal, over register: inout Decimal,
                              to out: inout UnsafeMutablePointer<UInt8>) -> FieldCode {
        defer { register = field }
        if field.exponent == register.exponent {
            guard field.value != register.value else { return .same }
            write(zigzag: field.value &- register.value, to: &out)
            return .difference
        }
        out.pointee = UInt8(field.exponent)
        out += 1
        write(zigzag: field.value, to: &out)
        return .rescaled
    }

    @inline(__always)
    private static func write(zigzag value: Int64, to out: inout UnsafeMutablePointer<UInt8>) {
        var bits = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while bits >= 0x80 {
            out.pointee = UInt8(truncatingIfNeeded: bits) | 0x80
            out += 1
            bits >>= 7
        }
        out.pointee = UInt8(truncatingIfNeeded: bits)
        out += 1
    }

    /// What an event kept whole holds besides its own size: its strings, arrays and layout descriptions.
    private static func payloadBytes(_ kind: TraceEvent.Kind) -> Int {
        /// An array's or a string's allocation header.
        let header = 32
        switch kind {
        case .marker(let text), .menu(_, let text):
            return header + text.utf8.count
        case .batch(let batch):
            var bytes = header + batch.operations.count * MemoryLayout<BatchUpdate.Operation>.stride
                + (batch.countsAfter.map { header + $0.count * 8 } ?? 0)
            for operation in batch.operations {
                switch operation {
                case .deleteItems(_, let items), .reloadItems(_, let items): bytes += header + items.count * 8
                case .insertItems(_, let items, let sizes):
                    bytes += header + items.count * 8 + (sizes.map { header + $0.count * MemoryLayout<Size>.stride } ?? 0)
                default: break
                }
            }
            return bytes
        case .reloadData(let sections):
            return header + sections.reduce(sections.count * MemoryLayout<SectionDescription>.stride) { bytes, section in
                bytes + header + section.reuseIdentifier.utf8.count
                    + (section.itemSizes.map { 2 * header + $0.runCount * (MemoryLayout<Size>.stride + 8) } ?? 0)
            }
        case .setLayout(let layout, _, _), .transition(.began(let layout)):
            return header + layout.name.utf8.count + layout.parameters.reduce(header) { bytes, parameter in
                bytes + MemoryLayout<LayoutDescription.Parameter>.stride + 2 * header
                    + parameter.name.utf8.count + parameter.value.utf8.count
            }
        default:
            return 0
        }
    }

    /// Reads the kept events in order, as ``TraceReader/next()`` read them.
    final class Cursor: EventSource {
        private let events: PackedEvents
        @exclusivity(unchecked) private var position = 0
        @exclusivity(unchecked) private var chunk = -1
        @exclusivity(unchecked) private var offset = PackedEvents.chunkBytes
        @exclusivity(unchecked) private var other = 0
        @exclusivity(unchecked) private var registers = Registers()
        @exclusivity(unchecked) private var finished = false
        private var reachedEnd = false

        fileprivate init(events: PackedEvents) { self.events = events }

        /// The reader's warnings so far: those found at its end once ``next()`` has returned `nil`.
        var warnings: [TraceDiagnostic] { reachedEnd ? events.warningsAtEnd : events.warningsAtStart }

        func next() throws(TraceError) -> TraceEvent? {
            guard !finished else { return nil }
            guard position < events.records else {
                finished = true
                if let failure = events.failure { throw failure }
                reachedEnd = true
                return nil
            }
            position += 1
            if offset > PackedEvents.chunkBytes - PackedEvents.largestRecord {
                chunk += 1
                offset = 0
            }
            var input = UnsafePointer(events.chunks[chunk] + offset)
            let start = input
            defer { offset += input - start }
            let tag = input[0]
            guard tag != PackedEvents.otherTag else {
                input += 1
                other += 1
                return events.others[other - 1]
            }
            let codes = input[1]
            input += tag == PackedEvents.scrollTag || (tag - PackedEvents.dragTag) & 1 == 0 ? 2 : 3
            var r = registers
            defer { registers = r }
            switch codes & 3 {
            case FieldCode.same.rawValue:
                r.time.value &+= r.timeStep
            case FieldCode.difference.rawValue:
                r.timeStep &+= Self.readZigzag(&input)
                r.time.value &+= r.timeStep
            default:
                r.time.exponent = Int(input.pointee)
                input += 1
                r.time.value = Self.readZigzag(&input)
                r.timeStep = 0
            }
            if (codes >> 2) & 3 == FieldCode.same.rawValue {
                r.line &+= 1
            } else {
                r.line &+= Self.readZigzag(&input)
                r.column = Self.readZigzag(&input)
            }
            let time = Self.value(r.time)
            let location = TraceLocation(path: events.path, line: Int(r.line), column: Int(r.column))
            if tag == PackedEvents.scrollTag {
                Self.read(&r.scrollX, codes >> 4, &input)
                Self.read(&r.scrollY, codes >> 6, &input)
                return TraceEvent(time: time, .scroll(offset: Point(x: Self.value(r.scrollX),
                                                                    y: Self.value(r.scrollY))),
                                  location: location)
            }
            Self.read(&r.dragX, codes >> 4, &input)
            Self.read(&r.dragY, codes >> 6, &input)
            let drag = tag - PackedEvents.dragTag
            var velocity: Point?
            if drag & 1 == 1 {
                let velocityCodes = start[2]
                Self.read(&r.velocityX, velocityCodes, &input)
                Self.read(&r.velocityY, velocityCodes >> 2, &input)
                velocity = Point(x: Self.value(r.velocityX), y: Self.value(r.velocityY))
            }
            return TraceEvent(time: time, .drag(phase: PackedEvents.phases[Int(drag >> 1)],
                                                      location: Point(x: Self.value(r.dragX), y: Self.value(r.dragY)),
                                                      velocity: velocity),
                              location: location)
        }

        @inline(__always)
        private static func value(_ decimal: Decimal) -> Double {
            Double(decimal.value) / TraceNumber.powerOfTen(decimal.exponent)
        }

        @inline(__always)
        private static func read(_ register: inout Decimal, _ code: UInt8, _ input: inout UnsafePointer<UInt8>) {
            switch code & 3 {
            case FieldCode.same.rawValue:
                break
            case FieldCode.difference.rawValue:
                register.value &+= readZigzag(&input)
            default:
                register.exponent = Int(input.pointee)
                input += 1
                register.value = readZigzag(&input)
            }
        }

        @inline(__always)
        private static func readZigzag(_ input: inout UnsafePointer<UInt8>) -> Int64 {
            var bits: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = input.pointee
                input += 1
                bits |= UInt64(byte & 0x7F) << shift
                guard byte >= 0x80 else { break }
                shift += 7
            }
            return Int64(bitPattern: bits >> 1) ^ -Int64(bitPattern: bits & 1)
        }
    }
}

/// Where a pass reads its events from: a ``TraceReader`` on the trace, or the events a session kept
/// (``PackedEvents``).
protocol EventSource: AnyObject {
    /// The next event, `nil` after the last; throws the trace's first error, as ``TraceReader/next()`` does.
    func next() throws(TraceError) -> TraceEvent?
    /// The reader's warnings so far (a cut-off trace's, once the end has been read).
    var warnings: [TraceDiagnostic] { get }
}

extension TraceReader: EventSource {}
