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

    @Option(help: "The collection view's width, in points.")
    var width = 390.0

    @Option(help: "The collection view's height, in points.")
    var height = 844.0

    @Option(name: .customLong("refresh-rate"), help: ArgumentHelp("Frames per second.", valueName: "hz"))
    var refreshRate = 60.0

    @Option(help: "Sections of data.")
    var sections = 1

    @Option(help: ArgumentHelp("Items per section: a count, MIN-MAX to draw each section's from the seed, or each section's count (N,N,…, which sets the sections).", valueName: "n|min-max|n,n,…"))
    var items = "1000"

    @Option(name: .customLong("item-sizes"), help: ArgumentHelp("Give every item its own size: \"W H\", each a number or MIN-MAX drawn from the seed.", valueName: "w h"))
    var itemSizes: String?

    @Flag(help: "The collection view pages (paging=\"true\").")
    var paging = false

    @Option(name: .customLong("reuse-identifier"), help: "The cells' reuse identifier.")
    var reuseIdentifier = "cell"

    @Option(help: ArgumentHelp("Costs of cells with a reuse identifier, in ms, repeatable.", valueName: "id=create,configure,prepare-for-reuse"))
    var workload: [String] = []

    @Option(name: .customLong("supplementary-workload"), help: ArgumentHelp("Costs of supplementary views of a kind, in ms, repeatable.", valueName: "kind=create,configure,prepare-for-reuse"))
    var supplementaryWorkload: [String] = []

    @Option(help: "Seconds of user activity.")
    var duration = 60.0

    @Option(help: "The seed of the user's choices and of the data.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace: a file, replaced atomically at the end (a crash leaves the previous one), a device or FIFO written in place, or - for standard output.", valueName: "path"))
    var output: String

    func run() throws {
        var setup = RecordingSetup()
        setup.layout = layout
        setup.parameters = try parameters.map { try Self.pair($0, "--parameter", separator: "=") }
        setup.width = width
        setup.height = height
        setup.refreshRate = refreshRate
        setup.sections = sections
        setup.items = try Self.count(items)
        setup.isPagingEnabled = paging
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
        guard duration > 0, duration.isFinite else { throw ValidationError("--duration must be positive, not '\(duration)'") }
        guard refreshRate > 0, refreshRate.isFinite else { throw ValidationError("--refresh-rate must be positive, not '\(refreshRate)'") }
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard sections >= 0 else { throw ValidationError("--sections cannot be negative, not \(sections)") }
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
        if parts.count == 1, let value = Double(text), value >= 0 { return .exactly(value) }
        if parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), 0 <= low, low <= high {
            return .between(low, high)
        }
        throw ValidationError("\(option) wants a number or MIN-MAX, not '\(text)'")
    }

    private static func costs(_ text: String, _ option: String) throws -> Workload.Costs {
        let values = text.split(separator: ",").map { Double($0) }
        guard values.count == 3, values.allSatisfy({ $0.map { $0 >= 0 } ?? false }),
              let create = values[0], let configure = values[1], let recycle = values[2] else {
            throw ValidationError("\(option) costs must be three milliseconds, create,configure,prepare-for-reuse, not '\(text)'")
        }
        return Workload.Costs(create: create, configure: configure, prepareForReuse: recycle)
    }
}
