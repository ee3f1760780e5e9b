internal import Foundation

/// Number formatting shared by the gate's renderers.
enum GateText {
    /// `value` with `decimals` decimals, `-0` printed as `0`.
    static func number(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }

    /// A figure's value with its declared decimals and unit: `1.234 ms`, `3`, `2.0 frames`; `—` for none.
    static func value(_ value: Double?, of figure: Figure) -> String {
        guard let value else { return "—" }
        let declaration = figure.declaration
        let digits = declaration.kind == .counter ? 0 : declaration.decimals
        let unit = declaration.unit == .count ? "" : " " + declaration.unit.rawValue
        return number(value, decimals: digits) + unit
    }

    /// A p-value with three decimals, `p=0.008`.
    static func pValue(_ p: Double) -> String {
        "p=" + String(format: "%.3f", p)
    }
}
