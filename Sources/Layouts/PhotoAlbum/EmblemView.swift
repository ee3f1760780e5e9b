public import CollectionEngine

/// The emblem drawn above the albums (tutorial 001, `BHEmblemView`): an image of ``defaultSize``. A
/// decoration view, registered on ``PhotoAlbumLayout`` itself; no data source is involved.
public final class EmblemView: ReusableView {
    /// The emblem image's size (`+[BHEmblemView defaultSize]`: `emblem.png` is 100 × 100 pt), which lets
    /// the layout size the emblem without making a view.
    public static let defaultSize = Size(width: 100, height: 100)

    public required init() {}
}
