#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A compact log's durations and top-path codes: a bit stream of about 15 bits a frame for a steady replay
/// (its clock's noise, mostly), in 64 KiB chunks that are never copied as the stream grows, so that no old
/// and new buffer live at once.
///
/// A frame's duration is coded against one of four *references*, each following the frames coded against it
/// (a quarter of the way to each): one bit when the reference is the one that followed the last frame's
/// reference last time, three otherwise, then the difference in a Rice code whose parameter follows the
/// reference's recent differences. Frame times cluster (frames that only move the content, frames that also
/// configure cells, frames the clock barely saw), each cluster keeps a reference of its own, and what is left
/// per frame is mostly the clock's noise. The encoder picks the reference that codes the frame in the fewest
/// bits. The top path's code is one bit when it is the reference's last, else nine (or forty-one past the
/// 254th path).
///
/// Every ``blockFrames`` frames the coder starts afresh, so that a frame is found by decoding its block only
/// (the block's start is indexed); the last block read at random is kept decoded, for callers that read
/// frames by position one after the other.
final class FrameStream: @unchecked Sendable {
    // Appended to only through a ``FrameLog`` that holds the only reference (it copies the stream first
    // otherwise), on one thread; read by any thread once appended to. The decoded block is the one state reads
    // change, under `lock`. So the stored properties go without dynamic exclusivity checks: no two accesses
    // to one of them overlap (they were most of what appending a frame cost).

    /// Frames per block.
    static let blockFrames = 1024
    /// 64-bit words per chunk: 64 KiB.
    static let chunkWords = 8192

    @exclusivity(unchecked) private(set) var count = 0
    /// The frames coded so far; those after them wait in `pending` (at most the rest of their block), so that
    /// a block is coded in one go.
    @exclusivity(unchecked) private var codedFrames = 0
    @exclusivity(unchecked) private var pendingDurations: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var pendingCodes: UnsafeMutablePointer<Int>?
    /// The chunks, each `chunkWords` words, zeroed when allocated: bits are or-ed in.
    @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<UInt64>] = []
    /// The bit where each block begins.
    @exclusivity(unchecked) private var blockStarts: [Int] = []
    @exclusivity(unchecked) private var bitCount = 0
    @exclusivity(unchecked) private var coder = Coder()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// The block ``decoded`` holds, or −1.
    @exclusivity(unchecked) private var decodedBlock = -1
    @exclusivity(unchecked) private var decodedDurations: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var decodedCodes: UnsafeMutablePointer<Int>?

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
        pendingDurations?.deallocate()
        pendingCodes?.deallocate()
        decodedDurations?.deallocate()
        decodedCodes?.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// A stream with the same frames, to append to without changing this one.
    func copy() -> FrameStream {
        let copy = FrameStream()
        copy.count = count
        copy.codedFrames = codedFrames
        if let pendingDurations, let pendingCodes {
            let durations = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.blockFrames)
            let codes = UnsafeMutablePointer<Int>.allocate(capacity: Self.blockFrames)
            durations.initialize(from: pendingDurations, count: count - codedFrames)
            codes.initialize(from: pendingCodes, count: count - codedFrames)
            copy.pendingDurations = durations
            copy.pendingCodes = codes
        }
        copy.blockStarts = blockStarts
        copy.bitCount = bitCount
        copy.coder = coder
        copy.chunks = chunks.map { chunk in
            let words = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.chunkWords)
            words.initialize(from: chunk, count: Self.chunkWords)
            return words
        }
        return copy
    }

    /// Makes room for the block index of `frames` frames, so that it does not grow past them.
    func reserveCapacity(_ frames: Int) {
        blockStarts.reserveCapacity(frames / Self.blockFrames + 1)
        chunks.reserveCapacity(frames * 2 / (Self.chunkWords * 8) + 2)
    }

    /// The bits the coded frames take, without the chunks' unused room, and how many frames they are.
    var coded: (bits: Int, frames: Int) { (bitCount, codedFrames) }

    /// The bytes held: chunks, block index, the frames waiting to be coded and the decoded block.
    var storageBytes: Int {
        chunks.count * Self.chunkWords * 8 + blockStarts.capacity * 8 + chunks.capacity * 8
            + (pendingDurations == nil ? 0 : Self.blockFrames * 16)
            + (decodedDurations == nil ? 0 : Self.blockFrames * 16)
    }

    /// Appends a frame of `durationNs` whose top path's code is `code` (0: none): kept as it is until its
    /// block is full (or ``finishAppending()``), then coded with the block.
    @inline(__always)
    func append(durationNs: UInt64, code: Int) {
        let durations = pendingDurations ?? .allocate(capacity: Self.blockFrames)
        let codes = pendingCodes ?? .allocate(capacity: Self.blockFrames)
        pendingDurations = durations
        pendingCodes = codes
        durations[count - codedFrames] = durationNs
        codes[count - codedFrames] = code
        // The block read by position last no longer holds all of its frames.
        if decodedBlock == count / Self.blockFrames { decodedBlock = -1 }
        count += 1
        if count % Self.blockFrames == 0 { codePending() }
    }

    /// Codes the frames waiting and lets their room go.
    func finishAppending() {
        codePending()
        pendingDurations?.deallocate()
        pendingCodes?.deallocate()
        pendingDurations = nil
        pendingCodes = nil
    }

    /// Codes the frames waiting, in one go.
    private func codePending() {
        guard let durations = pendingDurations, let codes = pendingCodes else { return }
        var writer = Writer(self)
        // The coder in a local for the loop: not loaded from and stored to the stream for each frame.
        var coder = coder
        for index in 0..<(count - codedFrames) {
            if (codedFrames + index) % Self.blockFrames == 0 {
                writer.flush()
                blockStarts.append(bitCount)
                coder = Coder()
            }
            coder.encode(durations[index], code: codes[index], to: &writer)
        }
        writer.flush()
        self.coder = coder
        codedFrames = count
    }

    /// The duration and top-path code of frame `position`.
    func frame(at position: Int) -> (durationNs: UInt64, code: Int) {
        precondition(position >= 0 && position < count, "frame \(position) of a log of \(count)")
        let block = position / Self.blockFrames
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let durations = decodedDurations ?? .allocate(capacity: Self.blockFrames)
        let codes = decodedCodes ?? .allocate(capacity: Self.blockFrames)
        decodedDurations = durations
        decodedCodes = codes
        if decodedBlock != block {
            decode(block: block, durations: durations, codes: codes)
            decodedBlock = block
        }
        let offset = position - block * Self.blockFrames
        return (durations[offset], codes[offset])
    }

    /// Decodes block `block` into `durations` and `codes` (room for ``blockFrames`` each); returns its frames.
    @discardableResult
    fileprivate func decode(block: Int, durations: UnsafeMutablePointer<UInt64>,
                            codes: UnsafeMutablePointer<Int>) -> Int {
        let first = block * Self.blockFrames
        let frames = min(Self.blockFrames, count - first)
        let coded = max(0, min(frames, codedFrames - first))
        if coded > 0 {
            var bits = Bits(chunks: chunks, start: blockStarts[block])
            var coder = Coder()
            for index in 0..<coded {
                (durations[index], codes[index]) = bits.decode(&coder)
            }
        }
        if coded < frames, let pendingDurations, let pendingCodes {
            // The block's frames still waiting to be coded.
            let waiting = first + coded - codedFrames
            (durations + coded).update(from: pendingDurations + waiting, count: frames - coded)
            (codes + coded).update(from: pendingCodes + waiting, count: frames - coded)
        }
        return frames
    }

    /// Appends the low `count` bits of `bits` (at most 64; the others 0).
    fileprivate func append(_ bits: UInt64, count: Int) {
        let index = bitCount &>> 6
        let shift = UInt64(bitCount & 63)
        or(bits &<< shift, intoWord: index)
        if shift != 0 && Int(shift) + count > 64 { or(bits &>> (64 &- shift), intoWord: index + 1) }
        bitCount += count
    }

    /// Or-s `bits` into word `index`, allocating its chunk when it is new.
    @inline(__always)
    private func or(_ bits: UInt64, intoWord index: Int) {
        let chunk = index / Self.chunkWords
        if chunk == chunks.count {
            let words = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.chunkWords)
            words.initialize(repeating: 0, count: Self.chunkWords)
            chunks.append(words)
        }
        chunks[chunk][index % Self.chunkWords] |= bits
    }

    /// Frames read in order from `frame`, a block at a time.
    struct Reader {
        /// Held so that the chunks stay allocated.
        private let stream: FrameStream
        private var frame: Int
        /// The block decoded, from its frame `decodedStart`; `decodedEnd` is past its last.
        private var durations: [UInt64] = []
        private var codes: [Int] = []
        private var decodedStart = 0
        private var decodedEnd = 0

        init(stream: FrameStream, frame: Int) {
            self.stream = stream
            self.frame = frame
        }

        /// The next frame; the caller reads no further than the stream's count.
        @inline(__always)
        mutating func next() -> (durationNs: UInt64, code: Int) {
            if frame >= decodedEnd { decodeBlock() }
            let offset = frame - decodedStart
            frame += 1
            return (durations[offset], codes[offset])
        }

        private mutating func decodeBlock() {
            if durations.isEmpty {
                durations = Array(repeating: 0, count: FrameStream.blockFrames)
                codes = Array(repeating: 0, count: FrameStream.blockFrames)
            }
            let block = frame / FrameStream.blockFrames
            var frames = 0
            let stream = stream
            durations.withUnsafeMutableBufferPointer { durations in
                codes.withUnsafeMutableBufferPointer { codes in
                    if let durations = durations.baseAddress, let codes = codes.baseAddress {
                        frames = stream.decode(block: block, durations: durations, codes: codes)
                    }
                }
            }
            decodedStart = block * FrameStream.blockFrames
            decodedEnd = decodedStart + frames
        }
    }

    /// The stream's bits from a position, read through a 64-bit window.
    fileprivate struct Bits {
        private let chunks: [UnsafeMutablePointer<UInt64>]
        /// The 64 bits from `windowStart`, of which `used` are read.
        private var window: UInt64 = 0
        private var windowStart: Int
        private var used = 64

        init(chunks: [UnsafeMutablePointer<UInt64>], start: Int) {
            self.chunks = chunks
            windowStart = start - 64
        }

        /// The next `count` bits (0 … 63), as the low bits of the result.
        @inline(__always)
        mutating func read(_ count: Int) -> UInt64 {
            if used + count > 64 { refill() }
            let bits = window &>> UInt64(used)
            used += count
            return bits & ((1 &<< UInt64(count)) &- 1)
        }

        /// How many of the next bits are ones, up to `limit` (at most 32).
        @inline(__always)
        mutating func ones(upTo limit: Int) -> Int {
            if used + limit > 64 { refill() }
            return min(limit, (~(window &>> UInt64(used))).trailingZeroBitCount)
        }

        @inline(__always)
        mutating func skip(_ count: Int) { used += count }

        /// Moves the window to the first unread bit (those past the stream's end read 0).
        @inline(__always)
        private mutating func refill() {
            windowStart += used
            used = 0
            let index = windowStart &>> 6
            let shift = UInt64(windowStart & 63)
            let low = load(index) &>> shift
            window = shift == 0 ? low : low | load(index + 1) &<< (64 &- shift)
        }

        @inline(__always)
        private func load(_ index: Int) -> UInt64 {
            let chunk = index / FrameStream.chunkWords
            return chunk < chunks.count ? chunks[chunk][index % FrameStream.chunkWords] : 0
        }
    }

    /// A frame's bits, gathered in a word and appended to the stream when it is full and at the frame's end.
    fileprivate struct Writer {
        let stream: FrameStream
        private var pending: UInt64 = 0
        private var pendingCount = 0

        init(_ stream: FrameStream) { self.stream = stream }

        /// Appends the low `count` bits of `bits` (at most 64; the others 0).
        @inline(__always)
        mutating func write(_ bits: UInt64, _ count: Int) {
            if pendingCount + count > 64 { flush() }
            pending |= bits &<< UInt64(pendingCount)
            pendingCount += count
        }

        mutating func flush() {
            guard pendingCount > 0 else { return }
            stream.append(pending, count: pendingCount)
            pending = 0
            pendingCount = 0
        }
    }

    /// What both ends of the stream keep of one reference within a block.
    fileprivate struct Slot {
        /// The reference value.
        var reference: UInt64 = 0
        /// The sum of recent zigzag differences and their count: the Rice parameter is the binary logarithm of
        /// their mean. Both halve every ``Coder/window`` differences, so the parameter follows the noise of the
        /// moment.
        var sum: UInt64 = 1 << 10
        var count: UInt64 = 1
        var parameter: UInt64 = 10
        /// The last top-path code coded against the reference.
        var code: Int64 = 0
        /// The reference that followed this one last.
        var follower = 0
    }

    /// The state both ends of the stream keep within a block: the four references and the last one used (the
    /// next frame's reference is predicted to follow it as it did before: one bit when it does).
    fileprivate struct Coder {
        private var slot0 = Slot()
        private var slot1 = Slot()
        private var slot2 = Slot()
        private var slot3 = Slot()
        var previous = 0

        static let window: UInt64 = 32
        /// Differences of `unaryLimit << k` or more are written as their length and bits.
        static let unaryLimit: UInt64 = 16
        /// A difference's share of a running sum, at most: a rare huge one does not blind the parameter.
        static let largestCounted: UInt64 = 1 << 40

        @inline(__always)
        subscript(slot: Int) -> Slot {
            get {
                switch slot & 3 {
                case 0: slot0
                case 1: slot1
                case 2: slot2
                default: slot3
                }
            }
            set {
                switch slot & 3 {
                case 0: slot0 = newValue
                case 1: slot1 = newValue
                case 2: slot2 = newValue
                default: slot3 = newValue
                }
            }
        }

        /// The reference the next frame is predicted to use.
        var predicted: Int { self[previous].follower }

        /// Bits the frame would take against `slot`.
        @inline(__always)
        static func cost(_ zigzag: UInt64, code: Int64, slot: Slot, predicted: Bool) -> UInt64 {
            let k = slot.parameter
            let quotient = zigzag &>> k
            let duration = quotient < Self.unaryLimit ? quotient &+ 1 &+ k
                : Self.unaryLimit &+ 6 &+ UInt64(63 &- zigzag.leadingZeroBitCount)
            return duration &+ (code == slot.code ? 1 : 9) &+ (predicted ? 1 : 3)
        }

        @inline(__always)
        static func zigzag(_ value: UInt64, from reference: UInt64) -> UInt64 {
            let difference = Int64(bitPattern: value &- reference)
            return UInt64(bitPattern: (difference &<< 1) ^ (difference &>> 63))
        }

        mutating func encode(_ duration: UInt64, code: Int, to writer: inout Writer) {
            let code = Int64(code)
            let predicted = self.predicted
            var chosen = predicted
            var zigzag = Self.zigzag(duration, from: self[predicted].reference)
            var best = Self.cost(zigzag, code: code, slot: self[predicted], predicted: true)
            // The predicted reference is taken as it is when the frame is within its usual noise and has its top
            // path (most frames); otherwise the cheapest of the four.
            let usual = zigzag &>> self[predicted].parameter < 2 && code == self[predicted].code
            for candidate in 0..<4 where !usual && candidate != predicted {
                let slot = self[candidate]
                let candidateZigzag = Self.zigzag(duration, from: slot.reference)
                let candidateCost = Self.cost(candidateZigzag, code: code, slot: slot, predicted: predicted == candidate)
                if candidateCost < best || (candidateCost == best && candidate < chosen) {
                    best = candidateCost
                    chosen = candidate
                    zigzag = candidateZigzag
                }
            }
            if chosen == predicted {
                writer.write(0, 1)
            } else {
                writer.write(1 | UInt64(chosen) &<< 1, 3)
            }
            let slot = self[chosen]
            let k = slot.parameter
            let quotient = zigzag &>> k
            if quotient < Self.unaryLimit {
                // `quotient` ones and a zero, then the low k bits.
                writer.write((1 &<< quotient) &- 1, Int(quotient) + 1)
                writer.write(k == 0 ? 0 : zigzag & ((1 &<< k) &- 1), Int(k))
            } else {
                let length = 64 &- zigzag.leadingZeroBitCount
                writer.write((1 &<< Self.unaryLimit) &- 1, Int(Self.unaryLimit))
                writer.write(UInt64(length &- 1), 6)
                // The bits below the leading one.
                writer.write(length == 1 ? 0 : zigzag & ((1 &<< UInt64(length &- 1)) &- 1), length &- 1)
            }
            if code == slot.code {
                writer.write(0, 1)
            } else if code < 255 {
                writer.write(1 | UInt64(code) &<< 1, 9)
            } else {
                writer.write(1 | 255 &<< 1, 9)
                writer.write(UInt64(truncatingIfNeeded: code), 32)
            }
            update(chosen, duration, zigzag: zigzag, code: code)
        }

        @inline(__always)
        mutating func update(_ chosen: Int, _ duration: UInt64, zigzag: UInt64, code: Int64) {
            var slot = self[chosen]
            // The reference moves a quarter of the way to the frame: nearer the cluster's centre than the last
            // frame, so that the clock's noise is coded once, not twice.
            slot.reference = slot.count > 1
                ? slot.reference &+ UInt64(bitPattern: Int64(bitPattern: duration &- slot.reference) >> 2) : duration
            slot.code = code
            slot.sum &+= min(zigzag, Self.largestCounted)
            slot.count &+= 1
            if slot.count == Self.window {
                slot.sum &>>= 1
                slot.count &>>= 1
            }
            let mean = slot.sum / slot.count
            slot.parameter = mean == 0 ? 0 : UInt64(63 &- mean.leadingZeroBitCount)
            if chosen == previous {
                slot.follower = chosen
            } else {
                self[previous].follower = chosen
            }
            self[chosen] = slot
            previous = chosen
        }
    }
}

extension FrameStream.Bits {
    /// Decodes the next frame with `coder`.
    @inline(__always)
    fileprivate mutating func decode(_ coder: inout FrameStream.Coder) -> (durationNs: UInt64, code: Int) {
        let chosen = read(1) == 0 ? coder.predicted : Int(read(2))
        let slot = coder[chosen]
        let k = slot.parameter
        // The unary part: the ones before the first zero, up to the limit.
        let ones = UInt64(ones(upTo: Int(FrameStream.Coder.unaryLimit)))
        let zigzag: UInt64
        if ones < FrameStream.Coder.unaryLimit {
            skip(Int(ones) + 1)
            zigzag = ones &<< k | read(Int(k))
        } else {
            skip(Int(FrameStream.Coder.unaryLimit))
            let length = Int(read(6)) + 1
            zigzag = 1 &<< UInt64(length &- 1) | read(length &- 1)
        }
        let difference = Int64(bitPattern: zigzag &>> 1) ^ -Int64(bitPattern: zigzag & 1)
        let duration = slot.reference &+ UInt64(bitPattern: difference)
        var code = slot.code
        if read(1) == 1 {
            code = Int64(read(8))
            if code == 255 { code = Int64(read(32)) }
        }
        coder.update(chosen, duration, zigzag: zigzag, code: code)
        return (duration, Int(code))
    }
}
