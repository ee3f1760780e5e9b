import CollectionEngine
import TraceXML

extension ScenarioName {
    /// Whether the user's app keeps its data in a diffable data source: its sections and items carry
    /// identifiers (`reel record` gives them) and every change is an applied snapshot.
    public var appliesSnapshots: Bool {
        switch self {
        case .selfSizingChat, .diffableFeed: true
        default: false
        }
    }

    /// The prefix of the identifiers of the items of a user's app that ``appliesSnapshots``: `m` for
    /// messages, `p` for posts.
    public var itemIdentifierPrefix: String {
        self == .selfSizingChat ? "m" : "p"
    }

    /// Whether the user mostly reads back, towards the start of the content (a chat's history).
    var readsBackwards: Bool { self == .chat || self == .selfSizingChat }
}

/// The data a diffable app's simulated user holds, as the app's snapshot: the sections' identifiers, their
/// items' identifiers and sizes, in order. Every change is planned as an `<apply>` of the whole snapshot.
struct AppSnapshot {
    var sections: [SectionDescription]
    /// Each section's item identifiers and sizes, one by one (the sessions hold a few hundred items).
    var identifiers: [[String]]
    var sizes: [[Size]?]
    /// The number the next new item's identifier carries.
    var next: Int
    let prefix: String

    init(_ sections: [SectionDescription], prefix: String) {
        self.sections = sections
        self.prefix = prefix
        identifiers = sections.map { $0.itemIdentifiers?.identifiers ?? [] }
        sizes = sections.map { section in section.itemSizes.map { Array($0) } }
        next = sections.reduce(0) { $0 + $1.items }
    }

    /// Whether every section has its items' identifiers: the data a diffable data source holds.
    var isIdentified: Bool { sections.allSatisfy { $0.itemIdentifiers != nil && $0.identifier != nil } }

    /// A new item identifier, never used before in the session.
    mutating func newIdentifier() -> String {
        defer { next += 1 }
        return "\(prefix)\(next)"
    }

    /// The snapshot as the sections of an `<apply>`.
    var description: [SectionDescription] {
        sections.indices.map { index in
            var section = sections[index]
            section.itemIdentifiers = ItemIdentifierList(identifiers: identifiers[index])
            section.itemSizes = sizes[index].map { TraceSizeList($0) }
            return section
        }
    }

    func identifier(at indexPath: IndexPath) -> String? {
        identifiers.indices.contains(indexPath.section) && identifiers[indexPath.section].indices.contains(indexPath.item)
            ? identifiers[indexPath.section][indexPath.item] : nil
    }
}

extension SimulatedUser {
    /// The identifiers of the items whose cells are on screen, in index path order.
    private func identifiersOnScreen(_ snapshot: AppSnapshot) -> [(IndexPath, String)] {
        collectionView.visibleCells.compactMap { cell -> (IndexPath, String)? in
            guard let indexPath = cell.layoutAttributes?.indexPath, let id = snapshot.identifier(at: indexPath) else { return nil }
            return (indexPath, id)
        }.sorted { $0.0 < $1.0 }
    }

    /// Plans the apply of `snapshot`, reconfiguring `reconfigure`.
    private mutating func apply(_ snapshot: AppSnapshot, reconfigure: [String] = [], animated: Bool = true, at frame: Int) {
        plan(.apply(SnapshotApply(animated: animated, reconfigure: reconfigure, sections: snapshot.description)), at: frame)
    }

    /// How far the content is from its end along the scrolling axis, in points.
    private var distanceFromEnd: Double {
        let bounds = collectionView.bounds
        return collectionView.contentSize.height + collectionView.adjustedContentInset.bottom - bounds.maxY
    }

    // MARK: A chat of self-sizing messages

    /// One decision of the `self-sizing-chat` user.
    ///
    /// The chat opens at its latest message (the app scrolls to it without animation, before any cell above
    /// it was measured, so it lands where the estimates put it). Then, in turn: a message arrives (an animated
    /// apply with the message appended; the app follows it when the reader is at the bottom, as chat apps do);
    /// a message on screen is reconfigured (delivered, read, a reaction that may make it taller); or the
    /// reader flings back through the history, whose cells are measured as they appear.
    mutating func decideSelfSizingChat(at frame: Int) {
        var snapshot = appSnapshot
        defer { appSnapshot = snapshot }
        // Without identifiers (data `reel record` refuses for this user) the app cannot apply snapshots: the
        // reader only scrolls.
        guard let last = snapshot.sections.indices.last, snapshot.isIdentified else {
            nextDecision = fling(at: frame, speed: 400...3200) + seconds(rng.uniform(0.6...2.0))
            return
        }
        if !openedAtLatest {
            openedAtLatest = true
            let count = snapshot.identifiers[last].count
            if count > 0 {
                plan(.scrollToItem(item: TraceIndexPath(section: last, item: count - 1), position: .bottom, animated: false),
                     at: frame)
            }
            nextDecision = frame + seconds(rng.uniform(1.0...2.0))
            return
        }
        let choice = rng.uniform(0...1)
        if choice < 0.4, roomFor(items: 1) {
            let width = collectionView.bounds.width
            let height = (rng.uniform(36...160) / 2).rounded() * 2
            snapshot.identifiers[last].append(snapshot.newIdentifier())
            snapshot.sizes[last]?.append(Size(width: width, height: height))
            let following = distanceFromEnd < 80
            apply(snapshot, at: frame)
            if following {
                let item = TraceIndexPath(section: last, item: snapshot.identifiers[last].count - 1)
                plan(.scrollToItem(item: item, position: .bottom, animated: true), at: frame + seconds(BatchUpdate.defaultDuration) + 1)
            }
            nextDecision = frame + seconds(rng.uniform(1.2...3.5))
        } else if choice < 0.6, let (indexPath, id) = identifiersOnScreen(snapshot).randomElement(using: &rng) {
            // A reaction makes the message taller; a delivery or read receipt keeps its size.
            if rng.chance(0.5), let size = snapshot.sizes[indexPath.section]?[indexPath.item] {
                snapshot.sizes[indexPath.section]?[indexPath.item] = Size(width: size.width, height: size.height + 24)
            }
            apply(snapshot, reconfigure: [id], at: frame)
            nextDecision = frame + seconds(rng.uniform(0.8...2.0))
        } else {
            let end = fling(at: frame, speed: 400...3200)
            nextDecision = end + seconds(rng.uniform(0.6...2.0))
        }
    }

    // MARK: A feed on a diffable data source

    /// One decision of the `diffable-feed` user.
    ///
    /// At the top, the reader often pulls to refresh: a slow drag down past the top edge (the content
    /// rubber-bands), released; the new posts arrive a moment later at the top, applied without animation as
    /// a refresh control's end usually is. Elsewhere: likes on posts on screen (an apply that reconfigures
    /// them), a post taken down (an animated apply without it), and flings, often back up towards the top.
    mutating func decideDiffableFeed(at frame: Int) {
        var snapshot = appSnapshot
        defer { appSnapshot = snapshot }
        guard !snapshot.sections.isEmpty, snapshot.isIdentified else {
            nextDecision = fling(at: frame, speed: 600...5200) + seconds(rng.uniform(0.5...1.8))
            return
        }
        let atTop = collectionView.contentOffset.y <= -collectionView.adjustedContentInset.top + 1
        let choice = rng.uniform(0...1)
        if atTop && choice < 0.6 {
            let released = pullToRefresh(at: frame)
            let arriving = Int(rng.uniform(2...6).rounded())
            if roomFor(items: arriving) {
                let width = collectionView.bounds.width
                let posts = (0..<arriving).map { _ in snapshot.newIdentifier() }
                snapshot.identifiers[0].insert(contentsOf: posts, at: 0)
                snapshot.sizes[0]?.insert(contentsOf: posts.map { _ in
                    Size(width: width, height: (rng.uniform(120...360) / 2).rounded() * 2)
                }, at: 0)
                apply(snapshot, animated: false, at: released + seconds(rng.uniform(0.6...1.2)))
            }
            nextDecision = released + seconds(rng.uniform(1.6...2.6))
        } else if choice < 0.3 {
            let onScreen = identifiersOnScreen(snapshot)
            let liked = Array(onScreen.shuffled(using: &rng).prefix(Int(rng.uniform(1...3).rounded()))).map(\.1)
            if !liked.isEmpty { apply(snapshot, reconfigure: liked, at: frame) }
            nextDecision = frame + seconds(rng.uniform(0.8...1.8))
        } else if choice < 0.38, snapshot.identifiers[0].count > 20,
                  let (indexPath, _) = identifiersOnScreen(snapshot).randomElement(using: &rng) {
            snapshot.identifiers[indexPath.section].remove(at: indexPath.item)
            snapshot.sizes[indexPath.section]?.remove(at: indexPath.item)
            apply(snapshot, at: frame)
            nextDecision = frame + seconds(rng.uniform(0.8...1.6))
        } else {
            let end = fling(at: frame, speed: 600...5200)
            nextDecision = end + seconds(rng.uniform(0.5...1.8))
        }
    }

    /// A slow drag down from the upper part of the view, past the top edge, released almost at rest; returns
    /// the frame the finger leaves the glass.
    private mutating func pullToRefresh(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let start = (rng.uniform(120...220) * 100).rounded() / 100
        let travel = rng.uniform(150...240)
        let x = ((size.width / 2 + rng.uniform(-40...40)) * 100).rounded() / 100
        let steps = max(4, seconds(rng.uniform(0.4...0.7)))
        plan(.drag(phase: .began, location: Point(x: x, y: start), velocity: nil), at: frame)
        for step in 1...steps {
            // Eased: the finger slows as the pull tightens.
            let u = Double(step) / Double(steps)
            let y = ((start + travel * (1 - (1 - u) * (1 - u))) * 100).rounded() / 100
            if step == steps {
                plan(.drag(phase: .ended, location: Point(x: x, y: y), velocity: Point(x: 0, y: 40)), at: frame + step)
            } else {
                plan(.drag(phase: .changed, location: Point(x: x, y: y), velocity: nil), at: frame + step)
            }
        }
        return frame + steps
    }
}
