public import CollectionEngine

/// The binder drawn behind a section of ``DecoratedFlowLayout`` (the book's `AFDecorationView`): an image
/// at (10, 0) in its bounds, drawn with a left content mode. A decoration view involves no data source.
public final class BinderView: ReusableView {
    public required init() {}
}
