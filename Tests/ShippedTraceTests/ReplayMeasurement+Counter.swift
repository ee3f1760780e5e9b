import Reporting

extension ReplayMeasurement {
    /// The counter called `name`.
    func counter(_ name: String) -> Int? { counters.first { $0.name == name }?.value }
}
