import ArgumentParser
import TraceXML

/// `reel compare --scale`: the item counts each trace's data is scaled to, and whether a growth fails the
/// command.
struct ItemScaleSelection: ParsableArguments {
    @Option(name: .customLong("scale"), help: ArgumentHelp(
        "Replay each trace with its data scaled to each of these item counts (two or more, 1–10,000,000) and report, per layout, the phase whose cost per frame grows with the count.",
        valueName: "n,n…"))
    var scale: String?

    @Flag(name: .customLong("fail-on-growth"), help: "With --scale, exit 2 when a layout's cost per frame grows with the item count.")
    var failOnGrowth = false

    /// The counts asked for, each once, smallest first; `nil` without `--scale`.
    var counts: [Int]? {
        scale.map { text in Array(Set(Self.parse(text) ?? [])).sorted() }
    }

    /// The least repeats per count with which a growth can be significant at compare's α of 0.05: 4 + 4
    /// values give at best p = 2/70 ≈ 0.029, 3 + 3 only 0.1.
    static let minimumRepeats = 4

    static let range = OptionRange(option: "--scale", range: 1...Double(TraceLimits.items), unit: " items",
                                   reason: "a collection view holds at most \(TraceLimits.grouped(TraceLimits.items)) items")

    /// Refuses counts that are not whole numbers in range, fewer than two different counts, too few repeats
    /// for a test, and `--fail-on-growth` without `--scale`.
    func check(repeats: Int) throws {
        guard let scale else {
            if failOnGrowth { throw ValidationError("--fail-on-growth needs --scale") }
            return
        }
        guard let counts = Self.parse(scale) else {
            throw ValidationError("--scale must be item counts separated by commas, such as 1000,100000, not '\(scale)'")
        }
        for (count, text) in zip(counts, scale.split(separator: ",")) {
            // A count past Int's range is quoted as given, not as the largest Int it was read as.
            if count == Int.max, text != String(Int.max) {
                throw ValidationError("--scale must be from 1 to \(TraceLimits.grouped(TraceLimits.items)) items "
                                      + "(\(Self.range.reason)), not '\(text)'")
            }
            try Self.range.check(count)
        }
        guard Set(counts).count >= 2 else {
            throw ValidationError("--scale needs two different item counts or more, not '\(scale)'")
        }
        guard repeats >= Self.minimumRepeats else {
            throw ValidationError("--scale needs --repeat \(Self.minimumRepeats) or more, so that a growth can be significant, not '\(repeats)'")
        }
    }

    /// The counts of `text`, or `nil` when one is not a whole number.
    private static func parse(_ text: String) -> [Int]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var counts: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            // Digits past Int's range are out of range, not malformed.
            counts.append(Int(part) ?? Int.max)
        }
        return counts
    }
}
