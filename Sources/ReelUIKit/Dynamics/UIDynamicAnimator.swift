public import Foundation
internal import CollectionEngine

/// Told when a dynamic animator pauses and resumes: UIKit's `UIDynamicAnimatorDelegate`.
///
/// https://developer.apple.com/documentation/uikit/uidynamicanimatordelegate
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// The animator is about to move its items again.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item came to rest: the animator does nothing until something changes.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// Moves a collection view layout's attributes by physics: UIKit's `UIDynamicAnimator` made with
/// `init(collectionViewLayout:)`.
///
/// The layout keeps the animator (a property); the animator keeps its layout weakly, as UIKit's does. The
/// animator has no clock of its own: the replay's frame clock drives it. At the start of every frame the
/// layout hands it the frame's time, and it integrates its items in fixed steps of ``step`` seconds up to
/// that time — the same steps whatever the refresh rate, so a replay moves its items identically every
/// time. After a frame's steps it writes the items' centers (and rotations) and invalidates its layout, so
/// the frame's layout pass shows them. When every item rests it pauses (``isRunning`` is `false`) and costs
/// nothing until a behaviour or an item changes.
///
/// https://developer.apple.com/documentation/uikit/uidynamicanimator
open class UIDynamicAnimator: NSObject {
    /// The fixed integration step, in seconds: 1 ms, as the engine's `SpringSystem`.
    public static let step = 0.001

    /// The layout whose attributes the animator moves.
    private weak var layout: UICollectionViewLayout?
    private let world = DynamicWorld(step: UIDynamicAnimator.step)
    /// The behaviours added with ``addBehavior(_:)``.
    private var topBehaviors: [UIDynamicBehavior] = []
    /// Every behaviour in the animator with its children, parents first: the order forces apply in.
    private var allBehaviors: [UIDynamicBehavior] = []
    private var needsRebuild = false
    /// The step the bodies were integrated to (time = steps × step); `nil` before the first frame.
    private var steps: Int?
    private var runningSteps = 0

    /// Told when the animator pauses and resumes.
    public weak var delegate: (any UIDynamicAnimatorDelegate)?

    /// Whether the animator moves its items: `false` once they all rest, until something changes.
    public private(set) var isRunning = false

    /// The time, in seconds, the animator has spent running (integrating its items).
    public var elapsedTime: TimeInterval { Double(runningSteps) * world.step }

    /// An animator for the attributes of `layout`, which should keep it.
    ///
    /// https://developer.apple.com/documentation/uikit/uidynamicanimator/init(collectionviewlayout:)
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init()
        layout.frameTick = { [weak self] time in self?.advance(to: time) ?? false }
        // Made while installed (in `prepare()`, say): the clock starts at the current frame, so that the
        // next frame steps from there.
        if let view = layout.adapter?.collectionView { steps = stepIndex(view.frameTime) }
    }

    // MARK: Behaviours

    /// The behaviours added to the animator, in order.
    public var behaviors: [UIDynamicBehavior] { topBehaviors }

    /// Adds `behavior` (and its children); the animator resumes.
    public func addBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.dynamicAnimator == nil, behavior.parent == nil else { return }
        topBehaviors.append(behavior)
        behavior.attach(to: self)
        setNeedsRebuild()
    }

    /// Removes `behavior`; items no other behaviour holds leave the animator where they are.
    public func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = topBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        topBehaviors.remove(at: index)
        behavior.attach(to: nil)
        setNeedsRebuild()
    }

    /// Removes every behaviour.
    public func removeAllBehaviors() {
        let removed = topBehaviors
        topBehaviors.removeAll()
        for behavior in removed { behavior.attach(to: nil) }
        setNeedsRebuild()
    }

    // MARK: Items

    /// The items whose frames (rotated, if they are) intersect `rect`, in the order they joined.
    ///
    /// https://developer.apple.com/documentation/uikit/uidynamicanimator/items(in:)
    public func items(in rect: CGRect) -> [any UIDynamicItem] {
        rebuildIfNeeded()
        var found: [any UIDynamicItem] = []
        for index in 0..<world.count {
            let body = world[index]
            let item = body.item
            let size = item.bounds.size
            let c = abs(cos(body.angle)), s = abs(sin(body.angle))
            let width = Double(size.width) * c + Double(size.height) * s
            let height = Double(size.width) * s + Double(size.height) * c
            let center = item.center
            let frame = CGRect(x: Double(center.x) - width / 2, y: Double(center.y) - height / 2,
                               width: width, height: height)
            if frame.intersects(rect) { found.append(item) }
        }
        return found
    }

    /// Reads `item`'s center and transform again after the app moved it: the animator goes on from there.
    public func updateItem(usingCurrentState item: any UIDynamicItem) {
        rebuildIfNeeded()
        if world.reload(item) { resume() }
    }

    /// The attributes of the cell at `indexPath` among the animator's items, if it has them.
    public func layoutAttributesForCell(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// The attributes of the supplementary view of `kind` at `indexPath` among the animator's items.
    public func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                     at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    /// The attributes of the decoration view of `kind` at `indexPath` among the animator's items.
    public func layoutAttributesForDecorationView(ofKind kind: String,
                                                  at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes {
            $0.representedElementCategory == .decorationView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    private func attributes(where matches: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        rebuildIfNeeded()
        for index in 0..<world.count {
            if let attributes = world[index].item as? UICollectionViewLayoutAttributes, matches(attributes) {
                return attributes
            }
        }
        return nil
    }

    // MARK: Internals for behaviours

    /// Something changed: rebuild the bodies before the next step and run again.
    final func setNeedsRebuild() {
        needsRebuild = true
        resume()
    }

    /// Runs again after a pause; the next frame steps.
    final func resume() {
        guard !isRunning else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
    }

    /// The body index of `item`, for a behaviour that changes its state directly (added velocity).
    final func withBody(of item: any UIDynamicItem, _ change: (inout DynamicBody) -> Void) -> Bool {
        rebuildIfNeeded()
        guard let index = world.bodyIndex(of: item) else { return false }
        change(&world[index])
        resume()
        return true
    }

    /// The body of `item`, if the animator has it.
    final func body(of item: any UIDynamicItem) -> DynamicBody? {
        rebuildIfNeeded()
        return world.bodyIndex(of: item).map { world[$0] }
    }

    private func rebuildIfNeeded() {
        guard needsRebuild else { return }
        needsRebuild = false
        var flattened: [UIDynamicBehavior] = []
        func visit(_ behavior: UIDynamicBehavior) {
            flattened.append(behavior)
            for child in behavior.childBehaviors { visit(child) }
        }
        for behavior in topBehaviors { visit(behavior) }
        allBehaviors = flattened
        world.rebuild(items: flattened.flatMap(\.dynamicItems))
        if let layout { world.referenceBounds = CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        for behavior in flattened { behavior.resolve(in: world) }
    }

    // MARK: The frame clock

    /// The last whole step at `time`: a frame's time is a multiple of its period, not of the step, so the
    /// rounding of time / step is absorbed.
    private func stepIndex(_ time: Double) -> Int { Int((time / world.step + 1e-6).rounded(.down)) }

    /// Integrates the items up to `time` (seconds, never decreasing) in fixed steps, writes the ones that
    /// moved and invalidates the layout if any did.
    ///
    /// - Returns: whether the animator still runs (its items settle towards rest).
    final func advance(to time: Double) -> Bool {
        let target = stepIndex(time)
        guard let from = steps else {
            steps = target
            return isRunning
        }
        guard target > from else { return isRunning }
        guard isRunning else {
            steps = target
            return false
        }
        rebuildIfNeeded()
        var paused = false
        for _ in from..<target {
            runningSteps += 1
            if world.advanceOneStep(behaviors: allBehaviors) {
                paused = true
                break
            }
        }
        steps = target
        let moved = world.writeItems()
        if paused {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
        // An action may add or change behaviours, which resumes the animator.
        for behavior in allBehaviors { behavior.action?() }
        if moved { layout?.invalidateLayout() }
        return isRunning
    }
}
