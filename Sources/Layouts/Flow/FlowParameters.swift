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

    /// Sets `layout`'s flow properties from the parameters `context` declares; those it does not declare
    /// keep their values.
    /// - Throws: ``LayoutParameterError`` for a malformed or out-of-range value.
    public static func apply(_ context: LayoutContext, to layout: FlowLayout,
                             declared: [LayoutParameter]) throws(LayoutParameterError) {
        let names = Set(declared.map(\.name))
        if names.contains("scroll-direction") {
            layout.scrollDirection = try context.choice("scroll-direction") == "horizontal" ? .horizontal : .vertical
        }
        if names.contains("item-size") { layout.itemSize = try context.size("item-size") }
        if names.contains("minimum-line-spacing") { layout.minimumLineSpacing = try context.number("minimum-line-spacing") }
        if names.contains("minimum-interitem-spacing") {
            layout.minimumInteritemSpacing = try context.number("minimum-interitem-spacing")
        }
        if names.contains("section-inset") { layout.sectionInset = try context.insets("section-inset") }
        if names.contains("header-size") { layout.headerReferenceSize = try context.size("header-size") }
        if names.contains("footer-size") { layout.footerReferenceSize = try context.size("footer-size") }
    }
}
