public import CollectionEngine

/// The shelf drawn under each row of ``GridLayout``'s items (the slides' demo app, `ShelfView`: a wooden
/// plank image with a shadow path). A decoration view involves no data source.
public final class ShelfView: ReusableView {
    public required init() {}
}
