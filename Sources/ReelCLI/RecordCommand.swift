import ArgumentParser
import Replay
import TraceXML

/// `reel record`: synthesize a realistic session with a simulated user and record it.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a session by driving the engine with a simulated user.",
        discussion: "The same scenario, options and seed always give the same trace, byte for byte.")

    @Option(help: "The simulated user.")
    var scenario: ScenarioName

    @Option(help: "The layout to record with (see `reel layouts`).")
    var layout = "flow"

    @Option(name: .customLong("parameter"), help: ArgumentHelp("A layout parameter, repeatable.", valueName: "name=value"))
    var parameters: [String] = []

    @Option(parsing: .unconditional, help: "The collection view's width, in points (1–100,000).")
    var width = 390.0

    @Option(parsing: .unconditional, help: "The collection view's height, in points (1–100,000).")
    var height = 844.0

    @Option(name: .customLong("refresh-rate"), parsing: .unconditional, help: ArgumentHelp("Frames per second (1–240).", valueName: "hz"))
    var refreshRate = 60.0

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

    @Option(name: .customLong("reuse-identifier"), help: "The cells' reuse identifier.")
    var reuseIdentifier = "cell"

    @Option(help: ArgumentHelp("Costs of cells with a reuse identifier, in ms, repeatable.", valueName: "id=create,configure,prepare-for-reuse"))
    var workload: [String] = []

    @Option(name: .customLong("supplementary-workload"), help: ArgumentHelp("Costs of supplementary views of a kind, in ms, repeatable.", valueName: "kind=create,configure,prepare-for-reuse"))
    var supplementaryWorkload: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of user activity (more than 0, up to 86,400, and at most 10,368,000 frames).", valueName: "seconds"))
    var duration = 60.0

    @Option(parsing: .unconditional, help: "The seed of the user's choices and of the data.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace: a file, replaced atomically at the end (a crash leaves the previous one), a device or FIFO written in place, or - for standard output.", valueName: "path"))
    var output: String

    func run() throws {
        try checkOutputs([output], writing: "the trace")
        var setup = RecordingSetup()
        setup.layout = layout
        setup.parameters = try parameters.map { try Self.pair($0, "--parameter", separator: "=") }
        setup.width = width
        setup.height = height
        setup.refreshRate = refreshRate
        setup.sections = sections ?? 1
        setup.items = try Self.count(items)
        setup.isPagingEnabled = paging
        setup.isPrefetchingEnabled = !noPrefetching
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
        let scenario = Scenario(name: scenario, header: setup.header(seed: seed), duration: duration, seed: seed)
        do throws(ReplayError) {
            try scenario.record(to: output, registry: Reel.layouts)
        } catch {
            StandardError.line(error.description)
            throw ExitCode(1)
        }
    }

    func validate() throws {
        try OptionRange.viewLength("--width").check(width)
        try OptionRange.viewLength("--height").check(height)
        try OptionRange.refreshRate().check(refreshRate)
        try OptionRange.time("--duration").check(duration)
        guard duration > 0 else { throw ValidationError("--duration must be more than 0 seconds, not '\(TraceNumber.format(duration))'") }
        let frames = (duration * refreshRate).rounded(.up)
        guard frames <= Double(TraceLimits.frames) else {
            throw ValidationError("--duration \(TraceNumber.format(duration)) s at --refresh-rate \(TraceNumber.format(refreshRate)) Hz "
                                  + "is \(OptionRange.format(frames)) frames; a session has at most "
                                  + "\(OptionRange.format(Double(TraceLimits.frames))) (24 hours at 120 Hz)")
        }
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

    private static func costs(_ text: String, _ option: String) throws -> Workload.Costs {
        let values = text.split(separator: ",").map { Double($0) }
        guard values.count == 3, values.allSatisfy({ $0.map { TraceLimits.cost.contains($0) } ?? false }),
              let create = values[0], let configure = values[1], let recycle = values[2] else {
            throw ValidationError("\(option) costs must be three milliseconds, create,configure,prepare-for-reuse, "
                                  + "each from 0 to 1,000 ms (one view's cost), not '\(text)'")
        }
        return Workload.Costs(create: create, configure: configure, prepareForReuse: recycle)
    }
}
