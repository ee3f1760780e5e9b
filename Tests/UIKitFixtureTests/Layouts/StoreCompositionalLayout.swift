#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A store screen described with a compositional section provider, as an iOS app writes it: section 0 a
/// carousel of large cards that pages by card and shrinks cards away from the middle, section 1 a carousel of
/// columns of three small rows, then sections of full-width rows that size themselves over a background.
/// Every section has a header that stays on screen while its section does.
/// The rows' background, a decoration view.
final class StoreBackgroundView: UICollectionReusableView {}

enum StoreCompositionalLayout {
    static let headerKind = "store-header"
    static let backgroundKind = "store-background"

    static func make() -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 24
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            let section: NSCollectionLayoutSection
            switch index {
            case 0: section = featuredCards(environment)
            case 1: section = rowColumns()
            default: section = rows()
            }
            section.boundarySupplementaryItems = [header()]
            return section
        }, configuration: configuration)
        layout.register(StoreBackgroundView.self, forDecorationViewOfKind: backgroundKind)
        return layout
    }

    /// Cards 90 % of the width, one per group, paging by group; each card scaled down by its distance from the
    /// middle of the screen.
    static func featuredCards(_ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                            heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 6)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(300)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let width = environment.container.effectiveContentSize.width
        section.visibleItemsInvalidationHandler = { items, offset, _ in
            let middle = offset.x + width / 2
            for item in items where item.representedElementCategory == .cell {
                let distance = abs(item.center.x - middle)
                let scale = 1 - 0.25 * min(1, distance / width)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        return section
    }

    /// Columns of three rows, 85 % of the width, scrolling freely and coming to rest on a column.
    static func rowColumns() -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                           heightDimension: .fractionalHeight(1.0 / 3)))
        let column = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(210)),
            subitem: row, count: 3)
        column.interItemSpacing = .fixed(4)
        let section = NSCollectionLayoutSection(group: column)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        return section
    }

    /// Full-width rows estimated 64 high, over a background inset like the rows.
    static func rows() -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(64))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 1
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: backgroundKind)
        background.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12)
        section.decorationItems = [background]
        return section
    }

    /// A full-width header estimated 44 high, pinned while its section is on screen.
    static func header() -> NSCollectionLayoutBoundarySupplementaryItem {
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            elementKind: headerKind, alignment: .top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        return header
    }
}
