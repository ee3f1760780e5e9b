import Foundation
import Testing
import Reporting
import ShippedTraceSupport
import TestSupport

/// Debian's `chromium`, which opens the pages `--format html` writes as a user's browser would.
enum Chromium {
    /// `chromium` on the `PATH`, if installed.
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return directories.map { "\($0)/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// CI installs Chromium (`.ci/run`): there, a missing browser fails the tests instead of skipping them.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the browser tests run: Chromium is installed, or CI requires it.
    static let runs = path != nil || required

    static let reason: Comment = "Chromium is not installed (apt-get install chromium); CI installs it and fails without it"

    /// What the browser made of a page.
    struct Page {
        /// The DOM after loading, serialized.
        var dom: String
        /// The browser's log lines that report the page's console messages (any level).
        var console: [String]
    }

    /// Opens `file` headless with no network (every host name fails to resolve), and returns the rendered DOM
    /// and the console messages; with `screenshot`, also writes a PNG of a 1280×2400 window there.
    static func open(_ file: URL, screenshot: URL? = nil) throws -> Page {
        let chromium = try #require(path, "CI=true and chromium is not installed: .ci/run installs it")
        let folder = file.deletingLastPathComponent()
        let profile = folder.appendingPathComponent("profile-\(UUID().uuidString)")
        let log = folder.appendingPathComponent("chromium-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: profile) }
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                         "--user-data-dir=\(profile.path)", "--host-resolver-rules=MAP * ~NOTFOUND"]
        if let screenshot {
            arguments += ["--screenshot=\(screenshot.path)", "--window-size=1280,2400"]
        } else {
            arguments.append("--dump-dom")
        }
        arguments.append(file.absoluteString)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        // A browser that hangs must not hang the tests.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 180, execute: watchdog)
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Page(dom: String(decoding: dom, as: UTF8.self),
                    console: stderr.split(separator: "\n").filter { $0.contains("CONSOLE") }.map(String.init))
    }
}

/// The HTML report opened in a real headless browser: no console message, one SVG point per measured frame,
/// the budget line. The page has no script, so any console line at all is a failure.
@Suite("HTML in a headless browser", .tags(.endToEnd), .enabled(if: Chromium.runs, Chromium.reason))
struct HTMLBrowserTests {
    /// Fails each test at once, before any replay, when CI requires the browser and it is missing.
    init() throws {
        _ = try #require(Chromium.path, "CI=true and chromium is not installed: .ci/run installs it")
    }

    /// A fresh folder for one test's pages.
    static func folder(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("html-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))")
    }

    /// The frames measured per trace (`frames` × `repeats`), from the JSON report of the same command.
    static func measuredFrames(_ arguments: [String]) throws -> [String: Int] {
        let result = try ReelProcess.run(arguments: arguments + ["--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let reports = (json as? [[String: Any]]) ?? [(json as? [String: Any]) ?? [:]]
        var frames: [String: Int] = [:]
        for report in reports {
            guard let trace = report["trace"] as? String, let perRepeat = report["frames"] as? Double,
                  let repeats = report["repeats"] as? Int else { continue }
            frames[trace] = Int((perRepeat * Double(repeats)).rounded())
        }
        return frames
    }

    /// The points of the frame polylines of each chart section, in page order.
    static func pointsPerSection(_ dom: String) -> [Int] {
        dom.components(separatedBy: "<section").dropFirst().map { section in
            HTMLScan.framePoints(in: section).reduce(0) { $0 + $1.count }
        }
    }

    @Test("Every shipped trace on one page: no console message, one SVG point per measured frame of each, a budget line each")
    func shippedTraces() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The page of the shipped-trace suite's replays, as `reel replay Traces/*.xml --format html` writes it: one
        // browser opens them all, a section each.
        var reports: [Report] = []
        for name in ShippedReplays.traces { reports.append(try await ShippedReplays.report(name)) }
        let page = folder.appendingPathComponent("report.html")
        try ReportFormat.html.render(reports).write(to: page, atomically: true, encoding: .utf8)
        let frames = try reports.map { report in
            let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render([report]).utf8))
                                    as? [String: Any])
            let perRepeat = try #require(json["frames"] as? Double), repeats = try #require(json["repeats"] as? Int)
            return Int((perRepeat * Double(repeats)).rounded())
        }
        #expect(frames.count == 21 && frames.allSatisfy { $0 > 1000 })
        let opened = try Chromium.open(page)
        #expect(opened.console.isEmpty, "\(opened.console)")
        #expect(opened.dom.contains("<title>Reel replay: \(reports.map(\.trace).joined(separator: ", "))</title>"))
        #expect(Self.pointsPerSection(opened.dom) == frames)
        #expect(HTMLScan.tags("<line class=\"budget\"", in: opened.dom).count == reports.count)
        #expect(HTMLScan.tags("<g class=\"node\"", in: opened.dom).count >= 2 * reports.count)
        #expect(opened.dom.contains("</svg>") && opened.dom.hasSuffix("</html>\n"))
    }

    @Test("Several traces on one page, a failed one among them: a section each, the points of each trace")
    func severalTraces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = ["Traces/cover-flow-albums.xml", "Traces/circle-clock.xml"]
        let missing = folder.appendingPathComponent("missing.xml").path
        let page = folder.appendingPathComponent("several.html")
        let arguments = ["replay"] + traces + ["--repeat", "1", "--warmup", "0", "--quiet"]
        let replay = try ReelProcess.run(arguments: ["replay", traces[0], missing, traces[1], "--repeat", "1",
                                                     "--warmup", "0", "--quiet", "--format", "html", "-o", page.path])
        #expect(replay.status == 1)
        let frames = try Self.measuredFrames(arguments)
        let opened = try Chromium.open(page)
        #expect(opened.console.isEmpty, "\(opened.console)")
        #expect(HTMLScan.count("<a href=\"#trace-", in: opened.dom) == 3)
        #expect(Self.pointsPerSection(opened.dom) == [frames[traces[0]], 0, frames[traces[1]]])
        #expect(opened.dom.contains("<p class=\"verdict failed\"><strong>Failed:</strong> \(missing): cannot open"))
        #expect(HTMLScan.tags("<line class=\"budget\"", in: opened.dom).count == 2)
    }

    @Test("A comparison's page: the layouts' lines overlaid on one chart, with the budget line")
    func comparison() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = try ReelProcess.trace(events: """
                <drag t="0.05" phase="began" x="200" y="600"/>
                <drag t="0.1" phase="changed" x="200" y="450"/>
                <drag t="0.2" phase="ended" x="200" y="200"/>
                <marker t="0.9" label="end"/>
            """)
        let page = folder.appendingPathComponent("compare.html")
        let compare = try ReelProcess.run("compare", trace, "--layout", "flow", "--layout", "circle", "--repeat", "3",
                                          "--warmup", "0", "-q", "-f", "html", "-o", page.path)
        #expect(compare.status == 0, "\(compare.stderr)")
        let opened = try Chromium.open(page)
        #expect(opened.console.isEmpty, "\(opened.console)")
        let lines = HTMLScan.framePoints(in: opened.dom)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count > 10 } && lines[0].count == lines[1].count)
        #expect(HTMLScan.tags("<line class=\"budget\"", in: opened.dom).count == 1)
        #expect(opened.dom.contains(">end</text>"))
    }

    @Test("A screenshot of the quick start's page is a real PNG of the whole window")
    func screenshot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("quick-start.html")
        let replay = try ReelProcess.run("replay", "Traces/photo-grid-browse.xml", "--repeat", "1", "--warmup", "0",
                                         "--quiet", "--format", "html", "-o", page.path)
        #expect(replay.status == 0)
        let png = folder.appendingPathComponent("quick-start.png")
        let opened = try Chromium.open(page, screenshot: png)
        #expect(opened.console.isEmpty, "\(opened.console)")
        let data = try Data(contentsOf: png)
        #expect(data.count > 50_000)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: the width and height, big-endian, at bytes 16 and 20.
        let header = Array(data.prefix(24))
        func bigEndian(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(header.count == 24 && Array(header[12..<16]) == Array("IHDR".utf8))
        #expect(header.count == 24 && bigEndian(16) == 1280 && bigEndian(20) == 2400)
    }
}
