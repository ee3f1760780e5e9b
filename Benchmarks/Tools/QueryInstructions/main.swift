// The instructions of the flow layout's element queries on one steady-scroll frame (the layout's part
// of Tools/FrameInstructions' figure): a default flow layout (50-point items, 10 points apart) of `--items` items
// in a 390 × 844 collection view, no data-source work, scrolled `--speed` points a frame. The collection view
// makes its queries as on any frame — the visible rect's, and the region ahead's when the display changed — so
// that the layout sees the pattern of a real scroll.
//
// It runs itself under `valgrind --tool=callgrind --toggle-collect=<the function>` for N and for 2N frames and
// prints (Ir(2N) − Ir(N)) / N: only the instructions inside `FlowLayout.layoutAttributesForElements(in:)` (and
// what it calls) are counted, and what one run does once (the first screen) cancels out. `--function frame`
// counts the whole layout pass (`CollectionView.layoutIfNeeded()`, the engine's frame without a harness) instead.
// It also prints the calls to `malloc` inside the counted function per frame.
//
// `--layout selfsizing` scrolls the engine's flow layout with an estimated item size (390 × 50) over cells that
// answer their own heights (40 to 100 points, by item): every row that arrives is measured, invalidates the layout
// and moves the rows after it, in the same frame. With `--function frame` it is the self-sizing steady scroll's
// cost per frame, which must not grow with `--items`.
//
// `--layout uikit` scrolls the same flow layout written as a UIKit subclass that overrides nothing
// (`ReelUIKit`'s `UICollectionViewFlowLayout`), driven through its engine side: its query is the adapter's
// (`FlowAdapter.layoutAttributesForElements(in:)`), which asks the UIKit layout, which asks the engine's flow layout.
//
// `--layout compositional` scrolls a compositional layout: one section of two-column rows 100 points high under a
// header pinned to the visible bounds (so every frame invalidates the layout, as UIKit's does, and the query
// places the header again). `--layout orthogonal` scrolls the cards of one orthogonal section (group paging,
// cards 300 × 200, 10 apart) through its nested scroller's offset, `--speed` points a frame, the collection view
// still.
//
//   cd Benchmarks && swift build -c release --product QueryInstructions
//   .build/release/QueryInstructions [--items 1000000] [--frames 2000] [--speed 10] [--function query|frame]
//       [--layout engine|uikit]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CollectionEngine
import Foundation

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "QueryInstructions",
        abstract: "Instructions and mallocs per steady-scroll frame inside the flow layout's queries, counted by callgrind.")

    /// What callgrind counts inside.
    enum Function: String, ExpressibleByArgument {
        /// `FlowLayout.layoutAttributesForElements(in:)`.
        case query
        /// `CollectionView.layoutIfNeeded()`: the whole layout pass.
        case frame
    }

    @Option(help: "Items in the flow layout's one section.")
    var items = 1_000_000
    @Option(help: "N: the frames of the shorter run (the longer has 2N).")
    var frames = 2_000
    @Option(help: "Points scrolled per frame.")
    var speed = 10.0
    @Option(help: "What to count: query (the layout's queries) or frame (the whole layout pass).")
    var function = Function.query
    @Option(help: "The flow layout: engine (FlowLayout) or uikit (a UICollectionViewFlowLayout subclass that overrides nothing).")
    var layout = Layout.engine
    @Option(help: .hidden)
    var run: Int?

    func validate() throws {
        guard items > 0, frames > 0, speed > 0 else {
            throw ValidationError("--items, --frames and --speed must be positive")
        }
    }

    /// The flow layout scrolled.
    enum Layout: String, ExpressibleByArgument {
        /// The engine's `FlowLayout`.
        case engine
        /// `ReelUIKit`'s `UICollectionViewFlowLayout`, subclassed without overriding anything.
        case uikit
        /// The engine's `FlowLayout` with an estimated item size, over self-sizing cells.
        case selfsizing
        /// The engine's `CompositionalLayout`: two-column rows under a pinned header.
        case compositional
        /// The engine's `CompositionalLayout`: one orthogonal section's cards, scrolled through its nested offset.
        case orthogonal
    }

    /// The symbols callgrind collects inside (`--toggle-collect`).
    var symbol: String {
        switch (function, layout) {
        case (.query, .engine), (.query, .selfsizing): "*FlowLayoutC27layoutAttributesForElements2in*"
        case (.query, .uikit): "*FlowAdapterC27layoutAttributesForElements2in*"
        case (.query, .compositional), (.query, .orthogonal): "*CompositionalLayoutC27layoutAttributesForElements2in*"
        case (.frame, _): "*0A4ViewC14layoutIfNeededyyF"
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("QueryInstructions: \(message)\n".utf8))
    exit(2)
}

/// A data source that only dequeues.
final class Items: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: CollectionEngine.IndexPath) -> ReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: CollectionEngine.IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A cell that sizes itself: 390 points wide, 40 to 100 high by item, as a list of messages of varied lengths.
final class SizingCell: CollectionViewCell {
    required init() {}

    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let height = 40 + Double(layoutAttributes.indexPath.item &* 37 % 61)
        guard layoutAttributes.size.height != height else { return layoutAttributes }
        let preferred = layoutAttributes.copy()
        preferred.size = Size(width: 390, height: height)
        return preferred
    }
}

/// Scrolls a default flow layout of `items` items `frames` frames, `speed` points a frame, back and forth
/// over the content.
func scroll(items: Int, frames: Int, speed: Double, layout: Options.Layout) -> EngineCounters {
    if layout == .compositional || layout == .orthogonal {
        return scrollCompositional(items: items, frames: frames, speed: speed, orthogonal: layout == .orthogonal)
    }
    let data = Items(count: items)
    let flow = layout == .uikit ? UIKitFlow.make() : FlowLayout()
    if layout == .selfsizing, let flow = flow as? FlowLayout {
        flow.itemSize = Size(width: 390, height: 50)
        flow.estimatedItemSize = Size(width: 390, height: 50)
        flow.minimumLineSpacing = 0
    }
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: flow)
    collectionView.register(layout == .selfsizing ? SizingCell.self : CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = data
    collectionView.layoutIfNeeded()
    let range = collectionView.contentSize.height - 844
    var y = 0.0, step = speed
    for _ in 0..<frames {
        if y + step > range || y + step < 0 { step = -step }
        y += step
        collectionView.contentOffset = Point(x: 0, y: max(0, y))
        collectionView.layoutIfNeeded()
    }
    return collectionView.counters
}

/// Scrolls a compositional layout of `items` items: the content (two-column rows under a pinned header) or one
/// orthogonal section's cards through its nested offset.
func scrollCompositional(items: Int, frames: Int, speed: Double, orthogonal: Bool) -> EngineCounters {
    let data = Items(count: items)
    let card = LayoutItem(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
    var section: LayoutSection
    if orthogonal {
        section = LayoutSection(group: .horizontal(layoutSize: LayoutSize(width: .absolute(300), height: .absolute(200)),
                                                   subitems: [.item(card)]))
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = 10
    } else {
        section = LayoutSection(group: .horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                                   subitem: .item(card), count: 2))
        section.boundarySupplementaryItems = [LayoutBoundarySupplementaryItem(
            layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(44)),
            elementKind: CollectionView.elementKindSectionHeader, alignment: .top, pinToVisibleBounds: true)]
    }
    let layout = CompositionalLayout(section: section)
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.register(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header") {
        ReusableView()
    }
    collectionView.dataSource = data
    collectionView.layoutIfNeeded()
    let range = orthogonal ? (layout.nestedScroller(withID: 0)?.maximumOffset ?? 0) : collectionView.contentSize.height - 844
    var position = 0.0, step = speed
    for _ in 0..<frames {
        if position + step > range || position + step < 0 { step = -step }
        position += step
        if orthogonal {
            collectionView.setNestedScrollOffset(max(0, position), of: 0)
        } else {
            collectionView.contentOffset = Point(x: 0, y: max(0, position))
        }
        collectionView.layoutIfNeeded()
    }
    return collectionView.counters
}

/// callgrind's instructions and `malloc` calls inside `options.symbol` for a child run of `frames` frames.
func measure(frames: Int, _ options: Options, _ directory: String) throws -> (instructions: Int, mallocs: Int) {
    let output = directory + "/query-\(frames).callgrind"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)",
                         "--toggle-collect=\(options.symbol)", CommandLine.arguments[0],
                         "--items", "\(options.items)", "--speed", "\(options.speed)", "--layout", options.layout.rawValue,
                         "--run", "\(frames)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("valgrind exited with \(process.terminationStatus)") }
    let text = try String(contentsOfFile: output, encoding: .utf8)
    var instructions: Int?
    var mallocs = 0
    // Calls are listed under the function called: "cfn=(id) name" or "cfn=(id)" when a "fn=" or "cfn=" line
    // named the id before.
    var names: [Substring: Substring] = [:]
    var callee: Substring = ""
    func name(_ reference: Substring) -> Substring {
        guard let close = reference.firstIndex(of: ")") else { return reference }
        let id = reference[...close], name = reference[reference.index(after: close)...].drop { $0 == " " }
        if !name.isEmpty { names[id] = name }
        return names[id] ?? ""
    }
    for line in text.split(separator: "\n") {
        if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            instructions = line.split(separator: " ").last.flatMap { Int($0) }
        } else if line.hasPrefix("fn=") {
            _ = name(line.dropFirst(3))
        } else if line.hasPrefix("cfn=") {
            callee = name(line.dropFirst(4))
        } else if line.hasPrefix("calls="), callee == "malloc" {
            mallocs += line.dropFirst(6).split(separator: " ").first.flatMap { Int($0) } ?? 0
        }
    }
    guard let instructions else { fail("no total in \(output)") }
    return (instructions, mallocs)
}

let options = Options.parseOrExit()
if let frames = options.run {
    let counters = scroll(items: options.items, frames: frames, speed: options.speed, layout: options.layout)
    print(counters.elementQueries)
    exit(0)
}
let directory = NSTemporaryDirectory() + "reel-query-instructions-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let queries = Double(
    scroll(items: options.items, frames: 2 * options.frames, speed: options.speed, layout: options.layout).elementQueries
        - scroll(items: options.items, frames: options.frames, speed: options.speed, layout: options.layout).elementQueries
) / Double(options.frames)
let short = try measure(frames: options.frames, options, directory)
let long = try measure(frames: 2 * options.frames, options, directory)
let frames = Double(options.frames)
let counted = switch (options.function, options.layout) {
case (.query, .engine): "FlowLayout.layoutAttributesForElements(in:)"
case (.query, .selfsizing): "FlowLayout.layoutAttributesForElements(in:) with self-sizing cells"
case (.frame, .selfsizing): "CollectionView.layoutIfNeeded() with FlowLayout and self-sizing cells"
case (.query, .uikit): "FlowAdapter.layoutAttributesForElements(in:) (a UICollectionViewFlowLayout subclass)"
case (.frame, .engine): "CollectionView.layoutIfNeeded() with FlowLayout"
case (.frame, .uikit): "CollectionView.layoutIfNeeded() with a UICollectionViewFlowLayout subclass"
case (.query, .compositional): "CompositionalLayout.layoutAttributesForElements(in:), rows under a pinned header"
case (.frame, .compositional): "CollectionView.layoutIfNeeded() with CompositionalLayout, rows under a pinned header"
case (.query, .orthogonal): "CompositionalLayout.layoutAttributesForElements(in:), an orthogonal section scrolling"
case (.frame, .orthogonal): "CollectionView.layoutIfNeeded() with CompositionalLayout, an orthogonal section scrolling"
}
print("items \(options.items), frames \(options.frames) and \(2 * options.frames), \(options.speed) points per frame, "
    + "inside \(counted)")
print("Ir(\(2 * options.frames)) \(long.instructions)")
print("Ir(\(options.frames)) \(short.instructions)")
print("element queries per frame \(queries)")
if options.layout == .selfsizing {
    let short = scroll(items: options.items, frames: options.frames, speed: options.speed, layout: options.layout)
    let long = scroll(items: options.items, frames: 2 * options.frames, speed: options.speed, layout: options.layout)
    print("self-sizing invalidations per frame \(Double(long.selfSizingInvalidations - short.selfSizingInvalidations) / Double(options.frames))")
    print("preferred-attributes queries per frame \(Double(long.preferredAttributesQueries - short.preferredAttributesQueries) / Double(options.frames))")
}
print("instructions per frame \(Int((Double(long.instructions - short.instructions) / frames).rounded()))")
print("malloc calls per frame \(Double(long.mallocs - short.mallocs) / frames)")
