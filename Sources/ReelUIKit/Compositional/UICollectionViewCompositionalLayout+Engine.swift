// Public for the two members below alone; a user's file sees the engine's names only if it imports the engine.
public import CollectionEngine

extension UICollectionViewCompositionalLayout {
    /// The engine's description of section `index` in `environment`: what the engine layout lays out, converted
    /// from the app's section (or its provider's answer) as it is now; `nil` when the provider gives none.
    public func engineSection(_ index: Int, environment: LayoutEnvironment) -> LayoutSection? {
        switch sections {
        case .one(let section): section.engine
        case .provider(let provider): provider(index, EnvironmentValue(environment))?.engine
        }
    }

    /// The engine's layout-wide settings, converted from ``configuration``.
    public var engineConfiguration: CompositionalLayoutConfiguration { configuration.engine }
}
