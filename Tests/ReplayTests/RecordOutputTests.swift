import Foundation
import TestSupport
import Testing
@testable import Replay
import TraceXML

@Suite("Recording to a file (output files)", .tags(.fast))
struct RecordOutputTests {
    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func header() -> TraceHeader {
        var setup = RecordingSetup()
        setup.parameters = [("item-size", "100 100")]
        setup.items = .exactly(200)
        return setup.header(seed: 1)
    }

    @Test("A recording streams to a temporary beside the file: the previous trace stays whole until finish()")
    func streamsThenRenames() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/session.xml"
            try "previous trace\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, 0o600) == 0)
            let recorder = try TraceRecorder(header: header(), path: path)
            for _ in 0..<30 { try recorder.endFrame() }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous trace\n")
            let names = try contents(directory)
            #expect(names.count == 2)
            #expect(names.contains { $0.hasPrefix(".session.xml.reel-tmp-\(getpid()).") })
            try recorder.finish()
            #expect(try contents(directory) == ["session.xml"])
            let trace = try Trace(contentsOf: path)
            #expect(trace.header.layout.name == "flow")
            var status = stat()
            _ = stat(path, &status)
            #expect(status.st_mode & 0o7777 == 0o600)
        }
    }

    @Test("A recording that stops before finish() (a crash, an error) leaves the previous file and no temporary")
    func unfinished() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/session.xml"
            try "previous trace\n".write(toFile: path, atomically: false, encoding: .utf8)
            do {
                let recorder = try TraceRecorder(header: header(), path: path)
                for _ in 0..<30 { try recorder.endFrame() }
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous trace\n")
            #expect(try contents(directory) == ["session.xml"])
        }
    }

    @Test("An unknown layout fails before anything is written, naming the path")
    func unknownLayout() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/session.xml"
            try "previous trace\n".write(toFile: path, atomically: false, encoding: .utf8)
            var setup = RecordingSetup()
            setup.layout = "no-such-layout"
            #expect(throws: ReplayError.self) { try TraceRecorder(header: setup.header(seed: 1), path: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous trace\n")
            #expect(try contents(directory) == ["session.xml"])
        }
    }
}
