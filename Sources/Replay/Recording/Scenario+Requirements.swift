import TraceXML
import Reporting
import CollectionEngine
import Layouts

/// Why a scenario cannot record a meaningful session with the collection view, layout and data it is given,
/// found before anything is recorded: one sentence that says what the simulated user does, what it needs,
/// and what was given instead.
public struct ScenarioRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Something a simulated user needs from the collection view, its layout or its data before it can record a
/// session that means something; a scenario without a need adapts to what it is given.
enum ScenarioNeed: Hashable, Sendable {
    /// A section: the user's app inserts into it or answers in it.
    case section
    /// An item: the user taps or pinches items.
    case item
    /// Content larger than the view along some axis: the user scrolls through it.
    case scrolling
    /// Content wider than the view: the user swipes along a row.
    case horizontalScrolling
    /// Identifiers on the sections and items: the app's data source is diffable and changes the data by
    /// applying snapshots.
    case identifiedItems
    /// A part of the content that scrolls on its own (a layout's ``NestedScroller``): the user swipes along it.
    case nestedScroller
    /// A paging collection view (`--paging`).
    case paging
    /// A layout that handles pinches (``LayoutInteractionHandling/handlesPinches``).
    case pinchingLayout
    /// A layout of stacks (``StackedLayout``), which the user pinches open.
    case stackedLayout
    /// The slides' stacks (``StacksLayout``), whose pinch opens the grid and whose app switches back.
    case slidesStacksLayout
    /// Stacks that can be pinched open: a stack opening shows every item it holds, with what else is on
    /// screen, and a frame displays at most ``TraceLimits/visibleElements`` elements.
    case openableStacks
}

extension ScenarioName {
    /// What the user does, for the sentence that says what it needs: "scrolls through the content".
    var activity: String {
        switch self {
        case .browse: "scrolls through the content"
        case .flingStorm: "flings through the content"
        case .jump: "scrolls and jumps through the content"
        case .batchStorm: "inserts and deletes items in a section while scrolling"
        case .tapSelect: "taps items"
        case .pinch: "pinches"
        case .chat: "reads and writes messages"
        case .circle: "adds and removes items and pinches the circle"
        case .stacks: "pinches stacks open"
        case .springy: "drags and flings the content"
        case .coverFlow: "swipes along a row of covers"
        case .survey: "answers the last section's question"
        case .dimensions: "taps photos"
        case .albums: "taps photo stacks"
        case .line: "swipes along a row of speakers"
        case .spiral: "pages through the sections"
        case .shelves: "reads down through the content"
        case .stacksPinch: "pinches the slides' stacks open into the grid"
        case .springboard: "pages through the icons"
        case .selfSizingChat: "reads and receives messages"
        case .diffableFeed: "pulls to refresh and scrolls through the feed"
        case .appStore: "browses the store and swipes along its carousels"
        }
    }

    /// The layout of the user's app, which `reel record` records with unless told another: `flow` for the
    /// generic users, the catalogue layout each app user was written for, `stacked` for `pinch`.
    public var appLayout: String {
        switch self {
        case .browse, .flingStorm, .jump, .batchStorm, .tapSelect, .chat, .selfSizingChat, .diffableFeed: "flow"
        case .pinch, .stacks: "stacked"
        case .circle: "circle"
        case .springy: "springy-flow"
        case .coverFlow: "cover-flow"
        case .survey: "decorated-flow"
        case .dimensions: "dimensions-flow"
        case .albums: "photo-album"
        case .line: "line"
        case .spiral: "spiral"
        case .shelves: "grid"
        case .stacksPinch: "stacks"
        case .springboard: "springboard"
        case .appStore: "compositional"
        }
    }

    /// What the user needs to record a meaningful session; a need left out is one the user adapts to.
    ///
    /// `chat` starts a section with its first message when there is none; `batch-storm`, `survey` and `circle`
    /// grow their content with their updates; `albums` and `dimensions` tap and rotate on content that fits.
    var needs: [ScenarioNeed] {
        switch self {
        case .browse, .flingStorm, .jump, .springy, .shelves: [.scrolling]
        case .batchStorm, .survey: [.section]
        case .tapSelect, .dimensions, .albums: [.item]
        case .pinch: [.pinchingLayout]
        case .chat: []
        case .circle: [.pinchingLayout, .section]
        case .stacks: [.stackedLayout, .item, .openableStacks]
        case .stacksPinch: [.slidesStacksLayout, .item, .openableStacks]
        case .coverFlow, .line: [.horizontalScrolling]
        case .spiral: [.paging, .section]
        case .springboard: [.paging, .horizontalScrolling]
        case .selfSizingChat: [.section, .identifiedItems]
        case .diffableFeed: [.scrolling, .identifiedItems]
        case .appStore: [.nestedScroller]
        }
    }
}

extension Scenario {
    /// The most a recording runs past ``duration``: the gestures under way finish, then frames run until
    /// everything has settled, for at most a minute.
    public static let settleSeconds = 60.0

    /// Checks, before anything is recorded, that the scenario can record a valid and meaningful session: the
    /// header can be written, its layout exists and takes its parameters, its workload names reuse identifiers
    /// the data uses, the session (with the minute the recording may run on to settle) fits in a trace, and
    /// the collection view, laid out once, gives the user what it needs (``ScenarioName/needs``) without an
    /// engine warning or more elements on screen than a frame may display.
    ///
    /// - Throws: ``ScenarioRefusal`` with one sentence saying what is needed.
    /// - Complexity: one layout pass of the collection view the header describes.
    public func check(registry: LayoutRegistry = .standard) throws(ScenarioRefusal) {
        do throws(TraceError) {
            try TraceWriter.check(header)
        } catch {
            throw ScenarioRefusal(error.message)
        }
        do throws(ReplayError) {
            try registry.check(header.layout, path: "<recording>")
        } catch {
            throw ScenarioRefusal(error.message)
        }
        let path = "<recording>"
        if let problem = TraceRules(header: header, path: path, registry: registry).check(header).first {
            throw ScenarioRefusal(problem.message)
        }
        // The frames the recording may run, on the frame clock it records with (its frame intervals when it has
        // them): a session whose intervals are shorter than 1 / refresh-rate takes more frames than the rate says.
        // Counted exactly up to 10^9 seconds (at most 10^12 frames of 1 ms); past that, past any limit.
        let clock = FrameClock(header: header)
        var frames = Double.infinity
        if duration.isFinite && duration <= 1e9 {
            // The frames that begin before the end: the frame holding it, unless the end is where that one begins.
            let end = duration + Self.settleSeconds, last = clock.frame(at: end)
            frames = Double(clock.startTime(ofFrame: last) == end ? last : last + 1)
        }
        guard duration >= 0, frames <= Double(TraceLimits.frames) else {
            let rate = header.frameIntervals == nil
                ? "at \(TraceNumber.format(header.collectionView.refreshRate)) Hz" : "at its frame intervals"
            throw ScenarioRefusal(
                "a session of \(TraceNumber.format(duration)) s \(rate), with the minute a "
                    + "recording may run on while the content settles, is "
                    + "\(frames.isFinite ? TraceLimits.grouped(Int(frames)) : "more than 10^12") "
                    + "frames; a trace holds at most \(TraceLimits.grouped(TraceLimits.frames)) (24 hours at 120 Hz)")
        }
        let pass: ReplayPass
        do throws(ReplayError) {
            let layout = try registry.makeLayout(for: header.layout, path: path)
            pass = ReplayPass(quiet: header, path: path, layout: layout, registry: registry, mode: .gestures,
                              frameClock: FrameClock(header: header))
        } catch {
            throw ScenarioRefusal(error.message)
        }
        let collectionView = pass.collectionView
        // What the layout and the data alone decide, before a layout pass that may lay out millions of items.
        for need in name.needs {
            if let refusal = refusal(for: need, collectionView, registry, laidOut: false) { throw refusal }
        }
        do throws(ReplayError) {
            try pass.runFrame(0, events: [])
        } catch {
            let shown = collectionView.visibleElementOverflow ?? collectionView.displayedElementCount
            guard shown > TraceLimits.visibleElements else { throw ScenarioRefusal(error.message) }
            throw ScenarioRefusal("the \(Self.size(collectionView.bounds.size)) view shows \(TraceLimits.grouped(shown)) "
                                  + "elements at once with layout '\(header.layout.name)', more than the "
                                  + "\(TraceLimits.grouped(TraceLimits.visibleElements)) a frame may display; give a "
                                  + "smaller view, or fewer or larger items")
        }
        for need in name.needs {
            if let refusal = refusal(for: need, collectionView, registry, laidOut: true) { throw refusal }
        }
        if let warning = collectionView.warnings.first {
            throw ScenarioRefusal("layout '\(header.layout.name)' lays this data out in the "
                                  + "\(Self.size(collectionView.bounds.size)) view with a warning, which every replay "
                                  + "would report: \(Self.sentence(warning.message)); give smaller items or a larger view")
        }
        try checkShapeChange(pass)
    }

    /// Lays out, on the collection view `pass` drives, the moment the user's app changes the shape of what
    /// is shown — a new day of the chat, the survey's next question, an item the batch storm inserts, the
    /// albums turned to landscape — and
    /// refuses when the layout warns there: the section a batch inserts, and the view a resize makes, are
    /// sized by the layout, not by the options.
    private func checkShapeChange(_ pass: ReplayPass) throws(ScenarioRefusal) {
        let collectionView = pass.collectionView
        let counts = collectionView.itemCountsBySection
        let total = counts.reduce(0, +)
        let moment: String, event: TraceEvent.Kind
        switch name {
        case .chat where counts.count < TraceLimits.sections && total < TraceLimits.items:
            moment = "a new day starts a section of messages"
            event = .batch(BatchUpdate(countsAfter: counts + [1], operations: [.insertSection(at: counts.count, items: 1)]))
        case .survey where !counts.isEmpty && counts.count < TraceLimits.sections && total + 3 <= TraceLimits.items:
            moment = "the next question's section arrives"
            event = .batch(BatchUpdate(countsAfter: counts + [3], operations: [.insertSection(at: counts.count, items: 3)]))
        case .batchStorm where !counts.isEmpty && total < TraceLimits.items:
            moment = "the app inserts an item"
            var after = counts
            after[0] += 1
            event = .batch(BatchUpdate(countsAfter: after, operations: [.insertItems(section: 0, items: [counts[0]], sizes: nil)]))
        case .albums:
            moment = "the phone turns to landscape"
            event = .resize(SimulatedUser.landscape(of: header.collectionView.size))
        default:
            return
        }
        let time = 1 / header.collectionView.refreshRate
        do throws(ReplayError) {
            try pass.runFrame(1, events: [TraceEvent(time: time, event)])
        } catch {
            throw ScenarioRefusal("--scenario \(name.rawValue) \(name.activity), and when \(moment) the recording "
                                  + "would stop: \(error.message)")
        }
        if let warning = collectionView.warnings.first {
            throw ScenarioRefusal("--scenario \(name.rawValue) \(name.activity), and when \(moment), layout "
                                  + "'\(header.layout.name)' lays it out in the \(Self.size(collectionView.bounds.size)) view "
                                  + "with a warning, which every replay would report: \(Self.sentence(warning.message)); "
                                  + "give smaller items or a larger view")
        }
    }

    /// `text` without its closing full stop, to go inside a sentence.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// The refusal when `collectionView` does not give the user what `need` asks for; before it is `laidOut`,
    /// only for what its layout and data decide alone.
    private func refusal(for need: ScenarioNeed, _ collectionView: CollectionView, _ registry: LayoutRegistry,
                         laidOut: Bool) -> ScenarioRefusal? {
        let counts = header.sections.map(\.items)
        let content = collectionView.contentSize, bounds = collectionView.bounds.size
        let doing = "--scenario \(name.rawValue) \(name.activity)"
        let layout = "layout '\(header.layout.name)'"
        let given = "\(layout) lays out \(Self.size(content)) points of content in the \(Self.size(bounds)) view; "
            + "give more items (--items), larger ones (--item-sizes, the layout's item size) or a smaller view"
        switch need {
        case .section:
            guard counts.isEmpty else { return nil }
            return ScenarioRefusal("\(doing): it needs a section, and --sections is 0")
        case .item:
            guard counts.allSatisfy({ $0 == 0 }) else { return nil }
            return ScenarioRefusal("\(doing): it needs an item, and the data has none (--items, --sections)")
        case .scrolling:
            guard laidOut, content.width <= bounds.width && content.height <= bounds.height else { return nil }
            return ScenarioRefusal("\(doing): it needs content taller or wider than the view, and \(given)")
        case .horizontalScrolling:
            guard laidOut, content.width <= bounds.width else { return nil }
            return ScenarioRefusal("\(doing): it needs content wider than the view (a layout that scrolls "
                                   + "horizontally), and \(given)")
        case .nestedScroller:
            guard laidOut, (0..<collectionView.numberOfSections).allSatisfy({ collectionView.collectionViewLayout.nestedScroller(withID: $0) == nil })
            else { return nil }
            return ScenarioRefusal("\(doing): it needs a part of the content that scrolls on its own (a compositional "
                                   + "section with an orthogonal scrolling behaviour), and \(layout) has none")
        case .identifiedItems:
            guard header.sections.contains(where: { $0.itemIdentifiers == nil }) else { return nil }
            return ScenarioRefusal("\(doing) through a diffable data source: it needs identifiers on every section's "
                                   + "items, and a section gives a count (an empty one has no identifiers to give; "
                                   + "give every section items, --items)")
        case .paging:
            guard !header.collectionView.isPagingEnabled else { return nil }
            return ScenarioRefusal("\(doing): it needs a paging collection view (--paging)")
        case .pinchingLayout:
            let handles = (collectionView.collectionViewLayout as? any LayoutInteractionHandling)?.handlesPinches ?? false
            guard !handles else { return nil }
            let names = Self.layouts(in: registry) { ($0 as? any LayoutInteractionHandling)?.handlesPinches ?? false }
            return ScenarioRefusal("\(doing): it needs a layout that handles pinches (\(names)), and \(layout) ignores them")
        case .stackedLayout:
            guard !(collectionView.collectionViewLayout is StackedLayout) else { return nil }
            return ScenarioRefusal("\(doing): it needs a layout of stacks (\(Self.layouts(in: registry) { $0 is StackedLayout })), "
                                   + "not \(layout)")
        case .openableStacks:
            // What else is on screen stays while the stack opens (faded), so it counts too.
            let shown = laidOut ? collectionView.displayedElementCount : 0
            guard let largest = counts.indices.max(by: { counts[$0] < counts[$1] }),
                  counts[largest] + shown > TraceLimits.visibleElements else { return nil }
            let besides = shown > 0 ? " besides the \(TraceLimits.grouped(shown)) elements on screen" : ""
            return ScenarioRefusal("\(doing): a stack opening shows every item it holds, and section \(largest) holds "
                                   + "\(TraceLimits.grouped(counts[largest]))\(besides), more "
                                   + "than the \(TraceLimits.grouped(TraceLimits.visibleElements)) a frame may display; give "
                                   + "fewer items a section (--items)")
        case .slidesStacksLayout:
            guard !(collectionView.collectionViewLayout is StacksLayout) else { return nil }
            return ScenarioRefusal("\(doing): it needs the slides' stacks (\(Self.layouts(in: registry) { $0 is StacksLayout })), "
                                   + "not \(layout)")
        }
    }

    /// The names of the registered layouts whose instance, with default parameters, passes `test`: `'circle',
    /// 'stacked'`.
    private static func layouts(in registry: LayoutRegistry, where test: (CollectionViewLayout) -> Bool) -> String {
        let names = registry.definitions.filter { definition in
            (try? definition.makeLayout(parameters: [])).map(test) ?? false
        }.map { "'\($0.name)'" }
        return names.isEmpty ? "none is registered" : names.joined(separator: ", ")
    }

    /// `390 × 844`.
    private static func size(_ size: Size) -> String {
        "\(TraceNumber.format((size.width * 100).rounded() / 100)) × \(TraceNumber.format((size.height * 100).rounded() / 100))"
    }
}
