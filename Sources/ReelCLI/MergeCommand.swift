public import ArgumentParser
public import Reporting

/// `reel merge`: the JSON outputs of the shards of one run (`--shard I/N`), or of separate runs, as one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the JSON outputs of replay, compare or gate shards into one, with the verdict and exit code of one unsharded run.",
        discussion: """
            Give every shard of one run (each made with --shard I/N and --format json), in any order: the results \
            are put back in the order of the whole list, as one run over it would print them. A shard of no \
            traces may be left out; files of different kinds, shards of different N or of lists of different \
            lengths, a shard given twice, and positions claimed twice or held by no file are refused, naming the \
            file. Outputs of unsharded runs are concatenated in the order given.

            Replay reports and comparisons are written in any of their command's formats, gate judgements in \
            text, json, markdown or junit. Reports carry every frame, which text and HTML chart, only when their \
            run had --frames.

            Exit codes: 0 success; 1 a trace failed in some output, or a file is unreadable or does not fit; 2 \
            gate judgements with a regression or a budget exceeded (and no failed trace); 64 usage error.
            """)

    @Argument(help: ArgumentHelp("The JSON outputs of `reel replay`, `reel compare` or `reel gate` to merge.", valueName: "file.json"))
    var files: [String]

    @Option(name: .shortAndLong, help: "The merged output's format (gate judgements: text, json, markdown or junit).")
    var format: MergeFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the merged output to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var thresholds: ThresholdSelection

    @Option(name: .customLong("color"), help: ArgumentHelp("Colour a text report of replays: auto (a terminal, NO_COLOR unset or empty, TERM not dumb), always or never.", valueName: "when"))
    var colour: Terminal.ColourChoice = .auto

    @OptionGroup var width: WidthSelection

    func run() throws {
        var outputs: [ReelOutput] = []
        for file in files {
            do throws(JSONReadError) {
                outputs.append(try ReelOutput.read(contentsOf: file))
            } catch {
                StandardError.line(error.description)
                throw ExitCode(1)
            }
        }
        let results: ReelResults
        do throws(MergeError) {
            results = try ReelOutput.merge(outputs)
        } catch {
            StandardError.line(error.description)
            throw ExitCode(1)
        }
        guard results.kind.formats.contains(format) else {
            StandardError.line("Error: --format: \(results.kind.words) are written as "
                               + results.kind.formats.map(\.rawValue).joined(separator: ", ") + ", not '\(format.rawValue)'")
            throw ExitCode(64)
        }
        for message in results.failureMessages { StandardError.line(message) }
        try emit(results.render(format, thresholds: thresholds.thresholds,
                                colour: Terminal.colours(colour, output: output), width: width.width(for: output)),
                 to: output)
        switch results.verdict {
        case .passed: return
        case .failed: throw ExitCode(1)
        case .regressed: throw ExitCode(2)
        }
    }
}

extension MergeFormat: ExpressibleByArgument {}
