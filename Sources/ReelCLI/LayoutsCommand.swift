import ArgumentParser
import Layouts
import Replay

/// `reel layouts`: the catalogue.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the layouts traces can name, with their parameters, defaults and valid ranges.")

    func run() throws {
        var lines: [String] = []
        for definition in Reel.layouts.definitions {
            lines.append("\(definition.name) — \(definition.summary)")
            let rows = definition.parameters.map { parameter in
                [parameter.name, Self.describe(parameter.kind), "default \"\(parameter.defaultValue)\"",
                 Self.range(of: parameter), parameter.summary]
            }
            let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let padded = (0..<4).map { row[$0].padding(to: widths[$0]) } + [row[4]]
                lines.append("  " + padded.joined(separator: "  "))
            }
            lines.append("")
        }
        try emit(lines.joined(separator: "\n"), to: nil)
    }

    private static func describe(_ kind: LayoutParameter.Kind) -> String {
        switch kind {
        case .number: "number"
        case .integer: "integer"
        case .size: "W H"
        case .estimatedSize: "W H|automatic"
        case .insets: "T L B R"
        case .boolean: "true|false"
        case .choice(let words): words.joined(separator: "|")
        }
    }

    /// `in LOW…HIGH` for the kinds that carry numbers, empty for the others.
    private static func range(of parameter: LayoutParameter) -> String {
        switch parameter.kind {
        case .boolean, .choice: return ""
        case .number, .integer, .size, .estimatedSize, .insets:
            let bounds = parameter.rangeBounds
            return "in \(bounds.lower)…\(bounds.upper)"
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
