public import Foundation
internal import CollectionEngine

/// A section provider: UIKit's `UICollectionViewCompositionalLayoutSectionProvider` — the section at an index,
/// or `nil` for none.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// The layout-wide settings of a compositional layout: UIKit's `UICollectionViewCompositionalLayoutConfiguration`.
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// "Default is UICollectionViewScrollDirectionVertical".
    open var scrollDirection = UICollectionView.ScrollDirection.vertical
    /// "Default is 0".
    open var interSectionSpacing: CGFloat = 0
    /// Supplementaries of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// "Default is UIContentInsetsReferenceSafeArea".
    open var contentInsetsReference = UIContentInsetsReference.safeArea

    public override init() {}

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }

    /// The engine's configuration, from the current property values.
    var engine: CompositionalLayoutConfiguration {
        var configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = scrollDirection.engine
        configuration.interSectionSpacing = Double(interSectionSpacing)
        configuration.boundarySupplementaryItems = boundarySupplementaryItems.map(\.engine)
        configuration.contentInsetsReference = contentInsetsReference.engine
        return configuration
    }
}

/// UIKit's compositional layout: `UICollectionViewCompositionalLayout`, computed by the engine's
/// compositional layout.
///
/// The sections an app describes with UIKit's classes (``NSCollectionLayoutSection`` and what it holds) are
/// converted to the engine's values when the engine asks for a section, from the objects' properties at that
/// moment; a section's group and a group's subitems are copied when they are made, as UIKit copies them.
/// Orthogonal sections are the engine's nested scrollers; self-sizing of estimated dimensions is the engine's.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    enum Sections {
        case one(NSCollectionLayoutSection)
        case provider(UICollectionViewCompositionalLayoutSectionProvider)
    }

    let sections: Sections
    private var storedConfiguration: UICollectionViewCompositionalLayoutConfiguration

    /// The layout-wide settings, copied in and out as UIKit's. "Setting this property will invalidate the layout
    /// immediately to affect any changes."
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        get { storedConfiguration.copy() as! UICollectionViewCompositionalLayoutConfiguration }
        set {
            storedConfiguration = newValue.copy() as! UICollectionViewCompositionalLayoutConfiguration
            compositionalAdapter?.configuration = storedConfiguration.engine
        }
    }

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sections = .one(section)
        storedConfiguration = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        super.init()
    }

    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sections = .provider(sectionProvider)
        storedConfiguration = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        super.init()
    }

    /// Archives are not read on Linux: an empty layout of no sections.
    public required init?(coder: NSCoder) {
        sections = .provider { _, _ in nil }
        storedConfiguration = UICollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    /// A list layout: every section is `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }

    // MARK: The engine's side

    /// The engine's compositional layout behind this one.
    final var compositionalAdapter: CompositionalAdapter? {
        guard let reference = adapterReference else { return nil }
        return unsafeDowncast(reference.takeUnretainedValue(), to: CompositionalAdapter.self)
    }

    override func makeAdapter() -> CollectionViewLayout {
        attributesClass == UICollectionViewLayoutAttributes.self
            ? CompositionalAdapter(layout: self) : SnapshotCompositionalAdapter(layout: self)
    }

    /// The wrappers of the last two answers and the pool of unused ones.
    ///
    /// `@exclusivity(unchecked)`, as the engine's flow layout's answer storage: swapped out at the start of a
    /// query and back at its end, single accesses that span no call, so no two can overlap (their dynamic
    /// checks were a third of this layout's cost over the engine's on a steady frame); a layout is used on one
    /// thread, its collection view's.
    @exclusivity(unchecked) private final var answers = WrapperAnswers()
    /// The engine's answer behind the last wrappers answered, while the adapter has not taken it.
    @exclusivity(unchecked) private final var pendingEngineAnswer: [LayoutAttributes]?
    /// The storage of the last wrappers answered, to recognise them when they come back unchanged.
    @exclusivity(unchecked) private final var lastAnswer: UnsafeRawPointer?

    /// The wrappers for the engine's `answer`.
    /// - Complexity: O(k) for k elements (see ``WrapperAnswers``).
    private func wrappers(for answer: [LayoutAttributes]) -> [UICollectionViewLayoutAttributes] {
        let type = attributesClass
        var answers = WrapperAnswers()
        swap(&answers, &self.answers)
        let wrappers = answers.wrappers(for: answer, as: type)
        swap(&answers, &self.answers)
        pendingEngineAnswer = answer
        lastAnswer = wrappers.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return wrappers
    }

    /// The engine's answer for `answer` when it is the last answer of ``layoutAttributesForElements(in:)``
    /// returned as it was, taken once.
    final func takeEngineAnswer(for answer: [UICollectionViewLayoutAttributes]) -> [LayoutAttributes]? {
        guard let engine = pendingEngineAnswer else { return nil }
        pendingEngineAnswer = nil
        let returned = answer.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return returned == lastAnswer && !answer.isEmpty ? engine : nil
    }

    // MARK: Providing the layout

    open override func prepare() {
        super.prepare()
        compositionalAdapter?.enginePrepare()
    }

    open override var collectionViewContentSize: CGSize {
        guard let compositionalAdapter else { return .zero }
        return CGSize(compositionalAdapter.engineContentSize)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let compositionalAdapter else { return nil }
        return wrappers(for: compositionalAdapter.engineElements(in: rect.engine))
    }

    open override func layoutAttributesForItem(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = compositionalAdapter?.engineItem(at: indexPath.engine) else { return nil }
        return UICollectionViewLayoutAttributes.bridging(attributes, as: attributesClass)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard let attributes = compositionalAdapter?.engineSupplementary(ofKind: elementKind, at: indexPath.engine) else {
            return nil
        }
        return UICollectionViewLayoutAttributes.bridging(attributes, as: attributesClass)
    }

    /// Whether a cell's preferred size differs from its item's, for an estimated dimension: the engine's
    /// compositional layout decides.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.refreshSnapshot()
        return compositionalAdapter?.engineShouldInvalidate(forPreferred: preferredAttributes.storage,
                                                   original: originalAttributes.storage) ?? false
    }

    /// The engine compositional layout's context for a cell's preferred size; a subclass may set
    /// ``UICollectionViewLayoutInvalidationContext/contentOffsetAdjustment`` on it.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        guard let compositionalAdapter else {
            return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                             withOriginalAttributes: originalAttributes)
        }
        preferredAttributes.refreshSnapshot()
        return UICollectionViewLayoutInvalidationContext.wrapping(
            compositionalAdapter.engineInvalidationContext(forPreferred: preferredAttributes.storage, original: originalAttributes.storage),
            as: contextClass)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        compositionalAdapter?.engineShouldInvalidate(forBoundsChange: newBounds.engine) ?? false
    }
}

