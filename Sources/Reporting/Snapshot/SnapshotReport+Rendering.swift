internal import ReelVersion

extension SnapshotReport {
    /// The snapshot's JSON object, keys in their fixed order.
    /// The running build's `reel_version` follows them.
    var json: JSONValue {
        .object([
            .init("time", .exact(time)),
            .init("frame", .int(frame)),
            .init("content_offset", .exactNumbers([contentOffset.x, contentOffset.y])),
            .init("content_size", .exactNumbers([contentSize.width, contentSize.height])),
            .init("elements", .array(elements.map(\.json))),
            .init("reel_version", .string(ReelVersion.reelVersion)),
        ])
    }
}

extension SnapshotReport.Element {
    var json: JSONValue {
        // The subclass's fields only when there are some, so that standard attributes print without a `custom` key.
        let custom: [JSONValue.Member] = custom.isEmpty ? [] : [.init("custom", .object(custom.map { field in
            switch field.value {
            case .bool(let value): .init(field.name, .bool(value))
            case .number(let value): .init(field.name, .exact(value))
            case .string(let value): .init(field.name, .string(value))
            }
        }))]
        // Only elements animating out carry the flag, so that others print without the key.
        let leaving: [JSONValue.Member] = disappearing ? [.init("disappearing", .bool(true))] : []
        return .object([
            .init("category", .string(category.rawValue)),
            .init("section", .int(section)),
            .init("item", .int(item)),
            .init("kind", .optional(kind)),
            .init("frame", .exactNumbers([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height])),
            .init("center", .exactNumbers([center.x, center.y])),
            .init("size", .exactNumbers([size.width, size.height])),
            .init("alpha", .exact(alpha)),
            .init("z_index", .int(zIndex)),
            .init("hidden", .bool(hidden)),
            .init("selected", .bool(selected)),
            .init("transform", .exactNumbers(transform)),
        ] + leaving + custom)
    }
}

/// The terminal form of a snapshot: a header line and one row per element.
enum SnapshotText {
    static func render(_ snapshot: SnapshotReport) -> String {
        let count = snapshot.elements.count
        let header = [
            "Snapshot at \(n(snapshot.time)) s", "frame \(snapshot.frame)",
            "content offset (\(n(snapshot.contentOffset.x)), \(n(snapshot.contentOffset.y)))",
            "content size \(n(snapshot.contentSize.width)) × \(n(snapshot.contentSize.height))",
            "\(count) \(count == 1 ? "element" : "elements")",
        ].joined(separator: " · ")
        guard count > 0 else { return header + "\n" }
        var table = TextTable(
            ["category", "section", "item", "kind", "x", "y", "width", "height", "alpha", "z", "flags", "transform"],
            alignments: [.left, .right, .right, .left, .right, .right, .right, .right, .right, .right, .left, .left])
        for element in snapshot.elements {
            let custom = element.custom.map { field in
                switch field.value {
                case .bool(let value): "\(field.name)=\(value)"
                case .number(let value): "\(field.name)=\(n(value))"
                case .string(let value): "\(field.name)=\(value)"
                }
            }
            let flags = [element.hidden ? "hidden" : nil, element.selected ? "selected" : nil,
                         element.disappearing ? "disappearing" : nil].compactMap { $0 } + custom
            table.append([
                element.category.rawValue, String(element.section), String(element.item), element.kind ?? "-",
                n(element.frame.origin.x), n(element.frame.origin.y), n(element.frame.size.width), n(element.frame.size.height),
                n(element.alpha), String(element.zIndex), flags.isEmpty ? "-" : flags.joined(separator: ","),
                transform(element.transform),
            ])
        }
        return ([header, ""] + table.lines()).joined(separator: "\n") + "\n"
    }

    /// `identity`, or the matrix row by row: `[1 0 0 0; 0 1 0 0; …]`.
    private static func transform(_ values: [Double]) -> String {
        guard values != SnapshotReport.Element.identity else { return "identity" }
        let rows = stride(from: 0, to: values.count, by: 4).map { start in
            values[start..<min(start + 4, values.count)].map(n).joined(separator: " ")
        }
        return "[" + rows.joined(separator: "; ") + "]"
    }

    /// A number in the shortest text that reads back as the same double, as in JSON; `inf`, `-inf` and
    /// `nan` as Swift writes them.
    private static func n(_ value: Double) -> String {
        value.isFinite ? JSONValue.exactFormat(value) : value.description
    }
}
