// UIKit's geometry names with the values Apple documents for them (CGAffineTransform:
// https://developer.apple.com/documentation/corefoundation/cgaffinetransform ; CATransform3D:
// https://developer.apple.com/documentation/quartzcore/catransform3d).
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif
import Foundation
import Testing
import TestSupport

@Suite("CGAffineTransform, CATransform3D, UIEdgeInsets and IndexPath as UIKit code uses them", .tags(.fast))
struct GeometryTests {
    /// `a` and `b` within a millionth, component by component.
    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 }

    @Test("Affine transforms map points as x′ = a·x + c·y + tx, y′ = b·x + d·y + ty")
    func affinePoints() {
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 11, y: 22))
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(scaleX: 3, y: 4)) == CGPoint(x: 3, y: 8))
        // A quarter turn takes the x axis to the y axis (clockwise on screen, y pointing down).
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(scaleX: 2, y: 2).isIdentity)
    }

    @Test("concatenating applies the receiver first; translatedBy, scaledBy and rotated apply theirs first")
    func affineOrder() {
        let translate = CGAffineTransform(translationX: 10, y: 0), scale = CGAffineTransform(scaleX: 2, y: 2)
        // (1, 1) translated to (11, 1), then scaled to (22, 2).
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        // Scaled first to (2, 2), then translated to (12, 2).
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
        #expect(scale.translatedBy(x: 10, y: 0) == translate.concatenating(scale))
        #expect(translate.scaledBy(x: 2, y: 2) == scale.concatenating(translate))
        let turned = translate.rotated(by: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(turned), CGPoint(x: 10, y: 1)))
    }

    @Test("inverted undoes a transform; a transform without an inverse comes back unchanged")
    func affineInverse() {
        let transform = CGAffineTransform(translationX: 5, y: -3).scaledBy(x: 2, y: 4).rotated(by: 0.3)
        let point = CGPoint(x: 7, y: 11)
        #expect(close(point.applying(transform).applying(transform.inverted()), point))
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
    }

    @Test("Sizes take the linear part; rectangles the bounds of their mapped corners")
    func affineSizesAndRects() {
        #expect(CGSize(width: 10, height: 20).applying(CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 2, y: -1))
                    == CGSize(width: 20, height: -20))
        let turned = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.minX + 20) < 1e-9 && abs(turned.minY) < 1e-9)
        #expect(abs(turned.width - 20) < 1e-9 && abs(turned.height - 10) < 1e-9)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test("CATransform3D: translation in m41–m43, Concat applies its first argument first, Translate prepends")
    func transform3D() {
        let translation = CATransform3DMakeTranslation(1, 2, 3)
        #expect([translation.m41, translation.m42, translation.m43] == [1, 2, 3])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        let scaleThenMove = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        #expect(scaleThenMove.m11 == 2 && scaleThenMove.m41 == 10)
        // Translate(t, 10, 0, 0) moves first, then t scales the move too.
        let moveThenScale = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        #expect(moveThenScale.m41 == 20)
        #expect(CATransform3DEqualToTransform(CATransform3DScale(CATransform3DIdentity, 2, 3, 4),
                                              CATransform3DMakeScale(2, 3, 4)))
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(turn.m11) < 1e-12 && turn.m12 == 1 && turn.m21 == -1)
        let turned = CATransform3DRotate(CATransform3DIdentity, .pi / 2, 0, 0, 1)
        #expect(CATransform3DEqualToTransform(turned, turn))
    }

    @Test("CATransform3DInvert undoes a transform, perspective included; a singular one comes back unchanged")
    func transform3DInverse() {
        var transform = CATransform3DRotate(CATransform3DMakeTranslation(3, -4, 5), 0.7, 1, 1, 0)
        transform.m34 = -1 / 500
        let product = CATransform3DConcat(transform, CATransform3DInvert(transform))
        let values = [product.m11, product.m12, product.m13, product.m14, product.m21, product.m22, product.m23,
                      product.m24, product.m31, product.m32, product.m33, product.m34, product.m41, product.m42,
                      product.m43, product.m44]
        let identity: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(zip(values, identity).allSatisfy { abs($0 - $1) < 1e-9 })
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(singular), singular))
    }

    @Test("Affine and 3-D transforms convert both ways")
    func affineAnd3D() {
        let affine = CGAffineTransform(rotationAngle: 0.4).translatedBy(x: 3, y: 4)
        let lifted = CATransform3DMakeAffineTransform(affine)
        #expect(CATransform3DIsAffine(lifted))
        #expect(CATransform3DGetAffineTransform(lifted) == affine)
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        #expect(!CATransform3DIsAffine(perspective))
        let turn = CATransform3DGetAffineTransform(CATransform3DMakeRotation(0.4, 0, 0, 1))
        let expected = CGAffineTransform(rotationAngle: 0.4)
        #expect(abs(turn.a - expected.a) < 1e-12 && abs(turn.b - expected.b) < 1e-12
                    && abs(turn.c - expected.c) < 1e-12 && abs(turn.d - expected.d) < 1e-12)
    }

    @Test("Insets shrink a rectangle edge by edge; index paths have a section and an item")
    func insetsAndIndexPaths() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(rect.inset(by: UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 20)) == CGRect(x: 10, y: 5, width: 70, height: 40))
        #expect(rect.inset(by: .zero) == rect)
        let indexPath = IndexPath(item: 3, section: 1)
        #expect(indexPath.section == 1 && indexPath.item == 3 && indexPath.row == 3)
        #expect(indexPath == IndexPath(indexes: [1, 3]))
        #expect(IndexPath(row: 2, section: 0) < IndexPath(item: 0, section: 1))
        #expect(CGVector(dx: 1, dy: -2).dy == -2)
    }
}
