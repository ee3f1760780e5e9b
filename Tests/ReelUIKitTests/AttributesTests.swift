#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif
import Foundation
import Testing
import TestSupport

/// Attributes with a field of their own, as UIKit apps write them.
final class ShadowAttributes: UICollectionViewLayoutAttributes {
    var shadowRadius: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! ShadowAttributes
        copy.shadowRadius = shadowRadius
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ShadowAttributes else { return false }
        return shadowRadius == other.shadowRadius && super.isEqual(object)
    }
}

/// A subclass that overrides `init()`, which needs `required` here (and compiles with UIKit so written).
final class PreparedAttributes: UICollectionViewLayoutAttributes {
    var prepared = false

    required override init() {
        super.init()
        prepared = true
    }
}

@Suite("UICollectionViewLayoutAttributes as UIKit code uses it", .tags(.fast))
struct AttributesTests {
    @Test("The three initializers name the element; frame, center, size and bounds are one geometry")
    func initializersAndGeometry() {
        let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 1))
        #expect(cell.representedElementCategory == .cell && cell.representedElementKind == nil)
        #expect(cell.indexPath == IndexPath(item: 2, section: 1))
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                      with: IndexPath(item: 0, section: 3))
        #expect(header.representedElementCategory == .supplementaryView)
        #expect(header.representedElementKind == UICollectionView.elementKindSectionHeader)
        let decoration = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "shelf", with: IndexPath(item: 0, section: 0))
        #expect(decoration.representedElementCategory == .decorationView && decoration.representedElementKind == "shelf")

        cell.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(cell.center == CGPoint(x: 60, y: 45) && cell.size == CGSize(width: 100, height: 50))
        #expect(cell.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        cell.center = CGPoint(x: 0, y: 0)
        #expect(cell.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        cell.size = CGSize(width: 10, height: 10)
        #expect(cell.frame == CGRect(x: -5, y: -5, width: 10, height: 10))
    }

    @Test("transform and transform3D are one transform; alpha keeps what the layout set")
    func transformAndAlpha() {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(attributes.transform.isIdentity && CATransform3DIsIdentity(attributes.transform3D))
        attributes.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(attributes.transform3D.m11 == 2 && attributes.transform3D.m22 == 3 && attributes.transform3D.m33 == 1)
        attributes.transform3D = CATransform3DMakeTranslation(5, 6, 0)
        #expect(attributes.transform == CGAffineTransform(translationX: 5, y: 6))
        attributes.alpha = 1.5
        #expect(attributes.alpha == 1.5)
        attributes.zIndex = 4
        attributes.isHidden = true
        #expect(attributes.zIndex == 4 && attributes.isHidden)
    }

    @Test("copy() is of the subclass, with its fields; isEqual compares them; each copy is its own object")
    func copyingASubclass() throws {
        let original = ShadowAttributes(forCellWith: IndexPath(item: 1, section: 0))
        original.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        original.shadowRadius = 6
        let copy = try #require(original.copy() as? ShadowAttributes)
        #expect(copy !== original)
        #expect(copy.shadowRadius == 6 && copy.frame == original.frame && copy.indexPath == original.indexPath)
        #expect(copy.isEqual(original) && copy == original)
        copy.shadowRadius = 7
        #expect(!copy.isEqual(original))
        copy.shadowRadius = 6
        copy.alpha = 0.5
        #expect(!copy.isEqual(original))
        #expect(original.alpha == 1)
    }

    @Test("A subclass's required override init() runs for its initializers and its copies")
    func overriddenInit() throws {
        let attributes = PreparedAttributes(forSupplementaryViewOfKind: "badge", with: IndexPath(item: 0, section: 2))
        #expect(attributes.prepared && attributes.representedElementKind == "badge")
        let copy = try #require(attributes.copy() as? PreparedAttributes)
        #expect(copy.prepared && copy.representedElementKind == "badge" && copy.indexPath.section == 2)
    }

    @Test("Attributes of different elements or categories are not equal")
    func equality() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        let b = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(a.isEqual(b) && a.hash == b.hash)
        b.indexPath = IndexPath(item: 1, section: 0)
        #expect(!a.isEqual(b))
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: 0, section: 0))
        #expect(!a.isEqual(header))
        #expect(!a.isEqual("not attributes"))
    }
}
