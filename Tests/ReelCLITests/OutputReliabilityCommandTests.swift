import Foundation
import TestSupport
import Testing

/// Nothing `reel` writes is lost with exit code 0: a full disk, a closed standard output, `/dev/stdout` into a
/// pipe, a FIFO nobody reads, a name as long as a name may be. Each runs the built binary, most through a
/// shell, which alone can close standard output or point it at `/dev/full`.
@Suite("Outputs: nothing lost, every failure told", .tags(.endToEnd))
struct OutputReliabilityCommandTests {
    static let trace = ReelProcess.root.appendingPathComponent("Traces/circle-clock.xml").path
    static let quick = ["--repeat", "1", "--warmup", "0", "--quiet"]

    /// `text` quoted for `sh`.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    /// The arguments quoted for `sh`, after `"$0"` (the `reel` binary).
    static func command(_ arguments: [String]) -> String {
        #""$0" "# + arguments.map(quoted).joined(separator: " ")
    }

    static func folder(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("outputs-\(name.filter(\.isLetter))")
    }

    @Test("Every command's standard output on /dev/full: exit 1, 'standard output: … No space left on device'",
          arguments: [
              ["replay", trace] + quick,
              ["replay", trace, "--format", "json"] + quick,
              ["snapshot", trace, "--time", "0.5"],
              ["validate", ReelProcess.root.appendingPathComponent("Tests/TraceXMLTests/Fixtures/spec-example.xml").path,
               "--quiet"],
              ["layouts"],
              ["--help"],
              ["replay", "--help"],
              ["--version"],
          ])
    func fullDisk(arguments: [String]) throws {
        // validate prints nothing for a valid trace: give it one with a finding.
        var arguments = arguments
        if arguments[0] == "validate" {
            arguments[1] = try ReelProcess.trace(events: #"<tap t="1" x="0" y="0" w="1"/>"#, name: "fullDiskValidate")
        }
        let result = try ReelProcess.shell(Self.command(arguments) + " > /dev/full")
        #expect(!result.timedOut)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("standard output: cannot write it: No space left on device"), "\(result.stderr)")
    }

    @Test("reel record -o - on /dev/full and -o /dev/full: one message, no libxml2 line")
    func recordFullDisk() throws {
        let record = ["record", "--scenario", "browse", "--duration", "1", "--items", "200"]
        let toStandardOutput = try ReelProcess.shell(Self.command(record + ["-o", "-"]) + " > /dev/full")
        #expect(toStandardOutput.status == 1)
        #expect(toStandardOutput.stderr == "standard output: cannot write the trace: No space left on device\n")
        let toDevice = try ReelProcess.run(arguments: record + ["-o", "/dev/full"], timeout: 300)
        #expect(toDevice.status == 1)
        #expect(toDevice.stderr == "/dev/full: cannot write the trace: No space left on device\n")
    }

    @Test("replay -o /dev/full and --export json=/dev/full: exit 1 naming the output")
    func deviceFull() throws {
        for output in [["-o", "/dev/full"], ["-o", "/dev/null", "--export", "json=/dev/full"]] {
            let result = try ReelProcess.run(arguments: ["replay", Self.trace] + Self.quick + output, timeout: 300)
            #expect(result.status == 1)
            #expect(result.stderr.contains("/dev/full: cannot write it: No space left on device"), "\(result.stderr)")
        }
    }

    @Test("A closed standard output is refused before the replay, exit 1; so are validate's and layouts'",
          arguments: [["replay", trace] + quick, ["layouts"], ["--version"], ["record", "--scenario", "browse", "-o", "-"]])
    func closedStandardOutput(arguments: [String]) throws {
        let result = try ReelProcess.shell(Self.command(arguments) + " >&-")
        #expect(!result.timedOut)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("standard output: is closed or not open for writing"), "\(result.stderr)")
    }

    @Test("-o /dev/stdout and -o /proc/self/fd/1 into a pipe: the report arrives, exit 0")
    func devStdoutIntoPipe() throws {
        for output in ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"] {
            let result = try ReelProcess.run(arguments: ["replay", Self.trace, "--format", "json", "-o", output] + Self.quick,
                                             timeout: 300)
            #expect(result.status == 0, "\(output): \(result.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(report?["complete"] as? Bool == true, "\(output)")
        }
    }

    @Test("-o /dev/stdout with standard output on a file appends where the shell points, replacing nothing")
    func devStdoutIntoFile() throws {
        let path = try Self.folder().appendingPathComponent("out.txt").path
        try "before\n".write(toFile: path, atomically: false, encoding: .utf8)
        let result = try ReelProcess.shell(Self.command(["replay", Self.trace, "--format", "json", "-o", "/dev/stdout"] + Self.quick)
                                           + " >> " + Self.quoted(path))
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("before\n{"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["out.txt"])
    }

    @Test("Standard output and /dev/stdout are one output: refused before the replay")
    func standardOutputTwice() throws {
        let result = try ReelProcess.run(arguments: ["replay", Self.trace, "-o", "-", "--export", "json=/dev/stdout"] + Self.quick,
                                         timeout: 300)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/stdout: is also the output '-'"), "\(result.stderr)")
    }

    @Test("Standard output appended to a trace being read is refused: it is one of the inputs")
    func standardOutputIsAnInput() throws {
        let path = try Self.folder().appendingPathComponent("trace.xml").path
        try FileManager.default.copyItem(atPath: Self.trace, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ReelProcess.shell(Self.command(["replay", path] + Self.quick) + " >> " + Self.quoted(path))
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: is one of the inputs"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("-o naming a FIFO no process reads fails with a message, and does not block")
    func fifoWithoutReader() throws {
        let fifo = try Self.folder().appendingPathComponent("pipe").path
        try? FileManager.default.removeItem(atPath: fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [["replay", Self.trace, "-o", fifo] + Self.quick,
                          ["record", "--scenario", "browse", "--duration", "1", "-o", fifo]] {
            let result = try ReelProcess.run(arguments: arguments, timeout: 120)
            #expect(!result.timedOut, "\(arguments[0]) blocked on the FIFO")
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(fifo): no process is reading the FIFO '\(fifo)'"), "\(result.stderr)")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("A 250-byte file name is written, through a temporary whose name fits 255 bytes, and none is left")
    func longName() throws {
        try ScratchDirectory.withFreshFolder { directory in
            for name in [String(repeating: "a", count: 245) + ".json", String(repeating: "é", count: 122) + ".json",
                         String(repeating: "b", count: 255)] {
                let path = directory + "/" + name
                let result = try ReelProcess.run(arguments: ["replay", Self.trace, "--format", "json", "-o", path] + Self.quick,
                                                 timeout: 300)
                #expect(result.status == 0, "\(name.utf8.count) bytes: \(result.stderr)")
                #expect(FileManager.default.fileExists(atPath: path))
                let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
                #expect(report?["complete"] as? Bool == true)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { !$0.contains(".reel-tmp-") })
        }
    }
}
