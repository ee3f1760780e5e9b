import Layouts
import ReelUIKit
import Replay

/// The UIKit-style layouts of `Layouts/` registered as a user registers theirs: by name, with parameters.
///
/// The flow subclasses declare flow's parameters, so that a trace recorded with `flow` replays with them on
/// the trace's own metrics; the others declare their own.
enum FixtureRegistry {
    static let leftAligned = "left-aligned-flow"
    static let waterfall = "waterfall"
    static let springs = "uikit-springy-flow"
    static let carousel = "carousel"
    static let stickyHeaders = "sticky-header-flow"
    static let sectionBackgrounds = "section-background-flow"
    static let storeCompositional = "store-compositional"
    static let insetGroupedList = "inset-grouped-list"

    static let registry: LayoutRegistry = {
        var registry = LayoutRegistry.standard
        let flow = LayoutDefinition.flow.parameters
        registry.register(LayoutDefinition(name: leftAligned, summary: "flow with each line left-aligned",
                                           parameters: flow) { context in
            try applyFlow(context, to: LeftAlignedFlowLayout())
        })
        registry.register(LayoutDefinition(
            name: waterfall, summary: "columns of items of the delegate's heights",
            parameters: [LayoutParameter("columns", .integer, default: "2", "columns across", range: 1...8)]
        ) { context in
            let layout = WaterfallLayout()
            layout.numberOfColumns = try context.integer("columns")
            layout.delegate = TraceHeights.shared
            return layout
        })
        registry.register(LayoutDefinition(
            name: springs, summary: "flow whose items hang on UIKit Dynamics springs",
            parameters: flow + [
                LayoutParameter("damping", .number, default: "0.8", "the springs' damping ratio", range: 0...10),
                LayoutParameter("frequency", .number, default: "1", "the springs' frequency, in hertz", range: 0...100),
                LayoutParameter("resistance", .number, default: "1500", "points of distance per point of lag",
                                range: 1...100_000),
            ]
        ) { context in
            let layout = try applyFlow(context, to: SpringyFlowLayout())
            layout.damping = try context.cgFloat("damping")
            layout.frequency = try context.cgFloat("frequency")
            layout.resistance = try context.cgFloat("resistance")
            return layout
        })
        registry.register(LayoutDefinition(
            name: carousel, summary: "one row of cards turning away in perspective from the middle",
            parameters: [
                LayoutParameter("item-size", .size, default: "160 220", "each card's size"),
                LayoutParameter("spacing", .number, default: "12", "the space between cards"),
            ]
        ) { context in
            let layout = CarouselLayout()
            layout.itemSize = try context.cgSize("item-size")
            layout.spacing = try context.cgFloat("spacing")
            return layout
        })
        registry.register(LayoutDefinition(name: stickyHeaders, summary: "flow whose headers stick to the top",
                                           parameters: flow) { context in
            try applyFlow(context, to: StickyHeaderFlowLayout())
        })
        registry.register(LayoutDefinition(name: sectionBackgrounds,
                                           summary: "flow with a decoration view behind each section",
                                           parameters: flow) { context in
            try applyFlow(context, to: SectionBackgroundFlowLayout())
        })
        registry.register(LayoutDefinition(name: storeCompositional,
                                           summary: "a store screen's compositional sections: card and row carousels, pinned headers",
                                           parameters: []) { _ in StoreCompositionalLayout.make() })
        registry.register(LayoutDefinition(name: insetGroupedList, summary: "an inset-grouped list with section headers",
                                           parameters: []) { _ in InsetGroupedListLayout.make() })
        return registry
    }()

    /// `layout` with flow's parameters from `context`.
    @discardableResult
    static func applyFlow<Layout: UICollectionViewFlowLayout>(_ context: LayoutContext,
                                                               to layout: Layout) throws -> Layout {
        try layout.setFlowParameters(from: context)
        return layout
    }
}

/// The waterfall's delegate in a replay: each item's height from the trace's size for it, scaled to the column
/// width as a photo keeps its aspect ratio — what an app's view controller would answer from its photos.
final class TraceHeights: WaterfallLayoutDelegate, Sendable {
    static let shared = TraceHeights()

    func collectionView(_ collectionView: UICollectionView, layout: WaterfallLayout,
                        heightForItemAt indexPath: IndexPath, width: CGFloat) -> CGFloat {
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        guard let size = delegate?.collectionView?(collectionView, layout: layout, sizeForItemAt: indexPath),
              size.width > 0 else { return width }
        return size.height * width / size.width
    }
}
