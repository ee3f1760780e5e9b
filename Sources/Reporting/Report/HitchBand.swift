/// Apple's bands for the hitch time ratio (WWDC20, Tech Talk 10855).
public enum HitchBand: String, Sendable, CaseIterable {
    /// Under 5 ms/s: hitches are rarely noticeable.
    case good
    /// 5 ms/s up to 10 ms/s: users notice some interruptions.
    case warning
    /// 10 ms/s or more: hitches are frequent.
    case critical

    /// Upper bound (exclusive) of the good band, ms/s.
    static let goodBelow = 5.0
    /// Upper bound (exclusive) of the warning band, ms/s.
    static let warningBelow = 10.0

    /// The band of a hitch time ratio in ms/s.
    public init(ratio: Double) {
        if ratio < Self.goodBelow {
            self = .good
        } else if ratio < Self.warningBelow {
            self = .warning
        } else {
            self = .critical
        }
    }
}
