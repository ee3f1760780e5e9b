public import Testing

/// A seed for a parameterized test of random cases, shown in the test's name so a failure reproduces.
public struct Seed: CustomTestStringConvertible, Sendable {
    public let value: UInt64

    public init(_ value: UInt64) {
        self.value = value
    }

    /// Seeds 1…`count`.
    public static func first(_ count: Int) -> [Seed] { (1...UInt64(count)).map(Seed.init) }

    public var testDescription: String { "seed \(value)" }
}
