import CollectionEngine
import TraceXML
import Reporting

extension SimulatedUser {
    /// One decision of someone browsing a store screen (`app-store`): vertical sections of carousels that
    /// scroll on their own, then rows.
    ///
    /// While the content glides the user mostly watches. Then, after a look: a swipe along a carousel in view
    /// (four times in ten when one is on screen) — a flick, or a slow drag that lets go nearly still — which
    /// the layout's paging settles on a group; a tap on an item (one time in eight); or a vertical fling
    /// down the page or, now and then, back up.
    mutating func decideInStore(at frame: Int) {
        if collectionView.isDecelerating && !rng.chance(0.15) {
            nextDecision = frame + seconds(0.1)
            return
        }
        let start = frame + seconds(rng.uniform(0.4...1.6))
        if let carousel = carouselInView(), rng.chance(0.4) {
            nextDecision = swipe(along: carousel, at: start) + seconds(rng.uniform(0.3...1.0))
        } else if rng.chance(0.125) {
            tap(at: start)
            nextDecision = start + seconds(rng.uniform(0.6...1.4))
        } else {
            nextDecision = fling(at: start, speed: 500...3500) + seconds(rng.uniform(0.8...2.2))
        }
    }

    /// A horizontal carousel with a stretch of its band on screen, and the height in the viewport to touch it
    /// at: one of those the user sees, chosen at random. Looks along the viewport's middle column, a row of
    /// points 24 apart, below the top 64 points (where pinned headers sit).
    private mutating func carouselInView() -> (scroller: NestedScroller, y: Double)? {
        let bounds = collectionView.bounds
        let layout = collectionView.collectionViewLayout
        var found: [(scroller: NestedScroller, y: Double)] = []
        for y in stride(from: 64.0, to: bounds.size.height - 24, by: 24) {
            let point = Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + y)
            guard let scroller = layout.nestedScroller(containing: point), scroller.axis == .horizontal,
                  scroller.maximumOffset > 0, !found.contains(where: { $0.scroller.id == scroller.id }) else { continue }
            found.append((scroller, y))
        }
        return found.randomElement(using: &rng)
    }

    /// A swipe along `carousel`: to later groups unless it is at its end (or, one time in three, back);
    /// returns the frame it ends on.
    private mutating func swipe(along carousel: (scroller: NestedScroller, y: Double), at frame: Int) -> Int {
        let width = collectionView.bounds.size.width
        let offset = collectionView.nestedScrollOffset(of: carousel.scroller.id)
        let end = carousel.scroller.maximumOffset
        let forward = offset < 1 ? true : offset > end - 1 ? false : rng.chance(0.67)
        let flick = rng.chance(0.6)
        let steps = flick ? max(3, seconds(rng.uniform(0.10...0.24))) : max(8, seconds(rng.uniform(0.3...0.7)))
        let duration = Double(steps) / rate
        let distance = flick ? min(rng.uniform(400...2400) * duration / 2, width * 0.5)
                             : rng.uniform(from: 40, to: min(180, width * 0.45))
        let start = width * (forward ? rng.uniform(0.6...0.85) : rng.uniform(0.15...0.4))
        let y = carousel.y + rng.uniform(-6...6)
        // The finger moves against the content: to later groups is a swipe to the left.
        return planHorizontalSwipe(at: frame, from: start, y: y, by: (forward ? -1 : 1) * distance, steps: steps, flick: flick)
    }
}

extension Scenario {
    /// The store app's screen, its layout when `reel record --scenario app-store` is given `compositional`
    /// without a description: a featured carousel and shelves of apps that page by group, a carousel whose
    /// cards scale toward its centre, and rows of estimated height, every section under a pinned header.
    static let storeScreen: LayoutDescription = {
        let document = """
            <trace version="1"><collection-view width="390" height="844"/>
            \(storeLayout)
            <data><section items="1"/></data><events/></trace>
            """
        do {
            return try TraceReader(bytes: Array(document.utf8), path: "<app-store>").header.layout
        } catch {
            preconditionFailure("the store's layout does not read: \(error)")
        }
    }()

    private static let storeLayout = """
        <layout name="compositional" scroll-direction="vertical" inter-section-spacing="24" content-insets-reference="safe-area">
          <section orthogonal="group-paging" inter-group-spacing="10" content-insets="0 20 0 20">
            <group axis="horizontal" width="fractional-width 0.9" height="absolute 300">
              <item width="fractional-width 1" height="fractional-height 1"/>
            </group>
            <boundary kind="header" alignment="top" width="fractional-width 1" height="absolute 52" pin="true"/>
          </section>
          <section index="1" orthogonal="group-paging" inter-group-spacing="10" content-insets="0 20 0 20">
            <group axis="horizontal" width="fractional-width 0.9" height="absolute 200" count="2" inter-item-spacing="fixed 10">
              <item width="fractional-width 1" height="fractional-height 1"/>
            </group>
            <boundary kind="header" alignment="top" width="fractional-width 1" height="absolute 52" pin="true"/>
          </section>
          <section index="2" orthogonal="continuous" inter-group-spacing="12" content-insets="0 20 0 20">
            <group axis="horizontal" width="absolute 140" height="absolute 180">
              <item width="fractional-width 1" height="fractional-height 1"/>
            </group>
            <boundary kind="header" alignment="top" width="fractional-width 1" height="absolute 52" pin="true"/>
          </section>
          <section index="3" orthogonal="group-paging-centered" inter-group-spacing="12" visible-items-handler="scale">
            <group axis="horizontal" width="fractional-width 0.8" height="absolute 220">
              <item width="fractional-width 1" height="fractional-height 1"/>
            </group>
            <boundary kind="header" alignment="top" width="fractional-width 1" height="absolute 52" pin="true"/>
          </section>
          <section index="4" content-insets="0 20 20 20">
            <group axis="horizontal" width="fractional-width 1" height="estimated 88">
              <item width="fractional-width 1" height="estimated 88"/>
            </group>
            <boundary kind="header" alignment="top" width="fractional-width 1" height="absolute 52" pin="true"/>
          </section>
        </layout>
        """

    /// The store app's header: with `compositional` undescribed, the store screen; and the data carrying what
    /// the flow version reads (``storeFlowMetrics(_:)``), measured on the compositional screen — the header's
    /// own when it is compositional, else the store screen — so that `store-flow` records the same screen.
    static func storeHeader(_ header: TraceHeader) -> TraceHeader {
        var header = header
        if header.layout.name == "compositional" && header.layout.children.isEmpty {
            var layout = storeScreen
            for parameter in header.layout.parameters {
                layout.parameters.removeAll { $0.name == parameter.name }
                layout.parameters.append(parameter)
            }
            header.layout = layout
        }
        var screen = header
        if screen.layout.name != "compositional" { screen.layout = storeScreen }
        if let sections = try? storeFlowMetrics(screen, registry: .standard) { header.sections = sections }
        return header
    }

    /// The store app's data as its hand-written flow version (`store-flow`) reads it through the flow delegate,
    /// measured on the compositional screen laid out once at the trace's size: each section's header size, the
    /// insets around its items and the spacing between them, and — in a section that scrolls on its own — its
    /// items' sizes. Rows keep the sizes the data gives them, which their cells measure to. So the two
    /// versions of the screen place the same items at the same places, and `reel compare` sets their costs
    /// side by side.
    ///
    /// - Throws: ``ReplayError`` for a layout the registry cannot build.
    /// - Complexity: one layout pass, and O(n) for the n items of the sections that scroll on their own.
    static func storeFlowMetrics(_ header: TraceHeader, registry: LayoutRegistry) throws(ReplayError) -> [SectionDescription] {
        let path = "<recording>"
        let layout = try registry.makeLayout(for: header.layout, path: path)
        let pass = ReplayPass(quiet: header, path: path, layout: layout, registry: registry, mode: .offsets,
                              frameClock: FrameClock(header: header))
        let collectionView = pass.collectionView
        collectionView.layoutIfNeeded()
        let width = collectionView.bounds.size.width
        var sections = header.sections
        func frame(_ item: Int, _ section: Int) -> Rect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        func headerFrame(_ section: Int) -> Rect? {
            layout.layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                        at: IndexPath(item: 0, section: section))?.frame
        }
        for section in sections.indices {
            let count = sections[section].items
            guard count > 0, let first = frame(0, section), let last = frame(count - 1, section) else { continue }
            let top = headerFrame(section)
            let end = section + 1 < sections.count ? headerFrame(section + 1)?.origin.y : collectionView.contentSize.height
            var metrics = SectionDescription.FlowMetrics(headerSize: top.map { Size(width: width, height: $0.size.height) })
            let itemsTop = first.origin.y - (top?.maxY ?? first.origin.y)
            if let scroller = layout.nestedScroller(withID: section) {
                var sizes = TraceSizeList()
                var tallest = 0.0
                for item in 0..<count {
                    let size = frame(item, section)?.size ?? first.size
                    sizes.append(size)
                    tallest = max(tallest, size.height)
                }
                sections[section].itemSizes = sizes
                let offset = collectionView.nestedScrollOffset(of: section)
                let trailing = scroller.contentLength - (last.maxX + offset)
                let bottom = (end ?? last.maxY) - (first.origin.y + tallest)
                metrics.inset = EdgeInsets(top: itemsTop, left: first.origin.x + offset, bottom: max(0, bottom), right: max(0, trailing))
                if count > 1, let second = frame(1, section) { metrics.minimumInteritemSpacing = second.origin.x - first.maxX }
            } else {
                metrics.inset = EdgeInsets(top: itemsTop, left: first.origin.x, bottom: max(0, (end ?? last.maxY) - last.maxY),
                                           right: max(0, width - first.maxX))
                if count > 1, let second = frame(1, section) { metrics.minimumLineSpacing = second.origin.y - first.maxY }
            }
            sections[section].flow = metrics
        }
        return sections
    }
}
