/// Calls a collection view's observer through an unretained reference, so that a phase's two calls cost no
/// reference counting.
///
/// Loading a `weak` reference and releasing it are two atomic operations, and the engine's phases are short
/// (a steady scroll frame opens about ten, some well under 100 ns): with a profiler installed, loading the
/// observer in every phase cost more than the profiler's own clock readings. A layout pass therefore loads
/// the observer once and holds it (``CollectionView/holdingObserver(_:)``); the phases inside call it through
/// this reference. It is used only while that pass holds both the observer and this object alive.
///
/// A class with one subclass per observer type: the observer's type is opened once, when it is installed,
/// so that a call is a class-method and a witness-table call with no retain.
class UnretainedObserver {
    /// Calls `observer` through an unretained reference; it does not keep `observer` alive.
    static func calling(_ observer: any CollectionViewObserver) -> UnretainedObserver {
        func open<Observer: CollectionViewObserver>(_ observer: Observer) -> UnretainedObserver {
            UnretainedObserverOf(observer)
        }
        return open(observer)
    }

    func willBegin(_ phase: EnginePhase, _ category: ElementCategory?, in collectionView: CollectionView) {
        preconditionFailure("UnretainedObserverOf overrides this")
    }

    func didEnd(_ phase: EnginePhase, _ category: ElementCategory?, in collectionView: CollectionView) {
        preconditionFailure("UnretainedObserverOf overrides this")
    }
}

private final class UnretainedObserverOf<Observer: CollectionViewObserver>: UnretainedObserver {
    private let observer: Unmanaged<Observer>

    init(_ observer: Observer) {
        self.observer = .passUnretained(observer)
    }

    override func willBegin(_ phase: EnginePhase, _ category: ElementCategory?, in collectionView: CollectionView) {
        observer._withUnsafeGuaranteedRef { $0.collectionView(collectionView, willBegin: phase, category: category) }
    }

    override func didEnd(_ phase: EnginePhase, _ category: ElementCategory?, in collectionView: CollectionView) {
        observer._withUnsafeGuaranteedRef { $0.collectionView(collectionView, didEnd: phase, category: category) }
    }
}
