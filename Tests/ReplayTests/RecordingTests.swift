import TestSupport
import Testing
@testable import Replay
import Reporting
import CollectionEngine
import Layouts
import TraceXML

@Suite("Recording", .tags(.fast))
struct RecordingTests {
    private func scenario(_ name: ScenarioName, seed: UInt64 = 3, duration: Double = 6) -> Scenario {
        var setup = RecordingSetup()
        setup.parameters = [("item-size", "100 100"), ("section-inset", "10 10 10 10")]
        setup.sections = name == .chat ? 2 : 1
        setup.items = .exactly(400)
        if name == .chat { setup.itemSizes = (.exactly(390), .between(36, 140)) }
        // The diffable apps' data carries identifiers; the chat's messages size themselves from an estimate.
        if name.appliesSnapshots {
            setup.itemIdentifierPrefix = name.itemIdentifierPrefix
            setup.itemSizes = (.exactly(390), .between(36, 160))
            setup.parameters = [("item-size", "390 60"), ("minimum-line-spacing", "6")]
            if name == .selfSizingChat { setup.parameters.append(("estimated-item-size", "390 60")) }
        }
        // The book's apps with their own layouts: a survey of 3 photos a question on an iPad, a photo gallery.
        if name == .survey {
            setup.layout = "decorated-flow"
            setup.parameters = []
            setup.items = .exactly(3)
            (setup.width, setup.height) = (768, 1024)
        }
        if name == .dimensions {
            setup.layout = "dimensions-flow"
            setup.parameters = []
        }
        // The store app's screen (its default description): carousels that page by group, then rows.
        if name == .appStore {
            setup.layout = "compositional"
            setup.parameters = []
            setup.items = .each([8, 24, 16, 12, 120])
            setup.itemSizes = (.exactly(350), .between(72, 140))
        }
        if name == .springboard {
            setup.layout = "springboard"
            setup.parameters = []
            setup.isPagingEnabled = true
            setup.items = .exactly(75)
            (setup.width, setup.height) = (768, 1004)
        }
        // A survey's content is short and still for seconds while the user reads: give it time to answer;
        // the springboard user enters edit mode after 6 s.
        let duration = name == .survey ? max(duration, 12) : name == .springboard ? max(duration, 20) : duration
        return Scenario(name: name, header: setup.header(seed: seed), duration: duration, seed: seed)
    }

    @Test("--items as a list gives each section its own count, and the list sets the number of sections")
    func eachSectionsCount() {
        var setup = RecordingSetup()
        setup.sections = 5
        setup.items = .each([22, 20, 19])
        #expect(setup.header(seed: 1).sections.map(\.items) == [22, 20, 19])
    }

    /// What the collection view shows after every frame: its offset and each element's key and frame.
    private typealias Frame = String

    private func describe(_ collectionView: CollectionView) -> Frame {
        "\(collectionView.contentOffset) " + collectionView.displayedElements.map { "\($0.key)=\($0.view.frame)" }.joined(separator: ";")
    }

    /// Replays `path` in `mode`, describing every frame.
    private func replayFrames(_ path: String, mode: ReplayMode) throws -> [Frame] {
        let reader = try TraceReader(path: path)
        let layout = try LayoutRegistry.standard.makeLayout(for: reader.header.layout, path: path)
        let pass = ReplayPass(quiet: reader.header, path: path, layout: layout, registry: .standard, mode: mode,
                              frameClock: FrameClock(header: reader.header))
        var frames: [Frame] = []
        let result = pass.run(reader) { _ in frames.append(describe(pass.collectionView)) }
        if let failure = result.failure { Issue.record("replay failed: \(failure)") }
        return frames
    }

    @Test("The same scenario and seed always record the same trace, byte for byte", arguments: ScenarioName.allCases)
    func deterministic(name: ScenarioName) throws {
        let a = try scenario(name).record()
        let b = try scenario(name).record()
        #expect(a == b)
        #expect(a.count > 1_000)
        #expect(try scenario(name, seed: 4).record() != a)
    }

    @Test("Recording and replaying shows the same elements at every frame, in offsets mode and in gestures mode",
          arguments: [ScenarioName.browse, .flingStorm, .jump, .batchStorm, .chat, .survey, .dimensions, .springboard,
                      .selfSizingChat, .diffableFeed, .appStore])
    func roundTrip(name: ScenarioName) throws {
        try checkRoundTrip(scenario(name))
    }

    @Test("A springy session replays the springs' positions at every frame in both modes: the finger reaches the layout")
    func springyRoundTrip() throws {
        var setup = RecordingSetup()
        setup.layout = "springy-flow"
        setup.items = .exactly(600)
        for tiled in ["false", "true"] {
            setup.parameters = [("tiled", tiled)]
            var movingFrames = 0
            try checkRoundTrip(Scenario(name: .springy, header: setup.header(seed: 5), duration: 6, seed: 5)) { view in
                if let layout = view.collectionViewLayout as? SpringyFlowLayout, !layout.springs.isAtRest { movingFrames += 1 }
            }
            // The drags displaced the springs, so the frames compared show items off their flow positions.
            #expect(movingFrames > 60, "tiled \(tiled)")
        }
    }

    /// Records `scenario` for 6 s, describing every frame (and showing it to `each`), then replays it in both
    /// modes and compares.
    private func checkRoundTrip(_ scenario: Scenario, each: (CollectionView) -> Void = { _ in }) throws {
        let name = scenario.name
        let path = try ScratchDirectory.url("roundtrip-\(name.rawValue).xml").path
        // Record, describing every frame as it is recorded.
        var header = scenario.header
        header.meta.append(MetaEntry(key: "source", value: "test"))
        let recorder = try TraceRecorder(header: header, path: path)
        var user = SimulatedUser(scenario: scenario, recorder: recorder)
        var recorded: [Frame] = []
        for _ in 0..<Int(6 * 60) {
            user.act(deciding: true)
            try recorder.endFrame()
            recorded.append(describe(recorder.collectionView))
            each(recorder.collectionView)
        }
        try recorder.finish()
        let offsets = try replayFrames(path, mode: .offsets)
        let gestures = try replayFrames(path, mode: .gestures)
        #expect(offsets.count > 100)
        let n = min(offsets.count, recorded.count)
        for index in 0..<n where offsets[index] != recorded[index] {
            Issue.record("offsets mode differs at frame \(index):\n  recorded \(recorded[index].prefix(300))\n  replayed \(offsets[index].prefix(300))")
            break
        }
        for index in 0..<min(gestures.count, recorded.count) where gestures[index] != recorded[index] {
            Issue.record("gestures mode differs at frame \(index)")
            break
        }
    }

    @Test("The survey user answers with the app's batch and copies from menus; the dimensions user toggles with taps")
    func bookScenarios() throws {
        let survey = String(decoding: try scenario(.survey, seed: 4, duration: 45).record(), as: UTF8.self)
        #expect(survey.contains("<insert-section at=\"1\" items=\"3\"/>"))
        #expect(survey.contains("<reload-section at=\"0\" items=\"3\"/>"))
        #expect(survey.contains("counts-after=\"3 3 3\""))
        #expect(survey.contains("<scroll-to-item") && survey.contains("<long-press") && survey.contains("action=\"copy\""))
        let taps = survey.components(separatedBy: "<tap ").count - 1
        #expect(taps == survey.components(separatedBy: "<batch ").count - 1 && taps >= 4)
        let dimensions = String(decoding: try scenario(.dimensions, seed: 11, duration: 30).record(), as: UTF8.self)
        #expect(dimensions.components(separatedBy: "<tap ").count - 1 >= 4)
        #expect(dimensions.contains("phase=\"ended\""))
    }
}

/// A recorded trace names every parameter of its layout, so that it never falls back on defaults a later Reel
/// or another layout chosen at replay would give.
@Suite("Recorded layout parameters", .tags(.fast))
struct RecordedLayoutParametersTests {
    @Test("Every catalogue layout's parameters spelled out in declared order, the given ones as given")
    func spelledOut() throws {
        let registry = LayoutRegistry.standard
        for definition in registry.definitions {
            let given = definition.parameters.last.map { [LayoutDescription.Parameter(name: $0.name, value: "given")] } ?? []
            let spelled = registry.spelledOut(LayoutDescription(name: definition.name, parameters: given))
            #expect(spelled.name == definition.name)
            // A parameter not spelled out at its default (flow's pin-headers) is left out unless given.
            let written = definition.parameters.filter { declared in
                declared.spelledOutAtDefault || given.contains { $0.name == declared.name }
            }
            #expect(spelled.parameters.map(\.name) == written.map(\.name), "\(definition.name)")
            for (parameter, declared) in zip(spelled.parameters, written) {
                let expected = given.first { $0.name == declared.name }?.value ?? declared.defaultValue
                #expect(parameter.value == expected, "\(definition.name) \(declared.name)")
            }
        }
        let unknown = LayoutDescription(name: "no-such-layout", parameters: [.init(name: "a", value: "1")])
        #expect(registry.spelledOut(unknown) == unknown)
    }

    @Test("reel record's trace: the circle user's <layout> names the circle's every parameter, start-minute as given")
    func recorded() throws {
        var setup = RecordingSetup()
        (setup.layout, setup.items, setup.parameters) = ("circle", .exactly(12), [("start-minute", "41.6")])
        let scenario = Scenario(name: .circle, header: setup.header(seed: 9), duration: 1, seed: 9)
        let trace = String(decoding: try scenario.record(), as: UTF8.self)
        let line = try #require(trace.split(separator: "\n").first { $0.contains("<layout ") })
        let circle = try #require(LayoutRegistry.standard.definition(named: "circle"))
        let written = line.matches(of: /([a-z-]+)="([^"]*)"/).map { (String($0.output.1), String($0.output.2)) }
        #expect(written.map(\.0) == ["name"] + circle.parameters.map(\.name))
        #expect(written.contains { $0 == ("start-minute", "41.6") })
        for parameter in circle.parameters where parameter.name != "start-minute" {
            #expect(written.contains { $0 == (parameter.name, parameter.defaultValue) }, "\(parameter.name)")
        }
    }
}
