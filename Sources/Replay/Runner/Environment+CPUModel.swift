import Foundation
import Reporting

extension Reporting.Environment {
    /// This machine's processor model: the first `model name` (x86) or `Model`/`Processor` (ARM) line of
    /// `/proc/cpuinfo`, spaces collapsed; `nil` where there is none. `reel gate` compares timing only between
    /// machines of the same model, cores and build.
    static let cpuModel: String? = {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for key in ["model name", "Model", "Processor", "cpu model"] {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
                let value = parts[1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !value.isEmpty { return value }
            }
        }
        return nil
    }()
}
