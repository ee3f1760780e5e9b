public import Foundation
public import Layouts
internal import CollectionEngine

extension LayoutDefinition {
    /// A UIKit layout that traces can name: registered as a catalogue layout is, with its parameters, so that
    /// `reel layouts`, replay, compare and gate treat it as one.
    ///
    /// ```swift
    /// layouts.register(LayoutDefinition(
    ///     name: "my-waterfall", summary: "columns of items of their own heights",
    ///     parameters: [LayoutParameter("columns", .integer, default: "2", "columns across", range: 1...8)]
    /// ) { context in
    ///     let layout = WaterfallLayout()
    ///     layout.columnCount = try context.integer("columns")
    ///     return layout
    /// })
    /// ```
    public init(name: String, summary: String, parameters: [LayoutParameter],
                make: @escaping @Sendable (LayoutContext) throws -> UICollectionViewLayout) {
        self.init(name: name, summary: summary, parameters: parameters) { context -> CollectionViewLayout in
            try make(context).engineLayout
        }
    }
}

extension LayoutContext {
    /// A number parameter as a `CGFloat`.
    public func cgFloat(_ name: String) throws(LayoutParameterError) -> CGFloat { CGFloat(try number(name)) }

    /// A size parameter (`"W H"`) as a `CGSize`.
    public func cgSize(_ name: String) throws(LayoutParameterError) -> CGSize { CGSize(try size(name)) }

    /// An insets parameter (`"TOP LEFT BOTTOM RIGHT"`) as `UIEdgeInsets`.
    public func edgeInsets(_ name: String) throws(LayoutParameterError) -> UIEdgeInsets {
        UIEdgeInsets(try insets(name))
    }
}

extension UICollectionViewFlowLayout {
    /// Sets the flow properties from the parameters of the catalogue's `flow` (`scroll-direction`, `item-size`,
    /// `minimum-line-spacing`, `minimum-interitem-spacing`, `section-inset`, `header-size`, `footer-size`,
    /// `pin-headers`, `pin-footers`), for a flow subclass registered with `LayoutDefinition.flow.parameters` (it must declare them all), so
    /// that a trace recorded with `flow` replays with the subclass on the same metrics.
    public func setFlowParameters(from context: LayoutContext) throws(LayoutParameterError) {
        let values = try FlowParameters.values(context, declared: LayoutDefinition.flow.parameters)
        if let value = values.scrollDirection { scrollDirection = value == .horizontal ? .horizontal : .vertical }
        if let value = values.itemSize { itemSize = CGSize(value) }
        if let value = values.minimumLineSpacing { minimumLineSpacing = CGFloat(value) }
        if let value = values.minimumInteritemSpacing { minimumInteritemSpacing = CGFloat(value) }
        if let value = values.sectionInset { sectionInset = UIEdgeInsets(value) }
        if let value = values.headerSize { headerReferenceSize = CGSize(value) }
        if let value = values.footerSize { footerReferenceSize = CGSize(value) }
        if let value = values.pinsHeaders { sectionHeadersPinToVisibleBounds = value }
        if let value = values.pinsFooters { sectionFootersPinToVisibleBounds = value }
        if let value = values.estimatedItemSize { estimatedItemSize = CGSize(value) }
    }
}
