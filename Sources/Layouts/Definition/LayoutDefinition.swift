public import CollectionEngine

/// A layout that traces can name: its `name`, a one-line summary, its parameters and how to build it.
///
/// The factory reads its parameters from a ``LayoutContext``; a malformed value throws a
/// ``LayoutParameterError``, which the replay reports at the trace's `<layout>` element. The closure needs
/// no annotation:
///
/// ```swift
/// let spiral = LayoutDefinition(
///     name: "my-spiral", summary: "items on a spiral",
///     parameters: [LayoutParameter("turns", .number, default: "1.5", "turns of the spiral", range: 0.1...20)]
/// ) { context in
///     let layout = MySpiralLayout()
///     layout.turns = try context.number("turns")
///     return layout
/// }
/// ```
public struct LayoutDefinition: Sendable {
    public var name: String
    public var summary: String
    public var parameters: [LayoutParameter]
    /// Builds an instance from the trace's parameters.
    public var make: @Sendable (LayoutContext) throws -> CollectionViewLayout
    /// Whether the layout reads elements inside `<layout>` (``LayoutContext/elements``); `false` by default, and
    /// then a trace that gives some is refused at the first.
    public var takesElements = false

    public init(name: String, summary: String, parameters: [LayoutParameter],
                make: @escaping @Sendable (LayoutContext) throws -> CollectionViewLayout) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.make = make
    }

    /// Builds the layout from `given` parameters (name and value, as written in a trace).
    ///
    /// - Throws: ``LayoutParameterError`` for an unknown parameter, a malformed or out-of-range value, or a
    ///   combination the factory refuses.
    public func makeLayout(parameters given: [(name: String, value: String)],
                           elements: [LayoutSpecElement] = []) throws(LayoutParameterError) -> CollectionViewLayout {
        try build(LayoutContext(layoutName: name, declared: parameters, given: given, elements: elements))
    }

    /// Checks every declared parameter's value and builds the layout once, so that a problem is found
    /// before anything replays.
    /// - Throws: ``LayoutParameterError``, as ``makeLayout(parameters:)``.
    public func check(parameters given: [(name: String, value: String)],
                      elements: [LayoutSpecElement] = []) throws(LayoutParameterError) {
        let context = try LayoutContext(layoutName: name, declared: parameters, given: given, elements: elements)
        try context.checkAll()
        _ = try build(context)
    }

    /// Runs the factory, turning an error of its own into a ``LayoutParameterError``.
    private func build(_ context: LayoutContext) throws(LayoutParameterError) -> CollectionViewLayout {
        if !takesElements, let first = context.elements.first {
            throw LayoutParameterError(parameter: nil, message: "unexpected element <\(first.name)> in <layout name=\"\(name)\">; "
                                       + "layout '\(name)' takes no elements, only parameters", position: first.position)
        }
        do {
            return try make(context)
        } catch let error as LayoutParameterError {
            throw error
        } catch {
            throw LayoutParameterError(parameter: nil, message: "layout '\(name)' cannot be built: \(error)")
        }
    }
}
