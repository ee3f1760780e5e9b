#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A settings-like list: inset-grouped sections of rows, each with a header view, as an iOS app writes it.
enum InsetGroupedListLayout {
    static func make() -> UICollectionViewCompositionalLayout {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.showsSeparators = true
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }
}
