public import Foundation

/// UIKit's additions to `IndexPath` (declared in UIKit's `NSIndexPath+UIKitAdditions`), which Foundation on Linux
/// lacks: a collection view's index paths have two indexes, the section then the item.
///
/// https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
extension IndexPath {
    /// The index path of `item` in `section`.
    public init(item: Int, section: Int) {
        self.init(index: section)
        append(item)
    }

    /// The index path of `row` in `section` (table views' name for the item).
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The second index. Traps on an index path without two indexes, as UIKit's does.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The second index under table views' name.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}
