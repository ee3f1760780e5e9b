public import ArgumentParser
public import Replay
import ReelVersion

/// The `reel` command: replays, snapshots and validates collection-view traces.
///
/// Build your own `reel` with your own layouts registered:
///
/// ```swift
/// import ReelCLI
/// import Replay
///
/// @main enum MyReel {
///     static func main() {
///         var layouts = LayoutRegistry.standard
///         layouts.register(myLayoutDefinition)
///         Reel.main(layouts: layouts)
///     }
/// }
/// ```
public struct Reel: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Replay recorded collection-view sessions and measure every frame against the budget.",
        discussion: """
            Exit codes: 0 success; 1 bad input or runtime failure (an unreadable or invalid trace, I/O); 2 `reel gate` (or `reel merge` of its judgements) found a regression; 64 usage error.
            """,
        version: "reel \(reelVersion)",
        subcommands: [ReplayCommand.self, CompareCommand.self, GateCommand.self, MergeCommand.self, SnapshotCommand.self,
                      RecordCommand.self, ValidateCommand.self, LayoutsCommand.self])

    public init() {}

    /// Runs `reel` with the process's arguments, then exits.
    public static func main() {
        main(nil)
    }

    /// Runs `reel` with `arguments` (the process's when `nil`), then exits; a first argument that names no
    /// command is a usage error (exit 64) that suggests the closest command.
    public static func main(_ arguments: [String]?) {
        StandardStreams.reserveClosedDescriptors()
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if let first = given.first, !first.hasPrefix("-"), !names.contains(first) {
            exit(withError: ValidationError(unknownCommandMessage(first, names: names)))
        }
        // The library's own entry point, but for help and versions: they are results, written to standard
        // output with checked writes as every result is (the library prints them unchecked).
        let root = Reel.self as any ParsableCommand.Type
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
        } catch {
            guard root.exitCode(for: error) == .success else { root.exit(withError: error) }
            let text = root.fullMessage(for: error)
            do {
                if !text.isEmpty { try emit(text + "\n", to: nil) }
            } catch {
                root.exit(withError: ExitCode(1))
            }
            root.exit(withError: nil)
        }
    }

    /// Runs `reel` with `arguments` in this process and returns instead of exiting: the exit code `main`
    /// would exit with, and the message it would print for a usage error (empty otherwise; a command that
    /// fails on its input prints to standard error as it does under `main`).
    ///
    /// For a harness that runs many command lines in one process, such as a fuzzer.
    public static func run(_ arguments: [String], layouts: LayoutRegistry = .standard) -> (status: Int32, message: String) {
        $layouts.withValue(layouts) {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) {
                let error = ValidationError(unknownCommandMessage(first, names: names))
                return (exitCode(for: error).rawValue, fullMessage(for: error))
            }
            do {
                var command = try parseAsRoot(arguments)
                try command.run()
                return (0, "")
            } catch {
                return (exitCode(for: error).rawValue, fullMessage(for: error))
            }
        }
    }

    /// "unknown command 'replya'; did you mean 'replay'?", with the closest names (edit distance at most 2,
    /// or a prefix), else the list of commands.
    static func unknownCommandMessage(_ name: String, names: [String]) -> String {
        unknownNameMessage("command", name, names: names, all: "the commands are")
    }

    /// "unknown `kind` 'flw'; did you mean 'flow'?", with the closest of `names` (edit distance at most 2, or
    /// a prefix), else `all` and the list of names.
    static func unknownNameMessage(_ kind: String, _ name: String, names: [String], all: String) -> String {
        let close = closestNames(to: name, among: names)
        if close.isEmpty {
            return "unknown \(kind) '\(name)'; \(all) " + names.map { "'\($0)'" }.joined(separator: ", ")
        }
        return "unknown \(kind) '\(name)'; did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The names closest to `name`: those at the smallest edit distance when it is at most 2, else those it
    /// begins.
    static func closestNames(to name: String, among names: [String]) -> [String] {
        let distances = names.map { (name: $0, distance: editDistance(name.lowercased(), $0)) }
        let best = distances.map(\.distance).min() ?? .max
        return best <= 2 ? distances.filter { $0.distance == best }.map(\.name)
            : names.filter { $0.hasPrefix(name.lowercased()) && !name.isEmpty }
    }

    /// Refuses a layout name that `reel layouts` does not list, as a usage error (exit 64) that suggests the
    /// closest: "--layout: unknown layout 'flw'; did you mean 'flow'?".
    static func checkLayoutName(_ name: String, option: String = "--layout") throws {
        let names = layouts.definitions.map(\.name)
        guard !names.contains(name) else { return }
        throw ValidationError("\(option): " + unknownNameMessage("layout", name, names: names, all: "the layouts are")
                              + " (see `reel layouts`)")
    }

    /// The Levenshtein distance between `a` and `b`, counting a swap of two neighbours as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The layouts traces can name in this process.
    @TaskLocal static var layouts = LayoutRegistry.standard

    /// Runs `reel` with `arguments` (the process's by default) and `layouts`, then exits.
    public static func main(layouts: LayoutRegistry, arguments: [String]? = nil) -> Never {
        $layouts.withValue(layouts) {
            main(arguments)
        }
        // `main(_:)` exits; this line only satisfies the type checker.
        return exit(withError: nil)
    }
}
