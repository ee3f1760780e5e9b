extension IndexPath {
    /// The index path as UIKit's exception reasons print it, without the object's address:
    /// `<NSIndexPath> {length = 2, path = 0 - 1}`.
    ///
    /// UIKit prints `-[NSIndexPath description]`, `<NSIndexPath: 0xc000000000200016> {length = 2, path = 0 - 1}`
    /// (Apple developer forums thread 80812; github.com/yapstudios/YapDatabase/issues/489); the address changes
    /// from run to run, so Reel leaves it out.
    var uikitDescription: String {
        "<NSIndexPath> {length = 2, path = \(section) - \(item)}"
    }

    /// The index path as the iOS 16.4 report lists it in `Updates = [ … ]`: `0 - 27384`
    /// (developer.apple.com/forums/thread/728797).
    var uikitPath: String {
        "\(section) - \(item)"
    }
}
