import CollectionEngine

extension LayoutDefinition {
    /// Cover Flow without the per-frame invalidation (`cover-flow-cached`): the same attributes at
    /// every offset, prepared once.
    public static let coverFlowCached = LayoutDefinition(
        name: "cover-flow-cached",
        summary: "cover-flow with the same attributes at every offset, without re-preparing on scroll",
        parameters: CoverFlowLayout.parameters
    ) { context in
        try CoverFlowLayout.configured(CachedCoverFlowLayout(), context)
    }
}
