public import Foundation

/// A set of rules a dynamic animator applies to items: UIKit's `UIDynamicBehavior`.
///
/// Subclass it to group behaviours as children (``addChildBehavior(_:)``) and to run code on every animation
/// step (``action``). The concrete behaviours (attachment, gravity, collision, snap, push, item properties)
/// are its subclasses in this module.
///
/// https://developer.apple.com/documentation/uikit/uidynamicbehavior
open class UIDynamicBehavior: NSObject {
    /// The behaviours added with ``addChildBehavior(_:)``, in order.
    public private(set) var childBehaviors: [UIDynamicBehavior] = []

    /// Called once per frame while the animator runs, after the frame's steps.
    ///
    /// UIKit calls it "on every animation step", and UIKit's steps are display frames; here the animator
    /// integrates in finer fixed steps inside each frame and calls the action once per frame.
    /// https://developer.apple.com/documentation/uikit/uidynamicbehavior/action
    open var action: (() -> Void)?

    /// The animator this behaviour (or the behaviour it is a child of) was added to.
    public internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    /// The behaviour this one is a child of.
    weak var parent: UIDynamicBehavior?

    public override init() {
        super.init()
    }

    /// Adds `behavior` as a child: it acts whenever this behaviour is in an animator.
    public func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.parent == nil, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator {
            behavior.attach(to: animator)
            animator.setNeedsRebuild()
        }
    }

    /// Removes the child `behavior`.
    public func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        if let animator = dynamicAnimator {
            behavior.attach(to: nil)
            animator.setNeedsRebuild()
        }
    }

    /// Called when the behaviour is added to an animator or removed from it (`nil`).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// Sets the animator of this behaviour and its children.
    final func attach(to animator: UIDynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.attach(to: animator) }
    }

    /// Tells the animator that something the next step depends on changed: it recomputes its bodies and
    /// resumes if paused.
    final func behaviorDidChange() {
        dynamicAnimator?.setNeedsRebuild()
    }

    // MARK: The animator's hooks, overridden by the concrete behaviours

    /// The items this behaviour moves, in order.
    var dynamicItems: [any UIDynamicItem] { [] }

    /// Looks up the bodies of the behaviour's items once the animator rebuilt its bodies.
    func resolve(in world: DynamicWorld) {}

    /// Adds the behaviour's accelerations (or claims a body's exact spring) for the coming step.
    func applyForces(in world: DynamicWorld) {}

    /// Corrects positions and velocities after the step's motion: rigid links and collisions.
    func applyConstraints(in world: DynamicWorld) {}

    /// Called after a step in which the behaviour's forces were applied (an instantaneous push goes off).
    func didStep(in world: DynamicWorld) {}
}

/// The items of a behaviour that takes a list (gravity, collision, push, item properties), kept in order
/// with their bodies' indices.
struct DynamicItemList {
    private(set) var items: [any UIDynamicItem]
    /// The body of each item, by position in ``items``; valid after the animator's rebuild.
    var bodies: [Int] = []

    init(_ items: [any UIDynamicItem]) {
        var unique: [any UIDynamicItem] = []
        for item in items where !unique.contains(where: { $0 === item }) { unique.append(item) }
        self.items = unique
    }

    mutating func add(_ item: any UIDynamicItem) -> Bool {
        guard !items.contains(where: { $0 === item }) else { return false }
        items.append(item)
        return true
    }

    mutating func remove(_ item: any UIDynamicItem) -> Bool {
        guard let index = items.firstIndex(where: { $0 === item }) else { return false }
        items.remove(at: index)
        return true
    }

    mutating func resolve(in world: DynamicWorld) {
        bodies = items.compactMap { world.bodyIndex(of: $0) }
    }
}
