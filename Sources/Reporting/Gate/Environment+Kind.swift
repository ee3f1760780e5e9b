extension Environment {
    /// Whether timing measured here can be compared with timing measured in `other`: the same processor
    /// model (both known), the same number of cores and the same build configuration. The host name is not
    /// compared, so CI runners of one kind compare with each other.
    public func isSameKind(as other: Environment) -> Bool {
        guard let cpuModel, let otherModel = other.cpuModel else { return false }
        return cpuModel == otherModel && cores == other.cores && build == other.build
    }

    /// `'Intel Xeon …' (2 cores, release build)`, or `an unrecorded processor (…)`.
    public var kindDescription: String {
        let model = cpuModel.map { "'\($0)'" } ?? "an unrecorded processor"
        return "\(model) (\(cores) core\(cores == 1 ? "" : "s"), \(build) build)"
    }
}
