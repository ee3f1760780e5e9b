import Testing
import Foundation
@testable import Replay
import TraceXML
import TestSupport

/// Simulated users touch only the screen — every tap, drag, long press and pinch a scenario
/// records lies inside the collection view's bounds (viewport coordinates, following `<resize>`), whatever
/// the screen's width.
@Suite("Recorded touches stay on the screen", .tags(.shippedTraces))
struct RecordedTouchTests {
    /// Each scenario with the layout and data its shipped traces use (Traces/record.sh), on a screen `width`
    /// wide.
    static func scenario(_ name: ScenarioName, width: Double, seed: UInt64) -> Scenario {
        var setup = RecordingSetup()
        (setup.width, setup.height) = (width, (width * 1.5).rounded())
        setup.items = .exactly(400)
        setup.parameters = [("item-size", "100 100"), ("section-inset", "10 10 10 10")]
        let speakers = RecordingSetup.Count.each([22, 20, 19, 22, 19, 20, 19, 18, 16, 14, 14])
        switch name {
        case .chat:
            setup.sections = 2
            setup.itemSizes = (.exactly(width), .between(36, 140))
            setup.parameters = [("item-size", "\(Int(width)) 60")]
        case .circle: (setup.layout, setup.parameters, setup.items) = ("circle", [], .exactly(12))
        case .stacks: (setup.layout, setup.parameters, setup.sections, setup.items) = ("stacked", [], 5, .exactly(20))
        case .springy: (setup.layout, setup.parameters) = ("springy-flow", [])
        case .coverFlow: (setup.layout, setup.parameters, setup.items) = ("cover-flow", [], .exactly(100))
        case .survey: (setup.layout, setup.parameters, setup.items) = ("decorated-flow", [], .exactly(3))
        case .dimensions: (setup.layout, setup.parameters) = ("dimensions-flow", [])
        case .albums: (setup.layout, setup.parameters, setup.sections, setup.items) = ("photo-album", [], 12, .between(2, 5))
        case .line: (setup.layout, setup.parameters, setup.items) = ("line", [], speakers)
        case .spiral: (setup.layout, setup.parameters, setup.items, setup.isPagingEnabled) = ("spiral", [], speakers, true)
        case .shelves: (setup.layout, setup.parameters, setup.items) = ("grid", [("header-size", "50 50")], speakers)
        case .stacksPinch: (setup.layout, setup.parameters, setup.items) = ("stacks", [], speakers)
        case .springboard: (setup.layout, setup.parameters, setup.items, setup.isPagingEnabled) = ("springboard", [], .exactly(75), true)
        case .appStore:
            setup.layout = "compositional"
            setup.parameters = []
            setup.items = .each([8, 24, 16, 12, 120])
            setup.itemSizes = (.exactly(width - 40), .between(72, 140))
        case .selfSizingChat, .diffableFeed:
            setup.itemIdentifierPrefix = name.itemIdentifierPrefix
            setup.itemSizes = (.exactly(width), .between(36, 160))
            setup.parameters = [("item-size", "\(Int(width)) 60"), ("estimated-item-size", "\(Int(width)) 60")]
        default: break
        }
        if case .each(let counts) = setup.items { setup.sections = counts.count }
        let duration = name == .survey || name == .springboard ? 25.0 : 12.0
        return Scenario(name: name, header: setup.header(seed: seed), duration: duration, seed: seed)
    }

    /// Every touch of `trace` outside its collection view: `line: x y in W × H`.
    static func touchesOutside(_ trace: String, width: Double, height: Double) -> [String] {
        var (width, height) = (width, height)
        var outside: [String] = []
        // Made once: a regex literal is parsed each time its value is made.
        let resizeTag = /<resize [^>]*width="([-0-9.e]+)" height="([-0-9.e]+)"/
        let touchTag = /<(tap|drag|long-press|pinch) [^>]*x="([-0-9.e]+)" y="([-0-9.e]+)"/
        for (number, line) in trace.split(separator: "\n").enumerated() where !line.contains("<scroll ") {
            if let resize = line.firstMatch(of: resizeTag),
               let w = Double(resize.output.1), let h = Double(resize.output.2) {
                (width, height) = (w, h)
            }
            guard let touch = line.firstMatch(of: touchTag),
                  let x = Double(touch.output.2), let y = Double(touch.output.3) else { continue }
            if !(0...width).contains(x) || !(0...height).contains(y) {
                outside.append("line \(number + 1): <\(touch.output.1)> at \(x) \(y) on a \(width) × \(height) screen")
            }
        }
        return outside
    }

    @Test("Every scenario, on screens 320 to 1024 points wide", arguments: ScenarioName.allCases, [320.0, 390, 768, 1024])
    func onScreen(name: ScenarioName, width: Double) throws {
        // One user a screen, two users a scenario: seed 1 on 320 and 768 points, seed 2 on 390 and 1,024.
        let seed: UInt64 = width == 320 || width == 768 ? 1 : 2
        let scenario = Self.scenario(name, width: width, seed: seed)
        let trace = String(decoding: try scenario.record(), as: UTF8.self)
        #expect(trace.contains("<tap ") || trace.contains("<drag ") || trace.contains("<pinch ")
                    || trace.contains("<long-press ") || name == .circle || name == .survey || name == .chat
                    || name == .batchStorm,
                "\(name.rawValue) at \(width) recorded no touch")
        let outside = Self.touchesOutside(trace, width: width, height: (width * 1.5).rounded())
        #expect(outside.isEmpty, "\(name.rawValue), width \(width), seed \(seed): \(outside.prefix(5))")
    }

    @Test("tap-select taps inside the 320-point screen (7 of 15 taps were outside)")
    func tapSelect() throws {
        var setup = RecordingSetup()
        (setup.width, setup.height) = (320, 480)
        setup.parameters = [("item-size", "150 150")]
        let trace = String(decoding: try Scenario(name: .tapSelect, header: setup.header(seed: 1), duration: 30, seed: 1).record(),
                           as: UTF8.self)
        #expect(trace.components(separatedBy: "<tap ").count > 10)
        #expect(Self.touchesOutside(trace, width: 320, height: 480).isEmpty)
    }
}
