import Layouts
import Replay

/// Turns bytes into a `reel record` command line: a scenario, a layout, and up to 12 options, each value
/// taken from a table of values within and past the option's range (`--width 1`, `100000`, `0`, `nan`, …),
/// layout parameters from the chosen layout's own declaration (its default, the ends of its range, just past
/// them, and words that are not numbers).
///
/// Sessions stay short — a valid `--duration` is at most 3 s — and small: valid data is at most 12 sections of
/// 1,000 items. Several catalogue layouts do work proportional to every item in each frame on purpose (the
/// naive `springy-flow` integrates a spring per item, `cover-flow` prepares every item on every scroll, a
/// pinched stack lays out all its items), which is what they cost in a replay too; with millions of items a
/// session takes minutes, which is not what this target looks for. Counts past the limits are among the
/// values, and are refused before anything is laid out.
struct RecordArguments {
    private var bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 past the end.
    private mutating func byte() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }

    private var isExhausted: Bool { index >= bytes.count }

    /// One of `values`, chosen by the next byte.
    private mutating func pick(_ values: [String]) -> String {
        values[byte() % values.count]
    }

    static let lengths = ["1", "2", "3", "10", "100", "320", "390", "768", "1024", "100000", "0.5",
                          "0", "-1", "100001", "nan", "inf", "1e308", "1e-320", ""]
    static let rates = ["1", "24", "30", "60", "120", "240", "59.94", "0", "241", "-60", "nan"]
    static let sections = ["0", "1", "2", "3", "5", "12", "100001", "-1", "1.5"]
    static let items = ["0", "1", "2", "3", "12", "40", "100", "1000", "1-5", "0-3", "22,20,19", "3,0,2", "0,0",
                        "10000001", "6000000,6000000", "5-2", "", "a", "1,,2"]
    static let itemSizes = ["1 1", "0 0", "0.5 0.5", "100 100", "1-400 1-400", "390 36-140", "100000 100000",
                            "100001 1", "1", "-1 5", "nan nan"]
    static let reuseIdentifiers = ["cell", "photo", "", "a\u{1}b", "x y"]
    static let workloads = ["cell=1,1,0", "cell=1000,1000,1000", "photo=1,1,0", "cell=1,1", "cell=-1,0,0", "=1,1,1",
                            "cell=nan,0,0", "cell=1,1,0,2", "cell=1,1,0,1001", "cell=1,1,0,2,3"]
    static let frameIntervals = ["8.333*60 16.667*30", "16.667", "41.667*2 8.333", "0", "8.333*0", "10001", "1e9",
                                 "8.333  16.667", " 8.333", "x", ""]
    static let iosVersions = ["13", "14", "15", "17", "26", "12", "27", "x", ""]
    static let supplementaryWorkloads = ["header=0.3,0.05,0", "footer=1,1,1", "x=1001,0,0", "header"]
    static let durations = ["0.001", "0.5", "1", "2", "3", "0", "-1", "86401", "nan", "1e308"]
    static let seeds = ["0", "1", "2", "5", "18446744073709551615", "18446744073709551616", "-1", "x"]

    /// The command line, with `-o output`.
    mutating func arguments(output: String) -> [String] {
        let scenarios = ScenarioName.allCases.map(\.rawValue) + ["no-such-scenario"]
        let scenario = pick(scenarios)
        var arguments = ["record", "--scenario", scenario]
        let layouts = LayoutRegistry.standard.definitions.map(\.name)
        var layout = ScenarioName(rawValue: scenario)?.appLayout ?? "flow"
        switch byte() % 4 {
        case 0: break
        case 1: layout = "flow"
        case 2: layout = pick(layouts + ["gird"])
        default: layout = pick(layouts)
        }
        arguments += ["--layout", layout]
        var options = 0
        while !isExhausted && options < 12 {
            options += 1
            switch byte() % 19 {
            case 0: arguments += ["--width", pick(Self.lengths)]
            case 1: arguments += ["--height", pick(Self.lengths)]
            case 2: arguments += ["--refresh-rate", pick(Self.rates)]
            case 3: arguments += ["--sections", pick(Self.sections)]
            case 4: arguments += ["--items", pick(Self.items)]
            case 5: arguments += ["--item-sizes", pick(Self.itemSizes)]
            case 6: arguments += ["--paging"]
            case 7: arguments += ["--no-prefetching"]
            case 8: arguments += ["--reuse-identifier", pick(Self.reuseIdentifiers)]
            case 9: arguments += ["--workload", pick(Self.workloads)]
            case 10: arguments += ["--supplementary-workload", pick(Self.supplementaryWorkloads)]
            case 11: arguments += ["--duration", pick(Self.durations)]
            case 12: arguments += ["--seed", pick(Self.seeds)]
            case 13, 14: arguments += ["--parameter", parameter(of: layout)]
            case 15: arguments += ["--frame-intervals", pick(Self.frameIntervals)]
            case 16: arguments += ["--ios", pick(Self.iosVersions)]
            case 17: arguments += ["--no-bounces"]
            default:
                let side = pick(["1", "2", "10", "100000"])
                arguments += ["--width", side, "--height", side]
            }
        }
        // The default 60 s would make every session long: 1 s unless the input chose.
        if !arguments.contains("--duration") { arguments += ["--duration", "1"] }
        return arguments + ["-o", output]
    }

    /// `NAME=VALUE` for a parameter `layout` declares (or one it does not), its value within or past the
    /// declared range.
    private mutating func parameter(of layout: String) -> String {
        guard let definition = LayoutRegistry.standard.definition(named: layout), !definition.parameters.isEmpty else {
            return "turns=3"
        }
        let declared = definition.parameters[byte() % definition.parameters.count]
        let range = declared.range
        let numbers = [range.lowerBound, range.upperBound, (range.lowerBound + range.upperBound) / 2,
                       range.lowerBound - 1, range.upperBound * 2 + 1].map(Self.text) + ["nan", "", "1e308", "x"]
        let value: String
        switch declared.kind {
        case .number, .integer:
            value = byte() % 3 == 0 ? declared.defaultValue : pick(numbers)
        case .size:
            value = byte() % 3 == 0 ? declared.defaultValue : "\(pick(numbers)) \(pick(numbers))"
        case .insets:
            value = byte() % 3 == 0 ? declared.defaultValue
                : "\(pick(numbers)) \(pick(numbers)) \(pick(numbers)) \(pick(numbers))"
        case .estimatedSize:
            value = byte() % 3 == 0 ? pick([declared.defaultValue, "automatic", "Automatic"])
                : "\(pick(numbers)) \(pick(numbers))"
        case .boolean:
            value = pick(["true", "false", "maybe"])
        case .choice(let words):
            value = pick(words + ["nope"])
        }
        return byte() % 16 == 0 ? "no-such-parameter=1" : "\(declared.name)=\(value)"
    }

    /// A bound as a person types it: `100000`, `0.1`.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
