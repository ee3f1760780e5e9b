/// A layout that reacts to the user's fingers: the collection view hands it the gestures it recognizes.
///
/// UIKit apps add gesture recognizers to the collection view and forward them to the layout (the book's
/// pinch on the circle and on a stack, tap-to-center in Cover Flow, springboard's edit mode); the engine
/// has no view controller, so a layout that adopts this protocol gets them directly, after the
/// collection view has done its own work for the gesture (selection for a tap, the menu for a long press).
/// Every method has an empty default: implement the ones the layout needs. Locations are in content
/// coordinates, like `UIGestureRecognizer.location(in: collectionView)`; a layout that changes its state
/// invalidates itself, as in UIKit.
public protocol LayoutInteractionHandling: CollectionViewLayout {
    /// A pinch moved: `location` is the centroid of the two fingers, `scale` is cumulative (1 at `began`).
    func collectionView(_ collectionView: CollectionView, pinch state: GestureState, at location: Point, scale: Double)

    /// Whether the layout answers pinches (implements ``collectionView(_:pinch:at:scale:)``); `false` by default.
    ///
    /// A pinch reaches every layout that adopts this protocol, and most ignore it; a tool that drives a
    /// collection view with pinches (a recorder's simulated user) asks this first, so that it does not
    /// record a session of pinches that change nothing.
    var handlesPinches: Bool { get }

    /// A long press was recognized (`began`), its finger moved, or it lifted.
    func collectionView(_ collectionView: CollectionView, longPress state: GestureState, at location: Point)

    /// A tap landed at `location`, after the collection view hit-tested it and updated the selection.
    func collectionView(_ collectionView: CollectionView, tapAt location: Point)

    /// The finger dragging the content went down (`began`), moved, or lifted, at `location`.
    ///
    /// Delivered in both replay modes: in gestures mode before the content follows the finger, in
    /// offsets mode alongside the recorded offsets. ``CollectionView/panGestureLocation`` holds the same
    /// location for layouts that read it when the bounds change, as UIKit layouts read
    /// `panGestureRecognizer.location(in:)`.
    func collectionView(_ collectionView: CollectionView, drag state: GestureState, at location: Point)

    /// Whether a tap may select the item at `indexPath`, asked after the delegate's `shouldSelectItemAt`
    /// allowed it; `true` by default.
    ///
    /// In the tutorials this answer comes from the app's view controller (Springboard refuses selection in
    /// edit mode: `collectionView(_:shouldSelectItemAtIndexPath:)` returns `!isDeletionModeActive`); the
    /// engine has no view controller, so a layout whose modes decide it answers here.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool

    /// The collection view's size is about to change to `size` (a `<resize>`: a rotation or a window
    /// resize); ``CollectionView/bounds`` still holds the old size.
    ///
    /// This is the app's rotation handler — `willRotateToInterfaceOrientation(_:duration:)` or
    /// `viewWillTransition(to:with:)` — which in the tutorials sets the layout's properties for the new
    /// orientation (photo-album: three columns in landscape). Invalidations made here coalesce with the
    /// bounds change's own into one `prepare()` on the next layout pass.
    func collectionView(_ collectionView: CollectionView, willResizeTo size: Size)
}

extension LayoutInteractionHandling {
    public func collectionView(_ collectionView: CollectionView, pinch state: GestureState, at location: Point,
                               scale: Double) {}
    public var handlesPinches: Bool { false }
    public func collectionView(_ collectionView: CollectionView, longPress state: GestureState, at location: Point) {}
    public func collectionView(_ collectionView: CollectionView, tapAt location: Point) {}
    public func collectionView(_ collectionView: CollectionView, drag state: GestureState, at location: Point) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, willResizeTo size: Size) {}
}
