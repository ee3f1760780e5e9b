import CollectionEngine

/// The named spans a frame is measured as (SPEC §4), by index into a fixed table.
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

    private static let fixedNames = [
        "frame", "frame/events", "frame/scroll", "frame/layout/prepare", "frame/layout/query", "frame/animation",
        "frame/updates/validate", "frame/updates/apply",
    ]
    private static let elementPhases: [EnginePhase] = [
        .create, .dequeue, .configure, .prepareForReuse, .applyAttributes, .willDisplay, .didEndDisplaying, .prefetch,
    ]
    private static let categoryNames = ["cells", "supplementary", "decoration"]

    /// Every path, by index.
    static let names: [String] = fixedNames + categoryNames.flatMap { category in
        elementPhases.map { "frame/\(category)/\($0.rawValue)" }
    }

    static var count: Int { names.count }

    var name: String { Self.names[index] }

    /// The path of an engine phase on elements of `category`.
    init(_ phase: EnginePhase, _ category: ElementCategory?) {
        switch phase {
        case .prepare: self = .layoutPrepare
        case .query: self = .layoutQuery
        case .validateUpdates: self = .updatesValidate
        case .applyUpdates: self = .updatesApply
        default:
            let phaseIndex = Self.elementPhases.firstIndex(of: phase) ?? 0
            let categoryIndex = (category ?? .cell).rawValue
            self.init(index: Self.fixedNames.count + categoryIndex * Self.elementPhases.count + phaseIndex)
        }
    }

    private init(index: Int) {
        self.index = index
    }
}
