/// A set of ``AttachmentSpring``s moved by the frame clock: the engine's `UIDynamicAnimator` for attachment
/// behaviours, which a layout owns (notes §3.9).
///
/// The layout adds a spring per item (`add`), displaces items as the user scrolls (`displace`, UIKit's
/// `updateItem(usingCurrentState:)`), and calls ``advance(to:)`` with the frame's time from
/// ``TimeDrivenLayout/advance(to:)``; it invalidates itself while the springs move.
///
/// Integration runs at a fixed internal step (1 ms by default) up to the frame's time, whatever the refresh
/// rate: the same displacements at the same times give bit-identical positions at 60 Hz and at 120 Hz.
/// After each step a spring whose displacement and velocity are both under the tolerances is at rest: it
/// is put exactly on its anchor and no longer integrated, until it is displaced again. Springs are kept in
/// the order they were added, so iteration is deterministic too.
///
/// ```swift
/// var springs = SpringSystem<IndexPath>()
/// springs.add(indexPath, anchor: center, damping: 0.8, frequency: 1)
/// springs.displace(indexPath, by: Point(x: 0, y: 10))
/// while springs.advance(to: time) { … }
/// ```
public struct SpringSystem<Key: Hashable & Sendable>: Sendable {
    /// The fixed integration step, in seconds.
    public let step: Double
    /// A spring rests when its displacement is under this, in points, on both axes…
    public let positionTolerance: Double
    /// …and its velocity under this, in points per second, on both axes.
    public let velocityTolerance: Double

    private var keys: [Key] = []
    private var springs: [AttachmentSpring] = []
    private var indices: [Key: Int] = [:]
    /// Integration steps taken since time 0.
    private var steps = 0
    /// How many springs are not at rest.
    private var movingCount = 0

    /// An empty system at time 0.
    ///
    /// - Parameters:
    ///   - step: the fixed integration step in seconds (> 0); 1 ms by default.
    ///   - positionTolerance: the displacement under which a spring may rest, in points; 0.01 by default.
    ///   - velocityTolerance: the speed under which a spring may rest, in points per second; 0.1 by default.
    public init(step: Double = 0.001, positionTolerance: Double = 0.01, velocityTolerance: Double = 0.1) {
        precondition(step > 0, "a spring system's step must be positive, not \(step)")
        self.step = step
        self.positionTolerance = positionTolerance
        self.velocityTolerance = velocityTolerance
    }

    // MARK: Reading

    /// The time the springs were integrated to: the last time given to ``advance(to:)`` rounded down to a
    /// whole step.
    public var time: Double { Double(steps) * step }

    /// The number of springs.
    public var count: Int { springs.count }

    /// Whether there are no springs.
    public var isEmpty: Bool { springs.isEmpty }

    /// Whether every spring is at rest.
    public var isAtRest: Bool { movingCount == 0 }

    /// The spring of `key`, if there is one.
    /// - Complexity: O(1).
    public subscript(key: Key) -> AttachmentSpring? {
        indices[key].map { springs[$0] }
    }

    /// Whether `key` has a spring.
    /// - Complexity: O(1).
    public func contains(_ key: Key) -> Bool { indices[key] != nil }

    /// Every key with its spring, in the order they were added (removals swap the last one into the gap).
    /// - Complexity: O(1) to make; O(n) to iterate.
    public var entries: some RandomAccessCollection<(key: Key, spring: AttachmentSpring)> {
        springs.indices.lazy.map { (key: keys[$0], spring: springs[$0]) }
    }

    // MARK: Changing

    /// Attaches `key` to `anchor`, at rest there (or replaces its spring).
    ///
    /// - Parameters:
    ///   - damping: the damping ratio ζ (≥ 0).
    ///   - frequency: the undamped frequency in hertz (≥ 0).
    /// - Complexity: O(1) amortized.
    public mutating func add(_ key: Key, anchor: Point, damping: Double, frequency: Double) {
        precondition(damping >= 0 && frequency >= 0,
                     "a spring needs damping ≥ 0 and frequency ≥ 0, not \(damping) and \(frequency)")
        var spring = AttachmentSpring(anchor: anchor, position: anchor, velocity: .zero, damping: damping,
                                      frequency: frequency, step: step)
        spring.isAtRest = true
        if let index = indices[key] {
            if !springs[index].isAtRest { movingCount -= 1 }
            springs[index] = spring
        } else {
            indices[key] = springs.count
            keys.append(key)
            springs.append(spring)
        }
    }

    /// Detaches `key`; nothing happens if it has no spring.
    /// - Complexity: O(1).
    public mutating func remove(_ key: Key) {
        guard let index = indices.removeValue(forKey: key) else { return }
        if !springs[index].isAtRest { movingCount -= 1 }
        let last = springs.count - 1
        if index != last {
            springs.swapAt(index, last)
            keys.swapAt(index, last)
            indices[keys[index]] = index
        }
        springs.removeLast()
        keys.removeLast()
    }

    /// Detaches every key that `shouldRemove` picks.
    /// - Complexity: O(n).
    public mutating func removeAll(where shouldRemove: (Key) -> Bool) {
        for key in keys where shouldRemove(key) { remove(key) }
    }

    /// Moves the item of `key` by `offset`, keeping its velocity: UIKit's `updateItem(usingCurrentState:)`
    /// after the layout moved the item. A spring at rest starts moving again.
    /// - Complexity: O(1).
    public mutating func displace(_ key: Key, by offset: Point) {
        guard let index = indices[key], offset != .zero else { return }
        springs[index].position = springs[index].position + offset
        wake(index)
    }

    /// Moves every item by the offset `offset` gives for its key and spring (zero leaves it alone): a
    /// scroll that drags every item at once.
    /// - Complexity: O(n).
    public mutating func displaceEach(by offset: (Key, AttachmentSpring) -> Point) {
        for index in springs.indices {
            let shift = offset(keys[index], springs[index])
            guard shift != .zero else { continue }
            springs[index].position = springs[index].position + shift
            wake(index)
        }
    }

    /// Sets the item of `key` to `position` moving at `velocity`.
    /// - Complexity: O(1).
    public mutating func setState(of key: Key, position: Point, velocity: Point = .zero) {
        guard let index = indices[key] else { return }
        springs[index].position = position
        springs[index].velocity = velocity
        wake(index)
        settleIfStill(index)
    }

    /// Moves the anchor of `key` to `anchor`; the item keeps its displacement from it.
    /// - Complexity: O(1).
    public mutating func moveAnchor(of key: Key, to anchor: Point) {
        guard let index = indices[key] else { return }
        let shift = anchor - springs[index].anchor
        springs[index].anchor = anchor
        springs[index].position = springs[index].position + shift
    }

    // MARK: Time

    /// Integrates every moving spring in fixed steps up to `time` (seconds; an earlier time does nothing).
    ///
    /// - Returns: whether any spring is still moving.
    /// - Complexity: O(m·s) for m moving springs and s steps since the last call; O(1) at rest.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        // A frame's time is a multiple of its period, not of the step: absorb the rounding of time / step.
        let target = (time / step + 1e-6).flooredInt(in: 0...Int.max)
        guard target > steps else { return movingCount > 0 }
        guard movingCount > 0 else {
            steps = target
            return false
        }
        for index in springs.indices where !springs[index].isAtRest {
            for _ in steps..<target {
                springs[index].advanceOneStep()
                if settleIfStill(index) { break }
            }
        }
        steps = target
        return movingCount > 0
    }

    private mutating func wake(_ index: Int) {
        if springs[index].isAtRest {
            springs[index].isAtRest = false
            movingCount += 1
        }
    }

    /// Puts a moving spring on its anchor, at rest, when it is within the tolerances; returns whether it did.
    @discardableResult
    private mutating func settleIfStill(_ index: Int) -> Bool {
        let spring = springs[index]
        guard !spring.isAtRest,
              (spring.position.x - spring.anchor.x).magnitude < positionTolerance,
              (spring.position.y - spring.anchor.y).magnitude < positionTolerance,
              spring.velocity.x.magnitude < velocityTolerance, spring.velocity.y.magnitude < velocityTolerance
        else { return false }
        springs[index].position = spring.anchor
        springs[index].velocity = .zero
        springs[index].isAtRest = true
        movingCount -= 1
        return true
    }
}
