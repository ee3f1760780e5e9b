#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Tells, without a system call, whether the kernel has taken the CPU away from the current thread since
/// the detector was armed on it: a preemption, a blocking call, a signal or a move to another CPU.
///
/// It uses the thread's restartable-sequences area (`rseq(2)`), which glibc (2.35 and later) registers for
/// every thread. Arming stores the address of a critical-section descriptor in the area's `rseq_cs` field;
/// the kernel, whenever it preempts the thread or delivers it a signal outside that section, sets the field
/// back to zero before the thread runs again (the documented ABI of `linux/rseq.h`). The descriptor's
/// section is empty, so no instruction of ours is ever restarted: the field is only a flag the kernel
/// lowers. Each detector owns its own descriptor, so two detectors on one thread never take each other's
/// flag for their own: arming one disarms the other, which is conservative.
///
/// Available on Linux on x86-64 with glibc's registration in place; ``make()`` returns `nil` elsewhere,
/// and ``ThreadCPUClock`` then reads the kernel's clock on every read. Its owner calls ``release()`` when done.
struct PreemptionDetector {
    /// This detector's descriptor: the value `rseq_cs` holds while armed.
    private let descriptor: UInt64
    /// The byte offset of the `rseq` area from the thread pointer.
    private let areaOffset: Int

    /// A detector, when the platform has restartable sequences registered for this thread.
    static func make() -> PreemptionDetector? {
        #if os(Linux) && arch(x86_64)
        guard let offset = Self.areaOffset else { return nil }
        let area = Self.area(pthread_self(), offset)
        // cpu_id is -1 before registration and -2 when it failed.
        guard area.load(fromByteOffset: 4, as: Int32.self) >= 0 else { return nil }
        return PreemptionDetector(descriptor: DescriptorPool.take(), areaOffset: offset)
        #else
        return nil
        #endif
    }

    private init(descriptor: UInt64, areaOffset: Int) {
        self.descriptor = descriptor
        self.areaOffset = areaOffset
    }

    /// Gives the descriptor back for another detector; the owner calls it once, when it is done with the
    /// detector.
    func release() {
        DescriptorPool.give(descriptor)
    }

    /// Arms the detector on `thread`, which must be the current thread (`pthread_self()`), and returns the
    /// thread's flag for ``isArmed(_:)``.
    func arm(on thread: pthread_t) -> Flag {
        let area = Self.area(thread, areaOffset)
        area.storeBytes(of: descriptor, toByteOffset: Self.descriptorField, as: UInt64.self)
        return Flag(area: area, descriptor: descriptor)
    }

    /// A thread's flag as this detector armed it.
    struct Flag {
        fileprivate let area: UnsafeMutableRawPointer
        /// The value the armed flag holds: the detector's descriptor.
        let descriptor: UInt64

        /// Whether the thread has run without interruption since the flag was armed. Read it only on that
        /// thread.
        var isArmed: Bool { word.pointee == descriptor }

        /// The word the kernel clears: it holds ``descriptor`` while the flag is armed, and storing
        /// ``descriptor`` into it arms the flag again.
        var word: UnsafeMutablePointer<UInt64> {
            (area + PreemptionDetector.descriptorField).assumingMemoryBound(to: UInt64.self)
        }
    }

    /// The `rseq_cs` field's offset in `struct rseq`.
    fileprivate static let descriptorField = 8

    /// The current thread's `rseq` area: glibc's thread pointer, which `pthread_self()` is on x86-64, plus
    /// `__rseq_offset`.
    private static func area(_ thread: pthread_t, _ offset: Int) -> UnsafeMutableRawPointer {
        // The thread pointer is never null and the area lies inside the thread's control block.
        UnsafeMutableRawPointer(bitPattern: UInt(thread) &+ UInt(bitPattern: offset)).unsafelyUnwrapped
    }

    /// glibc's `__rseq_offset` when its `__rseq_size` says the area is registered.
    private static let areaOffset: Int? = {
        #if os(Linux)
        guard let size = dlsym(nil, "__rseq_size"), let offset = dlsym(nil, "__rseq_offset"),
              size.load(as: UInt32.self) >= 20
        else { return nil }
        return offset.load(as: Int.self)
        #else
        return nil
        #endif
    }()
}

/// The critical-section descriptors detectors arm with: allocated once and never freed, because the kernel
/// reads the descriptor a thread's `rseq_cs` names at any later preemption, even after its detector is gone.
private enum DescriptorPool {
    /// Descriptors no live detector owns, by address.
    private static let free = Mutex<[UInt]>([])

    /// The signature the kernel expects in the four bytes before a section's abort address (x86-64).
    private static let signature: UInt32 = 0x5305_3053

    static func take() -> UInt64 {
        if let reused = free.withLock({ $0.popLast() }) { return UInt64(reused) }
        // struct rseq_cs { u32 version; u32 flags; u64 start_ip; u64 post_commit_offset; u64 abort_ip; },
        // 32-byte aligned, followed by the signature and the (never reached) abort address.
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 32)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        let abort = UInt64(UInt(bitPattern: memory) + 36)
        memory.storeBytes(of: signature, toByteOffset: 32, as: UInt32.self)
        memory.storeBytes(of: abort, toByteOffset: 8, as: UInt64.self)    // start_ip: an empty section
        memory.storeBytes(of: 0, toByteOffset: 16, as: UInt64.self)       // post_commit_offset
        memory.storeBytes(of: abort, toByteOffset: 24, as: UInt64.self)   // abort_ip
        return UInt64(UInt(bitPattern: memory))
    }

    static func give(_ descriptor: UInt64) {
        free.withLock { $0.append(UInt(descriptor)) }
    }
}
