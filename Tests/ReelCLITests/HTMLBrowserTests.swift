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

    /// Opens `file` headless with no network (every host name fails to resolve) in a 1280×900 window, and
    /// returns the rendered DOM and the console messages; with `screenshot`, also writes a PNG of a 1280×2400
    /// window there.
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
            arguments += ["--dump-dom", "--window-size=1280,900"]
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

    /// The budgets the charts draw: a line in each distribution chart, and in each frame chart a line or, when
    /// every frame is far within it, a note that it is above the scale.
    static func budgets(_ dom: String) -> Int {
        HTMLScan.tags("<line class=\"budget\"", in: dom).count + HTMLScan.count("(above the scale)</text>", in: dom)
    }

    @Test("Every shipped trace on one page: no console message, one SVG point per measured frame of each, the budget in both charts of each")
    func shippedTraces() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The page of the shipped-trace suite's replays, as `reel replay Traces/*.xml --format html` writes it: one
        // browser opens them all, a section each.
        var reports: [Report] = []
        for name in ShippedReplays.traces { reports.append(try await ShippedReplays.report(name)) }
        let page = folder.appendingPathComponent("report.html")
        try ReportFormat.html.render(reports).write(to: page, atomically: true, encoding: .utf8)
        var frames: [Int] = [], repeats = 0
        for report in reports {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render([report]).utf8))
                                    as? [String: Any])
            let perRepeat = try #require(json["frames"] as? Double), measured = try #require(json["repeats"] as? Int)
            frames.append(Int((perRepeat * Double(measured)).rounded()))
            repeats += measured
        }
        #expect(frames.count == 26 && frames.allSatisfy { $0 > 1000 })
        let opened = try Chromium.open(page)
        #expect(opened.console.isEmpty, "\(opened.console)")
        #expect(opened.dom.contains("<title>Reel replay: \(reports.map(\.trace).joined(separator: ", "))</title>"))
        #expect(Self.pointsPerSection(opened.dom) == frames)
        #expect(Self.budgets(opened.dom) == 2 * reports.count)
        #expect(HTMLScan.tags("<path class=\"cdf\"", in: opened.dom).count == repeats)
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
        #expect(Self.budgets(opened.dom) == 4)
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
        #expect(Self.budgets(opened.dom) == 2)
        #expect(HTMLScan.tags("<path class=\"cdf\"", in: opened.dom).count == 2)
        #expect(opened.dom.contains(">end</text>"))
    }

    /// A comparison of `layouts` layouts with long names, a long trace name and long hot-path names, whose
    /// frames take microseconds but for 1 in 120 that takes 20 to 60 ms: many labels above the frame chart.
    static func crowdedComparison(layouts: Int) -> String {
        let trace = "Traces/a-rather-long-trace-name-for-a-photo-library-with-sections-and-headers-\(layouts).xml"
        let reports = (0..<layouts).map { index -> Report in
            let repeats = (0..<3).map { repeatIndex in
                let frames = (0..<2400).map { frame in
                    let slow = frame % 120 == 7
                    let ns = slow ? UInt64(20_000_000 + (frame * 7 + index) % 40 * 1_000_000)
                        : UInt64(20_000 + (frame * 13 + repeatIndex + index * 5) % 40 * 1000)
                    return FrameSample(index: frame, time: Double(frame) / 120, durationNs: ns)
                }
                let paths = ["frame/cells/configure/a-very-long-span-name-for-configuring-the-album-artwork-cells",
                             "frame/layout/prepare/computing-the-attributes-of-every-section-header-and-footer"]
                    .map { PathMeasurement(path: $0, callDurationsNs: [UInt64(30_000 + index * 1000)], selfNs: 30_000) }
                return RepeatMeasurement(frames: frames, paths: paths)
            }
            let measurement = ReplayMeasurement(
                trace: trace, layout: "a-layout-with-a-long-descriptive-name-number-\(index)", mode: .gestures,
                refreshRate: 120, budgetMs: 1000.0 / 120, warmup: 0, repeats: repeats, complete: true,
                counters: [:], scrollFrames: 2400, markers: [Marker(time: 5, label: "fling")],
                environment: Environment(host: "test", cores: 2, swift: "6", build: "debug"))
            return Report(measurement)
        }
        return ComparisonFormat.html.render([.success(Comparison(reports: reports))], asArray: false)
    }

    /// Measures the page in the browser: the document's scroll width against its viewport, and the clipped
    /// frames' labels' boxes. The shipped page has no script: the test appends this one to its own copy.
    static let measuringScript = """
        <script>
        (function () {
          var root = document.documentElement;
          var boxes = Array.prototype.map.call(document.querySelectorAll("text.clipped-label"), function (label) {
            return label.getBoundingClientRect();
          });
          var overlaps = 0;
          for (var i = 0; i < boxes.length; i++) {
            for (var j = i + 1; j < boxes.length; j++) {
              var a = boxes[i], b = boxes[j];
              if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) { overlaps++; }
            }
          }
          var out = document.createElement("pre");
          out.id = "measured";
          out.textContent = "scrollWidth=" + root.scrollWidth + " clientWidth=" + root.clientWidth
            + " innerWidth=" + window.innerWidth + " labels=" + boxes.length + " overlaps=" + overlaps;
          document.body.appendChild(out);
        })();
        </script>
        """

    @Test("Compare's page with 2, 3 and 5 layouts fits a 1280 px window; the outlier labels do not overlap",
          arguments: [2, 3, 5])
    func comparisonFits(layouts: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = Self.crowdedComparison(layouts: layouts)
        #expect(!html.contains("<script"))
        #expect(HTMLScan.tags("<path class=\"cdf\"", in: html).count == layouts)
        let page = folder.appendingPathComponent("compare-\(layouts).html")
        try html.replacingOccurrences(of: "</body>", with: Self.measuringScript + "\n</body>")
            .write(to: page, atomically: true, encoding: .utf8)
        let opened = try Chromium.open(page)
        #expect(opened.console.isEmpty, "\(opened.console)")
        let line = try #require(opened.dom.components(separatedBy: "<pre id=\"measured\">").dropFirst().first?
            .components(separatedBy: "</pre>").first)
        var figures: [String: Int] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2 { figures[String(parts[0])] = Int(parts[1]) }
        }
        #expect(figures["innerWidth"] == 1280, "\(line)")
        let scrollWidth = try #require(figures["scrollWidth"]), clientWidth = try #require(figures["clientWidth"])
        #expect(scrollWidth <= clientWidth, "the page scrolls sideways: \(line)")
        #expect(try #require(figures["labels"]) >= 2, "\(line)")
        #expect(figures["overlaps"] == 0, "\(line)")
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
