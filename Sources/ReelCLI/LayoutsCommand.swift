import ArgumentParser
import Layouts
import Replay

/// `reel layouts`: the catalogue.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the layouts traces can name, with their parameters and defaults.")

    func run() throws {
        var lines: [String] = []
        for definition in Reel.layouts.definitions {
            lines.append("\(definition.name) — \(definition.summary)")
            let nameWidth = definition.parameters.map(\.name.count).max() ?? 0
            let kindWidth = definition.parameters.map { Self.describe($0.kind).count }.max() ?? 0
            let defaultWidth = definition.parameters.map { $0.defaultValue.count + 2 }.max() ?? 0
            for parameter in definition.parameters {
                let name = parameter.name.padding(to: nameWidth)
                let kind = Self.describe(parameter.kind).padding(to: kindWidth)
                let value = "\"\(parameter.defaultValue)\"".padding(to: defaultWidth)
                lines.append("  \(name)  \(kind)  default \(value)  \(parameter.summary)")
            }
            lines.append("")
        }
        print(lines.joined(separator: "\n"), terminator: "")
    }

    private static func describe(_ kind: LayoutParameter.Kind) -> String {
        switch kind {
        case .number: "number"
        case .integer: "integer"
        case .size: "W H"
        case .insets: "T L B R"
        case .boolean: "true|false"
        case .choice(let words): words.joined(separator: "|")
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
