import Foundation
import TestSupport
import Testing

@Suite("reel -o (output files)", .tags(.endToEnd))
struct OutputFileCommandTests {
    let record = ["record", "--scenario", "browse", "--duration", "1", "--items", "50", "--parameter", "item-size=100 100"]

    @Test("reel record -o - writes the trace to standard output")
    func recordToStandardOutput() throws {
        let result = try ReelProcess.run(arguments: record + ["-o", "-"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(result.stdout.hasSuffix("</trace>\n"))
    }

    @Test("reel record -o through a symbolic link replaces the file it names, the link stays; same bytes as -o -")
    func recordThroughLink() throws {
        try ScratchDirectory.withFreshFolder { directory in
            try "old\n".write(toFile: directory + "/real.xml", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.xml", withDestinationPath: "real.xml")
            let result = try ReelProcess.run(arguments: record + ["-o", directory + "/link.xml"])
            #expect(result.status == 0, "\(result.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/link.xml")
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
            let written = try String(contentsOfFile: directory + "/real.xml", encoding: .utf8)
            #expect(written == (try ReelProcess.run(arguments: record + ["-o", "-"])).stdout)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["link.xml", "real.xml"])
        }
    }

    @Test("A failing reel record leaves the previous trace as it was, and no temporary")
    func recordFailureKeepsPrevious() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/session.xml"
            try "previous trace\n".write(toFile: path, atomically: false, encoding: .utf8)
            // Past the workload a pass may charge, 4.5 s into the session.
            let workload = try ReelProcess.run(arguments: record + ["--scenario", "fling-storm", "--duration", "60", "--items", "3000",
                                                                    "--workload", "cell=1000,1000,1000", "-o", path])
            #expect(workload.status == 1, "\(workload.stderr)")
            #expect(workload.stderr.contains("the workload would pass 600 s in this pass"))
            let layout = try ReelProcess.run(arguments: record + ["--layout", "no-such-layout", "-o", path])
            #expect(layout.status == 64)
            let scenario = try ReelProcess.run("record", "--scenario", "no-such-scenario", "-o", path)
            #expect(scenario.status == 64)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous trace\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["session.xml"])
        }
    }

    @Test("reel record -o /dev/null writes in place: /dev/null is still a character device")
    func recordToDevNull() throws {
        let result = try ReelProcess.run(arguments: record + ["-o", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test("reel replay -o - prints the report to standard output")
    func replayToStandardOutput() throws {
        let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#)
        let result = try ReelProcess.run("replay", trace, "--format", "json", "-o", "-")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{"))
        #expect(!FileManager.default.fileExists(atPath: ReelProcess.root.appendingPathComponent("-").path))
    }

    @Test("Every -o option's help says how files, devices and - are written")
    func help() throws {
        for command in ["record", "replay", "snapshot", "compare", "gate"] {
            let result = try ReelProcess.run(command, "--help")
            let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("atomically"), "\(command)")
            #expect(help.contains("- is standard output") || help.contains("- for standard output"), "\(command)")
        }
    }
}
