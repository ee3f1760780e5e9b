extension Figure {
    /// The figure whose unique name (``Declaration/name``) is `name`: `frame_time_ms.p50`, `janky_frames`,
    /// `counters.layout_prepares`, `hot_paths[frame/cells/configure].self_ms`; `nil` when no figure is so named
    /// (a counter this Reel does not know, a name of another kind).
    ///
    /// The inverse of the declared names, for reading back what JSON wrote: `Figure(name: f.declaration.name) == f`
    /// for every figure.
    public init?(name: String) {
        if let figure = Self.summary.first(where: { $0.declaration.name == name }) {
            self = figure
        } else if name.hasPrefix("counters."), let counter = EngineCounter(rawValue: String(name.dropFirst("counters.".count))) {
            self = .counter(counter)
        } else if name.hasPrefix("hot_paths["), name.hasSuffix("].self_ms"),
                  name.count > "hot_paths[].self_ms".count {
            self = .hotPathSelfTime(String(name.dropFirst("hot_paths[".count).dropLast("].self_ms".count)))
        } else {
            return nil
        }
    }
}
