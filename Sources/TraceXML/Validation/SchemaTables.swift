/// ``TraceFormat``'s declaration as flat tables indexed by ``XMLName/ordinal``, built once: what
/// ``SchemaChecker`` looks up on every element and attribute of a document, in a load or two.
final class SchemaTables: @unchecked Sendable {
    // @unchecked: the tables are written once, in `init`, and only read after.

    /// The tables of ``TraceFormat/elements``.
    static let shared = SchemaTables(TraceFormat.elements)

    /// What an element may contain, as the checker follows it.
    enum Content: UInt8 {
        case empty, anything, elements, sequence, layout, layoutInBeganPhase, sizeChunks, text
    }

    /// One element's rules; an element the format does not declare has the empty rules of `nil`.
    struct Element {
        var isDeclared = false
        var content = Content.empty
        /// The kind of its text, for ``Content/text``.
        var textKind = ValueKind.text
        var takesOtherAttributes = false
        /// Its attributes' bits (their places in the declaration): those it requires, those given together or
        /// not at all, and those required in the `changed` phase and allowed only then.
        var required: UInt32 = 0
        var paired: UInt32 = 0
        var inChangedPhase: UInt32 = 0
        /// The bit of the attribute that replaces the `<item-sizes>` chunks (``Content/sizeChunks``), or 0.
        var replacesChunks: UInt32 = 0
        /// For ``Content/sequence``: the bits of the required places (1, 2, …), and the last of them.
        var requiredPlaces: UInt32 = 0
        var lastRequiredPlace = 0
    }

    /// One attribute of one element: its kind and bit, or `nil` when the element does not declare it.
    struct Attribute {
        var kind: ValueKind
        var bit: UInt8
        var bounds: ValueSyntax.Bounds
    }

    let names: Int
    private let elements: UnsafeMutablePointer<Element>
    private let attributes: UnsafeMutablePointer<Attribute?>
    /// Parent × child: the child's place in the parent's sequence (1, 2, …), 1 where the parent takes it
    /// otherwise, 0 where it may not stand.
    private let children: UnsafeMutablePointer<UInt8>
    /// How each event is read (its codec's `read`), or nil: the reader's dispatch, without copying a
    /// declaration on every event.
    private let readers: UnsafeMutablePointer<EventReader?>
    /// How each operation of a batch is read, or nil.
    private let operationReaders: UnsafeMutablePointer<OperationReader?>

    typealias EventReader = @Sendable (_ parser: EventParser) throws(TraceError) -> TraceEvent.Kind
    typealias OperationReader = @Sendable (_ stream: XMLStream) throws(TraceError) -> BatchUpdate.Operation

    init(_ declarations: [ElementDeclaration]) {
        names = XMLName.allCases.count
        elements = .allocate(capacity: names)
        elements.initialize(repeating: Element(), count: names)
        attributes = .allocate(capacity: names * names)
        attributes.initialize(repeating: nil, count: names * names)
        children = .allocate(capacity: names * names)
        children.initialize(repeating: 0, count: names * names)
        readers = .allocate(capacity: names)
        readers.initialize(repeating: nil, count: names)
        operationReaders = .allocate(capacity: names)
        operationReaders.initialize(repeating: nil, count: names)
        for declaration in declarations {
            let row = declaration.name.ordinal
            var element = Element(isDeclared: true, takesOtherAttributes: declaration.takesOtherAttributes)
            for (bit, attribute) in declaration.attributes.enumerated() {
                attributes[row * names + attribute.name.ordinal] = Attribute(kind: attribute.value, bit: UInt8(bit),
                                                                         bounds: ValueSyntax.Bounds(attribute.value))
                switch attribute.use {
                case .required: element.required |= 1 << bit
                case .optional: break
                case .paired: element.paired |= 1 << bit
                case .inChangedPhase: element.inChangedPhase |= 1 << bit
                }
            }
            switch declaration.content {
            case .empty: element.content = .empty
            case .anything: element.content = .anything
            case .elements: element.content = .elements
            case .sequence(let places):
                element.content = .sequence
                for (index, place) in places.enumerated() where place.required {
                    element.requiredPlaces |= 1 << (index + 1)
                    element.lastRequiredPlace = index + 1
                }
            case .layout: element.content = .layout
            case .layoutInBeganPhase: element.content = .layoutInBeganPhase
            case .sizeChunks(let attribute):
                element.content = .sizeChunks
                if let index = declaration.attributes.firstIndex(where: { $0.name == attribute }) {
                    element.replacesChunks = 1 << index
                }
            case .text(let kind):
                element.content = .text
                element.textKind = kind
            }
            if case .sequence(let places) = declaration.content {
                for (index, place) in places.enumerated() { children[row * names + place.0.ordinal] = UInt8(index + 1) }
            } else {
                for child in declaration.children { children[row * names + child.ordinal] = 1 }
            }
            elements[row] = element
            readers[row] = declaration.event?.read
            operationReaders[row] = declaration.operation?.read
        }
    }

    deinit {
        elements.deallocate()
        attributes.deallocate()
        children.deallocate()
        readers.deinitialize(count: names)
        readers.deallocate()
        operationReaders.deinitialize(count: names)
        operationReaders.deallocate()
    }

    /// How event `name` is read, or nil when it is not an event.
    @inline(__always)
    func reader(_ name: XMLName) -> EventReader? { readers[name.ordinal] }

    /// How operation `name` is read, or nil when it is not an operation of a batch.
    @inline(__always)
    func operationReader(_ name: XMLName) -> OperationReader? { operationReaders[name.ordinal] }

    @inline(__always)
    func element(_ name: XMLName) -> Element { elements[name.ordinal] }

    @inline(__always)
    func attribute(_ name: XMLName, of element: XMLName) -> Attribute? { attributes[element.ordinal * names + name.ordinal] }

    /// The place of `child` in `parent`'s content (see ``children``).
    @inline(__always)
    func place(of child: XMLName, in parent: XMLName) -> Int { Int(children[parent.ordinal * names + child.ordinal]) }
}
