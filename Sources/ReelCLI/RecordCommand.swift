import ArgumentParser
import Replay
import TraceXML

/// `reel record`: synthesize a realistic session with a simulated user and record it.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a session by driving the engine with a simulated user.",
        discussion: "The same scenario, options and seed always give the same trace, byte for byte.")

    @Option(help: ArgumentHelp("The simulated user: " + ScenarioName.allCases.map(\.rawValue).joined(separator: ", ")
                               + "; one that cannot record a meaningful session with the view, layout and data given says what it needs.",
                               valueName: "scenario"),
            transform: ScenarioName.parsed)
    var scenario: ScenarioName

    @Option(name: .customLong("layout"), help: ArgumentHelp("The layout to record with (see `reel layouts`); by default the scenario's app's: flow, or the catalogue layout its app was written for.",
                               valueName: "name"))
    var layoutName: String?

    /// The layout to record with: the one named, or the scenario's app's.
    private var layout: String { layoutName ?? scenario.appLayout }

    @Option(name: .customLong("layout-from"), help: ArgumentHelp("Record with this trace's <layout>: its parameters (which --parameter overrides) and the elements inside it (a compositional layout's sections, groups and items); its layout must be --layout's.",
                                                               valueName: "trace"))
    var layoutFrom: String?

    /// `--layout-from`'s `<layout>`, or `nil`.
    private func layoutFromTrace() throws -> LayoutDescription? {
        guard let layoutFrom else { return nil }
        let header: TraceHeader
        do {
            header = try TraceReader(path: layoutFrom).header
        } catch {
            throw ValidationError("--layout-from: \(error.message)")
        }
        guard header.layout.name == layout else {
            throw ValidationError("--layout-from '\(layoutFrom)' describes layout '\(header.layout.name)', not '\(layout)' (--layout)")
        }
        return header.layout
    }

    /// The layout's parameters: `--layout-from`'s, then `--parameter`'s in their place or after them.
    private func layoutParameters() throws -> [(String, String)] {
        var given = try layoutFromTrace()?.parameters.map { ($0.name, $0.value) } ?? []
        for entry in parameters {
            let (name, value) = try Self.pair(entry, "--parameter", separator: "=")
            if let index = given.firstIndex(where: { $0.0 == name }) { given[index].1 = value } else { given.append((name, value)) }
        }
        return given
    }

    @Option(name: .customLong("parameter"), help: ArgumentHelp("A layout parameter, repeatable, in the range the layout declares (see `reel layouts`).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(parsing: .unconditional, help: "The collection view's width, in points (1–100,000).")
    var width = 390.0

    @Option(parsing: .unconditional, help: "The collection view's height, in points (1–100,000).")
    var height = 844.0

    @Option(name: .customLong("refresh-rate"), parsing: .unconditional, help: ArgumentHelp("Frames per second (1–240).", valueName: "hz"))
    var refreshRate = 60.0

    @Option(name: .customLong("frame-intervals"), help: ArgumentHelp("Every frame's own interval, as a display whose rate changes gives them (a ProMotion screen): 'MS*COUNT …' runs, such as '8.333*600 16.667*120'; frames past the list repeat its last interval.", valueName: "ms*count …"))
    var frameIntervals: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The iOS version the session runs on (13–26): a non-animated snapshot apply diffs from iOS 15 on and reloads the data before.", valueName: "n"))
    var ios = CollectionViewConfiguration.defaultIOSVersion

    @Option(parsing: .unconditional, help: ArgumentHelp("Sections of data (0–100,000; default: 1, or the number of counts --items lists).", valueName: "n"))
    var sections: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Items per section: a count, MIN-MAX to draw each section's from the seed, or each section's count (N,N,…, which sets the sections); 10,000,000 items in all at most.", valueName: "n|min-max|n,n,…"))
    var items = "1000"

    @Option(name: .customLong("item-sizes"), parsing: .unconditional, help: ArgumentHelp("Give every item its own size: \"W H\", each a number or MIN-MAX drawn from the seed (0–100,000 points).", valueName: "w h"))
    var itemSizes: String?

    @Flag(help: "The collection view pages (paging=\"true\").")
    var paging = false

    @Flag(name: .customLong("no-prefetching"), help: "The collection view does not prefetch (prefetching=\"false\"), as before iOS 10: every cell is prepared in the frame that shows it.")
    var noPrefetching = false

    @Flag(name: .customLong("no-bounces"), help: "The collection view does not bounce (bounces=\"false\"): the content stops at its edges, where a drag past them would rubber-band and a fling bounce back.")
    var noBounces = false

    @Option(name: .customLong("reuse-identifier"), help: "The cells' reuse identifier.")
    var reuseIdentifier = "cell"

    @Option(help: ArgumentHelp("Costs of the cells (their --reuse-identifier), each from 0 to 1,000 ms; a fourth is the cost of measuring a self-sizing cell.", valueName: "id=create,configure,prepare-for-reuse[,measure]"))
    var workload: [String] = []

    @Option(name: .customLong("supplementary-workload"), help: ArgumentHelp("Costs of supplementary views of a kind, each from 0 to 1,000 ms, repeatable; a fourth is the cost of measuring a self-sizing view.", valueName: "kind=create,configure,prepare-for-reuse[,measure]"))
    var supplementaryWorkload: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of user activity (more than 0, up to 86,400; at most 10,368,000 frames with the minute a recording may run on while the content settles).", valueName: "seconds"))
    var duration = 60.0

    @Option(parsing: .unconditional, help: ArgumentHelp("The seed of the user's choices and of the data (0–18,446,744,073,709,551,615).",
                                                         valueName: "n"))
    var seed = "1"

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace: a file, replaced atomically at the end (a crash leaves the previous one), a device or FIFO written in place, or - for standard output.", valueName: "path"))
    var output: String

    func run() throws {
        try checkOutputs([output], writing: "the trace")
        let scenario = try makeScenario()
        let summary: Scenario.Summary
        do throws(ReplayError) {
            summary = try scenario.recordSummarized(to: output, registry: Reel.layouts).summary
        } catch {
            StandardError.line(error.description)
            throw ExitCode(1)
        }
        // The trace is the result; the summary is told beside it: on standard error when the trace goes to
        // standard output.
        let seconds = OptionRange.format((summary.seconds * 10).rounded() / 10)
        let line = "recorded \(scenario.name.rawValue) with layout \(layout): "
            + "\(OptionRange.format(Double(summary.frames))) frames (\(seconds) s), "
            + "\(OptionRange.format(Double(summary.events))) events, to \(output == "-" ? "standard output" : output)"
        if output == "-" {
            StandardError.line(line)
        } else {
            try emit(line + "\n", to: nil)
        }
    }

    /// The session the options describe.
    private func makeScenario() throws -> Scenario {
        var setup = RecordingSetup()
        setup.layout = layout
        setup.parameters = try layoutParameters()
        setup.layoutElements = try layoutFromTrace()?.children ?? []
        setup.width = width
        setup.height = height
        setup.refreshRate = refreshRate
        setup.sections = sections ?? 1
        setup.items = try Self.count(items)
        setup.isPagingEnabled = paging
        setup.isPrefetchingEnabled = !noPrefetching
        setup.bounces = !noBounces
        setup.frameIntervals = try frameIntervals.map(Self.intervals)
        setup.iosVersion = ios
        if scenario.appliesSnapshots { setup.itemIdentifierPrefix = scenario.itemIdentifierPrefix }
        if let itemSizes {
            let parts = itemSizes.split(separator: " ").map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("--item-sizes must be \"W H\" with each a number or MIN-MAX, not '\(itemSizes)'")
            }
            setup.itemSizes = (try Self.length(parts[0], "--item-sizes"), try Self.length(parts[1], "--item-sizes"))
        }
        setup.reuseIdentifier = reuseIdentifier
        setup.cellCosts = try workload.map { entry in
            let (identifier, costs) = try Self.pair(entry, "--workload", separator: "=")
            return (identifier, try Self.costs(costs, "--workload"))
        }
        setup.supplementaryCosts = try supplementaryWorkload.map { entry in
            let (kind, costs) = try Self.pair(entry, "--supplementary-workload", separator: "=")
            return (kind, try Self.costs(costs, "--supplementary-workload"))
        }
        let seed = try Self.seed(seed)
        return Scenario(name: scenario, header: setup.header(seed: seed), duration: duration, seed: seed)
    }

    func validate() throws {
        try OptionRange.viewLength("--width").check(width)
        try OptionRange.viewLength("--height").check(height)
        try OptionRange.refreshRate().check(refreshRate)
        try OptionRange.time("--duration").check(duration)
        guard duration > 0 else { throw ValidationError("--duration must be more than 0 seconds, not '\(TraceNumber.format(duration))'") }
        let frames = (duration * refreshRate).rounded(.up)
        let settling = (Scenario.settleSeconds * refreshRate).rounded(.up)
        guard frames + settling <= Double(TraceLimits.frames) else {
            let more = frames <= Double(TraceLimits.frames)
                ? ", and a recording runs up to a minute (\(OptionRange.format(settling)) frames) more while the content settles" : ""
            throw ValidationError("--duration \(TraceNumber.format(duration)) s at --refresh-rate \(TraceNumber.format(refreshRate)) Hz "
                                  + "is \(OptionRange.format(frames)) frames\(more); a session has at most "
                                  + "\(OptionRange.format(Double(TraceLimits.frames))) (24 hours at 120 Hz)")
        }
        _ = try Self.seed(seed)
        if let frameIntervals { _ = try Self.intervals(frameIntervals) }
        try OptionRange(option: "--ios", range: 13...26, unit: "", reason: "the iOS versions a trace describes").check(ios)
        if let sections {
            try OptionRange(option: "--sections", range: 0...Double(TraceLimits.sections), unit: "",
                            reason: "the most sections a collection view holds").check(sections)
        }
        try Self.checkItems(Self.count(items), sections: sections)
        if let itemSizes {
            let parts = itemSizes.split(separator: " ").map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("--item-sizes must be \"W H\" with each a number or MIN-MAX, not '\(itemSizes)'")
            }
            _ = try Self.length(parts[0], "--item-sizes")
            _ = try Self.length(parts[1], "--item-sizes")
        }
        for entry in workload { _ = try Self.costs(Self.pair(entry, "--workload", separator: "=").1, "--workload") }
        for entry in supplementaryWorkload {
            _ = try Self.costs(Self.pair(entry, "--supplementary-workload", separator: "=").1, "--supplementary-workload")
        }
        try Self.representable(reuseIdentifier, "--reuse-identifier")
        for entry in parameters { try Self.representable(entry, "--parameter") }
        for entry in workload { try Self.representable(entry, "--workload") }
        for entry in supplementaryWorkload { try Self.representable(entry, "--supplementary-workload") }
        try Self.once(workload, "--workload", "reuse identifier")
        try Self.once(supplementaryWorkload, "--supplementary-workload", "kind")
        if let unused = workload.first(where: { (try? Self.pair($0, "--workload", separator: "="))?.0 != reuseIdentifier }) {
            throw ValidationError("--workload '\(unused)' gives costs for cells whose reuse identifier no section uses; "
                                  + "the cells' reuse identifier is '\(reuseIdentifier)' (--reuse-identifier)")
        }
        try checkLayout()
        // What the simulated user needs from the view, the layout and the data, found by laying them out once.
        let scenario = try makeScenario()
        do throws(ScenarioRefusal) {
            try scenario.check(registry: Reel.layouts)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Refuses an unknown `--layout`, a `--parameter` given twice, and a parameter the layout does not
    /// declare or whose value is out of the range it declares, as a trace's would be.
    private func checkLayout() throws {
        let registry = Reel.layouts
        try Reel.checkLayoutName(layout)
        try Self.once(parameters, "--parameter", "parameter")
        let given = try layoutParameters()
        let elements = try layoutFromTrace()?.children ?? []
        do throws(ReplayError) {
            try registry.check(LayoutDescription(name: layout, parameters: given.map { .init(name: $0.0, value: $0.1) },
                                                 children: elements),
                               path: layoutFrom ?? "--parameter")
        } catch {
            throw ValidationError("--parameter: \(error.message)")
        }
    }

    /// Refuses two `NAME=VALUE` entries of `option` with one name.
    private static func once(_ entries: [String], _ option: String, _ noun: String) throws {
        var seen: Set<String> = []
        for entry in entries {
            let name = try pair(entry, option, separator: "=").0
            guard seen.insert(name).inserted else {
                throw ValidationError("\(option) gives \(noun) '\(name)' twice; give each once")
            }
        }
    }

    /// Refuses text a trace cannot hold: characters XML 1.0 cannot represent.
    private static func representable(_ text: String, _ option: String) throws {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            guard v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF) else {
                throw ValidationError("\(option) '\(text)' contains U+\(String(v, radix: 16, uppercase: true)), which a trace "
                                      + "(XML 1.0) cannot hold")
            }
        }
    }

    /// The seed: a whole number that fits in 64 bits without a sign.
    private static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("--seed must be a whole number from 0 to 18,446,744,073,709,551,615 (the seeds of "
                                  + "a 64-bit generator), not '\(text)'")
        }
        return seed
    }

    /// Refuses more items than ``TraceLimits/items`` in any section or in all, more sections than
    /// ``TraceLimits/sections``, and `--sections` that disagrees with an `--items N,N,…` list.
    private static func checkItems(_ count: RecordingSetup.Count, sections: Int?) throws {
        let limit = OptionRange.format(Double(TraceLimits.items))
        let sectionCount: Int, most: Int
        switch count {
        case .exactly(let n):
            (sectionCount, most) = (sections ?? 1, n)
        case .between(_, let high):
            (sectionCount, most) = (sections ?? 1, high)
        case .each(let counts):
            if let sections, sections != counts.count {
                throw ValidationError("--sections \(sections) disagrees with --items '\(counts.map(String.init).joined(separator: ","))', "
                                      + "which lists \(counts.count) section\(counts.count == 1 ? "" : "s"); give one of them, or as many counts as sections")
            }
            guard counts.count <= TraceLimits.sections else {
                throw ValidationError("--items lists \(counts.count) sections; a collection view holds at most "
                                      + "\(OptionRange.format(Double(TraceLimits.sections)))")
            }
            if let big = counts.first(where: { $0 > TraceLimits.items }) {
                throw ValidationError("--items must count at most \(limit) items in a section (the most a collection view holds), not \(big)")
            }
            let total = counts.reduce(0, +)
            guard total <= TraceLimits.items else {
                throw ValidationError("--items '\(counts.map(String.init).joined(separator: ","))' makes \(OptionRange.format(Double(total))) items "
                                      + "in all; a collection view holds at most \(limit)")
            }
            return
        }
        guard most <= TraceLimits.items else {
            throw ValidationError("--items must count at most \(limit) items in a section (the most a collection view holds), not \(most)")
        }
        let total = most.multipliedReportingOverflow(by: sectionCount)
        guard !total.overflow, total.partialValue <= TraceLimits.items else {
            throw ValidationError("--items \(most) in each of \(sectionCount) sections makes "
                                  + "\(total.overflow ? "more than \(limit)" : OptionRange.format(Double(total.partialValue))) "
                                  + "items in all; a collection view holds at most \(limit)")
        }
    }

    private static func pair(_ text: String, _ option: String, separator: Character) throws -> (String, String) {
        guard let split = text.firstIndex(of: separator), split != text.startIndex else {
            throw ValidationError("\(option) must be NAME\(separator)VALUE, not '\(text)'")
        }
        return (String(text[..<split]), String(text[text.index(after: split)...]))
    }

    private static func count(_ text: String) throws -> RecordingSetup.Count {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let n = Int(text), n >= 0 { return .exactly(n) }
        if text.contains(",") {
            let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            if counts.allSatisfy({ $0.map { $0 >= 0 } ?? false }) { return .each(counts.compactMap { $0 }) }
        }
        if parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), 0 <= low, low <= high {
            return .between(low, high)
        }
        throw ValidationError("--items must be a count, MIN-MAX or N,N,…, not '\(text)'")
    }

    private static func length(_ text: String, _ option: String) throws -> RecordingSetup.Length {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let range = TraceLimits.elementLength
        if parts.count == 1, let value = Double(text), range.contains(value) { return .exactly(value) }
        if parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), range.contains(low),
           range.contains(high), low <= high {
            return .between(low, high)
        }
        throw ValidationError("\(option) wants a number or MIN-MAX, each from 0 to 100,000 points (an item's "
                              + "width or height), not '\(text)'")
    }

    private static func intervals(_ text: String) throws -> FrameIntervals {
        do throws(FrameIntervals.SyntaxError) {
            return try FrameIntervals(parsing: text)
        } catch {
            throw ValidationError("--frame-intervals must be \(error.expectation), not '\(text)'")
        }
    }

    private static func costs(_ text: String, _ option: String) throws -> Workload.Costs {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard values.count == 3 || values.count == 4, values.allSatisfy({ $0.map { TraceLimits.cost.contains($0) } ?? false }),
              let create = values[0], let configure = values[1], let recycle = values[2] else {
            throw ValidationError("\(option) costs must be three or four milliseconds, "
                                  + "create,configure,prepare-for-reuse[,measure], each from 0 to 1,000 ms (one view's "
                                  + "cost), not '\(text)'")
        }
        return Workload.Costs(create: create, configure: configure, prepareForReuse: recycle,
                              measure: values.count == 4 ? values[3] ?? 0 : 0)
    }
}
