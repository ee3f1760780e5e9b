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
    // otherwise); read by any thread. The decoded block is the one state reads change, under `lock`.

    /// Frames per block.
    static let blockFrames = 1024
    /// 64-bit words per chunk: 64 KiB.
    static let chunkWords = 8192

    private(set) var count = 0
    /// The chunks, each `chunkWords` words, zeroed when allocated: bits are or-ed in.
    private var chunks: [UnsafeMutablePointer<UInt64>] = []
    /// The bit where each block begins.
    private var blockStarts: [Int] = []
    private var bitCount = 0
    private var coder = Coder()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// The block ``decoded`` holds, or −1.
    private var decodedBlock = -1
    private var decodedDurations: UnsafeMutablePointer<UInt64>?
    private var decodedCodes: UnsafeMutablePointer<Int>?

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
        decodedDurations?.deallocate()
        decodedCodes?.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// A stream with the same frames, to append to without changing this one.
    func copy() -> FrameStream {
        let copy = FrameStream()
        copy.count = count
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

    /// The bits the frames take, without the chunks' unused room.
    var encodedBits: Int { bitCount }

    /// The bytes held: chunks, block index and the decoded block.
    var storageBytes: Int {
        chunks.count * Self.chunkWords * 8 + blockStarts.capacity * 8 + chunks.capacity * 8
            + (decodedDurations == nil ? 0 : Self.blockFrames * 16)
    }

    /// Appends a frame of `durationNs` whose top path's code is `code` (0: none).
    func append(durationNs: UInt64, code: Int) {
        var state = coder
        if count % Self.blockFrames == 0 {
            blockStarts.append(bitCount)
            state = Coder()
        }
        var writer = Writer(stream: self)
        state.encode(durationNs, code: code, to: &writer)
        coder = state
        bitCount = writer.position
        count += 1
    }

    /// The duration and top-path code of frame `position`.
    func frame(at position: Int) -> (durationNs: UInt64, code: Int) {
        precondition(position >= 0 && position < count, "frame \(position) of a log of \(count)")
        let block = position / Self.blockFrames
        let offset = position - block * Self.blockFrames
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if decodedBlock != block {
            let durations = decodedDurations ?? .allocate(capacity: Self.blockFrames)
            let codes = decodedCodes ?? .allocate(capacity: Self.blockFrames)
            decodedDurations = durations
            decodedCodes = codes
            var reader = Reader(stream: self, frame: block * Self.blockFrames)
            for index in 0..<min(Self.blockFrames, count - block * Self.blockFrames) {
                (durations[index], codes[index]) = reader.next()
            }
            decodedBlock = block
        }
        // Both set above when the block was decoded.
        return (decodedDurations.map { $0[offset] } ?? 0, decodedCodes.map { $0[offset] } ?? 0)
    }

    /// The word `index` of the stream; 0 past its chunks.
    @inline(__always)
    fileprivate func word(_ index: Int) -> UInt64 {
        let chunk = index / Self.chunkWords
        return chunk < chunks.count ? chunks[chunk][index % Self.chunkWords] : 0
    }

    /// Or-s `bits` into word `index`, allocating its chunk when it is new.
    @inline(__always)
    fileprivate func or(_ bits: UInt64, intoWord index: Int) {
        while index / Self.chunkWords >= chunks.count {
            let chunk = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.chunkWords)
            chunk.initialize(repeating: 0, count: Self.chunkWords)
            chunks.append(chunk)
        }
        chunks[index / Self.chunkWords][index % Self.chunkWords] |= bits
    }

    /// Frames read in order from `frame`.
    struct Reader {
        private let stream: FrameStream
        private var frame: Int
        private var position: Int
        private var coder = Coder()

        init(stream: FrameStream, frame: Int) {
            let block = frame / FrameStream.blockFrames
            self.stream = stream
            self.frame = block * FrameStream.blockFrames
            position = block < stream.blockStarts.count ? stream.blockStarts[block] : stream.bitCount
            while self.frame < frame { _ = next() }
        }

        /// The next frame; the caller reads no further than the stream's count.
        mutating func next() -> (durationNs: UInt64, code: Int) {
            var state = frame % FrameStream.blockFrames == 0 ? Coder() : coder
            frame += 1
            let decoded = state.decode(from: &self)
            coder = state
            return decoded
        }

        /// The next `count` bits (at most 64 − 6 … 64), as the low bits of the result.
        @inline(__always)
        mutating func read(_ count: Int) -> UInt64 {
            let bits = peek()
            position += count
            return count == 64 ? bits : bits & ((1 &<< UInt64(count)) &- 1)
        }

        /// The 64 bits from the current one (those past the stream's end read 0).
        @inline(__always)
        func peek() -> UInt64 {
            let index = position &>> 6
            let shift = UInt64(position & 63)
            let low = stream.word(index) &>> shift
            return shift == 0 ? low : low | stream.word(index + 1) &<< (64 &- shift)
        }

        @inline(__always)
        mutating func skip(_ count: Int) { position += count }
    }

    fileprivate struct Writer {
        let stream: FrameStream
        var position: Int

        init(stream: FrameStream) {
            self.stream = stream
            position = stream.bitCount
        }

        /// Appends the low `count` bits of `bits` (the others 0).
        @inline(__always)
        mutating func write(_ bits: UInt64, _ count: Int) {
            guard count > 0 else { return }
            let index = position &>> 6
            let shift = UInt64(position & 63)
            stream.or(bits &<< shift, intoWord: index)
            if shift != 0 && Int(shift) + count > 64 { stream.or(bits &>> (64 &- shift), intoWord: index + 1) }
            position += count
        }
    }

    /// The state both ends of the stream keep within a block: the four references, their differences' running
    /// magnitudes (for the Rice parameter) and their last top-path codes.
    fileprivate struct Coder {
        var references = SIMD4<UInt64>(repeating: 0)
        /// The sum of recent zigzag differences and their count, per reference: the Rice parameter is the
        /// binary logarithm of their mean. Both halve every ``window`` differences, so the parameter follows
        /// the noise of the moment.
        var sums = SIMD4<UInt64>(repeating: 1 << 10)
        var counts = SIMD4<UInt64>(repeating: 1)
        var codes = SIMD4<Int64>(repeating: 0)
        /// The reference each reference was last followed by, and the last one used: the next frame's
        /// reference is predicted to follow the last one as it did before (one bit when it does).
        var follows = SIMD4<Int64>(repeating: 0)
        var previous = 0

        static let window: UInt64 = 32
        /// Differences of `unaryLimit << k` or more are written as their length and bits.
        static let unaryLimit: UInt64 = 16
        /// A difference's share of a running sum, at most: a rare huge one does not blind the parameter.
        static let largestCounted: UInt64 = 1 << 40

        @inline(__always)
        func parameter(_ slot: Int) -> UInt64 {
            let mean = sums[slot] / counts[slot]
            return mean == 0 ? 0 : UInt64(63 &- mean.leadingZeroBitCount)
        }

        /// Bits the frame would take against reference `slot`.
        @inline(__always)
        func cost(_ zigzag: UInt64, code: Int64, slot: Int) -> UInt64 {
            let k = parameter(slot)
            let quotient = zigzag &>> k
            let duration = quotient < Self.unaryLimit ? quotient &+ 1 &+ k
                : Self.unaryLimit &+ 6 &+ UInt64(63 &- zigzag.leadingZeroBitCount)
            let predicted = Int(truncatingIfNeeded: follows[previous])
            return duration &+ (code == codes[slot] ? 1 : 9) &+ (slot == predicted ? 1 : 3)
        }

        @inline(__always)
        static func zigzag(_ value: UInt64, from reference: UInt64) -> UInt64 {
            let difference = Int64(bitPattern: value &- reference)
            return UInt64(bitPattern: (difference &<< 1) ^ (difference &>> 63))
        }

        mutating func encode(_ duration: UInt64, code: Int, to writer: inout Writer) {
            let code = Int64(code)
            var slot = 0
            var zigzag = Self.zigzag(duration, from: references[0])
            var best = cost(zigzag, code: code, slot: 0)
            for candidate in 1..<4 {
                let candidateZigzag = Self.zigzag(duration, from: references[candidate])
                let candidateCost = cost(candidateZigzag, code: code, slot: candidate)
                if candidateCost < best {
                    best = candidateCost
                    slot = candidate
                    zigzag = candidateZigzag
                }
            }
            if slot == Int(truncatingIfNeeded: follows[previous]) {
                writer.write(0, 1)
            } else {
                writer.write(1 | UInt64(slot) &<< 1, 3)
            }
            let k = parameter(slot)
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
            if code == codes[slot] {
                writer.write(0, 1)
            } else if code < 255 {
                writer.write(1 | UInt64(code) &<< 1, 9)
            } else {
                writer.write(1 | 255 &<< 1, 9)
                writer.write(UInt64(truncatingIfNeeded: code), 32)
            }
            update(slot, duration, zigzag: zigzag, code: code)
        }

        mutating func decode(from reader: inout Reader) -> (durationNs: UInt64, code: Int) {
            let slot = reader.read(1) == 0 ? Int(truncatingIfNeeded: follows[previous]) : Int(reader.read(2))
            let k = parameter(slot)
            // The unary part: the ones before the first zero, up to the limit.
            let ones = UInt64((~reader.peek()).trailingZeroBitCount)
            let zigzag: UInt64
            if ones < Self.unaryLimit {
                reader.skip(Int(ones) + 1)
                zigzag = ones &<< k | reader.read(Int(k))
            } else {
                reader.skip(Int(Self.unaryLimit))
                let length = Int(reader.read(6)) + 1
                zigzag = 1 &<< UInt64(length &- 1) | reader.read(length &- 1)
            }
            let difference = Int64(bitPattern: zigzag &>> 1) ^ -Int64(bitPattern: zigzag & 1)
            let duration = references[slot] &+ UInt64(bitPattern: difference)
            var code = codes[slot]
            if reader.read(1) == 1 {
                code = Int64(reader.read(8))
                if code == 255 { code = Int64(reader.read(32)) }
            }
            update(slot, duration, zigzag: zigzag, code: code)
            return (duration, Int(code))
        }

        @inline(__always)
        private mutating func update(_ slot: Int, _ duration: UInt64, zigzag: UInt64, code: Int64) {
            // The reference moves a quarter of the way to the frame: nearer the cluster's centre than the last
            // frame, so that the clock's noise is coded once, not twice.
            references[slot] = counts[slot] > 1
                ? references[slot] &+ UInt64(bitPattern: Int64(bitPattern: duration &- references[slot]) >> 2) : duration
            codes[slot] = code
            follows[previous] = Int64(slot)
            previous = slot
            sums[slot] &+= min(zigzag, Self.largestCounted)
            counts[slot] &+= 1
            if counts[slot] == Self.window {
                sums[slot] &>>= 1
                counts[slot] &>>= 1
            }
        }
    }
}
