extension Transform3D {
    /// The point of the z = 0 plane that this transform maps onto `(x, y)` on screen, or `nil` when there
    /// is none.
    ///
    /// A point `(X, Y, 0)` of a layer's plane lands, after the perspective divide, at
    /// `((X·m11 + Y·m21 + m41) / w, (X·m12 + Y·m22 + m42) / w)` with `w = X·m14 + Y·m24 + m44`: a plane
    /// homography whose 3 × 3 matrix is rows `(m11 m12 m14)`, `(m21 m22 m24)`, `(m41 m42 m44)`. Its inverse
    /// gives the preimage exactly, perspective (`m34` folded into `m14`/`m24` by a rotation) included. The
    /// z-row and z-column do not move points of the plane, so they play no part.
    ///
    /// `nil` when the plane is seen edge-on or collapsed (a singular homography, for example a zero scale
    /// or a 90° turn about the x or y axis), when `(x, y)` is on the horizon, or when the preimage lies
    /// behind the viewer (`w ≤ 0`), where Core Animation draws nothing.
    /// - Complexity: O(1).
    public func planePoint(projectingTo x: Double, _ y: Double) -> Point? {
        let (a, b, c) = (m11, m12, m14)
        let (d, e, f) = (m21, m22, m24)
        let (g, h, i) = (m41, m42, m44)
        // Cofactors of the 3 × 3 matrix; the inverse is their transpose over the determinant, whose scale
        // cancels in the homogeneous divide below (only its sign matters, and only through w).
        let c11 = e * i - f * h, c12 = -(d * i - f * g), c13 = d * h - e * g
        let c21 = -(b * i - c * h), c22 = a * i - c * g, c23 = -(a * h - b * g)
        let c31 = b * f - c * e, c32 = -(a * f - c * d), c33 = a * e - b * d
        let determinant = a * c11 + b * c12 + c * c13
        let scale = Swift.max(abs(a), abs(b), abs(d), abs(e), abs(i), 1)
        guard abs(determinant) > 1e-12 * scale * scale * scale else { return nil }
        // (x, y, 1) · adjugate, where adjugate[r][s] = cofactor[s][r].
        let px = x * c11 + y * c12 + c13
        let py = x * c21 + y * c22 + c23
        let pw = x * c31 + y * c32 + c33
        guard pw != 0 else { return nil }
        let point = Point(x: px / pw, y: py / pw)
        let w = point.x * m14 + point.y * m24 + m44
        return w > 0 ? point : nil
    }
}
