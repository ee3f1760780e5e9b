extension LayoutSection {
    /// A section of list rows with `configuration`'s appearance: `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    ///
    /// Rows span the section and size themselves from ``ListConfiguration/estimatedRowHeight`` ("List rows are
    /// self-sizing"). A header or footer in `supplementary` mode is a boundary supplementary of kind
    /// `header`/`footer` that sizes itself from an estimate; with `firstItemInSection` the first row is the
    /// header. UIKit publishes no metrics for the appearances; Reel's are those of UITableView, which lists
    /// replace: `plain` and `sidebarPlain` rows run edge to edge and their headers pin (a plain table's
    /// section headers float); `grouped` sections are 35 points apart (17.5 above and below, UITableView's
    /// default section header and footer height in a grouped table); `insetGrouped` adds 20-point margins
    /// on both sides (the layout margins of a phone of 390 points or wider); `sidebar` 10.
    public static func list(using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment) -> LayoutSection {
        let row = LayoutSize(width: .fractionalWidth(1), height: .estimated(configuration.estimatedRowHeight))
        var section = LayoutSection(group: .vertical(layoutSize: row, subitems: [.item(LayoutItem(layoutSize: row))]))
        let plain = configuration.appearance == .plain || configuration.appearance == .sidebarPlain
        switch configuration.appearance {
        case .plain, .sidebarPlain: section.contentInsets = .zero
        case .grouped: section.contentInsets = DirectionalEdgeInsets(top: 17.5, bottom: 17.5)
        case .insetGrouped: section.contentInsets = DirectionalEdgeInsets(top: 17.5, leading: 20, bottom: 17.5, trailing: 20)
        case .sidebar: section.contentInsets = DirectionalEdgeInsets(top: 17.5, leading: 10, bottom: 17.5, trailing: 10)
        }
        // Headers and footers span the rows (they follow the content insets) and size themselves.
        let header = LayoutSize(width: .fractionalWidth(1), height: .estimated(plain ? 28 : 38))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(LayoutBoundarySupplementaryItem(
                layoutSize: header, elementKind: CollectionView.elementKindSectionHeader, alignment: .top,
                pinToVisibleBounds: plain))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(LayoutBoundarySupplementaryItem(
                layoutSize: header, elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        return section
    }
}
