import Foundation

/// A JSON value as a schema sees it: integers apart from other numbers, booleans apart from numbers.
indirect enum SchemaJSON: Equatable {
    case null
    case bool(Bool)
    case integer(Double)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    static func == (a: SchemaJSON, b: SchemaJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.integer(let x), .integer(let y)), (.number(let x), .number(let y)),
             (.integer(let x), .number(let y)), (.number(let x), .integer(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    subscript(key: String) -> SchemaJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Parses `text`, a complete JSON document.
    init(parsing text: String) throws {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        self = try parser.value()
        parser.skipSpace()
        guard parser.position == parser.scalars.count else { throw Parser.Failure(position: parser.position) }
    }

    private struct Parser {
        struct Failure: Error { var position: Int }
        let scalars: [Unicode.Scalar]
        var position = 0

        mutating func skipSpace() {
            while position < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[position]) { position += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for scalar in literal.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { throw Failure(position: position) }
                position += 1
            }
        }

        mutating func value() throws -> SchemaJSON {
            skipSpace()
            guard position < scalars.count else { throw Failure(position: position) }
            switch scalars[position] {
            case "n": try expect("null"); return .null
            case "t": try expect("true"); return .bool(true)
            case "f": try expect("false"); return .bool(false)
            case "\"": return .string(try string())
            case "[":
                position += 1
                var items: [SchemaJSON] = []
                skipSpace()
                if scalars[position] == "]" { position += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if scalars[position] == "]" { position += 1; return .array(items) }
                    try expect(",")
                }
            case "{":
                position += 1
                var members: [(String, SchemaJSON)] = []
                skipSpace()
                if scalars[position] == "}" { position += 1; return .object(members) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append((key, try value()))
                    skipSpace()
                    if scalars[position] == "}" { position += 1; return .object(members) }
                    try expect(",")
                }
            default:
                let start = position
                while position < scalars.count, "-+.eE0123456789".unicodeScalars.contains(scalars[position]) { position += 1 }
                let text = String(String.UnicodeScalarView(scalars[start..<position]))
                guard let number = Double(text) else { throw Failure(position: start) }
                return text.contains(where: { ".eE".contains($0) }) ? .number(number) : .integer(number)
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var result = String.UnicodeScalarView()
            while position < scalars.count, scalars[position] != "\"" {
                if scalars[position] == "\\" {
                    position += 1
                    switch scalars[position] {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "r": result.append("\r")
                    case "b": result.append("\u{8}")
                    case "f": result.append("\u{C}")
                    case "u":
                        let hex = String(String.UnicodeScalarView(scalars[(position + 1)...(position + 4)]))
                        result.append(Unicode.Scalar(UInt32(hex, radix: 16) ?? 0xFFFD) ?? "\u{FFFD}")
                        position += 4
                    default: result.append(scalars[position])
                    }
                } else {
                    result.append(scalars[position])
                }
                position += 1
            }
            try expect("\"")
            return String(result)
        }
    }
}

/// Checks JSON against a JSON Schema (draft 2020-12), for the subset `Schemas/` uses: `type`, `enum`,
/// `required`, `properties`, `additionalProperties`, `items`, `minItems`, `minimum`, `anyOf` and `$ref` to
/// `#/$defs/…`. Any other keyword fails the check, so that a schema never says more than is checked.
struct JSONSchemaCheck {
    let root: SchemaJSON

    static let keywords: Set<String> = ["$schema", "$defs", "title", "description", "type", "enum", "required",
                                        "properties", "additionalProperties", "items", "minItems", "minimum",
                                        "anyOf", "$ref"]

    /// Where `instance` breaks the schema, one line each (`/hot_paths/0/calls: expected number`); empty when
    /// it conforms.
    func problems(of instance: SchemaJSON) -> [String] {
        problems(of: instance, against: root, at: "")
    }

    private func problems(of instance: SchemaJSON, against schema: SchemaJSON, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        var problems: [String] = []
        for (keyword, value) in keywords {
            guard Self.keywords.contains(keyword) else { return ["\(path): unsupported keyword '\(keyword)'"] }
            switch keyword {
            case "$ref":
                guard case .string(let reference) = value, reference.hasPrefix("#/$defs/"),
                      let target = root["$defs"]?[String(reference.dropFirst("#/$defs/".count))] else {
                    return ["\(path): unresolved $ref"]
                }
                problems += self.problems(of: instance, against: target, at: path)
            case "type":
                let types: [String]
                switch value {
                case .string(let type): types = [type]
                case .array(let list): types = list.compactMap { if case .string(let t) = $0 { t } else { nil } }
                default: types = []
                }
                if !types.contains(where: { Self.matches(instance, type: $0) }) {
                    problems.append("\(path): expected \(types.joined(separator: " or ")), not \(Self.kind(instance))")
                }
            case "enum":
                if case .array(let allowed) = value, !allowed.contains(instance) {
                    problems.append("\(path): \(Self.kind(instance)) not among the values allowed")
                }
            case "minimum":
                if case .integer(let limit) = value, let number = Self.number(instance), number < limit {
                    problems.append("\(path): \(number) is below the minimum \(limit)")
                }
            case "required":
                if case .object = instance, case .array(let names) = value {
                    for case .string(let name) in names where instance[name] == nil {
                        problems.append("\(path): '\(name)' is missing")
                    }
                }
            case "properties":
                if case .object(let members) = instance, case .object(let properties) = value {
                    for (name, member) in members {
                        if let property = properties.first(where: { $0.0 == name })?.1 {
                            problems += self.problems(of: member, against: property, at: "\(path)/\(name)")
                        }
                    }
                }
            case "additionalProperties":
                if case .object(let members) = instance {
                    var declared: Set<String> = []
                    if case .object(let properties)? = schema["properties"] {
                        declared = Set(properties.map { $0.0 })
                    }
                    for (name, member) in members where !declared.contains(name) {
                        if value == .bool(false) {
                            problems.append("\(path): '\(name)' is not allowed")
                        } else if case .object = value {
                            problems += self.problems(of: member, against: value, at: "\(path)/\(name)")
                        }
                    }
                }
            case "items":
                if case .array(let items) = instance {
                    for (index, item) in items.enumerated() {
                        problems += self.problems(of: item, against: value, at: "\(path)/\(index)")
                    }
                }
            case "minItems":
                if case .array(let items) = instance, case .integer(let least) = value, Double(items.count) < least {
                    problems.append("\(path): \(items.count) items, fewer than \(Int(least))")
                }
            case "anyOf":
                if case .array(let options) = value {
                    let each = options.map { self.problems(of: instance, against: $0, at: path) }
                    if !each.contains(where: \.isEmpty) {
                        problems.append("\(path): matches none of \(options.count) forms; the closest: "
                                        + (each.min { $0.count < $1.count } ?? []).prefix(3).joined(separator: "; "))
                    }
                }
            default:
                continue
            }
        }
        return problems
    }

    private static func number(_ value: SchemaJSON) -> Double? {
        switch value {
        case .integer(let n), .number(let n): n
        default: nil
        }
    }

    private static func matches(_ value: SchemaJSON, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
             ("integer", .integer), ("number", .integer), ("number", .number): true
        case ("integer", .number(let n)): n == n.rounded()
        default: false
        }
    }

    private static func kind(_ value: SchemaJSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
