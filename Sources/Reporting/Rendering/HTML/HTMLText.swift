internal import Foundation

/// What the HTML renderers (replay reports and comparisons) share: escaping and the way numbers are written.
enum HTMLText {
    /// `text` safe in HTML text and in double-quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// An SVG coordinate with at most two decimals: `12`, `12.5`, `12.34`.
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// `value` with exactly `decimals` decimals.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// `value` in its shortest form, as JSON writes it: `60`, `2.4`.
    static func number(_ value: Double) -> String {
        JSONValue.format(value)
    }
}
