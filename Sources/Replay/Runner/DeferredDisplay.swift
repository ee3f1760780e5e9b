import CollectionEngine
import TraceXML

/// Which frames of a pass may leave the display behind the bounds, for a pass that reports only what the
/// engine refuses and logs (`reel validate`, ``TraceChecker``), not what it shows or what it costs.
///
/// A frame's layout pass does two things: it prepares the layout when it was invalidated (which is where a
/// flow layout logs an item too large for its line) and it brings the display up to date with the layout's
/// answer for the bounds (cells configured, reused, prefetched), which refuses nothing and logs nothing —
/// except that a frame displaying more than ``TraceLimits/visibleElements`` elements stops the replay.
/// A frame may leave its display pass out when all of these hold:
/// - its events are `<scroll>`, `<drag>` and `<marker>` only: none of them reads the display (a tap, a long
///   press, a menu or a pinch hit-tests the displayed elements; a batch or a layout switch animates them);
/// - after them nothing animates (the display of an animating view follows its animation) and the layout
///   pass would only display (``CollectionView/layoutPassOnlyDisplays``: no prepare, no reload pending);
/// - the layout is the flow layout itself (not a subclass), whose answer for a rectangle is a function of
///   the rectangle and of what it prepared, and holds its answer for every rectangle inside it;
/// - the bounds lie inside a rectangle around them, counted since the last prepare of that same layout, for
///   which the layout answers at most ``TraceLimits/visibleElements`` elements
///   (``CollectionView/answeredElementBound(in:)``): so does it for the bounds, and a layout pass would
///   display no more than the limit. The rectangle is counted again when the bounds leave it.
///
/// A frame that does not qualify first brings the display up to date for the bounds the last displayed frame
/// left (nothing moved since), then runs as in any replay: it sees the display a full replay shows there —
/// the same elements with the same attributes (only the views, the reuse pools and the prefetched cells
/// differ, which is why the pass must spend no workload: ``TraceChecker`` defers only for a free one).
/// `TraceCheckerAgreementTests` compares the findings with a full replay's.
struct DeferredDisplay {
    /// A rectangle whose elements are within the limit, the layout it was counted for, and the layout
    /// passes that had prepared it then.
    private var certified: (rect: Rect, layout: ObjectIdentifier, prepares: Int)?
    /// Whether frames since the last display pass left theirs out.
    private(set) var isStale = false

    /// The rectangles tried around the bounds, in bounds' extents on every side, widest first: a wide one
    /// is counted again less often, a narrow one still fits dense content within the limit.
    private static let margins = [32.0, 8, 1, 0.25]

    /// Whether a frame with `events` may leave its display pass out, before it runs: nothing animates and no
    /// event reads the display.
    func admits(_ events: [TraceEvent], _ collectionView: CollectionView) -> Bool {
        for event in events {
            switch event.kind {
            case .scroll, .drag, .marker: continue
            default: return false
            }
        }
        // After a frame that left its display pass out nothing animates: it ended with nothing animating
        // (``leavesOut(_:afterDrags:)``), and nothing runs between frames.
        return isStale || !collectionView.isAnimating
    }

    /// Whether the frame that ran, admitted by ``admits(_:_:)``, leaves its display pass out (see the type's
    /// conditions); counts a rectangle around the bounds when they left the last one.
    /// - Parameter afterDrags: Whether the frame had a `<drag>`, the only event of an admitted frame that can
    ///   start a motion (a release in gestures mode).
    mutating func leavesOut(_ collectionView: CollectionView, afterDrags: Bool) -> Bool {
        guard !(afterDrags && collectionView.isAnimating), collectionView.layoutPassOnlyDisplays else { return false }
        let layout = collectionView.collectionViewLayout
        let prepares = collectionView.counters.layoutPrepares
        let bounds = collectionView.bounds
        if let certified, certified.layout == ObjectIdentifier(layout), certified.prepares == prepares,
           certified.rect.contains(bounds) {
            isStale = true
            return true
        }
        certified = nil
        guard type(of: layout) == FlowLayout.self else { return false }
        for margin in Self.margins {
            let rect = bounds.insetBy(dx: -bounds.width * margin, dy: -bounds.height * margin)
            if collectionView.answeredElementBound(in: rect) <= TraceLimits.visibleElements {
                certified = (rect, ObjectIdentifier(layout), prepares)
                isStale = true
                return true
            }
        }
        return false
    }

    /// A display pass ran: the display is up to date.
    mutating func displayed() { isStale = false }
}

extension TraceEvent {
    /// Whether the event is a `<drag>`.
    var isDrag: Bool {
        if case .drag = kind { return true }
        return false
    }
}
