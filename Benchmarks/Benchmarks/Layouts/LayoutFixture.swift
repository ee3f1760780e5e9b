import Benchmark
import CollectionEngine
import Layouts

/// Counts and sizes for any layout, as a replay's data source would answer them (no workload: the
/// benchmarks measure the layout and the engine, not the app's views).
final class Items: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]

    init(counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
}

/// What a benchmarked frame does to the collection view before its layout pass.
enum Motion {
    /// Scrolls along the content's longer axis by `step` points a frame, wrapping at the end.
    case scroll(step: Double)
    /// A finger drags the content by `step` points a frame, back and forth over one screen (layouts that
    /// read the finger).
    case drag(step: Double)
    /// A pinch whose scale swings between 0.8 and 1.25, centred on the view (layouts that never scroll).
    case pinch
}

/// One catalogue layout in a collection view of a phone's size, its items spread over `sections`.
struct LayoutBenchmark {
    let layout: String
    var parameters: [(name: String, value: String)] = []
    var sections = 1
    /// Items per section when the sections follow the item count (albums of 20), overriding ``sections``.
    var itemsPerSection: Int?
    var size = Size(width: 390, height: 844)
    var motion = Motion.scroll(step: 23)
    /// Supplementary kinds the layout shows, registered with plain views.
    var supplementaryKinds: [String] = []
    /// The benchmark's name when it differs from the layout's (a variant chosen by parameters).
    var name: String? = nil
    /// What the user does once the first screen is displayed, before the frames measured (e.g. a long press
    /// that puts a springboard in edit mode).
    var setUp: (@Sendable (CollectionView) throws -> Void)? = nil
}

/// A collection view with a catalogue layout, laid out once, and the frame loop the benchmark measures.
final class LayoutFixture {
    let collectionView: CollectionView
    private let items: Items
    private let spec: LayoutBenchmark
    private var frame = 0
    private var position = 0.0
    private var direction = 1.0

    init(_ spec: LayoutBenchmark, items count: Int) throws {
        self.spec = spec
        guard let definition = Catalogue.definitions.first(where: { $0.name == spec.layout }) else {
            preconditionFailure("no catalogue layout '\(spec.layout)'")
        }
        let layout = try definition.makeLayout(parameters: spec.parameters)
        let sections = spec.itemsPerSection.map { max(1, count / $0) } ?? spec.sections
        let perSection = count / sections
        items = Items(counts: (0..<sections).map { $0 == 0 ? count - perSection * (sections - 1) : perSection })
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: spec.size.width, height: spec.size.height),
                                        collectionViewLayout: layout)
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        for kind in spec.supplementaryKinds {
            collectionView.register(ReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
        }
        collectionView.dataSource = items
        collectionView.delegate = items
        collectionView.advanceAnimations(to: 0)
        collectionView.layoutIfNeeded()
        if case .pinch = spec.motion {
            try collectionView.handlePinch(.began, at: center, scale: 1)
        }
        if case .drag = spec.motion {
            collectionView.beginDragging(at: Point(x: spec.size.width / 2, y: spec.size.height / 2))
        }
        try spec.setUp?(collectionView)
    }

    private var center: Point {
        Point(x: collectionView.contentOffset.x + spec.size.width / 2, y: collectionView.contentOffset.y + spec.size.height / 2)
    }

    /// One frame at 60 Hz: time moves, the motion applies, the layout pass runs.
    func step() throws {
        frame += 1
        collectionView.advanceAnimations(to: Double(frame) / 60)
        let content = collectionView.contentSize
        let vertical = content.height - spec.size.height >= content.width - spec.size.width
        switch spec.motion {
        case .scroll(let step):
            let range = vertical ? content.height - spec.size.height : content.width - spec.size.width
            position += step
            if position > range { position = 0 }
            collectionView.contentOffset = vertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
        case .drag(let step):
            let range = (vertical ? spec.size.height : spec.size.width) * 0.8
            position += step * direction
            if position > range || position < 0 { direction = -direction }
            let x = spec.size.width / 2, y = spec.size.height / 2
            collectionView.dragChanged(to: vertical ? Point(x: x, y: y - position) : Point(x: x - position, y: y))
        case .pinch:
            let scale = 1 + 0.225 * sin(Double(frame) / 30)
            try collectionView.handlePinch(.changed, at: center, scale: 1.025 + scale - 1)
        }
        collectionView.layoutIfNeeded()
    }
}

/// `sin` without Foundation, for the pinch's swing (precision is irrelevant here).
private func sin(_ x: Double) -> Double {
    var value = x.truncatingRemainder(dividingBy: 2 * .pi)
    if value > .pi { value -= 2 * .pi }
    if value < -.pi { value += 2 * .pi }
    let x2 = value * value
    return value * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72))))
}
