/// One event of a trace: when it happened, what happened, and where it is in the file.
///
/// Two events are equal when their times and kinds are; the location, which only a reader knows, is not
/// compared, so that an event read back from a file equals the one that was written.
public struct TraceEvent: Sendable {
    /// Seconds from the start of the session; never less than the previous event's.
    public var time: Double
    public var kind: Kind
    /// Where the event's element starts in the file it was read from; `nil` for an event built in code.
    public var location: TraceLocation?

    /// What happened. Each case is one element of the format (`<transition>`'s phases are one case).
    public enum Kind: Hashable, Sendable {
        /// `<scroll x y>`: the observed content offset.
        case scroll(offset: Point)
        /// `<orthogonal-scroll section x y>`: the observed offset of a section that scrolls on its own (a
        /// compositional section with an orthogonal scrolling behaviour).
        case orthogonalScroll(section: Int, offset: Point)
        /// `<drag phase x y [velocity-x velocity-y]>`: the finger in viewport coordinates; velocity in
        /// points per second, also in viewport coordinates (the finger's, not the scroll's).
        case drag(phase: GesturePhase, location: Point, velocity: Point?)
        /// `<tap x y>`.
        case tap(location: Point)
        /// `<long-press phase x y>`.
        case longPress(phase: GesturePhase, location: Point)
        /// `<menu section item action>`: an edit-menu action performed on an item.
        case menu(item: TraceIndexPath, action: String)
        /// `<pinch phase x y scale>`.
        case pinch(phase: GesturePhase, location: Point, scale: Double)
        /// `<batch>`: a `performBatchUpdates` call.
        case batch(BatchUpdate)
        /// `<reload-data>`: `reloadData()` with the data source's new sections.
        case reloadData(sections: [SectionDescription])
        /// `<apply animated reload-data reconfigure reload>`: a diffable data source applies a new snapshot.
        case apply(SnapshotApply)
        /// `<scroll-to-item section item position animated>`.
        case scrollToItem(item: TraceIndexPath, position: ScrollPosition, animated: Bool)
        /// `<select section item>`.
        case select(item: TraceIndexPath)
        /// `<deselect section item>`.
        case deselect(item: TraceIndexPath)
        /// `<set-layout animated duration><layout …/></set-layout>`.
        case setLayout(LayoutDescription, animated: Bool, duration: Double)
        /// `<transition phase …>`: one step of an interactive layout transition.
        case transition(TransitionPhase)
        /// `<resize width height>`: the collection view's bounds change size (a rotation, a split view).
        case resize(Size)
        /// `<marker label>`: a named point of the session, for reports.
        case marker(label: String)

        /// The element name that the format uses for this kind.
        public var elementName: String { xmlName.text }
    }
}

extension TraceEvent {
    // In an extension, so that the struct keeps its memberwise initializer, which the reader uses: it
    // builds the event in place, where this one, on Swift 6.3, builds it and then copies it.
    public init(time: Double, _ kind: Kind, location: TraceLocation? = nil) {
        self.init(time: time, kind: kind, location: location)
    }
}

extension TraceEvent: Hashable {
    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.time == rhs.time && lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(kind)
    }
}

/// The phase of a continuous gesture, as a gesture recognizer reports it.
public enum GesturePhase: String, Hashable, Sendable, CaseIterable {
    case began
    case changed
    case ended
    case cancelled
}

/// Where `<scroll-to-item>` puts the item, as `UICollectionView.ScrollPosition`; `center` centres it along
/// the scroll axis, `nearest` scrolls as little as makes it fully visible.
public enum ScrollPosition: String, Hashable, Sendable, CaseIterable {
    case top
    case center
    case bottom
    case left
    case right
    case nearest
}

/// A step of an interactive transition (`UICollectionViewTransitionLayout`).
public enum TransitionPhase: Hashable, Sendable {
    /// `phase="began"` with the target `<layout>` as child.
    case began(LayoutDescription)
    /// `phase="changed" progress="…"`, progress from 0 (current layout) to 1 (target layout).
    case changed(progress: Double)
    /// `phase="finished"`: the transition completes to the target layout.
    case finished
    /// `phase="cancelled"`: the transition goes back to the current layout.
    case cancelled

    /// The `phase` attribute's value.
    public var name: String {
        switch self {
        case .began: "began"
        case .changed: "changed"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }
}
