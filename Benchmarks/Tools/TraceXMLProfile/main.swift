// Reads one trace once with Reel's reader and prints the number of events and a digest of every event's
// time, values, line and column: a small, deterministic program for `valgrind --tool=callgrind` (repeatable
// instruction counts on a shared machine, where wall-clock times are not) and for checking that a change
// to the reader leaves the model it builds exactly as it was.
//
//   swift build -c release --product TraceXMLProfile
//   valgrind --tool=callgrind .build/release/TraceXMLProfile "$TMPDIR/reel-tracexml-bench/trace-10MB.xml"
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceXML

/// FNV-1a over 64-bit words.
struct Digest {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01B3 }
    mutating func add(_ number: Double) { add(number.bitPattern) }
    mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }
    mutating func add(_ text: String) { for byte in text.utf8 { add(UInt64(byte)) } }
    mutating func add(_ point: Point) { add(point.x); add(point.y) }
}

func digest(of event: TraceEvent, into digest: inout Digest) {
    digest.add(event.time)
    digest.add(event.location?.line ?? -1)
    digest.add(event.location?.column ?? -1)
    digest.add(event.kind.elementName)
    switch event.kind {
    case .scroll(let offset): digest.add(offset)
    case .tap(let location): digest.add(location)
    case .drag(let phase, let location, let velocity):
        digest.add(phase.rawValue)
        digest.add(location)
        if let velocity { digest.add(velocity) }
    case .batch(let update):
        digest.add(update.duration)
        for count in update.countsAfter ?? [] { digest.add(count) }
        for operation in update.operations {
            digest.add(operation.elementName)
            switch operation {
            case .deleteItems(let section, let items), .reloadItems(let section, let items):
                digest.add(section)
                for item in items { digest.add(item) }
            case .insertItems(let section, let items, let sizes):
                digest.add(section)
                for item in items { digest.add(item) }
                for size in sizes ?? [] { digest.add(size.width); digest.add(size.height) }
            case .moveItem(let from, let to):
                for value in [from.section, from.item, to.section, to.item] { digest.add(value) }
            case .insertSection(let a, let b), .reloadSection(let a, let b), .moveSection(let a, let b):
                digest.add(a)
                digest.add(b)
            case .deleteSection(let at):
                digest.add(at)
            }
        }
    default:
        digest.add(String(describing: event.kind))
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: TraceXMLProfile TRACE.xml")
    exit(64)
}
do {
    let reader = try TraceReader(path: arguments[1])
    var events = 0
    var result = Digest()
    while let event = try reader.next() {
        events += 1
        digest(of: event, into: &result)
    }
    print("\(events) events, digest \(String(result.value, radix: 16))")
} catch {
    print(error)
    exit(1)
}
