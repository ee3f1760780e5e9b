public import ReelGeometry

/// The elements a collection view displays at one moment of a replay: what `reel snapshot` prints.
public struct SnapshotReport: Sendable, Equatable {
    /// The moment asked for, seconds from the start of the session.
    public var time: Double
    /// The frame displayed at that moment.
    public var frame: Int
    /// The collection view's content offset.
    public var contentOffset: Point
    /// The collection view's content size.
    public var contentSize: Size
    /// The displayed elements, sorted by category (cell, supplementary, decoration), then section, then item.
    public var elements: [Element]

    /// Creates a snapshot; `elements` must already be in that order.
    public init(time: Double, frame: Int, contentOffset: Point, contentSize: Size, elements: [Element]) {
        self.time = time
        self.frame = frame
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.elements = elements
    }

    /// The forms a snapshot can be printed in (`reel snapshot --format`).
    public enum Format: String, CaseIterable, Sendable {
        /// One line per element, for reading.
        case text
        /// The snapshot's JSON object.
        case json
    }

    /// The snapshot in `format`, ending with a newline.
    public func render(_ format: Format) -> String {
        switch format {
        case .text: SnapshotText.render(self)
        case .json: json.serialized() + "\n"
        }
    }
}

extension SnapshotReport {
    /// What kind of view an element is.
    public enum Category: String, Sendable, CaseIterable {
        case cell
        case supplementary
        case decoration
    }

    /// One displayed element and its layout attributes.
    public struct Element: Sendable, Equatable {
        /// Cell, supplementary or decoration view.
        public var category: Category
        /// The element's section.
        public var section: Int
        /// The element's item within its section.
        public var item: Int
        /// The supplementary or decoration kind; `nil` for cells.
        public var kind: String?
        /// The untransformed frame.
        public var frame: Rect
        /// The center of the frame; a transform applies around it.
        public var center: Point
        /// The untransformed size.
        public var size: Size
        /// Opacity, 0 to 1.
        public var alpha: Double
        /// Stacking order: higher is in front.
        public var zIndex: Int
        /// Whether the element is hidden.
        public var hidden: Bool
        /// Whether the cell is selected.
        public var selected: Bool
        /// The 4 × 4 transform in row-major order: 16 values.
        public var transform: [Double]
        /// Whether the element is animating out (a deleted item fading, an item leaving in a layout switch):
        /// still on screen until its animation ends.
        public var disappearing: Bool
        /// The fields of a layout attributes subclass, by the names it gives them; empty for the standard
        /// attributes.
        public var custom: [CustomField]

        /// The identity transform, row-major.
        public static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

        /// Creates an element; `transform` holds 16 values in row-major order.
        public init(category: Category, section: Int, item: Int, kind: String? = nil, frame: Rect, center: Point,
                    size: Size, alpha: Double = 1, zIndex: Int = 0, hidden: Bool = false, selected: Bool = false,
                    transform: [Double] = Element.identity, disappearing: Bool = false,
                    custom: [CustomField] = []) {
            precondition(transform.count == 16, "a 4 × 4 transform has 16 values, not \(transform.count)")
            self.category = category
            self.section = section
            self.item = item
            self.kind = kind
            self.frame = frame
            self.center = center
            self.size = size
            self.alpha = alpha
            self.zIndex = zIndex
            self.hidden = hidden
            self.selected = selected
            self.transform = transform
            self.disappearing = disappearing
            self.custom = custom
        }
    }

    /// One field of a layout attributes subclass (the snapshot's `"custom"` key).
    public struct CustomField: Sendable, Equatable {
        /// A flag, a number or a word.
        public enum Value: Sendable, Equatable {
            case bool(Bool)
            case number(Double)
            case string(String)
        }

        /// The field's name, in kebab-case.
        public var name: String
        public var value: Value

        /// Creates a field.
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }
}
