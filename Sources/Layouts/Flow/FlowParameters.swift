public import CollectionEngine

/// Flow layout's own parameters (every layout built on flow accepts them where its seed lets them
/// vary), declared with a layout's defaults and applied to any ``FlowLayout`` subclass.
public struct FlowParameters: Sendable {
    public var scrollDirection: String
    public var itemSize: String
    public var minimumLineSpacing: String
    public var minimumInteritemSpacing: String
    public var sectionInset: String
    public var headerSize: String
    public var footerSize: String

    /// UIKit's defaults (50 × 50 items, spacings 10, no insets, no headers or footers, vertical).
    public init(scrollDirection: String = "vertical", itemSize: String = "50 50", minimumLineSpacing: String = "10",
                minimumInteritemSpacing: String = "10", sectionInset: String = "0 0 0 0", headerSize: String = "0 0",
                footerSize: String = "0 0") {
        self.scrollDirection = scrollDirection
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerSize = headerSize
        self.footerSize = footerSize
    }

    /// The declarations with these defaults; `without` leaves out the ones a layout fixes itself (by name,
    /// e.g. `"scroll-direction"`).
    public func declarations(without fixed: Set<String> = []) -> [LayoutParameter] {
        [
            LayoutParameter("scroll-direction", .choice(["vertical", "horizontal"]), default: scrollDirection,
                            "the axis the content scrolls along"),
            LayoutParameter("item-size", .size, default: itemSize, "the size of items without their own"),
            LayoutParameter("minimum-line-spacing", .number, default: minimumLineSpacing, "the space between lines"),
            LayoutParameter("minimum-interitem-spacing", .number, default: minimumInteritemSpacing,
                            "the space between items of a line"),
            LayoutParameter("section-inset", .insets, default: sectionInset, "space around each section's items"),
            LayoutParameter("header-size", .size, default: headerSize, "the section header's reference size"),
            LayoutParameter("footer-size", .size, default: footerSize, "the section footer's reference size"),
        ].filter { !fixed.contains($0.name) }
    }

    /// `pin-headers` and `pin-footers`, off by default and written by a recording only when on (as every trace
    /// recorded before them): the flow layout's, which a layout built on flow may declare too.
    public static let pinning: [LayoutParameter] = {
        var pinning = [
            LayoutParameter("pin-headers", .boolean, default: "false",
                            "whether section headers pin to the visible bounds (sectionHeadersPinToVisibleBounds)"),
            LayoutParameter("pin-footers", .boolean, default: "false",
                            "whether section footers pin to the visible bounds (sectionFootersPinToVisibleBounds)"),
        ]
        for index in pinning.indices { pinning[index].spelledOutAtDefault = false }
        return pinning
    }()

    /// `estimated-item-size`, `"0 0"` by default (cells do not size themselves) and written by a recording only
    /// when set, so that every trace recorded before it stays the same: ``FlowLayout/estimatedItemSize``.
    public static let selfSizing: [LayoutParameter] = {
        var parameter = LayoutParameter("estimated-item-size", .estimatedSize, default: "0 0",
                                        "the size of items until their cells are measured (estimatedItemSize): "
                                            + "'W H' or 'automatic'; '0 0', cells do not size themselves")
        parameter.spelledOutAtDefault = false
        return [parameter]
    }()

    /// The flow properties a layout's parameters give, each `nil` where the layout does not declare it: read
    /// once here, for the engine's flow layout (``apply(_:to:declared:)``) and for UIKit's.
    public struct Values: Sendable {
        public var scrollDirection: FlowLayout.ScrollDirection?
        public var itemSize: Size?
        public var minimumLineSpacing: Double?
        public var minimumInteritemSpacing: Double?
        public var sectionInset: EdgeInsets?
        public var headerSize: Size?
        public var footerSize: Size?
        public var pinsHeaders: Bool?
        public var pinsFooters: Bool?
        public var estimatedItemSize: Size?
    }

    /// The values of the flow parameters among `declared` that `context` gives (or their defaults).
    /// - Throws: ``LayoutParameterError`` for a malformed or out-of-range value.
    public static func values(_ context: LayoutContext,
                              declared: [LayoutParameter]) throws(LayoutParameterError) -> Values {
        let names = Set(declared.map(\.name))
        var values = Values()
        if names.contains("scroll-direction") {
            values.scrollDirection = try context.choice("scroll-direction") == "horizontal" ? .horizontal : .vertical
        }
        if names.contains("item-size") { values.itemSize = try context.size("item-size") }
        if names.contains("minimum-line-spacing") { values.minimumLineSpacing = try context.number("minimum-line-spacing") }
        if names.contains("minimum-interitem-spacing") {
            values.minimumInteritemSpacing = try context.number("minimum-interitem-spacing")
        }
        if names.contains("section-inset") { values.sectionInset = try context.insets("section-inset") }
        if names.contains("header-size") { values.headerSize = try context.size("header-size") }
        if names.contains("footer-size") { values.footerSize = try context.size("footer-size") }
        if names.contains("pin-headers") { values.pinsHeaders = try context.boolean("pin-headers") }
        if names.contains("pin-footers") { values.pinsFooters = try context.boolean("pin-footers") }
        if names.contains("estimated-item-size") { values.estimatedItemSize = try context.estimatedSize("estimated-item-size") }
        return values
    }

    /// Sets `layout`'s flow properties from the parameters among `declared` that `context` gives; the others
    /// keep their values.
    /// - Throws: ``LayoutParameterError`` for a malformed or out-of-range value.
    public static func apply(_ context: LayoutContext, to layout: FlowLayout,
                             declared: [LayoutParameter]) throws(LayoutParameterError) {
        let values = try values(context, declared: declared)
        if let value = values.scrollDirection { layout.scrollDirection = value }
        if let value = values.itemSize { layout.itemSize = value }
        if let value = values.minimumLineSpacing { layout.minimumLineSpacing = value }
        if let value = values.minimumInteritemSpacing { layout.minimumInteritemSpacing = value }
        if let value = values.sectionInset { layout.sectionInset = value }
        if let value = values.headerSize { layout.headerReferenceSize = value }
        if let value = values.footerSize { layout.footerReferenceSize = value }
        if let value = values.pinsHeaders { layout.sectionHeadersPinToVisibleBounds = value }
        if let value = values.pinsFooters { layout.sectionFootersPinToVisibleBounds = value }
        if let value = values.estimatedItemSize { layout.estimatedItemSize = value }
    }
}
