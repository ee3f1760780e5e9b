/// Just enough of an HTML reader for structural tests of the pages Reel writes: opening tags by their start,
/// attribute values, and the polyline points they draw.
public enum HTMLScan {
    /// Every opening tag (from `<` to the following `>`) that begins with `start` (`<polyline class="frames"`).
    public static func tags(_ start: String, in html: String) -> [Substring] {
        var tags: [Substring] = []
        var rest = html[...]
        while let range = rest.range(of: start) {
            let end = rest[range.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            tags.append(rest[range.lowerBound..<end])
            rest = rest[end...]
        }
        return tags
    }

    /// The value of attribute `name` in an opening tag.
    public static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[range.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }

    /// A numeric attribute.
    public static func number(_ name: String, in tag: Substring) -> Double? {
        attribute(name, in: tag).flatMap(Double.init)
    }

    /// The points of every frame polyline: one `(x, y)` per frame drawn.
    public static func framePoints(in html: String) -> [[(x: Double, y: Double)]] {
        tags("<polyline class=\"frames\"", in: html).map { tag in
            (attribute("points", in: tag) ?? "").split(separator: " ").compactMap { pair in
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                return xy.count == 2 ? (xy[0], xy[1]) : nil
            }
        }
    }

    /// How many times `text` occurs in `html`.
    public static func count(_ text: String, in html: String) -> Int {
        html.components(separatedBy: text).count - 1
    }
}
