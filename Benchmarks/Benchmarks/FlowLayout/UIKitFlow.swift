import CollectionEngine
import ReelUIKit

/// A flow layout subclassed as a UIKit app would, overriding nothing: what it costs over the engine's own is
/// the boundary's.
final class PlainFlowSubclass: UICollectionViewFlowLayout {}

enum UIKitFlow {
    /// The engine's side of a new `PlainFlowSubclass`, to install in a collection view. The UIKit layout's
    /// defaults are the engine flow layout's (50-point items, 10 points apart).
    static func make() -> CollectionViewLayout { PlainFlowSubclass().engineLayout }
}
