public import TraceXML
import CollectionEngine

/// What `reel record` is told about the session to synthesize, before it becomes a trace header.
public struct RecordingSetup: Sendable {
    /// A count, or a range each section's count is drawn from (seeded), or each section's own count in
    /// turn (repeated when there are more sections than counts).
    public enum Count: Hashable, Sendable {
        case exactly(Int)
        case between(Int, Int)
        /// Each section's own count, in order (the sections' number is the list's length).
        case each([Int])
    }

    /// A length, or a range each item's is drawn from (seeded).
    public enum Length: Hashable, Sendable {
        case exactly(Double)
        case between(Double, Double)
    }

    public var layout = "flow"
    public var parameters: [(name: String, value: String)] = []
    /// The elements inside `<layout>` (a compositional layout's description); none by default.
    public var layoutElements: [LayoutDescription.Element] = []
    public var width = 390.0
    public var height = 844.0
    public var refreshRate = 60.0
    public var sections = 1
    public var items = Count.exactly(1000)
    /// Per-item sizes for the data (`item-sizes`), or `nil` to leave sizes to the layout.
    public var itemSizes: (width: Length, height: Length)?
    public var reuseIdentifier = SectionDescription.defaultReuseIdentifier
    /// Whether the collection view pages (`<collection-view paging="true">`).
    public var isPagingEnabled = false
    /// Whether the collection view prefetches cells (`<collection-view prefetching="false">` when not).
    public var isPrefetchingEnabled = true
    /// Whether the content rubber-bands past its edges and flings bounce off them (`<collection-view
    /// bounces="false">` when not).
    public var bounces = true
    /// Every frame's own interval (`<frame-intervals>`), or `nil` for frames at ``refreshRate``.
    public var frameIntervals: FrameIntervals?
    /// The iOS version the session runs on (`<collection-view ios>`).
    public var iosVersion = CollectionViewConfiguration.defaultIOSVersion
    /// The prefix of the items' identifiers when the app's data source is diffable: the sections are then `s0`,
    /// `s1`…, and the items `PREFIX0`, `PREFIX1`… numbered across sections (an empty section keeps its count);
    /// `nil` for item counts alone.
    public var itemIdentifierPrefix: String?
    public var cellCosts: [(identifier: String, costs: Workload.Costs)] = []
    public var supplementaryCosts: [(kind: String, costs: Workload.Costs)] = []

    public init() {}

    /// The trace header: the data drawn from the seed where ranges are given.
    public func header(seed: UInt64) -> TraceHeader {
        var rng = SplitMix64(seed: seed ^ 0x5EED_DA7A)
        func draw(_ length: Length) -> Double {
            switch length {
            case .exactly(let value): value
            case .between(let low, let high): (rng.uniform(low...high) / 2).rounded() * 2
            }
        }
        let sectionCount = if case .each(let counts) = items { counts.count } else { sections }
        var identified = 0
        let data = (0..<sectionCount).map { section -> SectionDescription in
            let count = switch items {
            case .exactly(let n): n
            case .between(let low, let high): Int(rng.uniform(Double(low)...Double(high)).rounded())
            case .each(let counts): counts[section]
            }
            // Kept as runs: equal sizes (an exact width and height) cost one run however many items there are.
            let sizes = itemSizes.map { spec in
                var list = TraceSizeList()
                for _ in 0..<count { list.append(Size(width: draw(spec.width), height: draw(spec.height))) }
                return list
            }
            var description = SectionDescription(items: count, itemSizes: sizes, reuseIdentifier: reuseIdentifier)
            // An empty section has no identifiers to give (`items` holds at least one): it keeps its count.
            if let prefix = itemIdentifierPrefix, count > 0 {
                description.identifier = "s\(section)"
                description.itemIdentifiers = ItemIdentifierList([.init(prefix: prefix, start: identified, count: count)])
                identified += count
            }
            return description
        }
        let workload = cellCosts.isEmpty && supplementaryCosts.isEmpty ? nil : Workload(
            cells: cellCosts.map { Workload.Cell(reuseIdentifier: $0.identifier, costs: $0.costs) },
            supplementaries: supplementaryCosts.map { Workload.Supplementary(kind: $0.kind, costs: $0.costs) })
        return TraceHeader(
            collectionView: CollectionViewConfiguration(size: Size(width: width, height: height), refreshRate: refreshRate,
                                                        isPagingEnabled: isPagingEnabled,
                                                        isPrefetchingEnabled: isPrefetchingEnabled, iosVersion: iosVersion,
                                                        bounces: bounces),
            frameIntervals: frameIntervals,
            layout: LayoutDescription(name: layout, parameters: parameters.map { .init(name: $0.name, value: $0.value) },
                                      children: layoutElements),
            sections: data, workload: workload)
    }
}
