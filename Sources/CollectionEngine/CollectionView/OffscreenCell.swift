/// A configured cell held off screen, out of its pool, within the prefetch region (SPEC §5.2): prefetched
/// ahead of display, or kept after it scrolled out in case it scrolls back.
///
/// Either way, showing it takes `willDisplay` and no `cellForItemAt` (WWDC 2016 session 219, "What's New in
/// UICollectionView in iOS 10", https://developer.apple.com/videos/play/wwdc2016/219/).
struct OffscreenCell {
    /// The cell, configured by the data source for the index path it is held under.
    let cell: CollectionViewCell
    /// Whether the cell was on display before (kept after scrolling out) rather than prefetched.
    let wasDisplayed: Bool
}
