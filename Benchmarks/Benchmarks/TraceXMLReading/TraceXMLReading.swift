// Reading a generated trace with Reel's reader, with Foundation's XMLParser and with
// `xmllint --stream --noout`, on the same files in one run; and Reel's peak memory at 10 MB and 100 MB;
// and `TraceValidator.validate` (what `reel validate` checks before the engine) on the 100 MB file; and the
// whole of `reel validate` (`TraceChecker.validate`) on a valid recorded hour.
import Benchmark
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Replay
import TraceXML

/// Records (once) a session like `reel record --scenario browse --items 1000000 --duration 3600`: an hour of
/// browsing a flow layout of 1,000,000 items at 60 Hz, about 14 MB and 216,000 frames, valid.
func recordedHour() -> String {
    let directory = NSTemporaryDirectory() + "reel-tracexml-bench"
    let path = directory + "/browse-hour.xml"
    if FileManager.default.fileExists(atPath: path) { return path }
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let header = TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                                 layout: LayoutDescription(name: "flow"), sections: [SectionDescription(items: 1_000_000)])
        try Scenario(name: .browse, header: header, duration: 3600, seed: 1).record(to: path + ".partial")
        try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
    } catch {
        print("cannot record \(path): \(error)")
    }
    return path
}

/// Writes (once) a realistic trace of about `megabytes` MB: a scroll per frame, drags, taps and batches.
func generatedTrace(megabytes: Int) -> String {
    let directory = NSTemporaryDirectory() + "reel-tracexml-bench"
    let path = directory + "/trace-\(megabytes)MB.xml"
    let target = megabytes * 1_000_000
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size >= target {
        return path
    }
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let header = TraceHeader(
            meta: [MetaEntry(key: "source", value: "TraceXMLReading benchmark")],
            collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
            layout: LayoutDescription(name: "flow", parameters: [.init(name: "item-size", value: "100 100")]),
            sections: [SectionDescription(items: 10_000)],
            workload: Workload(cells: [.init(reuseIdentifier: "cell", costs: .init(create: 0.8, configure: 0.25))]))
        let writer = try TraceWriter(path: path + ".partial", header: header)
        var frame = 0
        var offset = 0.0
        var written = 0
        while written < target {
            frame += 1
            let t = Double(frame) / 60
            offset += Double(frame % 97) / 4
            let event: TraceEvent
            switch frame % 50 {
            case 0: event = TraceEvent(time: t, .drag(phase: .ended, location: Point(x: 200, y: 420),
                                                       velocity: Point(x: 0, y: -2400.5)))
            case 10: event = TraceEvent(time: t, .tap(location: Point(x: 120, y: 300)))
            case 20: event = TraceEvent(time: t, .batch(BatchUpdate(countsAfter: [10_000], operations: [
                .deleteItems(section: 0, items: [5]), .insertItems(section: 0, items: [0], sizes: [Size(width: 100, height: 100)]),
            ])))
            default: event = TraceEvent(time: t, .scroll(offset: Point(x: 0, y: offset)))
            }
            try writer.write(event)
            written += event.kind.elementName == "scroll" ? 48 : 90
        }
        try writer.finish()
        try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
    } catch {
        print("cannot generate \(path): \(error)")
    }
    return path
}

final class CountingDelegate: NSObject, XMLParserDelegate {
    var elements = 0
    var attributes = 0
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements += 1
        attributes += attributeDict.count
    }
}

/// Large data: 1,000,000 items with their own sizes (written as `<item-sizes>` chunks) and
/// 9,000,000 items in runs of about 1,000 equal sizes, the 10,000,000 items a trace may hold.
func sizedHeader() -> TraceHeader {
    var state: UInt64 = 15
    func next(_ range: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(range))
    }
    var own = TraceSizeList()
    for _ in 0..<1_000_000 {
        own.append(Size(width: Double(40 + 2 * next(81)), height: Double(40 + 2 * next(81))))
    }
    var runs = TraceSizeList()
    while runs.count < 9_000_000 {
        runs.append(Size(width: Double(40 + 2 * next(81)), height: 50), count: min(1 + next(1_999), 9_000_000 - runs.count))
    }
    return TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                       layout: LayoutDescription(name: "flow"),
                       sections: [SectionDescription(items: own.count, itemSizes: own),
                                  SectionDescription(items: runs.count, itemSizes: runs)])
}

let benchmarks: @Sendable () -> Void = {
    let sized = sizedHeader()
    let sizedBytes = (try? TraceWriter.encode(Trace(header: sized, events: []))) ?? []
    let sizesConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 5)
    Benchmark("TraceXML.write.10M-items-sizes", configuration: sizesConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try TraceWriter.encode(Trace(header: sized, events: [])).count)
            } catch {
                benchmark.error("writing the sized trace: \(error)")
            }
        }
    }
    Benchmark("TraceXML.read.10M-items-sizes", configuration: sizesConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                let trace = try Trace(bytes: sizedBytes, path: "sized.xml")
                guard trace.header == sized else { return benchmark.error("the sized trace read back different") }
                blackHole(trace)
            } catch {
                benchmark.error("reading the sized trace: \(error)")
            }
        }
    }

    let small = generatedTrace(megabytes: 10)
    let large = generatedTrace(megabytes: 100)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(60), maxIterations: 3)

    for (name, path) in [("10MB", small), ("100MB", large)] {
        Benchmark("TraceXML.read.\(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                do {
                    let reader = try TraceReader(path: path)
                    var events = 0
                    while try reader.next() != nil { events += 1 }
                    blackHole(events)
                } catch {
                    benchmark.error("reading \(path): \(error)")
                }
            }
        }
    }

    // `reel validate`'s schema and reader checks (`TraceValidator.validate`) on the same 100 MB trace, which
    // is valid: any finding is an error of the benchmark.
    Benchmark("TraceXML.validate.100MB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let findings = TraceValidator.validate(path: large)
            if !findings.isEmpty { benchmark.error("validate found \(findings.map(\.description))") }
            blackHole(findings)
        }
    }

    // The whole of `reel validate` — schema, reader, trace rules and the engine's checks — on a valid recorded
    // hour: any finding is an error of the benchmark.
    let hour = recordedHour()
    Benchmark("Replay.TraceChecker.validate.hour", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let findings = TraceChecker.validate(path: hour)
            if !findings.isEmpty { benchmark.error("validate found \(findings.map(\.description))") }
            blackHole(findings)
        }
    }

    // The same read tolerating a cut-off end (as `reel validate` reads), with and without the schema checker.
    Benchmark("TraceXML.read.tolerant.100MB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                let reader = try TraceReader(path: large, options: .init(allowsTruncation: true))
                var events = 0
                while try reader.next() != nil { events += 1 }
                blackHole(events)
            } catch {
                benchmark.error("reading \(large): \(error)")
            }
        }
    }

    Benchmark("XMLParser.read.100MB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            guard let stream = InputStream(fileAtPath: large) else {
                benchmark.error("cannot open \(large)")
                return
            }
            let parser = XMLParser(stream: stream)
            let delegate = CountingDelegate()
            parser.delegate = delegate
            guard parser.parse() else {
                benchmark.error("XMLParser failed: \(String(describing: parser.parserError))")
                return
            }
            blackHole(delegate.elements + delegate.attributes)
        }
    }

    Benchmark("xmllint.stream.100MB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
            process.arguments = ["--stream", "--noout", large]
            do {
                try process.run()
                process.waitUntilExit()
            } catch {
                benchmark.error("cannot run xmllint (apt-get install libxml2-utils): \(error)")
                return
            }
            guard process.terminationStatus == 0 else {
                benchmark.error("xmllint exited with \(process.terminationStatus)")
                return
            }
        }
    }
}
