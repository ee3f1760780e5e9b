import CollectionEngine

/// The named spans a frame is measured as, by index into a fixed table.
///
/// Engine phases map to `frame/<category>/<phase>` (`frame/cells/configure`), the layout's own work to
/// `frame/layout/prepare` and `frame/layout/query`; a path's self time excludes the spans nested in it,
/// whatever their path.
@_spi(Benchmarks) public struct SpanPath: Hashable, Sendable {
    let index: Int

    public static let frame = SpanPath(index: 0)
    public static let events = SpanPath(index: 1)
    public static let scroll = SpanPath(index: 2)
    static let layoutPrepare = SpanPath(index: 3)
    static let layoutQuery = SpanPath(index: 4)
    static let animation = SpanPath(index: 5)
    static let updatesValidate = SpanPath(index: 6)
    static let updatesApply = SpanPath(index: 7)
    /// A diffable data source's diff, after the element phases' paths so that theirs keep their indices.
    static let snapshotDiff = SpanPath(index: 8 + 3 * 9)
    /// A compositional section's visible-items handler, after the diff.
    static let visibleItemsHandler = SpanPath(index: 8 + 3 * 9 + 1)

    private static let fixedNames = [
        "frame", "frame/events", "frame/scroll", "frame/layout/prepare", "frame/layout/query", "frame/animation",
        "frame/updates/validate", "frame/updates/apply",
    ]
    /// The phases on elements, in the order of their paths (``init(_:_:)`` maps each to its position).
    private static let elementPhases: [EnginePhase] = [
        .create, .dequeue, .configure, .prepareForReuse, .applyAttributes, .willDisplay, .didEndDisplaying, .prefetch,
        .measure,
    ]
    private static let elementPhaseCount = 9
    /// The index of the first path of an element phase: after the fixed ones.
    private static let firstElementPath = 8
    private static let categoryNames = ["cells", "supplementary", "decoration"]

    /// Every path, by index.
    static let names: [String] = fixedNames + categoryNames.flatMap { category in
        elementPhases.map { "frame/\(category)/\($0.rawValue)" }
    } + ["frame/updates/snapshot-diff", "frame/layout/visible-items-handler"]

    static var count: Int { names.count }

    var name: String { Self.names[index] }

    /// The path of an engine phase on elements of `category`.
    ///
    /// - Complexity: O(1): a switch, not a search (the profiler asks it for every span the engine opens).
    init(_ phase: EnginePhase, _ category: ElementCategory?) {
        // The position of `phase` in `elementPhases`.
        let phaseIndex: Int
        switch phase {
        case .prepare: self = .layoutPrepare; return
        case .query: self = .layoutQuery; return
        case .validateUpdates: self = .updatesValidate; return
        case .applyUpdates: self = .updatesApply; return
        case .snapshotDiff: self = .snapshotDiff; return
        case .visibleItemsHandler: self = .visibleItemsHandler; return
        case .create: phaseIndex = 0
        case .dequeue: phaseIndex = 1
        case .configure: phaseIndex = 2
        case .prepareForReuse: phaseIndex = 3
        case .applyAttributes: phaseIndex = 4
        case .willDisplay: phaseIndex = 5
        case .didEndDisplaying: phaseIndex = 6
        case .prefetch: phaseIndex = 7
        case .measure: phaseIndex = 8
        }
        let categoryIndex = (category ?? .cell).rawValue
        self.init(index: Self.firstElementPath + categoryIndex * Self.elementPhaseCount + phaseIndex)
    }

    private init(index: Int) {
        self.index = index
    }
}
