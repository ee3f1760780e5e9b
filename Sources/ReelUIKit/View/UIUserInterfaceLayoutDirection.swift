/// The layout direction: UIKit's `UIUserInterfaceLayoutDirection`.
///
/// https://developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}
