import TestSupport
import Testing
import Foundation
@testable import Replay
import CollectionEngine
import TraceXML

/// The simulated users stay inside the engine's rules whatever view, layout and data they are given: every
/// event a scenario records is one the replay accepts, so `reel validate` finds nothing in any recorded
/// trace; and a scenario that cannot record a meaningful session says what it needs before it starts.
@Suite("Recording within the engine's rules", .tags(.exhaustive))
struct ExhaustiveRecordingRulesTests {
    /// A scenario as `reel record` builds it: the app's layout, then `configure`'s options.
    static func scenario(_ name: ScenarioName, seed: UInt64 = 1, duration: Double = 8,
                         _ configure: (inout RecordingSetup) -> Void = { _ in }) -> Scenario {
        var setup = RecordingSetup()
        setup.layout = name.appLayout
        // As `reel record` does: a diffable app's data carries identifiers.
        if name.appliesSnapshots { setup.itemIdentifierPrefix = name.itemIdentifierPrefix }
        configure(&setup)
        return Scenario(name: name, header: setup.header(seed: seed), duration: duration, seed: seed)
    }

    /// Records `scenario` into a scratch file named after `name`; returns the trace's text and every problem
    /// `reel validate` finds in it.
    static func record(_ scenario: Scenario, name: String) throws -> (trace: String, problems: [String]) {
        let (trace, diagnostics) = try recordDiagnosing(scenario, name: name)
        return (trace, diagnostics.map(\.description))
    }

    static func recordDiagnosing(_ scenario: Scenario, name: String) throws -> (trace: String, diagnostics: [TraceDiagnostic]) {
        let path = try ScratchDirectory.url("rules-\(name).xml").path
        try scenario.record(to: path)
        return (try String(contentsOfFile: path, encoding: .utf8), TraceChecker.validate(path: path))
    }

    /// The values of `attribute` in every `<element …>` of `trace`, in order.
    static func values(_ attribute: String, of element: String, in trace: String) -> [String] {
        trace.split(separator: "\n").filter { $0.contains("<\(element) ") }.compactMap { line in
            guard let start = line.range(of: " \(attribute)=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    // MARK: The events the recorder used to refuse

    @Test("Turning the phone resizes to a size a trace holds, on a view narrower than the status bar or as tall as a view may be",
          arguments: [(1.0, 548.0), (10, 548), (320, 100_000), (100_000, 100_000)])
    func landscapeSizes(width: Double, height: Double) throws {
        let scenario = Self.scenario(.albums, duration: 20) { setup in
            (setup.width, setup.height, setup.sections, setup.items) = (width, height, 12, .between(2, 5))
        }
        let (trace, problems) = try Self.record(scenario, name: "albums-\(Int(width))x\(Int(height))")
        #expect(problems == [])
        let widths = Self.values("width", of: "resize", in: trace).compactMap(Double.init)
        let heights = Self.values("height", of: "resize", in: trace).compactMap(Double.init)
        #expect(widths.count >= 2, "the phone turned and turned back")
        #expect((widths + heights).allSatisfy { TraceLimits.viewLength.contains($0) }, "\(zip(widths, heights).map { "\($0) × \($1)" })")
    }

    @Test("A menu action follows only a long press whose menu is still open on an item (the survey at 1 Hz chose Copy in no menu)")
    func menuActions() throws {
        // The campaign's command line: --scenario survey --layout flow --refresh-rate 1 --duration 60 --seed 5.
        let scenario = Self.scenario(.survey, seed: 5, duration: 60) { setup in
            (setup.layout, setup.refreshRate) = ("flow", 1)
        }
        let (trace, problems) = try Self.record(scenario, name: "survey-1hz")
        #expect(problems == [])
        #expect(trace.contains("<long-press "))
        // At 60 Hz on the app's layout the user still copies names from the menus it opens.
        let app = try Self.record(Self.scenario(.survey, seed: 4, duration: 45) { setup in
            (setup.width, setup.height, setup.items) = (768, 1024, .exactly(3))
        }, name: "survey-ipad")
        #expect(app.problems == [])
        #expect(app.trace.contains("action=\"copy\""))
    }

    @Test("The app's updates insert only into sections that exist, with the counts after them right", arguments: [
        ("circle-no-section", ScenarioName.circle, 0, RecordingSetup.Count.exactly(12)),
        ("circle-three-empty-sections", .circle, 3, .exactly(0)),
        ("springboard-two-sections", .springboard, 2, .exactly(40)),
        ("batch-storm-no-items", .batchStorm, 3, .exactly(0)),
        ("chat-no-section", .chat, 0, .exactly(0)),
    ])
    func updates(name: String, scenario: ScenarioName, sections: Int, items: RecordingSetup.Count) throws {
        let recorded = Self.scenario(scenario, duration: 25) { setup in
            (setup.sections, setup.items) = (sections, items)
            if scenario == .springboard { (setup.width, setup.height, setup.isPagingEnabled) = (768, 1004, true) }
        }
        let (trace, problems) = try Self.record(recorded, name: name)
        #expect(problems == [])
        if scenario != .batchStorm || sections > 0 { #expect(trace.contains("<batch") || sections == 0) }
    }

    @Test("At 1 Hz a decision waits for the updates still planned: the spiral deleted a speaker with counts from before the one it restored")
    func updatesInTurn() throws {
        // The campaign's command line: --scenario spiral --paging --refresh-rate 1 --duration 60.
        let scenario = Self.scenario(.spiral, duration: 60) { setup in
            (setup.isPagingEnabled, setup.refreshRate) = (true, 1)
        }
        let (trace, problems) = try Self.record(scenario, name: "spiral-1hz")
        #expect(problems == [])
        #expect(trace.contains("<delete-items") && trace.contains("<insert-items"))
    }

    @Test("No update takes the collection view past its item limit")
    func itemLimit() throws {
        let scenario = Self.scenario(.batchStorm, duration: 6) { setup in
            setup.items = .exactly(TraceLimits.items)
            setup.parameters = [("item-size", "100 100")]
        }
        let (trace, problems) = try Self.record(scenario, name: "batch-storm-full")
        #expect(problems == [])
        // The app deletes before it inserts again: the rules followed every count.
        #expect(trace.contains("<delete-items"))
    }

    // MARK: Small and huge views, little data

    /// The extreme views and data every scenario is recorded with.
    static let extremes: [(name: String, configure: @Sendable (inout RecordingSetup) -> Void)] = [
        ("width 1", { $0.width = 1 }),
        ("height 1", { $0.height = 1 }),
        ("1 × 2, items of a point", { ($0.width, $0.height, $0.itemSizes) = (1, 2, (.exactly(0.5), .exactly(0.5))) }),
        ("100,000 × 100,000", { ($0.width, $0.height) = (100_000, 100_000) }),
        ("no section", { $0.sections = 0 }),
        ("no item", { $0.items = .exactly(0) }),
        ("1 Hz", { $0.refreshRate = 1 }),
        ("240 Hz", { $0.refreshRate = 240 }),
    ]

    @Test("Every scenario with an extreme view or data, on its app's layout and on flow, records a trace with no problem or is refused",
          arguments: ScenarioName.allCases, ["app", "flow"])
    func extremeViews(name: ScenarioName, layout: String) throws {
        // On flow, a scenario whose app's layout is flow records what its "app" case records.
        guard layout == "app" || name.appLayout != "flow" else { return }
        for (label, configure) in Self.extremes {
            // Three seconds, but one at 240 Hz: 240 frames, more than the others' 180 at 60 Hz.
            let scenario = Self.scenario(name, duration: label == "240 Hz" ? 1 : 3) { setup in
                if layout == "flow" { setup.layout = "flow" }
                if name == .springboard || name == .spiral { setup.isPagingEnabled = true }
                configure(&setup)
            }
            // What `reel record` refuses still records, without trapping, events the replay accepts.
            let refusal: ScenarioRefusal?
            do throws(ScenarioRefusal) {
                try scenario.check()
                refusal = nil
            } catch {
                refusal = error
            }
            do {
                let (_, found) = try Self.recordDiagnosing(scenario, name: "\(name.rawValue)-\(layout)-\(label.filter(\.isLetter))")
                let problems = found.map(\.description)
                if refusal == nil { #expect(problems == [], "\(name.rawValue) on \(layout), \(label)") }
                #expect(!found.contains { $0.severity == .error }, "\(name.rawValue) on \(layout), \(label): \(problems)")
            } catch let error as ReplayError where error.code == .unsupported && refusal != nil {
                // A refused view that displays more than a frame may: the limit, not the user.
            }
        }
    }

    // MARK: What a scenario needs

    @Test("A scenario that cannot record a meaningful session says what it needs before recording", arguments: [
        (ScenarioName.survey, "no section", "--scenario survey answers the last section's question: it needs a section, and --sections is 0"),
        (.browse, "few items", "--scenario browse scrolls through the content: it needs content taller or wider than the view, and layout 'flow' lays out 390 × 50 points of content in the 390 × 844 view"),
        (.coverFlow, "flow", "--scenario cover-flow swipes along a row of covers: it needs content wider than the view"),
        (.springboard, "no paging", "--scenario springboard pages through the icons: it needs a paging collection view (--paging)"),
        (.pinch, "flow", "--scenario pinch pinches: it needs a layout that handles pinches ('circle', 'stacked', 'stacks'), and layout 'flow' ignores them"),
        (.stacks, "flow", "--scenario stacks pinches stacks open: it needs a layout of stacks ('stacked', 'stacks'), not layout 'flow'"),
        (.stacksPinch, "stacked", "--scenario stacks-pinch pinches the slides' stacks open into the grid: it needs the slides' stacks ('stacks'), not layout 'stacked'"),
        (.tapSelect, "no item", "--scenario tap-select taps items: it needs an item, and the data has none"),
        (.springy, "width 1", "layout 'springy-flow' lays this data out in the 1 × 844 view with a warning, which every replay would report: The behavior of the UICollectionViewFlowLayout is not defined because"),
        (.browse, "huge view", "the 100000 × 100000 view shows"),
        (.browse, "a day", "a trace holds at most 10,368,000 (24 hours at 120 Hz)"),
        (.browse, "other cells' costs", "the workload gives costs for reuse identifier 'other', which no section uses"),
    ])
    func refusals(name: ScenarioName, situation: String, message: String) throws {
        var scenario = Self.scenario(name) { setup in
            switch situation {
            case "no section": setup.sections = 0
            case "few items": setup.items = .exactly(3)
            case "flow": setup.layout = "flow"
            case "stacked": setup.layout = "stacked"
            case "no item": setup.items = .exactly(0)
            case "width 1": setup.width = 1
            case "huge view": (setup.width, setup.height, setup.items) = (100_000, 100_000, .exactly(1_000_000))
            case "other cells' costs": setup.cellCosts = [("other", Workload.Costs(create: 1, configure: 1, prepareForReuse: 0))]
            default: break
            }
        }
        if situation == "a day" { (scenario.duration, scenario.header.collectionView.refreshRate) = (86_400, 120) }
        let refusal = #expect(throws: ScenarioRefusal.self) { try scenario.check() }
        #expect(refusal?.message.hasPrefix(message) == true || refusal?.message.contains(message) == true,
                "\(refusal?.message ?? "no refusal")")
    }

    @Test("A session is counted in the frames of its frame intervals: 1 ms frames for a day are refused, at 60 Hz they are not")
    func framesOfTheIntervals() throws {
        var day = Self.scenario(.browse, duration: 86_400 - Scenario.settleSeconds)
        try day.check()
        day.header.frameIntervals = FrameIntervals(runs: [.init(milliseconds: 1, count: 1)])
        #expect(throws: ScenarioRefusal("a session of 86340 s at its frame intervals, with the minute a recording may "
                                        + "run on while the content settles, is 86,400,000 frames; a trace holds at "
                                        + "most 10,368,000 (24 hours at 120 Hz)")) { try day.check() }
    }

    @Test("Every scenario records with its app's layout and the defaults, which it needs nothing more for",
          arguments: ScenarioName.allCases)
    func appDefaults(name: ScenarioName) throws {
        let scenario = Self.scenario(name, duration: 3) { setup in
            if name == .springboard || name == .spiral { setup.isPagingEnabled = true }
        }
        try scenario.check()
    }

    // MARK: What recording costs

    /// Records `seconds` of the cover-flow user on a view `width` points wide; returns the user's hit tests
    /// and the elements they examined, per tap it made, and the taps.
    static func coverFlowLooking(width: Double, seconds: Double) throws -> (hitTests: Double, elements: Double, taps: Int) {
        let scenario = Self.scenario(.coverFlow, seed: 8, duration: seconds) { setup in
            (setup.width, setup.height) = (width, 480)
        }
        let recorder = try TraceRecorder(header: scenario.header)
        var user = SimulatedUser(scenario: scenario, recorder: recorder)
        for _ in 0..<Int(seconds * 60) {
            user.act(deciding: true)
            try recorder.endFrame()
        }
        try recorder.finish()
        let taps = String(decoding: recorder.bytes, as: UTF8.self).components(separatedBy: "<tap ").count - 1
        return (Double(user.hitTests) / Double(max(taps, 1)), Double(user.elementsHitTested) / Double(max(taps, 1)), taps)
    }

    @Test("A cover-flow tap hit-tests the cover's width, not the view's: the cost per tap is the same on a 100,000-point view")
    func coverFlowCost() throws {
        let phone = try Self.coverFlowLooking(width: 320, seconds: 20)
        let wide = try Self.coverFlowLooking(width: 100_000, seconds: 20)
        #expect(phone.taps >= 5 && wide.taps >= 5)
        // A cover is at most 216 points wide as drawn (180, zoomed by 1.2): about 110 hit tests at 2-point steps.
        #expect(phone.hitTests <= 150, "\(phone)")
        #expect(wide.hitTests <= 150, "\(wide); scanning the whole row took 50,000 a tap")
        // The elements each hit test examines are what is on screen: the covers across 100,000 points.
        #expect(wide.elements <= 150 * 400, "\(wide)")
    }
}
