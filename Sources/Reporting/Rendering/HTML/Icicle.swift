/// The hot paths as an icicle chart (a flame chart hanging down): the span tree `frame` → `frame/cells` → …,
/// built from the paths' names, each box as wide as the self time of its path and of every path named under it,
/// per repeat.
///
/// Widths are self times, not totals, because a path's name is not where it runs: `frame/cells/prefetch` runs
/// `configure`, which runs `dequeue`, yet each is its own path under `frame/cells`, so their totals (prefetch
/// 1,683 ms and configure 1,719 ms of the quick start's 2,245 ms frames) count the same time twice. Self times
/// count it once, so the children of a box fill exactly its width less its own self time, and `frame` is the
/// whole measured time. A path whose parent is not a span itself (`frame/cells/configure` when no span is
/// named `frame/cells`) gets a grouping node: a dashed grey box as wide as its children together. A red band
/// at the foot of a box is the share of its self time spent in janky frames.
struct Icicle {
    /// A box of the tree: a span path, or a group of paths that is not a span itself (``hotPath`` is `nil`).
    struct Node {
        /// The last component of the path.
        var name: String
        var path: String
        var hotPath: Report.HotPath?
        var children: [Node]
        /// The self time of the node's path and of every path under it, ms per repeat: the box's width.
        var subtreeSelfMs = 0.0
    }

    /// Where a node is drawn.
    struct Box: Equatable {
        var path: String
        var isGroup: Bool
        var depth: Int
        var x: Double
        var width: Double
        /// Janky self time / self time, from 0 to 1.
        var jankyShare: Double
    }

    static let width = 960.0
    static let rowHeight = 22.0
    private static let margin = 4.0
    /// Boxes narrower than this (px) are drawn without a label.
    private static let labelledWidth = 28.0

    /// The top-level nodes (usually `frame` alone), widest first.
    let roots: [Node]

    init(_ hotPaths: [Report.HotPath]) {
        var roots: [Node] = []
        for hotPath in hotPaths {
            let components = hotPath.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            Self.insert(hotPath, components[...], prefix: nil, into: &roots)
        }
        self.roots = Self.finished(roots)
    }

    private static func insert(_ hotPath: Report.HotPath, _ components: ArraySlice<String>, prefix: String?,
                               into nodes: inout [Node]) {
        guard let name = components.first else { return }
        let path = prefix.map { "\($0)/\(name)" } ?? name
        let index: Int
        if let existing = nodes.firstIndex(where: { $0.name == name }) {
            index = existing
        } else {
            nodes.append(Node(name: name, path: path, hotPath: nil, children: []))
            index = nodes.count - 1
        }
        if components.count == 1 {
            nodes[index].hotPath = hotPath
        } else {
            insert(hotPath, components.dropFirst(), prefix: path, into: &nodes[index].children)
        }
    }

    /// `nodes` with their totals set and their children sorted, widest first (then by name).
    private static func finished(_ nodes: [Node]) -> [Node] {
        nodes.map { node in
            var node = node
            node.children = finished(node.children)
            node.subtreeSelfMs = (node.hotPath?.selfMs ?? 0) + node.children.reduce(0) { $0 + $1.subtreeSelfMs }
            return node
        }.sorted { $0.subtreeSelfMs != $1.subtreeSelfMs ? $0.subtreeSelfMs > $1.subtreeSelfMs : $0.path < $1.path }
    }

    /// The tree's depth: 1 for spans without children.
    var depth: Int {
        func depth(_ node: Node) -> Int { 1 + (node.children.map(depth).max() ?? 0) }
        return roots.map(depth).max() ?? 0
    }

    /// Every node's box: the roots share the chart's width in proportion to their subtree self times, and a
    /// node's children sit side by side from its left edge, on the same scale, leaving its own self time free
    /// at its right.
    func boxes() -> [Box] {
        let available = Self.width - 2 * Self.margin
        let total = roots.reduce(0) { $0 + $1.subtreeSelfMs }
        guard total > 0 else { return [] }
        var boxes: [Box] = []
        func place(_ nodes: [Node], x: Double, scale: Double, depth: Int) {
            var x = x
            for node in nodes {
                let width = node.subtreeSelfMs * scale
                let selfMs = node.hotPath?.selfMs ?? 0
                let share = selfMs > 0 ? min(1, max(0, (node.hotPath?.jankySelfMs ?? 0) / selfMs)) : 0
                boxes.append(Box(path: node.path, isGroup: node.hotPath == nil, depth: depth, x: x, width: width,
                                 jankyShare: share))
                place(node.children, x: x, scale: scale, depth: depth + 1)
                x += width
            }
        }
        place(roots, x: Self.margin, scale: available / total, depth: 0)
        return boxes
    }

    /// The chart in a `<figure>` with its caption, or a sentence when no span was measured.
    func figure() -> String {
        let boxes = boxes()
        guard !boxes.isEmpty else { return "<p>No span time was measured.</p>" }
        let nodes = Dictionary(uniqueKeysWithValues: allNodes().map { ($0.path, $0) })
        let c = HTMLText.coordinate
        let height = Double(depth) * Self.rowHeight + 2 * Self.margin
        var svg = ["<figure class=\"icicle\">", "<svg class=\"chart icicle\" role=\"img\" viewBox=\"0 0 "
            + "\(Int(Self.width)) \(Int(height))\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\">"
            + "<title>Hot paths as an icicle chart: width is self time per repeat, of a path and the paths under it</title>"]
        for box in boxes {
            let y = Self.margin + Double(box.depth) * Self.rowHeight
            let boxHeight = Self.rowHeight - 2
            let path = HTMLText.escape(box.path)
            let tip: String
            if let hot = nodes[box.path]?.hotPath {
                tip = "\(path): \(HTMLText.number((hot.calls * 10).rounded() / 10)) calls, total "
                    + "\(HTMLText.fixed(hot.totalMs, 3)) ms, self \(HTMLText.fixed(hot.selfMs, 3)) ms, janky self "
                    + "\(HTMLText.fixed(hot.jankySelfMs, 3)) ms per repeat"
            } else {
                tip = "\(path): not a span itself; its spans' self times add up to "
                    + "\(HTMLText.fixed(nodes[box.path]?.subtreeSelfMs ?? 0, 3)) ms per repeat"
            }
            var element = "<g class=\"node\" data-path=\"\(path)\"><title>\(tip)</title>"
            if box.isGroup {
                element += "<rect class=\"group\" x=\"\(c(box.x))\" y=\"\(c(y))\" width=\"\(c(box.width))\" "
                    + "height=\"\(c(boxHeight))\"/>"
            } else {
                element += "<rect class=\"span\" x=\"\(c(box.x))\" y=\"\(c(y))\" width=\"\(c(box.width))\" "
                    + "height=\"\(c(boxHeight))\" fill=\"\(Self.colour(box.path))\"/>"
                if box.jankyShare > 0 {
                    element += "<rect class=\"janky-self\" x=\"\(c(box.x))\" y=\"\(c(y + boxHeight - 5))\" "
                        + "width=\"\(c(box.width * box.jankyShare))\" height=\"5\"/>"
                }
            }
            if box.width >= Self.labelledWidth, let name = nodes[box.path]?.name {
                element += "<text x=\"\(c(box.x + 3))\" y=\"\(c(y + 14))\">"
                    + "\(HTMLText.escape(Self.fitted(name, width: box.width - 6)))</text>"
            }
            svg.append(element + "</g>")
        }
        svg.append("</svg>")
        svg.append("<figcaption>Each box is a span path under its parent, as wide as the self time of that path and "
            + "of the paths under it, per repeat, so that time a phase spends inside another (configure inside "
            + "prefetch) is counted once; the red band at a box's foot is the share of its self time spent in janky frames; dashed grey "
            + "boxes group paths whose parent is not a span itself. Hover over a box for its calls, total, self and "
            + "janky self time.</figcaption>")
        svg.append("</figure>")
        return svg.joined(separator: "\n")
    }

    private func allNodes() -> [Node] {
        func flatten(_ nodes: [Node]) -> [Node] { nodes.flatMap { [$0] + flatten($0.children) } }
        return flatten(roots)
    }

    /// `name`, cut with an ellipsis to about `width` px (6.5 px a character).
    private static func fitted(_ name: String, width: Double) -> String {
        let characters = max(1, Int(width / 6.5))
        return name.count <= characters ? name : String(name.prefix(max(1, characters - 1))) + "…"
    }

    /// A warm colour chosen from the path's characters, the same on every run.
    private static func colour(_ path: String) -> String {
        let sum = path.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        return "hsl(\(15 + sum % 35), 80%, \(68 + sum % 12)%)"
    }

    /// The style sheet the chart's classes need.
    static let css = """
        svg.icicle rect.span { stroke: #fff; stroke-width: 0.5; }
        svg.icicle rect.group { fill: #eee; stroke: #999; stroke-dasharray: 3 2; }
        svg.icicle rect.janky-self { fill: #b00000; }
        svg.icicle text { fill: #222; pointer-events: none; }
        svg.icicle g.node:hover rect.span { stroke: #000; stroke-width: 1; }
        """
}
