package import Reporting
package import CollectionEngine

extension CounterValues {
    /// Every declared counter with the engine's value for it (``EngineCounters/keyPath(for:)``): none absent.
    package init(_ engine: EngineCounters) {
        self.init { engine[keyPath: EngineCounters.keyPath(for: $0)] }
    }
}
