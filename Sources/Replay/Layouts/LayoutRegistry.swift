public import CollectionEngine
public import Layouts
public import TraceXML

/// Maps a trace's `<layout>` element to a layout instance.
///
/// ``standard`` holds the catalogue (`Layouts`); a user registers their own layouts on a copy and builds
/// their own `reel` with it (see `ReelCLI`).
public struct LayoutRegistry: Sendable {
    public private(set) var definitions: [LayoutDefinition] = []

    public init() {}

    /// The layouts that ship with Reel.
    public static var standard: LayoutRegistry {
        var registry = LayoutRegistry()
        for definition in Catalogue.definitions { registry.register(definition) }
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
        let (definition, parameters, elements) = try resolve(description, named: name, path: path)
        do {
            return try definition.makeLayout(parameters: parameters, elements: elements)
        } catch {
            throw Self.replayError(error, description, path: path)
        }
    }

    /// Checks that the layout exists, that every parameter is well-formed and in range, and that the layout
    /// builds with them, without replaying anything.
    public func check(_ description: LayoutDescription, named name: String? = nil, path: String) throws(ReplayError) {
        let (definition, parameters, elements) = try resolve(description, named: name, path: path)
        do {
            try definition.check(parameters: parameters, elements: elements)
        } catch {
            throw Self.replayError(error, description, path: path)
        }
    }

    /// `description` with every parameter its layout declares, in declared order: the value it gives, else the
    /// default spelled out. A trace written so replays the same with a later Reel whose defaults changed, and
    /// another layout chosen with `--layout` never takes parameters the recording did not mean for it. A layout
    /// the registry does not know is returned as it is.
    public func spelledOut(_ description: LayoutDescription) -> LayoutDescription {
        guard let definition = definition(named: description.name) else { return description }
        var spelled = description
        spelled.parameters = definition.parameters.compactMap { declared in
            description.parameters.first { $0.name == declared.name }
                ?? (declared.spelledOutAtDefault
                    ? LayoutDescription.Parameter(name: declared.name, value: declared.defaultValue) : nil)
        }
        return spelled
    }

    /// A layout's error at the element inside `<layout>` it names, else at `<layout>`.
    private static func replayError(_ error: LayoutParameterError, _ description: LayoutDescription, path: String) -> ReplayError {
        let location = error.position.map { TraceLocation(path: description.location?.path ?? path, line: $0.line, column: $0.column) }
        return ReplayError(.invalidParameter, error.message, path: path, location: location ?? description.location)
    }

    /// The elements inside `<layout>` as a layout reads them.
    private static func specElements(_ elements: [LayoutDescription.Element]) -> [LayoutSpecElement] {
        elements.map { element in
            LayoutSpecElement(name: element.name, attributes: element.attributes.map { ($0.name, $0.value) },
                              children: specElements(element.children),
                              position: element.location.map { LayoutSpecElement.Position(line: $0.line, column: $0.column) })
        }
    }

    /// The definition, the parameters and the elements a layout is built with. Another layout chosen with
    /// `--layout` takes the trace's parameters it declares, and its elements only when it reads elements.
    private func resolve(_ description: LayoutDescription, named name: String?, path: String) throws(ReplayError)
        -> (LayoutDefinition, [(name: String, value: String)], [LayoutSpecElement]) {
        let wanted = name ?? description.name
        guard let definition = definition(named: wanted) else {
            let known = definitions.map { "'\($0.name)'" }.joined(separator: ", ")
            throw ReplayError(.unknownLayout, "unknown layout '\(wanted)'; expected one of \(known)",
                              path: path, location: name == nil ? description.location : nil)
        }
        var parameters = description.parameters.map { (name: $0.name, value: $0.value) }
        if wanted != description.name {
            let declared = Set(definition.parameters.map(\.name))
            parameters = parameters.filter { declared.contains($0.name) }
        }
        let elements = wanted != description.name && !definition.takesElements ? [] : Self.specElements(description.children)
        return (definition, parameters, elements)
    }
}
