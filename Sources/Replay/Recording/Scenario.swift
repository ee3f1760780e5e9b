public import TraceXML
import Reporting
import CollectionEngine

/// A simulated user that `reel record` records: seeded, so the same scenario and seed always give
/// the same trace, byte for byte.
public enum ScenarioName: String, CaseIterable, Hashable, Sendable {
    /// Read, pause, fling, repeat; the odd caught fling and turn back.
    case browse
    /// Strong flings back to back, short pauses.
    case flingStorm = "fling-storm"
    /// Reading interrupted by animated jumps (`<scroll-to-item>`) far away.
    case jump
    /// Browsing while the app inserts and deletes items.
    case batchStorm = "batch-storm"
    /// Taps on the displayed items, with short drags between them.
    case tapSelect = "tap-select"
    /// Pinches in and out, with drags between them.
    case pinch
    /// A chat: messages arrive at the bottom while the reader scrolls the history; a few are deleted; a new
    /// day starts a section halfway.
    case chat
    /// The book's Circle app: pinches that move and resize the circle, Add and Trash inserting and deleting
    /// the last item; the layout never scrolls.
    case circle
    /// One Hundred Pixels on an iPad: stacks pinched open part-way and let go, one opened past half into a
    /// flow layout, then browsed.
    case stacks
    /// Slow drags held with the finger at varied places, quick drags and flings, drags that turn back, and
    /// pauses that let springs settle (`springy-flow`).
    case springy
    /// Cover Flow: horizontal swipes that snap to an album, pauses, taps on the albums beside the centered
    /// one to bring them to the center, the odd tap on the centered one.
    case coverFlow = "cover-flow"
    /// The book's BetterSurvey: read a question's photos, tap one; the app inserts the next question and
    /// reloads the answered one in one animated batch, then scrolls to it; now and then a long press copies
    /// a photo's name from its menu.
    case survey
    /// The book's Dimensions: browse photos with flings; a tap toggles aspect-fit and square every few
    /// seconds.
    case dimensions
    /// Tutorial 001's photo album on an iPhone 5: browse the albums up and down, tap a stack now and then,
    /// turn the phone to landscape and back.
    case albums
    /// The slides' demo line: swipes through a line of speakers that snap to the nearest one, taps on them.
    case line
    /// The slides' demo spiral, paged: swipes between conferences, swipes up on speakers to delete them, taps
    /// on a page's header to restore one.
    case spiral
    /// The slides' demo app on the grid (`grid`): a reader going through the conferences from top to bottom,
    /// tapping a speaker or two here and there, now and then flicking back up a little.
    case shelves
    /// The slides' demo app on the stacks (`stacks`): stacks pinched open part-way and let go, others past
    /// 2.5 into the grid, browsed there, then back to the stacks (the app's layout switch) for more.
    case stacksPinch = "stacks-pinch"
    /// Tutorial 002's Springboard on an iPad: paging through the icons, opening one now and then, a long
    /// press into edit mode, deleting icons with their delete buttons (the app's animated batch), a tap on
    /// the background to leave it.
    case springboard
    /// A chat of self-sizing messages on a diffable data source: it opens at the latest message; messages
    /// arrive through applied snapshots (the app follows them when the reader is at the bottom), others are
    /// reconfigured as their status or reactions change, and the reader scrolls back through history whose
    /// cells are measured as they appear.
    case selfSizingChat = "self-sizing-chat"
    /// A news feed on a diffable data source: pull to refresh at the top (the content rubber-bands, the new
    /// posts arrive at the top through an applied snapshot), likes that reconfigure the posts on screen, a post
    /// taken down now and then, and flings through the feed.
    case diffableFeed = "diffable-feed"
    /// A store screen: vertical sections of carousels that page by group under pinned headers, then rows; the
    /// user flings down the page, swipes along the carousels in view and taps an item now and then.
    case appStore = "app-store"
}

/// A session to record: who the user is, what they look at, for how long.
public struct Scenario: Sendable {
    public var name: ScenarioName
    /// The trace's header: the collection view, the layout, the data and the workload.
    public var header: TraceHeader
    /// Seconds of user activity; the recording goes on until the last fling settles.
    public var duration: Double
    public var seed: UInt64

    public init(name: ScenarioName, header: TraceHeader, duration: Double, seed: UInt64) {
        self.name = name
        self.header = header
        if name == .appStore { self.header = Self.storeHeader(header) }
        self.duration = duration
        self.seed = seed
    }

    /// Records the session into the file at `path`, or in memory when `path` is `nil`; returns the trace.
    ///
    /// Every input the simulated user gives is one the replay accepts, whatever the collection view, layout
    /// and data: ``check(registry:)`` says beforehand whether the session will mean something. An input the
    /// replay refuses is a bug in the scenario, which traps in a debug build.
    ///
    /// - Throws: ``ReplayError`` for a layout the registry does not know, a bad parameter, a limit the session
    ///   reaches (more elements on screen than a frame may display, a workload past its limit), or I/O.
    @discardableResult
    public func record(to path: String? = nil, registry: LayoutRegistry = .standard) throws(ReplayError) -> [UInt8] {
        try recordSummarized(to: path, registry: registry).bytes
    }

    /// What a recording wrote: its frames and events.
    public struct Summary: Sendable, Equatable {
        /// The frames recorded, the settling frames after the user's last decision included.
        public var frames: Int
        /// The events written: inputs and scroll offsets.
        public var events: Int
        /// The seconds the recorded frames last, at the trace's refresh rate or frame intervals.
        public var seconds: Double
    }

    /// ``record(to:registry:)``, with what it wrote.
    public func recordSummarized(to path: String? = nil,
                                 registry: LayoutRegistry = .standard) throws(ReplayError) -> (bytes: [UInt8], summary: Summary) {
        var header = header
        header.meta.append(MetaEntry(key: "source", value: "reel record --scenario \(name.rawValue) --seed \(seed)"))
        header.layout = registry.spelledOut(header.layout)
        let recorder = try TraceRecorder(header: header, path: path, registry: registry)
        var user = SimulatedUser(scenario: self, recorder: recorder)
        let clock = FrameClock(header: header)
        let frames = clock.frame(at: duration)
        // New decisions for `duration`; then the gestures under way finish, and frames run until everything
        // has settled (bounded: a minute more, and the frames a trace may hold).
        let settled = min(clock.frame(at: duration + Self.settleSeconds), TraceLimits.frames)
        while recorder.frame < frames || !user.planned.isEmpty || (recorder.isSettling && recorder.frame < settled) {
            user.act(deciding: recorder.frame < frames)
            do {
                try recorder.endFrame()
            } catch {
                assert(error.code != .invalidEvent,
                       "the simulated user of --scenario \(name.rawValue) gave an input the replay refuses: \(error)")
                throw error
            }
        }
        try recorder.finish()
        return (recorder.bytes, Summary(frames: recorder.frame, events: recorder.eventsWritten,
                                        seconds: clock.startTime(ofFrame: recorder.frame)))
    }
}

/// What a simulated user does, frame by frame: plans gestures ahead as inputs at future frames.
struct SimulatedUser {
    let scenario: Scenario
    let recorder: TraceRecorder
    var rng: SplitMix64
    /// Inputs planned for future frames.
    var planned: [Int: [Planned]] = [:]
    /// The frame at which the user decides what to do next.
    var nextDecision: Int
    /// The hit tests the user ran to find where to touch, and the displayed elements they examined in all:
    /// what looking at the screen costs the recording, which follows what is on screen.
    var hitTests = 0
    var elementsHitTested = 0
    /// The data of an app that applies snapshots (``ScenarioName/appliesSnapshots``), as its next apply will
    /// hold it.
    var appSnapshot: AppSnapshot
    /// Whether the chat has opened at its latest message.
    var openedAtLatest = false

    /// An input planned for a later frame.
    enum Planned {
        case input(TraceEvent.Kind)
        /// The user chooses `action` in the edit menu the long press before opened, if it is still open: the
        /// press may have missed every item, and a tap, a long press, a reload or an update since may have
        /// closed it.
        case menuAction(String)
    }

    init(scenario: Scenario, recorder: TraceRecorder) {
        self.scenario = scenario
        self.recorder = recorder
        rng = SplitMix64(seed: scenario.seed)
        appSnapshot = AppSnapshot(scenario.header.sections, prefix: scenario.name.itemIdentifierPrefix)
        nextDecision = Int(scenario.header.collectionView.refreshRate * 0.5)
    }

    var rate: Double { scenario.header.collectionView.refreshRate }
    var collectionView: CollectionView { recorder.collectionView }
    var vertical: Bool { collectionView.contentSize.height > collectionView.bounds.height || collectionView.contentSize.width <= collectionView.bounds.width }

    mutating func act(deciding: Bool) {
        let frame = recorder.frame
        if deciding && frame >= nextDecision {
            // The app's updates are planned with the counts of the moment they are decided: the next decision
            // waits for the ones still to come (at 1 Hz a decision can fall on the frame of the last one).
            if let update = lastPlannedUpdate { nextDecision = update + 1 } else { decide(at: frame) }
        }
        var menuMayClose = false
        for input in planned.removeValue(forKey: frame) ?? [] {
            switch input {
            case .input(let kind):
                recorder.input(kind)
                switch kind {
                case .tap, .longPress(.began, _), .reloadData, .batch: menuMayClose = true
                default: break
                }
            case .menuAction(let action):
                guard !menuMayClose, let item = collectionView.indexPathForMenuItem else { continue }
                recorder.input(.menu(item: TraceIndexPath(section: item.section, item: item.item), action: action))
            }
        }
    }

    /// The frame of the last update planned and not yet given (a `<batch>` or `<reload-data>`), if any.
    private var lastPlannedUpdate: Int? {
        planned.filter { _, inputs in
            inputs.contains { input in
                switch input {
                case .input(.batch), .input(.reloadData): true
                default: false
                }
            }
        }.keys.max()
    }

    mutating func plan(_ input: TraceEvent.Kind, at frame: Int) {
        planned[frame, default: []].append(.input(input))
    }

    /// Plans the choice of `action` in the edit menu, at `frame`, if a menu is open then.
    mutating func planMenuAction(_ action: String, at frame: Int) {
        planned[frame, default: []].append(.menuAction(action))
    }

    /// The element under `point` (content coordinates), counted in ``hitTests``.
    mutating func hitTest(_ point: Point) -> ElementKey? {
        hitTests += 1
        elementsHitTested += collectionView.displayedElementCount
        return collectionView.hitTest(point)
    }

    /// Whether the app may add `items` items, and `sections` sections, without the collection view holding
    /// more than ``TraceLimits/items`` items or ``TraceLimits/sections`` sections.
    func roomFor(items: Int, sections: Int = 0) -> Bool {
        let counts = collectionView.itemCountsBySection
        return counts.count + sections <= TraceLimits.sections && counts.reduce(0, +) + items <= TraceLimits.items
    }

    func seconds(_ s: Double) -> Int { max(1, Int((s * rate).rounded())) }

    private mutating func decide(at frame: Int) {
        switch scenario.name {
        case .browse:
            let end = fling(at: frame, speed: 600...4800)
            nextDecision = end + (rng.chance(0.15) ? seconds(rng.uniform(0.2...0.6)) : seconds(rng.uniform(0.6...2.4)))
        case .flingStorm:
            let end = fling(at: frame, speed: 3000...9000)
            nextDecision = end + seconds(rng.uniform(0.05...0.35))
        case .jump:
            if rng.chance(0.3) {
                let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
                if count > 0 {
                    let item = Int(rng.next() % UInt64(count))
                    plan(.scrollToItem(item: TraceIndexPath(section: 0, item: item),
                                       position: rng.chance(0.5) ? .top : .center, animated: true), at: frame)
                }
                nextDecision = frame + seconds(rng.uniform(1.0...2.5))
            } else {
                let end = fling(at: frame, speed: 400...2400)
                nextDecision = end + seconds(rng.uniform(0.8...2.0))
            }
        case .batchStorm:
            if rng.chance(0.5) {
                batch(at: frame)
                nextDecision = frame + seconds(rng.uniform(0.3...1.2))
            } else {
                let end = fling(at: frame, speed: 800...5000)
                nextDecision = end + seconds(rng.uniform(0.2...1.0))
            }
        case .tapSelect:
            if rng.chance(0.75) {
                tap(at: frame)
                nextDecision = frame + seconds(rng.uniform(0.4...1.5))
            } else {
                let end = fling(at: frame, speed: 300...1500)
                nextDecision = end + seconds(rng.uniform(0.5...1.2))
            }
        case .pinch:
            if rng.chance(0.6) {
                let end = pinch(at: frame)
                nextDecision = end + seconds(rng.uniform(0.5...1.5))
            } else {
                let end = fling(at: frame, speed: 400...2000)
                nextDecision = end + seconds(rng.uniform(0.5...1.5))
            }
        case .chat:
            if rng.chance(0.55) {
                message(at: frame)
                nextDecision = frame + seconds(rng.uniform(1.2...4.0))
            } else {
                let end = fling(at: frame, speed: 400...3500)
                nextDecision = end + seconds(rng.uniform(0.6...2.0))
            }
        case .circle: decideInCircleApp(at: frame)
        case .stacks: decideInStacksApp(at: frame)
        case .springy:
            nextDecision = springyGesture(at: frame)
        case .coverFlow:
            nextDecision = browseCovers(at: frame)
        case .survey: decideSurvey(at: frame)
        case .dimensions: decideDimensions(at: frame)
        case .albums: decideAlbums(at: frame)
        case .line: nextDecision = swipeThroughLine(at: frame)
        case .spiral: decideInSpiral(at: frame)
        case .shelves: decideOnShelves(at: frame)
        case .stacksPinch: decideInSlidesStacks(at: frame)
        case .springboard: decideSpringboard(at: frame)
        case .selfSizingChat: decideSelfSizingChat(at: frame)
        case .diffableFeed: decideDiffableFeed(at: frame)
        case .appStore: decideInStore(at: frame)
        }
    }

    // MARK: Gestures

    /// A drag that accelerates (displacement ∝ u²) and leaves the glass at its fastest; returns the frame
    /// it ends on.
    mutating func fling(at frame: Int, speed: ClosedRange<Double>) -> Int {
        let size = collectionView.bounds.size
        let length = vertical ? size.height : size.width
        let offset = vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        let content = vertical ? collectionView.contentSize.height - size.height : collectionView.contentSize.width - size.width
        let forward = offset < content * 0.05 ? true : offset > content * 0.95 ? false
            : rng.chance(scenario.name.readsBackwards ? 0.45 : 0.8)
        let sign = forward ? 1.0 : -1.0
        let steps = max(3, seconds(rng.uniform(0.12...0.34)))
        let duration = Double(steps) / rate
        let distance = min(rng.uniform(speed) * duration / 2, length * 0.6)
        let release = 2 * distance / duration
        let start = length * (forward ? rng.uniform(0.6...0.8) : rng.uniform(0.2...0.4))
        let cross = (vertical ? size.width : size.height) / 2 + rng.uniform(-40...40)
        func point(_ main: Double, _ across: Double) -> Point {
            let main = (main * 100).rounded() / 100, across = (across * 100).rounded() / 100
            return vertical ? Point(x: across, y: main) : Point(x: main, y: across)
        }
        plan(.drag(phase: .began, location: point(start, cross), velocity: nil), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let finger = point(start - sign * distance * u * u, cross + u * rng.uniform(-3...3))
            if step == steps {
                let v = (-sign * release * 100).rounded() / 100
                plan(.drag(phase: .ended, location: finger,
                           velocity: vertical ? Point(x: 0, y: v) : Point(x: v, y: 0)), at: frame + step)
            } else {
                plan(.drag(phase: .changed, location: finger, velocity: nil), at: frame + step)
            }
        }
        return frame + steps
    }

    /// A tap near a cell's center, moved into the part of it on screen: a cell partly scrolled out (or laid
    /// out in the prefetch region) is touched where the user sees it, never outside the collection view.
    mutating func tap(at frame: Int) {
        guard let cell = collectionView.visibleCells.randomElement(using: &rng) else { return }
        let origin = collectionView.contentOffset, size = collectionView.bounds.size
        let frame0 = cell.frame
        // The cell's visible part, in viewport coordinates, kept a point clear of the edges.
        let minX = max(frame0.origin.x - origin.x, 0) + 1, maxX = min(frame0.origin.x + frame0.size.width - origin.x, size.width) - 1
        let minY = max(frame0.origin.y - origin.y, 0) + 1, maxY = min(frame0.origin.y + frame0.size.height - origin.y, size.height) - 1
        let jitterX = rng.uniform(-10...10), jitterY = rng.uniform(-10...10)
        guard minX <= maxX, minY <= maxY else { return }
        let center = frame0.center
        let x = (min(max(center.x - origin.x + jitterX, minX), maxX) * 100).rounded() / 100
        let y = (min(max(center.y - origin.y + jitterY, minY), maxY) * 100).rounded() / 100
        plan(.tap(location: Point(x: x, y: y)), at: frame)
    }

    /// Two fingers spreading or closing around a point; returns the frame the pinch ends on.
    private mutating func pinch(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let location = Point(x: ((size.width / 2 + rng.uniform(-60...60)) * 100).rounded() / 100,
                             y: ((size.height / 2 + rng.uniform(-120...120)) * 100).rounded() / 100)
        let target = rng.chance(0.5) ? rng.uniform(1.3...2.6) : rng.uniform(0.4...0.8)
        let steps = max(4, seconds(rng.uniform(0.25...0.6)))
        plan(.pinch(phase: .began, location: location, scale: 1), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let scale = ((1 + (target - 1) * (3 * u * u - 2 * u * u * u)) * 1000).rounded() / 1000
            plan(.pinch(phase: step == steps ? .ended : .changed, location: location, scale: scale), at: frame + step)
        }
        return frame + steps
    }

    // MARK: The app's updates

    private mutating func batch(at frame: Int) {
        var after = collectionView.itemCountsBySection
        guard let section = after.indices.randomElement(using: &rng) else { return }
        let operation: BatchUpdate.Operation
        if after[section] > 10 && rng.chance(0.45) {
            let picks = Set((0..<Int(1 + rng.next() % 3)).map { _ in Int(rng.next() % UInt64(after[section])) })
            after[section] -= picks.count
            operation = .deleteItems(section: section, items: picks.sorted())
        } else {
            let inserted = Int(1 + rng.next() % 3)
            let first = Int(rng.next() % UInt64(after[section] + 1))
            guard roomFor(items: inserted) else { return }
            after[section] += inserted
            operation = .insertItems(section: section, items: Array(first..<first + inserted), sizes: nil)
        }
        plan(.batch(BatchUpdate(countsAfter: after, operations: [operation])), at: frame)
    }

    private mutating func message(at frame: Int) {
        var after = collectionView.itemCountsBySection
        let operation: BatchUpdate.Operation
        guard let last = after.indices.last else {
            // The first message of a chat without any starts its day.
            guard roomFor(items: 1, sections: 1) else { return }
            plan(.batch(BatchUpdate(countsAfter: [1], operations: [.insertSection(at: 0, items: 1)])), at: frame)
            return
        }
        if recorder.frame > Int(scenario.duration * rate / 2) && after.count == scenario.header.sections.count {
            guard roomFor(items: 1, sections: 1) else { return }
            after.append(1)
            operation = .insertSection(at: after.count - 1, items: 1)
        } else if rng.chance(0.12) && after[last] > 5 {
            let item = Int(rng.next() % UInt64(after[last]))
            after[last] -= 1
            operation = .deleteItems(section: last, items: [item])
        } else {
            let arriving = rng.chance(0.2) ? 2 : 1
            let first = after[last]
            guard roomFor(items: arriving) else { return }
            after[last] += arriving
            // As wide as the messages before it; the first of a day spans the view.
            let width = first > 0 ? collectionView.layoutAttributesForItem(at: IndexPath(item: first - 1, section: last))?.size.width
                ?? collectionView.bounds.width : collectionView.bounds.width
            let sizes = (0..<arriving).map { _ in Size(width: width, height: (rng.uniform(36...140) / 2).rounded() * 2) }
            operation = .insertItems(section: last, items: Array(first..<first + arriving), sizes: sizes)
        }
        plan(.batch(BatchUpdate(countsAfter: after, operations: [operation])), at: frame)
    }
}
