import Foundation
#if canImport(Glibc)
import Glibc
#endif

// reel-mutate: the mutation fuzzer. See Fuzz/README.md.

let usage = """
    USAGE: reel-mutate --reel <path> [--count <n>] [--seed <n>] [--jobs <n>] [--output <folder>]
                       [--timeout <seconds>] [--wall-timeout <seconds>] [--memory-mb <n>] [--no-backtraces]
                       <trace or folder> ...

    Makes <count> mutants of the seed traces (folders are searched for *.xml), each with one to three attribute
    values replaced by 0, -1, 1e308, -1e308, nan, inf, 1e-320, 99999999999999999999, 9223372036854775807 or
    nothing, or with one event duplicated or deleted; runs `reel validate M`, `reel replay M --repeat 1
    --warmup 0 --format json --quiet` and `reel snapshot M --time T` (T: the t of one of M's events) on each,
    with a limit of CPU time (default 20 s; and of wall-clock time, default 120 s, for a process that waits)
    and of resident memory (default 2048 MB); counts exit 0, exit 1,
    crashes, hangs and blow-ups; saves every bad mutant with its commands under <output> (default
    mutants-out); prints a summary. Exit status 1 when any command crashed, hung, went over the memory limit,
    exited with another status or printed JSON that does not parse; 64 for a usage error.

    Options: --count 10000, --seed 1, --jobs 2. A command that crashed is run once more with Swift's
    backtracer on, so that its saved standard error says why and where (a release build's trap prints
    nothing); --no-backtraces skips that.
    """

struct Options {
    var reel = ""
    var count = 10_000
    var seed: UInt64 = 1
    var jobs = 2
    var output = "mutants-out"
    var timeout = 20.0
    var wallTimeout = 120.0
    var memoryMB = 2048
    var backtraces = true
    var seeds: [String] = []
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("reel-mutate: \(message)\n\n\(usage)\n".utf8))
    exit(64)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    func value(_ name: String) -> String {
        guard let value = iterator.next() else { fail("\(name) needs a value") }
        return value
    }
    func number<T: LosslessStringConvertible & Comparable>(_ name: String, from minimum: T) -> T {
        let text = value(name)
        guard let number = T(text), number >= minimum else { fail("\(name) must be a number from \(minimum), not '\(text)'") }
        return number
    }
    while let argument = iterator.next() {
        switch argument {
        case "--reel": options.reel = value(argument)
        case "--count": options.count = number(argument, from: 1)
        case "--seed": options.seed = number(argument, from: 0)
        case "--jobs": options.jobs = number(argument, from: 1)
        case "--output": options.output = value(argument)
        case "--timeout": options.timeout = number(argument, from: 0.001)
        case "--wall-timeout": options.wallTimeout = number(argument, from: 0.001)
        case "--memory-mb": options.memoryMB = number(argument, from: 1)
        case "--no-backtraces": options.backtraces = false
        case "-h", "--help":
            print(usage)
            exit(0)
        case _ where argument.hasPrefix("-"): fail("unknown option '\(argument)'")
        default: options.seeds.append(argument)
        }
    }
    if options.reel.isEmpty { fail("--reel <path> is required: the reel binary to run") }
    guard FileManager.default.isExecutableFile(atPath: options.reel) else { fail("'\(options.reel)' is not an executable file") }
    if options.seeds.isEmpty { fail("give at least one seed trace or folder") }
    return options
}

/// The seed files: the files named, and every `*.xml` under the folders named, sorted so that a run is
/// reproducible from its seed.
func seedFiles(_ paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("no such file: '\(path)'") }
        if isFolder.boolValue {
            let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            files += found.filter { $0.hasSuffix(".xml") }.map { "\(path)/\($0)" }.sorted()
        } else {
            files.append(path)
        }
    }
    return files
}

/// The three commands of one mutant, in the order they run.
enum Command: String, CaseIterable, Sendable {
    case validate, replay, snapshot

    func arguments(reel: String, trace: String, time: String) -> [String] {
        switch self {
        case .validate: return [reel, "validate", trace]
        case .replay: return [reel, "replay", trace, "--repeat", "1", "--warmup", "0", "--format", "json", "--quiet"]
        case .snapshot: return [reel, "snapshot", trace, "--time", time]
        }
    }

    /// Whether standard output is JSON when the command succeeds.
    var printsJSON: Bool { self != .validate }
}

/// The tally of a run, shared by the jobs.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var counts: [Command: [Outcome: Int]] = [:]
    private(set) var peakRSS: [Command: Int] = [:]
    private(set) var slowest: [Command: Double] = [:]
    private(set) var slowestCPU: [Command: Double] = [:]
    private(set) var badMutants = 0
    /// Replays that crashed, hung or blew up on a mutant `validate` accepted.
    private(set) var acceptedButFailed = 0
    private(set) var done = 0

    func add(_ results: [(Command, RunResult)]) {
        lock.lock()
        defer { lock.unlock() }
        for (command, result) in results {
            counts[command, default: [:]][result.outcome, default: 0] += 1
            peakRSS[command] = max(peakRSS[command] ?? 0, result.peakRSS)
            slowest[command] = max(slowest[command] ?? 0, result.seconds)
            slowestCPU[command] = max(slowestCPU[command] ?? 0, result.cpuSeconds)
        }
        if results.contains(where: { $0.1.outcome.isBad }) { badMutants += 1 }
        let validated = results.first { $0.0 == .validate }?.1.outcome == .success
        if validated && results.contains(where: { $0.0 != .validate && $0.1.outcome.isBad }) { acceptedButFailed += 1 }
        done += 1
    }
}

func shellQuoted(_ argument: String) -> String {
    argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:+".contains($0) } ? argument
        : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Saves a bad mutant as `<output>/<outcome>/mutant-<n>.xml` with `mutant-<n>.txt`: the seed, the changes,
/// and per command its line, how it ended, its peak memory and time, and the start of its standard error.
func save(_ mutant: Mutant, number: Int, seedPath: String, results: [(Command, RunResult)], options: Options) {
    guard let worst = results.map(\.1.outcome).first(where: \.isBad) else { return }
    let folder = "\(options.output)/\(worst.rawValue.replacingOccurrences(of: " ", with: "-"))"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let trace = "\(folder)/mutant-\(number).xml"
    FileManager.default.createFile(atPath: trace, contents: Data(mutant.bytes))
    var text = "seed trace: \(seedPath)\nchanges:\n" + mutant.changes.map { "  \($0)\n" }.joined()
    for (command, result) in results {
        let line = command.arguments(reel: options.reel, trace: trace, time: mutant.snapshotTime).map(shellQuoted)
        text += "\n$ \(line.joined(separator: " "))\n"
        let ending = result.status == result.outcome.rawValue ? result.status : "\(result.outcome.rawValue): \(result.status)"
        text += "\(ending), peak \(result.peakRSS >> 20) MB, "
            + String(format: "%.2f s (%.2f s of CPU)\n", result.seconds, result.cpuSeconds)
        if result.outcome.isBad && !result.stderr.isEmpty {
            text += result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map { "  | \($0)\n" }.joined()
        }
    }
    FileManager.default.createFile(atPath: "\(folder)/mutant-\(number).txt", contents: Data(text.utf8))
}

func isJSON(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
}

func summary(_ tally: Tally, options: Options, seconds: Double) -> String {
    let columns = Outcome.allCases
    var rows = [["command"] + columns.map(\.rawValue) + ["peak RSS MB", "slowest CPU s", "slowest wall s"]]
    for command in Command.allCases {
        let counts = tally.counts[command] ?? [:]
        rows.append([command.rawValue] + columns.map { String(counts[$0] ?? 0) }
            + [String((tally.peakRSS[command] ?? 0) >> 20), String(format: "%.2f", tally.slowestCPU[command] ?? 0),
               String(format: "%.2f", tally.slowest[command] ?? 0)])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    let table = rows.map { row in
        row.enumerated().map { column, cell in
            column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[column] - cell.count) + cell
        }.joined(separator: "  ")
    }.joined(separator: "\n")
    return """
        reel-mutate: \(tally.done) mutants (seed \(options.seed), \(options.jobs) jobs, limits \(Runner.seconds(options.timeout)) s \
        of CPU, \(Runner.seconds(options.wallTimeout)) s of wall clock and \(options.memoryMB) MB resident) in \(Int(seconds)) s
        \(table)
        mutants with a crash, hang, blow-up, other exit or bad JSON: \(tally.badMutants) \
        (saved under \(options.output)); of them, validate accepted \(tally.acceptedButFailed)
        """
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
let seeds = seedFiles(options.seeds)
guard !seeds.isEmpty else { fail("no *.xml traces among the seeds") }
let mutators = seeds.map { path in Mutator(Array(FileManager.default.contents(atPath: path) ?? Data())) }
let runner = Runner(timeout: options.timeout, wallTimeout: options.wallTimeout, memoryLimit: options.memoryMB << 20,
                    backtraces: false)
// Symbolicating a backtrace takes a few seconds more than the crash.
let tracingRunner = Runner(timeout: options.timeout + 60, wallTimeout: options.wallTimeout + 60,
                           memoryLimit: options.memoryMB << 20, backtraces: true)
let tally = Tally()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("reel-mutate-\(getpid())").path
try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
try? FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
let start = Date()

DispatchQueue.concurrentPerform(iterations: options.jobs) { job in
    let trace = "\(work)/job-\(job).xml", stdout = "\(work)/job-\(job).out", stderr = "\(work)/job-\(job).err"
    for number in stride(from: job, to: options.count, by: options.jobs) {
        // Mutant n takes seed n mod seeds, so that every seed gets its share whatever the count.
        let mutant = mutators[number % seeds.count].mutant(seed: options.seed, index: number)
        FileManager.default.createFile(atPath: trace, contents: Data(mutant.bytes))
        var results: [(Command, RunResult)] = []
        for command in Command.allCases {
            let arguments = command.arguments(reel: options.reel, trace: trace, time: mutant.snapshotTime)
            var result = runner.run(arguments, stdoutPath: stdout, stderrPath: stderr)
            if result.outcome == .crash && options.backtraces {
                result.stderr = tracingRunner.run(arguments, stdoutPath: stdout, stderrPath: stderr).stderr
            }
            if result.outcome == .success && command.printsJSON && !isJSON(stdout) {
                result.outcome = .badJSON
                result.stderr = "standard output is not JSON; it begins:\n" + Runner.head(of: stdout, bytes: 2048)
            }
            results.append((command, result))
        }
        save(mutant, number: number, seedPath: seeds[number % seeds.count], results: results, options: options)
        tally.add(results)
        let done = tally.done
        if done % 100 == 0 {
            FileHandle.standardError.write(Data("reel-mutate: \(done)/\(options.count) mutants, \(tally.badMutants) bad\n".utf8))
        }
    }
}
try? FileManager.default.removeItem(atPath: work)
print(summary(tally, options: options, seconds: Date().timeIntervalSince(start)))
exit(tally.badMutants == 0 ? 0 : 1)
