/// The layouts that ship with Reel, in the order `reel layouts` lists them.
///
/// Every one is built on `CollectionEngine`'s public API alone — exactly what a user writing their own
/// layout has.
public enum Catalogue {
    public static let definitions: [LayoutDefinition] = [
        .flow,
        .decoratedFlow,
        .dimensionsFlow,
        .coverFlow,
        .coverFlowCached,
        .circle,
        .stacked,
        .springyFlow,
        .photoAlbum,
        .springboard,
        .line,
        .spiral,
        .grid,
        .stacks,
        .storeFlow,
        .compositional,
    ]
}
