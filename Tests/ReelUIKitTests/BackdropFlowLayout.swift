// Written as for iOS: only the import differs, and it compiles with UIKit unchanged.
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A decoration view as UIKit apps write one.
final class BackdropView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A flow layout with a 200-point backdrop behind the top of its content.
final class BackdropFlowLayout: UICollectionViewFlowLayout {
    static let backdropKind = "backdrop"

    override init() {
        super.init()
        register(BackdropView.self, forDecorationViewOfKind: Self.backdropKind)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        register(BackdropView.self, forDecorationViewOfKind: Self.backdropKind)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var answer = super.layoutAttributesForElements(in: rect) ?? []
        if let backdrop = layoutAttributesForDecorationView(ofKind: Self.backdropKind, at: IndexPath(item: 0, section: 0)),
           backdrop.frame.intersects(rect) {
            answer.append(backdrop)
        }
        return answer
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                    at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard elementKind == Self.backdropKind else { return nil }
        let backdrop = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        backdrop.frame = CGRect(x: 0, y: 0, width: collectionViewContentSize.width, height: 200)
        backdrop.zIndex = -1
        return backdrop
    }
}
