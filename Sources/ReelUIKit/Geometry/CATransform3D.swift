public import Foundation
internal import CollectionEngine

/// A 4×4 homogeneous transform: Core Animation's `CATransform3D`.
///
/// Points are row vectors (`p′ = p · M`), the translation is in `m41 m42 m43`, and perspective is set by
/// assigning `m34` (e.g. `-1 / 500`). The `CATransform3D…` functions below are Core Animation's, with its
/// conventions: `CATransform3DConcat(a, b)` applies `a`, then `b`; `CATransform3DTranslate(t, …)` and friends
/// apply the new operation before `t`.
///
/// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All zeros, as Core Animation's `init()`; use `CATransform3DIdentity` for the identity.
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    init(_ t: Transform3D) {
        self.init(m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
                  m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
                  m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
                  m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
    }

    var engine: Transform3D {
        Transform3D(m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
                    m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
                    m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
                    m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether `a` and `b` are equal, element by element.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.translation(x: Double(tx), y: Double(ty), z: Double(tz)))
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.scale(x: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians around the axis `(x, y, z)`; a zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.rotation(angle: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// A translation applied before `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation applied before `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// `a` applied first, then `b`: `a · b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.engine.concatenating(b.engine))
}

/// The inverse of `t`; `t` itself when it has none, as Core Animation returns it.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss–Jordan elimination with partial pivoting on [t | I].
    let source = t.engine.rowMajor
    var m = (0..<4).map { row in Array(source[(row * 4)..<(row * 4 + 4)]) }
    var inverse = (0..<4).map { row in (0..<4).map { $0 == row ? 1.0 : 0.0 } }
    for column in 0..<4 {
        guard let pivot = (column..<4).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
              m[pivot][column] != 0, m[pivot][column].isFinite else { return t }
        m.swapAt(column, pivot)
        inverse.swapAt(column, pivot)
        let scale = m[column][column]
        for k in 0..<4 {
            m[column][k] /= scale
            inverse[column][k] /= scale
        }
        for row in 0..<4 where row != column {
            let factor = m[row][column]
            guard factor != 0 else { continue }
            for k in 0..<4 {
                m[row][k] -= factor * m[column][k]
                inverse[row][k] -= factor * inverse[column][k]
            }
        }
    }
    return CATransform3D(Transform3D(rowMajor: inverse.flatMap { $0 }))
}

/// The 3-D transform that does what the affine transform `m` does in the plane.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0,
                  m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0,
                  m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` maps the plane affinely (no perspective, no z coupling).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.engine.isAffine }

/// The affine part of `t` (`m11 m12 m21 m22 m41 m42`); meaningful when ``CATransform3DIsAffine(_:)``.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
