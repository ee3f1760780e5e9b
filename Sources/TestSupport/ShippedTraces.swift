import TraceXML

/// The traces that ship in `Traces/`, as the synthesizer makes them.
///
/// `ShippedTracesTests` checks that every file in `Traces/` is exactly what its entry makes;
/// `RECORD_SNAPSHOTS=1 swift test --filter ShippedTraces` writes them again.
public enum ShippedTraces {
    public struct Entry: Sendable {
        /// The file name in `Traces/`.
        public var file: String
        public var synthesizer: SessionSynthesizer
    }

    public static var all: [Entry] { [photoGrid, contacts, carousel, catsWall, chat] }

    /// A minute of browsing a photo grid: three columns of 128-point thumbnails, flings of every strength,
    /// reading pauses; thumbnails decode in `configure`.
    static var photoGrid: Entry {
        let header = TraceHeader(
            meta: [MetaEntry(key: "scenario", value: "photo grid, one minute of browsing")],
            collectionView: CollectionViewConfiguration(size: TraceSize(width: 390, height: 844)),
            layout: LayoutDescription(name: "flow", parameters: [
                .init(name: "item-size", value: "128 128"), .init(name: "minimum-line-spacing", value: "2"),
                .init(name: "minimum-interitem-spacing", value: "2"),
            ]),
            sections: [SectionDescription(items: 3000, reuseIdentifier: "photo")],
            workload: Workload(cells: [.init(reuseIdentifier: "photo",
                                             costs: .init(create: 0.8, configure: 1.2, prepareForReuse: 0.05))]))
        var synthesizer = SessionSynthesizer(header: header, duration: 60, seed: 7)
        synthesizer.releaseSpeed = 600...6000
        synthesizer.markers = [(20, "opened album"), (40, "back to all photos")]
        return Entry(file: "photo-grid-browse.xml", synthesizer: synthesizer)
    }

    /// A long alphabetical list: 26 sections with headers and footers, full-width rows.
    static var contacts: Entry {
        var rng = SplitMix64(seed: 26)
        let sections = (0..<26).map { _ in
            SectionDescription(items: Int(rng.uniform(12...90)), reuseIdentifier: "contact")
        }
        let header = TraceHeader(
            meta: [MetaEntry(key: "scenario", value: "contacts list with section headers and footers")],
            collectionView: CollectionViewConfiguration(size: TraceSize(width: 390, height: 844)),
            layout: LayoutDescription(name: "flow", parameters: [
                .init(name: "item-size", value: "390 56"), .init(name: "minimum-line-spacing", value: "0"),
                .init(name: "minimum-interitem-spacing", value: "0"), .init(name: "header-size", value: "0 28"),
                .init(name: "footer-size", value: "0 16"),
            ]),
            sections: sections,
            workload: Workload(
                cells: [.init(reuseIdentifier: "contact", costs: .init(create: 0.6, configure: 0.3, prepareForReuse: 0.03))],
                supplementaries: [.init(kind: "header", costs: .init(create: 0.25, configure: 0.05)),
                                  .init(kind: "footer", costs: .init(create: 0.1, configure: 0.02))]))
        var synthesizer = SessionSynthesizer(header: header, duration: 45, seed: 11)
        synthesizer.releaseSpeed = 800...7000
        return Entry(file: "contacts-list.xml", synthesizer: synthesizer)
    }

    /// A horizontal carousel of cards on a 120 Hz screen: an 8.33 ms budget.
    static var carousel: Entry {
        let header = TraceHeader(
            meta: [MetaEntry(key: "scenario", value: "horizontal card carousel at 120 Hz")],
            collectionView: CollectionViewConfiguration(size: TraceSize(width: 390, height: 260), refreshRate: 120),
            layout: LayoutDescription(name: "flow", parameters: [
                .init(name: "scroll-direction", value: "horizontal"), .init(name: "item-size", value: "160 220"),
                .init(name: "minimum-line-spacing", value: "12"), .init(name: "minimum-interitem-spacing", value: "12"),
                .init(name: "section-inset", value: "20 16 20 16"),
            ]),
            sections: [SectionDescription(items: 240, reuseIdentifier: "card")],
            workload: Workload(cells: [.init(reuseIdentifier: "card",
                                             costs: .init(create: 0.9, configure: 0.7, prepareForReuse: 0.05))]))
        var synthesizer = SessionSynthesizer(header: header, duration: 30, seed: 5)
        synthesizer.axis = .horizontal
        synthesizer.releaseSpeed = 500...4000
        return Entry(file: "horizontal-carousel.xml", synthesizer: synthesizer)
    }

    /// The book's second case study (ch. 2): a "social network for cats" wall — a grid of comment cells
    /// whose `prepareForReuse` runs a long task on the main thread, 12 ms per recycled cell, so every line
    /// that scrolls in costs three of them.
    static var catsWall: Entry {
        let header = TraceHeader(
            meta: [MetaEntry(key: "scenario", value: "the book's case study II: prepare-for-reuse costs 12 ms")],
            collectionView: CollectionViewConfiguration(size: TraceSize(width: 390, height: 844)),
            layout: LayoutDescription(name: "flow", parameters: [
                .init(name: "item-size", value: "124 124"), .init(name: "minimum-line-spacing", value: "9"),
                .init(name: "minimum-interitem-spacing", value: "8"),
            ]),
            sections: [SectionDescription(items: 900, reuseIdentifier: "comment")],
            workload: Workload(cells: [.init(reuseIdentifier: "comment",
                                             costs: .init(create: 1.5, configure: 0.8, prepareForReuse: 12))]))
        var synthesizer = SessionSynthesizer(header: header, duration: 20, seed: 3)
        synthesizer.releaseSpeed = 500...3000
        return Entry(file: "cats-wall-prepare-for-reuse.xml", synthesizer: synthesizer)
    }

    /// A chat: bubbles of varying heights under day headers; messages arrive at the bottom while the reader
    /// scrolls back through the history, a few are deleted, and a new day starts a section.
    static var chat: Entry {
        var rng = SplitMix64(seed: 42)
        func bubble() -> TraceSize { TraceSize(width: 390, height: (rng.uniform(36...140) / 2).rounded() * 2) }
        var counts = [60, 40]
        let sections = counts.map { SectionDescription(items: $0, itemSizes: (0..<$0).map { _ in bubble() }, reuseIdentifier: "message") }
        let header = TraceHeader(
            meta: [MetaEntry(key: "scenario", value: "chat: messages arrive while reading, deletions, a new day")],
            collectionView: CollectionViewConfiguration(size: TraceSize(width: 390, height: 844)),
            layout: LayoutDescription(name: "flow", parameters: [
                .init(name: "item-size", value: "390 60"), .init(name: "minimum-line-spacing", value: "6"),
                .init(name: "minimum-interitem-spacing", value: "0"), .init(name: "header-size", value: "0 32"),
                .init(name: "section-inset", value: "8 0 8 0"),
            ]),
            sections: sections,
            workload: Workload(
                cells: [.init(reuseIdentifier: "message", costs: .init(create: 1.1, configure: 0.6, prepareForReuse: 0.04))],
                supplementaries: [.init(kind: "header", costs: .init(create: 0.3, configure: 0.05))]))
        var batches: [(Double, BatchUpdate)] = []
        var time = 1.5
        while time < 58 {
            let last = counts.count - 1
            if time > 30 && counts.count == 2 {
                // Midnight: a new day begins with its first message.
                counts.append(1)
                batches.append((time, BatchUpdate(countsAfter: counts, operations: [.insertSection(at: 2, items: 1)])))
            } else if rng.chance(0.12) && counts[last] > 5 {
                let item = Int(rng.uniform(0...Double(counts[last] - 1)))
                counts[last] -= 1
                batches.append((time, BatchUpdate(countsAfter: counts, operations: [.deleteItems(section: last, items: [item])])))
            } else {
                let arriving = rng.chance(0.2) ? 2 : 1
                let first = counts[last]
                counts[last] += arriving
                batches.append((time, BatchUpdate(countsAfter: counts, operations: [
                    .insertItems(section: last, items: Array(first..<first + arriving), sizes: (0..<arriving).map { _ in bubble() }),
                ])))
            }
            time = ((time + rng.uniform(1.2...4.0)) * 1000).rounded() / 1000
        }
        var synthesizer = SessionSynthesizer(header: header, duration: 60, seed: 9)
        synthesizer.releaseSpeed = 400...3500
        synthesizer.forwardBias = 0.6
        synthesizer.batches = batches
        return Entry(file: "chat-messages.xml", synthesizer: synthesizer)
    }
}
