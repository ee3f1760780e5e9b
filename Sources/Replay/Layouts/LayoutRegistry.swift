public import CollectionEngine
public import TraceXML

/// A layout that traces can name: its `name`, what it is, its parameters and how to build it.
public struct LayoutDefinition: Sendable {
    public var name: String
    public var summary: String
    public var parameters: [LayoutParameter]
    /// Builds an instance from checked parameters.
    public var make: @Sendable (LayoutParameters) throws(ReplayError) -> CollectionViewLayout

    public init(name: String, summary: String, parameters: [LayoutParameter],
                make: @escaping @Sendable (LayoutParameters) throws(ReplayError) -> CollectionViewLayout) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.make = make
    }
}

/// Maps a trace's `<layout>` element to a layout instance.
///
/// ``standard`` holds the catalogue; a user registers their own layouts on a copy and builds their own
/// `reel` with it (see `ReelCLI`).
public struct LayoutRegistry: Sendable {
    public private(set) var definitions: [LayoutDefinition] = []

    public init() {}

    /// The layouts that ship with Reel.
    public static var standard: LayoutRegistry {
        var registry = LayoutRegistry()
        registry.register(.flow)
        return registry
    }

    /// Adds `definition`, replacing a layout of the same name.
    public mutating func register(_ definition: LayoutDefinition) {
        definitions.removeAll { $0.name == definition.name }
        definitions.append(definition)
    }

    /// The definition named `name`.
    public func definition(named name: String) -> LayoutDefinition? {
        definitions.first { $0.name == name }
    }

    /// Builds the layout `description` names, with its parameters.
    ///
    /// - Parameters:
    ///   - description: the trace's `<layout>`.
    ///   - name: a layout to use instead of the trace's (`--layout`). Parameters of the trace that it also
    ///     declares are kept; the others are dropped.
    /// - Throws: ``ReplayError`` for an unknown layout or a bad parameter, at the `<layout>` element.
    public func makeLayout(for description: LayoutDescription, named name: String? = nil,
                           path: String) throws(ReplayError) -> CollectionViewLayout {
        let (definition, parameters) = try resolve(description, named: name, path: path)
        return try definition.make(parameters)
    }

    /// Checks that the layout exists and every parameter is well-formed, without building it.
    public func check(_ description: LayoutDescription, named name: String? = nil, path: String) throws(ReplayError) {
        try resolve(description, named: name, path: path).1.checkAll()
    }

    private func resolve(_ description: LayoutDescription, named name: String?,
                         path: String) throws(ReplayError) -> (LayoutDefinition, LayoutParameters) {
        let wanted = name ?? description.name
        guard let definition = definition(named: wanted) else {
            let known = definitions.map { "'\($0.name)'" }.joined(separator: ", ")
            throw ReplayError(.unknownLayout, "unknown layout '\(wanted)'; expected one of \(known)",
                              path: path, location: name == nil ? description.location : nil)
        }
        var effective = description
        if wanted != description.name {
            let declared = Set(definition.parameters.map(\.name))
            effective = LayoutDescription(name: wanted, parameters: description.parameters.filter { declared.contains($0.name) },
                                          location: description.location)
        }
        return (definition, try LayoutParameters(effective, declared: definition.parameters, path: path))
    }
}

extension LayoutDefinition {
    /// UIKit's flow layout (SPEC §5.1), with per-item sizes from the trace's `item-sizes`.
    public static let flow = LayoutDefinition(
        name: "flow",
        summary: "UIKit's flow layout: justified lines, headers and footers, sizes per item from the data",
        parameters: [
            LayoutParameter("scroll-direction", .choice(["vertical", "horizontal"]), default: "vertical",
                            "the axis the content scrolls along"),
            LayoutParameter("item-size", .size, default: "50 50", "the size of items without their own"),
            LayoutParameter("minimum-line-spacing", .number, default: "10", "the space between lines"),
            LayoutParameter("minimum-interitem-spacing", .number, default: "10", "the space between items of a line"),
            LayoutParameter("section-inset", .insets, default: "0 0 0 0", "space around each section's items"),
            LayoutParameter("header-size", .size, default: "0 0", "the section header's reference size"),
            LayoutParameter("footer-size", .size, default: "0 0", "the section footer's reference size"),
        ],
        make: { parameters throws(ReplayError) in
            let layout = FlowLayout()
            layout.scrollDirection = try parameters.choice("scroll-direction") == "horizontal" ? .horizontal : .vertical
            layout.itemSize = try parameters.size("item-size")
            layout.minimumLineSpacing = try parameters.number("minimum-line-spacing")
            layout.minimumInteritemSpacing = try parameters.number("minimum-interitem-spacing")
            layout.sectionInset = try parameters.insets("section-inset")
            layout.headerReferenceSize = try parameters.size("header-size")
            layout.footerReferenceSize = try parameters.size("footer-size")
            return layout
        })
}
