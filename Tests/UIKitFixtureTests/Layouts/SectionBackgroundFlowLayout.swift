#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// The view drawn behind a section's items; a cell of the app would give it a colour and rounded corners.
final class SectionBackgroundView: UICollectionReusableView {}

/// A vertical flow layout that draws a background behind each section's items: a decoration view as wide as
/// the content, from the top of the section's first item to the bottom of its last one, each grown by the
/// section inset, under the cells.
final class SectionBackgroundFlowLayout: UICollectionViewFlowLayout {
    static let sectionBackgroundKind = "section-background"

    private var backgroundFrames: [CGRect] = []  // by section; `.null` for an empty section

    override init() {
        super.init()
        register(SectionBackgroundView.self, forDecorationViewOfKind: Self.sectionBackgroundKind)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        register(SectionBackgroundView.self, forDecorationViewOfKind: Self.sectionBackgroundKind)
    }

    override func prepare() {
        super.prepare()
        backgroundFrames = []
        guard let collectionView = collectionView else { return }
        let width = collectionViewContentSize.width
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            guard count > 0,
                  let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
                  let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section)) else {
                backgroundFrames.append(.null)
                continue
            }
            let top = first.frame.minY - sectionInset.top
            backgroundFrames.append(CGRect(x: 0, y: top, width: width,
                                           height: last.frame.maxY + sectionInset.bottom - top))
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var elements = super.layoutAttributesForElements(in: rect) ?? []
        for (section, frame) in backgroundFrames.enumerated() where frame.intersects(rect) {
            if let background = layoutAttributesForDecorationView(ofKind: Self.sectionBackgroundKind,
                                                                  at: IndexPath(item: 0, section: section)) {
                elements.append(background)
            }
        }
        return elements
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                    at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard elementKind == Self.sectionBackgroundKind, indexPath.section < backgroundFrames.count,
              !backgroundFrames[indexPath.section].isNull else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        attributes.frame = backgroundFrames[indexPath.section]
        attributes.zIndex = -1
        return attributes
    }
}
