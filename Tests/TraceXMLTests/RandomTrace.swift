@testable import TraceXML

/// Random traces that use every element with random values, including awkward numbers and text.
enum RandomTrace {
    static let characters: [String] = ["a", "Z", "0", " ", "<", ">", "&", "\"", "'", "\t", "\n", "\r", "é", "日",
                                       "🎉", "\u{7F}", "\u{85}", "\u{2028}", "\r\n", "-", "="]

    static func text<G: RandomNumberGenerator>(_ g: inout G) -> String {
        (0..<Int.random(in: 0...8, using: &g)).map { _ in characters.randomElement(using: &g) ?? "a" }.joined()
    }

    /// A random number within `range` (``TraceLimits``), awkward ones included: its bounds, tiny and long
    /// fractions, values far from round.
    static func number<G: RandomNumberGenerator>(_ g: inout G, in range: ClosedRange<Double>) -> Double {
        let candidates: [Double] = [
            Double(Int.random(in: -1000...1000, using: &g)),
            Double(Int.random(in: -100_000...100_000, using: &g)) / 1000,
            Double.random(in: range, using: &g),
            range.lowerBound, range.upperBound, 0, 0.1, 1.0 / 3, 1e-300, 123456789012345680,
            range.lowerBound + (range.upperBound - range.lowerBound) / 3,
        ]
        let inRange = candidates.filter { range.contains($0) }
        return inRange.randomElement(using: &g) ?? range.lowerBound
    }

    static func number<G: RandomNumberGenerator>(_ g: inout G) -> Double { number(&g, in: TraceLimits.coordinate) }

    static func count<G: RandomNumberGenerator>(_ g: inout G, upTo upper: Int = TraceLimits.items - 1) -> Int {
        Bool.random(using: &g) ? Int.random(in: 0...20, using: &g) : Int.random(in: 0...upper, using: &g)
    }

    static func section<G: RandomNumberGenerator>(_ g: inout G) -> Int { count(&g, upTo: TraceLimits.sections - 1) }

    static func size<G: RandomNumberGenerator>(_ g: inout G) -> Size {
        Size(width: number(&g, in: TraceLimits.elementLength), height: number(&g, in: TraceLimits.elementLength))
    }

    static func point<G: RandomNumberGenerator>(_ g: inout G) -> Point {
        Point(x: number(&g), y: number(&g))
    }

    static func item<G: RandomNumberGenerator>(_ g: inout G) -> TraceIndexPath {
        TraceIndexPath(section: section(&g), item: count(&g))
    }

    static func layout<G: RandomNumberGenerator>(_ g: inout G) -> LayoutDescription {
        let names = ["item-size", "a", "b_c", "x.y", "é", "columns", "spacing2"].shuffled(using: &g)
        let parameters = names.prefix(Int.random(in: 0...4, using: &g)).map {
            LayoutDescription.Parameter(name: $0, value: text(&g))
        }
        return LayoutDescription(name: "L" + text(&g), parameters: Array(parameters))
    }

    static func sections<G: RandomNumberGenerator>(_ g: inout G) -> [SectionDescription] {
        (0..<Int.random(in: 0...3, using: &g)).map { _ in
            let items = Int.random(in: 0...4, using: &g)
            // Sometimes equal neighbours, which are written and read as runs 'W H*K'.
            let pool = (0..<Int.random(in: 1...3, using: &g)).map { _ in size(&g) }
            let sizes = Bool.random(using: &g) ? TraceSizeList((0..<items).map { _ in
                Bool.random(using: &g) ? size(&g) : pool.randomElement(using: &g) ?? .zero
            }) : nil
            return SectionDescription(items: items, itemSizes: sizes,
                                      reuseIdentifier: Bool.random(using: &g) ? "cell" : text(&g))
        }
    }

    static func phase<G: RandomNumberGenerator>(_ g: inout G) -> GesturePhase {
        GesturePhase.allCases.randomElement(using: &g) ?? .began
    }

    static func costs<G: RandomNumberGenerator>(_ g: inout G) -> Workload.Costs {
        Workload.Costs(create: number(&g, in: TraceLimits.cost), configure: number(&g, in: TraceLimits.cost),
                       prepareForReuse: number(&g, in: TraceLimits.cost))
    }

    static func operation<G: RandomNumberGenerator>(_ g: inout G) -> BatchUpdate.Operation {
        let items = (0..<Int.random(in: 0...3, using: &g)).map { _ in count(&g) }
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return .deleteItems(section: section(&g), items: items)
        case 1: return .reloadItems(section: section(&g), items: items)
        case 2: return .moveItem(from: item(&g), to: item(&g))
        case 3: return .insertItems(section: section(&g), items: items,
                                    sizes: Bool.random(using: &g) ? items.map { _ in size(&g) } : nil)
        case 4: return .insertSection(at: section(&g), items: count(&g))
        case 5: return .deleteSection(at: section(&g))
        case 6: return .reloadSection(at: section(&g), items: count(&g))
        default: return .moveSection(from: section(&g), to: section(&g))
        }
    }

    static func kind<G: RandomNumberGenerator>(_ g: inout G) -> TraceEvent.Kind {
        switch Int.random(in: 0..<15, using: &g) {
        case 0: return .scroll(offset: point(&g))
        case 1:
            let velocity = Point(x: number(&g, in: TraceLimits.velocity), y: number(&g, in: TraceLimits.velocity))
            return .drag(phase: phase(&g), location: point(&g), velocity: Bool.random(using: &g) ? velocity : nil)
        case 2: return .tap(location: point(&g))
        case 3: return .longPress(phase: phase(&g), location: point(&g))
        case 4: return .menu(item: item(&g), action: text(&g))
        case 5:
            let scale = number(&g, in: TraceLimits.pinchScale)
            return .pinch(phase: phase(&g), location: point(&g), scale: scale)
        case 6:
            return .batch(BatchUpdate(animated: Bool.random(using: &g), duration: number(&g, in: TraceLimits.animationDuration),
                                      countsAfter: Bool.random(using: &g) ? (0..<Int.random(in: 0...3, using: &g)).map { _ in count(&g) } : nil,
                                      operations: (0..<Int.random(in: 0...9, using: &g)).map { _ in operation(&g) }))
        case 7: return .reloadData(sections: sections(&g))
        case 8: return .scrollToItem(item: item(&g), position: ScrollPosition.allCases.randomElement(using: &g) ?? .top,
                                     animated: Bool.random(using: &g))
        case 9: return .select(item: item(&g))
        case 10: return .deselect(item: item(&g))
        case 11: return .setLayout(layout(&g), animated: Bool.random(using: &g), duration: number(&g, in: TraceLimits.animationDuration))
        case 12:
            switch Int.random(in: 0..<4, using: &g) {
            case 0: return .transition(.began(layout(&g)))
            case 1: return .transition(.changed(progress: number(&g, in: TraceLimits.transitionProgress)))
            case 2: return .transition(.finished)
            default: return .transition(.cancelled)
            }
        case 13: return .resize(Size(width: number(&g, in: TraceLimits.viewLength), height: number(&g, in: TraceLimits.viewLength)))
        default: return .marker(label: text(&g))
        }
    }

    static func make<G: RandomNumberGenerator>(using g: inout G) -> Trace {
        let refreshRate = number(&g, in: TraceLimits.refreshRate)
        let rates: [CollectionViewConfiguration.DecelerationRate] = [.normal, .fast, .custom(Double.random(in: 0.001..<1, using: &g))]
        let header = TraceHeader(
            meta: (0..<Int.random(in: 0...3, using: &g)).map { _ in MetaEntry(key: text(&g), value: text(&g)) },
            collectionView: CollectionViewConfiguration(
                size: Size(width: number(&g, in: TraceLimits.viewLength), height: number(&g, in: TraceLimits.viewLength)),
                refreshRate: refreshRate,
                contentInset: EdgeInsets(top: number(&g, in: TraceLimits.inset), left: number(&g, in: TraceLimits.inset),
                                          bottom: number(&g, in: TraceLimits.inset), right: number(&g, in: TraceLimits.inset)),
                isPagingEnabled: Bool.random(using: &g), decelerationRate: rates.randomElement(using: &g) ?? .normal,
                allowsSelection: Bool.random(using: &g), allowsMultipleSelection: Bool.random(using: &g),
                isPrefetchingEnabled: Bool.random(using: &g)),
            layout: layout(&g), sections: sections(&g),
            workload: Bool.random(using: &g) ? Workload(
                cells: (0..<Int.random(in: 0...2, using: &g)).map { _ in .init(reuseIdentifier: text(&g), costs: costs(&g)) },
                supplementaries: (0..<Int.random(in: 0...2, using: &g)).map { _ in .init(kind: text(&g), costs: costs(&g)) })
                : nil)
        var time = 0.0
        var events: [TraceEvent] = []
        for _ in 0..<Int.random(in: 0...60, using: &g) {
            switch Int.random(in: 0..<3, using: &g) {
            case 0: break
            case 1: time += Double(Int.random(in: 1...100, using: &g)) / 1000
            default: time += abs(number(&g)).truncatingRemainder(dividingBy: 10)
            }
            if time > TraceLimits.time.upperBound { time = TraceLimits.time.upperBound
            }
            events.append(TraceEvent(time: time, kind(&g)))
        }
        return Trace(header: header, events: events)
    }
}
