import Testing
import Foundation
import Replay
import Reporting
import TestSupport

@Suite("Replay sessions", .tags(.fast))
struct ReplaySessionTests {
    private let trace = """
        <scroll t="0.02" x="0" y="110"/>
        <scroll t="0.05" x="0" y="600"/>
        <scroll t="0.08" x="0" y="1400"/>
        """

    /// Frame times and counters, the deterministic part of a measurement on the manual clock.
    private func fingerprint(_ pass: ReplaySession.Pass) -> [String] {
        pass.measurement.frames.map { "\($0.index):\($0.durationNs):\($0.topPath ?? "-")" }
            + pass.counters.map { "\($0.key)=\($1)" }
    }

    @Test("Passes run one at a time measure what a full replay measures")
    func passesMatchReplay() throws {
        let file = try TraceFile(events: trace)
        let options = ReplayOptions(repeats: 3, warmup: 1)
        let replayed = try ReplayRunner(makeClock: { ManualClock() }).replay(file.path, options: options)
        let session = try ReplaySession(trace: file.path, options: options, clock: ManualClock())
        let passes = try (0..<4).map { _ in try session.runPass() }
        #expect(session.passesRun == 4)
        let measured = session.measurement(of: Array(passes.dropFirst()), warmup: 1)
        #expect(measured.repeats.map { $0.frames } == replayed.repeats.map { $0.frames })
        #expect(measured.counters == replayed.counters)
        #expect(measured.scrollFrames == replayed.scrollFrames)
        #expect(measured.clock == .manual && measured.layout == "flow" && measured.mode == .offsets)
    }

    @Test("Interleaving two sessions gives the same results as running them apart")
    func interleaving() throws {
        let file = try TraceFile(events: trace)
        let flow = ReplayOptions(mode: .gestures)
        let circle = ReplayOptions(layout: "circle", mode: .gestures)
        func apart(_ options: ReplayOptions) throws -> [[String]] {
            let session = try ReplaySession(trace: file.path, options: options, clock: ManualClock())
            return try (0..<3).map { _ in fingerprint(try session.runPass()) }
        }
        let a = try ReplaySession(trace: file.path, options: flow, clock: ManualClock())
        let b = try ReplaySession(trace: file.path, options: circle, clock: ManualClock())
        var interleavedA: [[String]] = [], interleavedB: [[String]] = []
        for round in 0..<3 {
            if round % 2 == 0 {
                interleavedA.append(fingerprint(try a.runPass()))
                interleavedB.append(fingerprint(try b.runPass()))
            } else {
                interleavedB.append(fingerprint(try b.runPass()))
                interleavedA.append(fingerprint(try a.runPass()))
            }
        }
        #expect(interleavedA == (try apart(flow)))
        #expect(interleavedB == (try apart(circle)))
        #expect(interleavedA != interleavedB)
    }

    @Test("A pass that fails returns its frames and stops the session with the error")
    func failureStops() throws {
        let file = try TraceFile(events: """
            <scroll t="0.02" x="0" y="100"/>
            <scroll t="0.06" x="0" y="fast"/>
            """)
        let session = try ReplaySession(trace: file.path, clock: ManualClock())
        let pass = try session.runPass()
        let failure = try #require(pass.failure)
        #expect(!pass.measurement.frames.isEmpty)
        #expect(session.failure == failure)
        #expect(throws: failure) { try session.runPass() }
    }

    @Test("A trace that is not a regular file is read once, and every pass replays it")
    func pipe() throws {
        let file = try TraceFile(events: trace)
        let fifo = file.path + ".fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        Thread.detachNewThread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(bytes)
            try? handle.close()
        }
        let session = try ReplaySession(trace: fifo, clock: ManualClock())
        let first = try session.runPass(), second = try session.runPass()
        let regular = try ReplaySession(trace: file.path, clock: ManualClock()).runPass()
        #expect(fingerprint(first) == fingerprint(regular))
        #expect(fingerprint(second) == fingerprint(regular))
        #expect(session.mode == .offsets)
    }

    @Test("The report names the clock: the CPU clock by default, the wall clock when asked")
    func clockNamed() throws {
        let file = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let runner = ReplayRunner()
        let cpu = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        let wall = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0, clock: .wall))
        #expect(cpu.clock == .cpu && wall.clock == .wall)
        #expect(Report(cpu).clock == .cpu)
        let json = ReportFormat.json.render([Report(wall)], includeFrames: false)
        #expect(json.contains("\"clock\": \"wall\""))
        #expect(try Report.decode(json: json).first?.clock == .wall)
    }

    @Test("The workload is spent on the measuring clock: on the CPU clock a frame costs at least its workload")
    func workloadOnCPUClock() throws {
        let file = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let m = try ReplayRunner().replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        // Frame 0 creates and configures the 24 visible cells (the first screen is not prefetched): 24 × 1.5 ms.
        #expect(m.repeats[0].frames[0].durationNs >= 24 * 1_500_000)
        let configure = try #require(m.repeats[0].paths.first { $0.path == "frame/cells/configure" })
        #expect(configure.selfNs >= 28 * 500_000)
    }
}

@Suite("Initial display and measurement windows", .tags(.fast))
struct MeasurementWindowTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("Frame 0 is reported apart; the frame figures cover the frames after it unless it is included")
    func initialDisplay() throws {
        let file = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let m = try runner.replay(file.path, options: ReplayOptions(repeats: 2, warmup: 0))
        let report = Report(m)
        // Frame 0: 24 cells created (1 ms) and configured (0.5 ms), none prefetched; frame 1: line 8 shows and
        // one cell is prefetched, 4 × (1 + 0.5) ms, all created (line 0 is kept, out of the pool).
        #expect(report.initialDisplay == Report.InitialDisplay(ms: 36, topPath: "frame/cells/create"))
        #expect(report.frames == 1 && report.jankyFrames == 0 && report.frameTimeMs.max == 6)
        #expect(report.perRepeat.map(\.initialDisplayMs) == [36, 36])
        #expect(report.worstFrames.map(\.index) == [1])
        #expect(report.window.summary == "frames after the initial display")
        let included = Report(try runner.replay(file.path, options: ReplayOptions(repeats: 2, warmup: 0,
                                                                                 includesInitialDisplay: true)))
        #expect(included.frames == 2 && included.jankyFrames == 1 && included.frameTimeMs.max == 36)
        #expect(included.initialDisplay?.ms == 36)
        let json = ReportFormat.json.render([report], includeFrames: false)
        #expect(json.contains("\"initial_display_ms\": 36,"))
        #expect(json.contains("\"initial_display_top_path\": \"frame/cells/create\""))
        let back = try #require(try Report.decode(json: json).first)
        #expect(back.initialDisplay == report.initialDisplay && back.window == report.window)
        let text = ReportFormat.text.render([report], includeFrames: false)
        // The text report wraps the line at 80 columns, under its value column.
        #expect(text.contains(/\nInitial display +36\.000 ms \(frame\/cells\/create\), not in the figures\s+above\n/))
        #expect(text.contains("clock manual"))
    }

    private var markedTrace: String {
        (1...90).map { frame in
            let marker = frame == 30 ? "<marker t=\"0.5\" label=\"opened\"/>\n"
                : frame == 60 ? "<marker t=\"1.0\" label=\"closed\"/>\n" : ""
            return marker + "<scroll t=\"\(Double(frame) / 60)\" x=\"0\" y=\"\(frame * 10)\"/>"
        }.joined(separator: "\n")
    }

    @Test("--from-marker and --to-marker narrow the frames to the part of the session between them")
    func markerWindow() throws {
        let file = try TraceFile(events: markedTrace)
        let m = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0, fromMarker: "opened",
                                                                    toMarker: "closed"))
        let report = Report(m)
        // The markers run in frames 30 and 60: the window is frames 30…59.
        #expect(report.frames == 30)
        #expect(report.window.from?.label == "opened" && report.window.to?.label == "closed")
        #expect(report.window.summary == "from marker 'opened' (0.5 s) to marker 'closed' (1 s), initial display excluded")
        let fromOnly = Report(try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0,
                                                                                  fromMarker: "closed")))
        #expect(fromOnly.frames == Double(m.repeats[0].frames.count - 60))
        let toOnly = Report(try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0, toMarker: "opened")))
        #expect(toOnly.frames == 29)
    }

    @Test("An unknown marker label, or a window that ends before it starts, is a clear error")
    func markerErrors() throws {
        let file = try TraceFile(events: markedTrace)
        #expect {
            try runner.replay(file.path, options: ReplayOptions(fromMarker: "open"))
        } throws: { error in
            "\(error)" == "\(file.path): --from-marker names no marker 'open'; the trace's markers are 'opened', 'closed'"
        }
        #expect {
            try runner.replay(file.path, options: ReplayOptions(fromMarker: "closed", toMarker: "opened"))
        } throws: { error in
            "\(error)" == "\(file.path): --to-marker 'opened' comes before --from-marker 'closed'"
        }
        let plain = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        #expect {
            try runner.replay(plain.path, options: ReplayOptions(toMarker: "end"))
        } throws: { error in
            "\(error)" == "\(plain.path): --to-marker names no marker 'end'; the trace has no markers"
        }
    }

    @Test("A marker runs in the first frame whose end is after it", arguments: [
        (0.0, 0), (1.0 / 60 - 1e-9, 0), (1.0 / 60, 1), (0.5, 30), (0.9999, 59), (1.0, 60),
    ])
    func markerFrame(time: Double, frame: Int) {
        #expect(MeasurementWindow.frame(of: time, refreshRate: 60) == frame)
    }
}
