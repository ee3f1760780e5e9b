public import CollectionEngine

/// The slides' stack layout (`mpospese/IntroducingCollectionViews` `StacksLayout.m`; notes Appendix A.4):
/// the original that the book's ``StackedLayout`` ports, and this is that layout with the slides'
/// differences rather than a copy of it.
///
/// - A stack's first three items are ordered by a z translation, `3 − item` on top of their ±5° rotation,
///   and their z-index stays 0 (the demo's commit 72c1dc0 "Fix animation to stacks layout by using
///   zPosition instead of zIndex"); the pinched stack's items by `(count + 3) − item`. Hit testing and the
///   draw order take the translation after the z-index, so a tap on a stack hits item 0.
/// - Items past the third are hidden but keep an alpha of 1 (the book sets 0).
/// - Each stack's label is the demo's `SmallConferenceHeader`, of kind ``footerKind``.
/// - Fingers lifting at a scale past 2.5 (``openingScale``) switch, animated, to the demo's ``GridLayout``
///   (the view controller's `setLayoutStyle:SpeakerLayoutGrid animated:YES`), with no scroll afterwards;
///   else the stack collapses back in an animated empty batch, its hidden items visible while they animate.
/// - The pinched stack opens toward a screenful of that grid's cells (170 × 197, insets 4 10 14 10,
///   spacings 10 by default).
///
/// As in the demo, attributes are built on every query (nothing is cached in `prepare()`), and only a new
/// size lays the stacks out again.
public final class StacksLayout: StackedLayout {
    /// The stacks' label kind (the demo's `[SmallConferenceHeader kind]`, a footer under each stack).
    public static let footerKind = "small-conference-header"

    /// The scale past which fingers lifting open the pinched stack as the grid (the demo's `> 2.5`).
    public static let openingScale = 2.5

    /// Creates the layout with the slides' phone constants (interstack spacing 20; the iPad's is 50) unless
    /// given others; `gridItemSize` is the item size of the ``GridLayout`` a pinched stack opens as.
    public override init(stackSize: Size = Size(width: 180, height: 180), itemSize: Size = Size(width: 170, height: 170),
                         stacksInset: EdgeInsets = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20),
                         interStackSpacing: Double = 20, visibleItems: Int = 3, footerHeight: Double = 25,
                         footerGap: Double = 8, maxPinchScale: Double = 4, fadeProgress: Double = 0.75,
                         gridItemSize: Size = Size(width: 170, height: 197)) {
        super.init(stackSize: stackSize, itemSize: itemSize, stacksInset: stacksInset,
                   interStackSpacing: interStackSpacing, visibleItems: visibleItems, footerHeight: footerHeight,
                   footerGap: footerGap, maxPinchScale: maxPinchScale, fadeProgress: fadeProgress,
                   gridItemSize: gridItemSize)
    }

    override var stackLabelKind: String { Self.footerKind }

    /// Hidden, but opaque: `attributes.alpha = 1` for every item.
    override var buriedItemAlpha: Double { 1 }

    /// `CATransform3DTranslate(transform, 0, 0, depth)` for the visible items; the z-index stays 0.
    override func order(_ attributes: StackedLayoutAttributes, depth: Int?) {
        guard let depth else { return }
        attributes.transform3D = attributes.transform3D.translatedBy(x: 0, y: 0, z: Double(depth))
    }

    /// The view controller's `pinchedStackScale > 2.5`.
    override var opensOnRelease: Bool { pinchedStackScale > Self.openingScale }

    /// The demo's grid, with ``StackedLayout/gridItemSize`` items.
    override func makeOpenedLayout() -> FlowLayout {
        let grid = GridLayout()
        grid.itemSize = gridItemSize
        return grid
    }

    /// The demo only switches layouts.
    override var scrollsToOpenedStack: Bool { false }
}
