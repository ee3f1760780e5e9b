public import Foundation
internal import CollectionEngine

/// UIKit's line-based layout: `UICollectionViewFlowLayout`, computed by the engine's flow layout.
///
/// Its queries answer from the engine's flow geometry, so a subclass that calls `super` gets the real flow
/// layout; a subclass's ``UICollectionViewLayout/layoutAttributesClass`` is honoured (`super`'s attributes are of
/// that class). As UIKit's, it hands out the same attributes objects again while nothing was invalidated; an
/// object a subclass changed in place is never handed out again (the engine sees the change), so the copying
/// UIKit asks for is advisable but not required.
///
/// A subclass that overrides nothing costs what the engine's own flow layout costs on a steady scroll, plus a
/// comparison per element: the answer's wrappers are kept with it and handed out again, and wrappers of
/// elements that left the screen are reused for those that come.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The axis along which content scrolls: UIKit's `UICollectionView.ScrollDirection`.
    public typealias ScrollDirection = UICollectionView.ScrollDirection

    /// Where section insets are measured from: UIKit's `UICollectionViewFlowLayout.SectionInsetReference`.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// The item size when the delegate gives none; 50 × 50.
    public var itemSize = CGSize(width: 50, height: 50) { didSet { flowAdapter?.itemSize = itemSize.engine } }
    /// The size of items until their cells are measured; `.zero` (the default) when cells do not size
    /// themselves: the engine's ``FlowLayout/estimatedItemSize``, whose self-sizing this layout's queries follow.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/estimateditemsize
    public var estimatedItemSize = CGSize.zero {
        didSet { flowAdapter?.estimatedItemSize = estimatedItemSize.engine }
    }
    /// The minimum distance between lines; 10.
    public var minimumLineSpacing: CGFloat = 10 {
        didSet { flowAdapter?.minimumLineSpacing = Double(minimumLineSpacing) }
    }
    /// The minimum distance between items of a line; 10.
    public var minimumInteritemSpacing: CGFloat = 10 {
        didSet { flowAdapter?.minimumInteritemSpacing = Double(minimumInteritemSpacing) }
    }
    /// Space around each section's items; zero.
    public var sectionInset = UIEdgeInsets.zero { didSet { flowAdapter?.sectionInset = sectionInset.engine } }
    /// The header size: its height scrolling vertically, its width horizontally.
    public var headerReferenceSize = CGSize.zero {
        didSet { flowAdapter?.headerReferenceSize = headerReferenceSize.engine }
    }
    /// The footer size, used like ``headerReferenceSize``.
    public var footerReferenceSize = CGSize.zero {
        didSet { flowAdapter?.footerReferenceSize = footerReferenceSize.engine }
    }
    /// The scroll direction; vertical.
    public var scrollDirection = ScrollDirection.vertical {
        didSet { flowAdapter?.scrollDirection = scrollDirection.engine }
    }
    /// Where section insets are measured from. Stored; the engine measures from the content inset.
    public var sectionInsetReference = SectionInsetReference.fromContentInset
    /// Whether headers stay pinned to the top of the visible bounds while their section scrolls under them,
    /// drawn above the cells; false.
    public var sectionHeadersPinToVisibleBounds = false {
        didSet { flowAdapter?.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds }
    }
    /// Whether footers stay pinned to the bottom of the visible bounds, as headers to the top; false.
    public var sectionFootersPinToVisibleBounds = false {
        didSet { flowAdapter?.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds }
    }

    /// UIKit's placeholder for ``estimatedItemSize`` (the engine's ``FlowLayout/automaticSize``): cells size
    /// themselves, from the layout's ``itemSize`` until they are measured.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/automaticsize
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude,
                                             height: CGFloat.greatestFiniteMagnitude)

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: The engine's side

    /// The engine's flow layout, when this layout has one.
    final var flowAdapter: FlowAdapter? {
        guard let reference = adapterReference else { return nil }
        return unsafeDowncast(reference.takeUnretainedValue(), to: FlowAdapter.self)
    }

    override func makeAdapter() -> CollectionViewLayout {
        let adapter = attributesClass == UICollectionViewLayoutAttributes.self
            ? FlowAdapter(layout: self) : SnapshotFlowAdapter(layout: self)
        adapter.scrollDirection = scrollDirection.engine
        adapter.itemSize = itemSize.engine
        adapter.minimumLineSpacing = Double(minimumLineSpacing)
        adapter.minimumInteritemSpacing = Double(minimumInteritemSpacing)
        adapter.sectionInset = sectionInset.engine
        adapter.headerReferenceSize = headerReferenceSize.engine
        adapter.footerReferenceSize = footerReferenceSize.engine
        adapter.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        adapter.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        adapter.estimatedItemSize = estimatedItemSize.engine
        return adapter
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
        flowAdapter?.enginePrepare()
    }

    open override var collectionViewContentSize: CGSize {
        guard let flowAdapter else { return .zero }
        return CGSize(flowAdapter.engineContentSize)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let flowAdapter else { return nil }
        return wrappers(for: flowAdapter.engineElements(in: rect.engine))
    }

    open override func layoutAttributesForItem(at indexPath: Foundation.IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = flowAdapter?.engineItem(at: indexPath.engine) else { return nil }
        return UICollectionViewLayoutAttributes.bridging(attributes, as: attributesClass)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: Foundation.IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard let attributes = flowAdapter?.engineSupplementary(ofKind: elementKind, at: indexPath.engine) else {
            return nil
        }
        return UICollectionViewLayoutAttributes.bridging(attributes, as: attributesClass)
    }

    /// Whether a cell's preferred size differs from its item's, with an ``estimatedItemSize``: the engine's flow
    /// layout decides, as UIKit's does.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.refreshSnapshot()
        return flowAdapter?.engineShouldInvalidate(forPreferred: preferredAttributes.storage,
                                                   original: originalAttributes.storage) ?? false
    }

    /// The flow layout's context for a cell's preferred size: the item takes it, the items after it move and the
    /// content size changes (``UICollectionViewLayoutInvalidationContext/contentSizeAdjustment``); a subclass may set
    /// ``UICollectionViewLayoutInvalidationContext/contentOffsetAdjustment`` on it.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        guard let flowAdapter else {
            return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                             withOriginalAttributes: originalAttributes)
        }
        preferredAttributes.refreshSnapshot()
        return UICollectionViewLayoutInvalidationContext.wrapping(
            flowAdapter.engineInvalidationContext(forPreferred: preferredAttributes.storage, original: originalAttributes.storage),
            as: contextClass)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        flowAdapter?.engineShouldInvalidate(forBoundsChange: newBounds.engine) ?? false
    }
}

extension UICollectionView.ScrollDirection {
    var engine: FlowLayout.ScrollDirection { self == .vertical ? .vertical : .horizontal }
}
