import RealModule

/// A 4×4 homogeneous transform with the conventions of `CATransform3D`.
///
/// Points are row vectors, `p′ = p · M`; the translation lives in `m41 m42 m43` and perspective is
/// set by assigning `m34` directly. ``concatenating(_:)`` applies `self` first, then the argument;
/// ``translatedBy(x:y:z:)``, ``scaledBy(x:y:z:)`` and ``rotated(by:x:y:z:)`` apply the new operation
/// *before* the existing transform, as `CATransform3DTranslate` and friends do.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Builds a transform from 16 values in row-major order (`m11, m12, … m44`).
    ///
    /// - Precondition: `rowMajor` has exactly 16 elements.
    public init(rowMajor v: [Double]) {
        precondition(v.count == 16, "a 4×4 transform needs 16 values, got \(v.count)")
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The 16 values in row-major order, as reports print them.
    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The identity transform.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly the identity.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// Whether the transform maps the z = 0 plane affinely (no perspective, no z coupling), like
    /// `CATransform3DIsAffine`.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// A translation by `(x, y, z)`.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (x, y, z)
        return t
    }

    /// A scale by `(x, y, z)`.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (x, y, z)
        return t
    }

    /// A rotation by `angle` radians around the axis `(x, y, z)`, as `CATransform3DMakeRotation`.
    ///
    /// Around the z axis a positive angle turns clockwise on screen (y points down). A zero axis gives
    /// the identity.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = Double.cos(angle), s = Double.sin(angle), k = 1 - c
        return Transform3D(
            m11: k * x * x + c, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
            m21: k * x * y - s * z, m22: k * y * y + c, m23: k * y * z + s * x, m24: 0,
            m31: k * x * z + s * y, m32: k * y * z - s * x, m33: k * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `self · other`: `self` applied first, then `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// A translation applied before this transform (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D.translation(x: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before this transform (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D.scale(x: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before this transform (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Maps a point through the transform and projects it: `(x′/w′, y′/w′, z′/w′)`.
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double) {
        let xp = x * m11 + y * m21 + z * m31 + m41
        let yp = x * m12 + y * m22 + z * m32 + m42
        let zp = x * m13 + y * m23 + z * m33 + m43
        let w = x * m14 + y * m24 + z * m34 + m44
        return w == 0 || w == 1 ? (xp, yp, zp) : (xp / w, yp / w, zp / w)
    }

    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); "
            + "\(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }
}
