internal import CLibXML2
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Maps libxml2's interned name pointers to ``XMLName``: an open-addressing table on the pointer's bits,
/// cheaper than `Dictionary`'s seeded hashing on the reader's hottest path.
final class NameTable {
    private static let capacityBits = 9
    private static let capacity = 1 << capacityBits
    private let keys = UnsafeMutablePointer<UInt>.allocate(capacity: NameTable.capacity)
    private let values = UnsafeMutablePointer<XMLName?>.allocate(capacity: NameTable.capacity)

    init() {
        keys.initialize(repeating: 0, count: NameTable.capacity)
        values.initialize(repeating: nil, count: NameTable.capacity)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// Fibonacci hashing: the multiplication spreads every bit of the pointer into the top bits, so the
    /// names libxml2's dictionary hands out (close together, with equal low bits) do not cluster.
    @inline(__always)
    private static func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - capacityBits))
    }

    func insert(_ pointer: UnsafeRawPointer, _ name: XMLName) {
        let key = UInt(bitPattern: pointer)
        var i = NameTable.slot(key)
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & (NameTable.capacity - 1) }
        keys[i] = key
        values[i] = name
    }

    @inline(__always)
    subscript(pointer: UnsafeRawPointer) -> XMLName? {
        let key = UInt(bitPattern: pointer)
        var i = NameTable.slot(key)
        while keys[i] != 0 {
            if keys[i] == key { return values[i] }
            i = (i + 1) & (NameTable.capacity - 1)
        }
        return nil
    }
}

/// `strlen` from the C library (vectorized), for attribute values.
func cStringLength(_ pointer: UnsafePointer<CChar>) -> Int { strlen(pointer) }

/// `strtod` in the C locale on a copy of `bytes` with a terminating NUL (a list's tokens are not
/// NUL-terminated); `nil` if the whole text is not consumed.
func cLocaleStrtod(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer -> Double? in
        guard let base = buffer.baseAddress else { return nil }
        for i in 0..<bytes.count { base[i] = CChar(bitPattern: bytes[i]) }
        base[bytes.count] = 0
        var end: UnsafeMutablePointer<CChar>?
        let value = reel_strtod_c(base, &end)
        guard end == base + bytes.count else { return nil }
        return value
    }
}
