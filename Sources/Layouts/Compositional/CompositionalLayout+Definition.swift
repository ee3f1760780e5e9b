public import CollectionEngine

extension LayoutDefinition {
    /// UIKit's compositional layout (`compositional`), described inside `<layout>`: `<section>` elements (each
    /// with one `<group>` of `<item>`s and nested `<group>`s, or a `list` appearance), `<boundary>`
    /// supplementaries and `<decoration>`s; `<section index="N">` applies from section N on (the section
    /// provider). The parameters are the configuration's. Without a `<section>` it is a plain list.
    public static let compositional: LayoutDefinition = {
        var definition = LayoutDefinition(
            name: "compositional",
            summary: "UIKit's compositional layout: sections of groups of items described inside <layout> (<section>, "
                + "<group>, <item>, <boundary>, <decoration>), orthogonal sections, pinned supplementaries, lists",
            parameters: [
                LayoutParameter("scroll-direction", .choice(["vertical", "horizontal"]), default: "vertical",
                                "the axis sections follow one another along"),
                LayoutParameter("inter-section-spacing", .number, default: "0", "the space between sections", range: 0...10_000),
                LayoutParameter("content-insets-reference", .choice(ContentInsetsReference.allCases.map(\.rawValue)),
                                default: "safe-area", "which of the view's insets sections' content insets are measured from"),
            ]
        ) { context in
            var configuration = CompositionalLayoutConfiguration()
            configuration.scrollDirection = try context.choice("scroll-direction") == "horizontal" ? .horizontal : .vertical
            configuration.interSectionSpacing = try context.number("inter-section-spacing")
            configuration.contentInsetsReference = ContentInsetsReference(rawValue: try context.choice("content-insets-reference")) ?? .safeArea
            return try CompositionalSpec.layout(from: context.elements, configuration: configuration)
        }
        definition.takesElements = true
        return definition
    }()
}

/// Builds a compositional layout from the elements inside `<layout>`.
enum CompositionalSpec {
    /// The most sections a description holds.
    static let sectionLimit = 1_000

    static func layout(from elements: [LayoutSpecElement],
                       configuration: CompositionalLayoutConfiguration) throws(LayoutParameterError) -> CompositionalLayout {
        var configuration = configuration
        var sections: [(index: Int, make: (LayoutEnvironment) -> LayoutSection)] = []
        var decorationKinds: [String] = []
        for element in elements {
            switch element.name {
            case "boundary":
                configuration.boundarySupplementaryItems.append(try boundary(element))
            case "section":
                var reader = SpecReader(element)
                let index = try reader.integer("index", in: 0...100_000) ?? (sections.isEmpty ? 0 : -1)
                if sections.isEmpty, index != 0 {
                    throw reader.error("the first <section> applies from section 0: its index is 0, not \(index)")
                }
                if let last = sections.last, index <= last.index {
                    throw reader.error("<section index=\"…\"> must increase: give each section after the first its index, "
                                       + "greater than \(last.index)")
                }
                guard sections.count < sectionLimit else { throw reader.error("a layout holds at most \(sectionLimit) sections") }
                let (make, kinds) = try section(element, reader: reader, vertical: configuration.scrollDirection == .vertical)
                decorationKinds += kinds
                sections.append((index, make))
            default:
                throw LayoutParameterError(parameter: nil, message: "unknown element <\(element.name)> in <layout name=\"compositional\">; "
                                           + "expected 'section' or 'boundary'", position: element.position)
            }
        }
        // Without a description, a plain list (`UICollectionViewCompositionalLayout.list(using:)`).
        if sections.isEmpty {
            let list = ListConfiguration(appearance: .plain)
            sections.append((0, { LayoutSection.list(using: list, layoutEnvironment: $0) }))
        }
        let chosen = sections
        let layout = CompositionalLayout(configuration: configuration) { index, environment in
            // The last description whose index is at most the section's.
            var low = 0, high = chosen.count
            while low < high {
                let middle = (low + high) / 2
                if chosen[middle].index <= index { low = middle + 1 } else { high = middle }
            }
            return chosen[max(0, low - 1)].make(environment)
        }
        for kind in Set(decorationKinds) { layout.register(forDecorationViewOfKind: kind) { ReusableView() } }
        return layout
    }

    /// A `<section>`: its description for any environment, and the kinds of its decorations.
    private static func section(_ element: LayoutSpecElement, reader: SpecReader,
                                vertical: Bool) throws(LayoutParameterError) -> ((LayoutEnvironment) -> LayoutSection, [String]) {
        var reader = reader
        let insets = try reader.insets("content-insets")
        let spacing = try reader.number("inter-group-spacing", in: -10_000...10_000, default: 0)
        let orthogonal: OrthogonalScrollingBehavior = try reader.choice("orthogonal", default: .none)
        let handler: VisibleItemsHandlerKind = try reader.choice("visible-items-handler", default: .none)
        let follows = try reader.boolean("supplementaries-follow-content-insets", default: true)
        let reference: ContentInsetsReference? = reader.element["content-insets-reference"] == nil ? nil
            : try reader.choice("content-insets-reference", default: .safeArea)
        var list: ListConfiguration?
        if reader.element["list"] != nil {
            let parsed: ListConfiguration.Appearance = try reader.choice("list", default: .plain)
            var configuration = ListConfiguration(appearance: parsed)
            configuration.headerMode = try reader.choice("header-mode", default: .none)
            configuration.footerMode = try reader.choice("footer-mode", default: .none)
            configuration.estimatedRowHeight = try reader.number("estimated-row-height", in: 1...100_000, default: 44)
            configuration.showsSeparators = try reader.boolean("shows-separators", default: true)
            list = configuration
        }
        try reader.finish()
        var group: LayoutGroup?
        var boundaries: [LayoutBoundarySupplementaryItem] = []
        var decorations: [LayoutDecorationItem] = []
        for child in element.children {
            switch child.name {
            case "group" where list == nil && group == nil: group = try self.group(child)
            case "boundary": boundaries.append(try boundary(child))
            case "decoration": decorations.append(try decoration(child))
            default:
                let expected = list != nil ? "'boundary' or 'decoration' (a list section has no <group>)"
                    : group != nil ? "'boundary' or 'decoration' (a section has one <group>)" : "'group', 'boundary' or 'decoration'"
                throw LayoutParameterError(parameter: nil, message: "unexpected element <\(child.name)> in <section>; expected \(expected)",
                                           position: child.position)
            }
        }
        guard list != nil || group != nil else { throw reader.error("a <section> needs a <group> (or a 'list' appearance)") }
        let make: (LayoutEnvironment) -> LayoutSection = { environment in
            var section = list.map { LayoutSection.list(using: $0, layoutEnvironment: environment) }
                ?? LayoutSection(group: group ?? LayoutGroup.vertical(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(0)), subitems: []))
            if list == nil || reader.element["content-insets"] != nil { section.contentInsets = insets }
            section.interGroupSpacing = spacing
            section.orthogonalScrollingBehavior = orthogonal
            section.boundarySupplementaryItems += boundaries
            section.decorationItems = decorations
            section.supplementariesFollowContentInsets = follows
            section.contentInsetsReference = reference
            section.visibleItemsInvalidationHandler = handler.handler(orthogonal: orthogonal != .none, vertical: vertical)
            return section
        }
        return (make, decorations.map(\.elementKind))
    }

    /// A `<group>` and what it holds.
    private static func group(_ element: LayoutSpecElement) throws(LayoutParameterError) -> LayoutGroup {
        var reader = SpecReader(element)
        let axis = try reader.choice("axis", default: GroupAxis.horizontal)
        let size = LayoutSize(width: try reader.dimension("width"), height: try reader.dimension("height"))
        let count = try reader.integer("count", in: 1...1_000)
        let spacing = try reader.spacing("inter-item-spacing")
        let insets = try reader.insets("content-insets")
        let edges = try reader.edgeSpacing()
        try reader.finish()
        var subitems: [LayoutGroupElement] = []
        var frames: [LayoutGroupCustomItem] = []
        for child in element.children {
            switch (child.name, axis) {
            case ("item", .horizontal), ("item", .vertical): subitems.append(.item(try item(child)))
            case ("group", .horizontal), ("group", .vertical): subitems.append(.group(try group(child)))
            case ("frame", .custom):
                var frameReader = SpecReader(child)
                let rect = try frameReader.numbers("rect", count: 4, in: -100_000...100_000, what: "a rectangle 'X Y W H'")
                let zIndex = try frameReader.integer("z-index", in: -10_000...10_000) ?? 0
                try frameReader.finish()
                guard let rect, rect[2] >= 0, rect[3] >= 0 else {
                    throw frameReader.error("a <frame> needs 'rect' \"X Y W H\" with a width and height of at least 0")
                }
                frames.append(LayoutGroupCustomItem(frame: Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]), zIndex: zIndex))
            default:
                let expected = axis == .custom ? "'frame' (a custom group's items)" : "'item' or 'group'"
                throw LayoutParameterError(parameter: nil, message: "unexpected element <\(child.name)> in <group axis=\"\(axis.rawValue)\">; "
                                           + "expected \(expected)", position: child.position)
            }
        }
        if axis != .custom && subitems.isEmpty { throw reader.error("a <group> needs at least one <item> or <group>") }
        if count != nil && subitems.count != 1 { throw reader.error("a <group> with 'count' holds exactly one <item> or <group>") }
        var group: LayoutGroup
        switch axis {
        case .horizontal: group = LayoutGroup(layoutSize: size, arrangement: .horizontal, subitems: subitems, count: count)
        case .vertical: group = LayoutGroup(layoutSize: size, arrangement: .vertical, subitems: subitems, count: count)
        case .custom:
            let placed = frames
            group = .custom(layoutSize: size) { _ in placed }
        }
        group.interItemSpacing = spacing
        group.contentInsets = insets
        group.edgeSpacing = edges
        return group
    }

    private static func item(_ element: LayoutSpecElement) throws(LayoutParameterError) -> LayoutItem {
        var reader = SpecReader(element)
        let size = LayoutSize(width: try reader.dimension("width"), height: try reader.dimension("height"))
        let item = LayoutItem(layoutSize: size, contentInsets: try reader.insets("content-insets"), edgeSpacing: try reader.edgeSpacing())
        try reader.finish()
        if !element.children.isEmpty {
            throw LayoutParameterError(parameter: nil, message: "<item> has no child elements", position: element.children[0].position)
        }
        return item
    }

    private static func boundary(_ element: LayoutSpecElement) throws(LayoutParameterError) -> LayoutBoundarySupplementaryItem {
        var reader = SpecReader(element)
        guard let kind = reader.text("kind"), !kind.isEmpty else { throw reader.error("missing attribute 'kind' on <boundary>") }
        let size = LayoutSize(width: try reader.dimension("width", default: .fractionalWidth(1)), height: try reader.dimension("height"))
        var item = LayoutBoundarySupplementaryItem(layoutSize: size, elementKind: kind, alignment: try reader.choice("alignment", default: .top))
        if let offset = try reader.numbers("offset", count: 2, in: -100_000...100_000, what: "an offset 'X Y'") {
            item.absoluteOffset = Point(x: offset[0], y: offset[1])
        }
        item.extendsBoundary = try reader.boolean("extends-boundary", default: true)
        item.pinToVisibleBounds = try reader.boolean("pin", default: false)
        item.zIndex = try reader.integer("z-index", in: -10_000...10_000) ?? 1
        item.contentInsets = try reader.insets("content-insets")
        try reader.finish()
        return item
    }

    private static func decoration(_ element: LayoutSpecElement) throws(LayoutParameterError) -> LayoutDecorationItem {
        var reader = SpecReader(element)
        guard let kind = reader.text("kind"), !kind.isEmpty else { throw reader.error("missing attribute 'kind' on <decoration>") }
        let item = LayoutDecorationItem(elementKind: kind, contentInsets: try reader.insets("content-insets"),
                                        zIndex: try reader.integer("z-index", in: -10_000...10_000) ?? 0)
        try reader.finish()
        return item
    }
}

/// A `<group>`'s `axis`.
enum GroupAxis: String, CaseIterable {
    case horizontal, vertical, custom
}

/// A `<section>`'s `visible-items-handler`: what the app's handler does to the visible items.
enum VisibleItemsHandlerKind: String, CaseIterable {
    /// No handler.
    case none
    /// A handler that reads every item and changes nothing: only its cost.
    case unchanged
    /// The carousel: each item scales by 1 − 0.25·min(1, |d| / W), d its centre's distance from the centre of
    /// the visible part along the section's scrolling axis, W the container's extent along it.
    case scale

    func handler(orthogonal: Bool, vertical: Bool) -> VisibleItemsInvalidationHandler? {
        switch self {
        case .none: return nil
        case .unchanged:
            return { items, _, _ in
                var extent = 0.0
                for item in items { extent += item.frame.size.width }
                _ = extent
            }
        case .scale:
            // The section scrolls across the layout's axis when orthogonal.
            let alongX = orthogonal == vertical
            return { items, offset, environment in
                let size = environment.container.contentSize
                let extent = alongX ? size.width : size.height
                guard extent > 0 else { return }
                let centre = alongX ? offset.x + extent / 2 : offset.y + extent / 2
                for item in items {
                    let distance = abs((alongX ? item.center.x : item.center.y) - centre)
                    let scale = 1 - 0.25 * min(1, distance / extent)
                    item.transform3D = .scale(x: scale, y: scale)
                }
            }
        }
    }
}
