/// UIKit's compositional layout: sections of groups of items, described by values
/// (``LayoutSection``, ``LayoutGroup``, ``LayoutItem``), the engine's `UICollectionViewCompositionalLayout`.
open class CompositionalLayout: CollectionViewLayout {
    /// Where a section's description comes from: one for every section, or a provider asked per section.
    enum Sections {
        case one(LayoutSection)
        case provider((Int, LayoutEnvironment) -> LayoutSection?)
    }

    let sections: Sections

    /// The layout-wide settings. "Setting it will invalidate the layout immediately".
    public var configuration: CompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    /// A layout whose every section is `section`.
    public init(section: LayoutSection, configuration: CompositionalLayoutConfiguration = .init()) {
        sections = .one(section)
        self.configuration = configuration
    }

    /// A layout whose section `index` is what `sectionProvider(index, environment)` returns.
    public init(configuration: CompositionalLayoutConfiguration = .init(),
                sectionProvider: @escaping (Int, LayoutEnvironment) -> LayoutSection?) {
        sections = .provider(sectionProvider)
        self.configuration = configuration
    }

    /// A list: every section is `LayoutSection.list(using:layoutEnvironment:)` of `configuration`.
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout { _, environment in LayoutSection.list(using: configuration, layoutEnvironment: environment) }
    }
}

extension LayoutSection {
    /// A section of list rows with `configuration`'s appearance (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    public static func list(using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment) -> LayoutSection {
        let size = LayoutSize(width: .fractionalWidth(1), height: .estimated(configuration.estimatedRowHeight))
        return LayoutSection(group: .vertical(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))]))
    }
}
