import Foundation
import TestSupport
import Testing
@testable import Reporting

@Suite("Atomic report writing", .tags(.fast))
struct ReportFileTests {
    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test("Writes a new report and leaves nothing else behind")
    func writesNew() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try ReportFile.write("{}\n", to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n")
            #expect(try contents(directory) == ["report.json"])
        }
    }

    @Test("Replaces an existing report whole")
    func replaces() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try ReportFile.write(String(repeating: "old ", count: 10_000), to: path)
            let text = ReportFormat.json.render([Report(Fixtures.caseStudy())], includeFrames: true)
            try ReportFile.write(text, to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            #expect(try contents(directory) == ["report.json"])
        }
    }

    @Test("An interrupted write leaves the existing report intact and removes its temporary file")
    func interrupted() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try ReportFile.write("previous\n", to: path)
            let interruption = OutputFileError(path: path, message: "interrupted")
            #expect(throws: interruption) {
                try ReportFile.write("new and longer\n", to: path) { () throws(OutputFileError) in
                    // The temporary file is complete and beside the report at this point.
                    #expect((try? contents(directory).count) == 2)
                    throw interruption
                }
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous\n")
            #expect(try contents(directory) == ["report.json"])
        }
    }

    @Test("A missing directory is an error that names the path")
    func missingDirectory() throws {
        try ScratchDirectory.withFreshFolder { (directory: String) throws in
            let path = directory + "/missing/report.json"
            do throws(OutputFileError) {
                try ReportFile.write("{}", to: path)
                Issue.record("writing into a missing directory should fail")
            } catch {
                #expect(error.path == path)
                #expect(error.description.hasPrefix("\(path): cannot create a temporary file beside it: "))
                #expect(error.description.hasSuffix("No such file or directory"))
            }
            #expect(try contents(directory).isEmpty)
        }
    }

    @Test("A directory in the way is an error, and stays as it was")
    func directoryInTheWay() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            #expect(throws: OutputFileError.self) { try ReportFile.write("{}", to: path) }
            #expect(try contents(directory) == ["report.json"])
            #expect(try contents(path) == ["inside"])
        }
    }

    @Test("The temporary file is hidden beside the report")
    func temporaryPath() {
        #expect(OutputFile.temporaryPath(for: "Reports/a.json").hasPrefix("Reports/.a.json.reel-tmp-\(getpid())."))
        #expect(OutputFile.temporaryPath(for: "a.json").hasPrefix(".a.json.reel-tmp-"))
        #expect(OutputFile.temporaryPath(for: "a.json") != OutputFile.temporaryPath(for: "a.json"))
    }
}
