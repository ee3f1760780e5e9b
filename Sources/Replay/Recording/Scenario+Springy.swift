import TraceXML
import CollectionEngine

extension SimulatedUser {
    /// The `springy` user: plays with a springy list — the finger's place on the glass is what the springs
    /// read, so it lands anywhere across the view. Slow drags with the finger held (40 %), quick drags and
    /// flings (35 %), drags that turn back before lifting (25 %), each followed by a pause that usually lets
    /// the springs settle. Returns the frame of the next decision.
    mutating func springyGesture(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let length = vertical ? size.height : size.width
        let across = vertical ? size.width : size.height
        let offset = vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        let content = vertical ? collectionView.contentSize.height - size.height
                               : collectionView.contentSize.width - size.width
        let forward = offset < content * 0.05 ? true : offset > content * 0.95 ? false : rng.chance(0.7)
        let sign = forward ? 1.0 : -1.0
        let cross = rng.uniform(from: 16, to: across - 16)
        let kind = rng.uniform(0...1)
        if kind < 0.4 {
            // A slow drag, eased in and out; the finger stops before it lifts.
            let distance = rng.uniform(from: 60, to: min(320, length * 0.55))
            let end = drag(at: frame, cross: cross, start: start(distance, forward, length),
                           steps: seconds(rng.uniform(0.6...1.6)), release: 0) { u in
                -sign * distance * u * u * (3 - 2 * u)
            }
            return end + seconds(rng.uniform(1.4...2.6))
        } else if kind < 0.75 {
            // A quick drag that accelerates and leaves the glass at its fastest: a fling.
            let steps = max(3, seconds(rng.uniform(0.1...0.3)))
            let duration = Double(steps) / rate
            let distance = min(rng.uniform(1500...6000) * duration / 2, length * 0.6)
            let end = drag(at: frame, cross: cross, start: start(distance, forward, length), steps: steps,
                           release: -sign * 2 * distance / duration) { u in -sign * distance * u * u }
            return end + (rng.chance(0.2) ? seconds(rng.uniform(0.3...0.7)) : seconds(rng.uniform(1.2...2.8)))
        } else {
            // Down and back: the finger pulls the content one way, then part of the way back, and stops.
            let distance = rng.uniform(from: 80, to: min(260, length * 0.4))
            let back = rng.uniform(0.4...0.9)
            let end = drag(at: frame, cross: cross, start: start(distance, forward, length),
                           steps: seconds(rng.uniform(0.8...1.6)), release: 0) { u in
                let out = Double.minimum(1, u / 0.55), home = Double.maximum(0, (u - 0.55) / 0.45)
                return -sign * distance * (out * out * (3 - 2 * out) - back * home * home * (3 - 2 * home))
            }
            return end + seconds(rng.uniform(1.2...2.4))
        }
    }

    /// Where a drag of `distance` along the main axis starts so that the finger stays on the glass.
    private mutating func start(_ distance: Double, _ forward: Bool, _ length: Double) -> Double {
        forward ? rng.uniform(from: Double.minimum(length - 20, distance + 20), to: length - 20)
                : rng.uniform(from: 20, to: Double.maximum(20, length - 20 - distance))
    }

    /// Plans a drag from `start` (main axis) at `cross`, the finger at `start + path(u)` for u = step/steps,
    /// drifting a few points across; it lifts at `release` points per second. Returns its last frame.
    private mutating func drag(at frame: Int, cross: Double, start: Double, steps: Int, release: Double,
                               path: (Double) -> Double) -> Int {
        let vertical = self.vertical
        func point(_ main: Double, _ across: Double) -> Point {
            let main = (main * 100).rounded() / 100, across = (across * 100).rounded() / 100
            return vertical ? Point(x: across, y: main) : Point(x: main, y: across)
        }
        let drift = rng.uniform(-6...6)
        plan(.drag(phase: .began, location: point(start, cross), velocity: nil), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let finger = point(start + path(u), cross + drift * u)
            if step == steps {
                let v = (release * 100).rounded() / 100
                plan(.drag(phase: .ended, location: finger,
                           velocity: vertical ? Point(x: 0, y: v) : Point(x: v, y: 0)), at: frame + step)
            } else {
                plan(.drag(phase: .changed, location: finger, velocity: nil), at: frame + step)
            }
        }
        return frame + steps
    }
}
