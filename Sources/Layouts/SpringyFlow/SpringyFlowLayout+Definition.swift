import CollectionEngine

extension LayoutDefinition {
    /// The book's UIKit Dynamics flow layout (`springy-flow`, notes §3.9): items on attachment
    /// springs that lag the scroll and spring back; `tiled` keeps springs only near the visible bounds.
    public static let springyFlow: LayoutDefinition = {
        let flow = FlowParameters(itemSize: "44 44", minimumLineSpacing: "10", minimumInteritemSpacing: "10",
                                  sectionInset: "10 10 10 10")
            .declarations(without: ["header-size", "footer-size"])
        let parameters = flow + [
            LayoutParameter("damping", .number, default: "0.8",
                            "the springs' damping ratio (UIAttachmentBehavior's damping; 1 is critical)", range: 0...10),
            LayoutParameter("frequency", .number, default: "1", "the springs' frequency in hertz",
                            range: 0.01...60),
            LayoutParameter("resistance", .number, default: "1500",
                            "the distance from the finger (points) at which items follow the scroll fully; smaller is springier",
                            range: 1...1_000_000),
            LayoutParameter("tiled", .boolean, default: "false",
                            "springs only for items near the visible bounds (the objc.io variant), not for every item"),
        ]
        return LayoutDefinition(
            name: "springy-flow",
            summary: "the book's UIKit Dynamics flow layout: items on springs lag the scroll and spring back",
            parameters: parameters
        ) { context in
            let layout = SpringyFlowLayout()
            try FlowParameters.apply(context, to: layout, declared: flow)
            layout.damping = try context.number("damping")
            layout.frequency = try context.number("frequency")
            layout.resistance = try context.number("resistance")
            layout.isTiled = try context.boolean("tiled")
            return layout
        }
    }()
}
