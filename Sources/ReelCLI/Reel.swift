public import ArgumentParser
public import Replay

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
            Exit codes: 0 success; 1 bad input or runtime failure (an unreadable or invalid trace, I/O); 2 `reel gate` found a regression; 64 usage error.
            """,
        subcommands: [ReplayCommand.self, CompareCommand.self, GateCommand.self, SnapshotCommand.self, RecordCommand.self,
                      ValidateCommand.self, LayoutsCommand.self])

    public init() {}

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
