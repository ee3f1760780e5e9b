/// The direction content runs in: UIKit's `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
