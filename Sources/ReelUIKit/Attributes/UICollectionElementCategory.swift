/// The kind of view a layout attributes object describes: UIKit's `UICollectionView.ElementCategory`
/// (`UICollectionElementCategory`).
///
/// https://developer.apple.com/documentation/uikit/uicollectionview/elementcategory
public enum UICollectionElementCategory: UInt, Sendable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
}
