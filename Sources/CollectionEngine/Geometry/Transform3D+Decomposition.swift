import RealModule

extension Transform3D {
    /// A transform taken apart into the components that animate independently.
    ///
    /// The decomposition is the one of CSS Transforms Level 2 ("unmatrix"), which uses the same
    /// row-vector layout as `CATransform3D`: perspective, translation, scale, skew and a rotation
    /// quaternion. Interpolating the components and recomposing them animates a rotation as a rotation
    /// rather than as a shrinking matrix blend.
    public struct Decomposed: Hashable, Sendable {
        public var perspective: SIMD4<Double>
        public var translation: SIMD3<Double>
        public var scale: SIMD3<Double>
        /// Shear factors `xy`, `xz`, `yz`.
        public var skew: SIMD3<Double>
        /// The rotation as a unit quaternion `(x, y, z, w)`.
        public var quaternion: SIMD4<Double>

        public init(
            perspective: SIMD4<Double> = [0, 0, 0, 1], translation: SIMD3<Double> = .zero,
            scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero, quaternion: SIMD4<Double> = [0, 0, 0, 1]
        ) {
            self.perspective = perspective
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.quaternion = quaternion
        }

        /// The components at `fraction` of the way from `self` to `other`: linear for perspective,
        /// translation, scale and skew, spherical-linear for the rotation.
        public func interpolated(to other: Decomposed, fraction t: Double) -> Decomposed {
            Decomposed(
                perspective: perspective + (other.perspective - perspective) * t,
                translation: translation + (other.translation - translation) * t,
                scale: scale + (other.scale - scale) * t,
                skew: skew + (other.skew - skew) * t,
                quaternion: Self.slerp(quaternion, other.quaternion, t))
        }

        /// Spherical-linear interpolation between two unit quaternions, the shorter way round.
        ///
        /// `q` and `−q` describe the same rotation; when the two quaternions point into opposite
        /// hemispheres (negative dot product), the arc between them is the longer way round the circle
        /// (a rotation from 180° to 193.8° would spin 346°), so one of them is negated first, as Core
        /// Animation does.
        private static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
            var b = b
            var product = (a * b).sum()
            if product < 0 {
                b = -b
                product = -product
            }
            product = min(product, 1)
            if product >= 1 { return a }
            let theta = Double.acos(product)
            let w = Double.sin(t * theta) / (1 - product * product).squareRoot()
            return a * (Double.cos(t * theta) - product * w) + b * w
        }

        /// The transform these components describe.
        public var recomposed: Transform3D {
            var m = Rows.identity
            for i in 0..<4 { m[i][3] = perspective[i] }
            for i in 0..<4 {
                for j in 0..<3 { m[3][i] += translation[j] * m[j][i] }
            }
            let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
            var rotation = Rows.identity
            // Row-vector form: the transpose of the column-vector matrix in the CSS pseudo-code.
            rotation[0] = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0]
            rotation[1] = [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0]
            rotation[2] = [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0]
            m = Rows.multiply(rotation, m)
            if skew[2] != 0 {
                var shear = Rows.identity
                shear[2][1] = skew[2]
                m = Rows.multiply(shear, m)
            }
            if skew[1] != 0 {
                var shear = Rows.identity
                shear[2][0] = skew[1]
                m = Rows.multiply(shear, m)
            }
            if skew[0] != 0 {
                var shear = Rows.identity
                shear[1][0] = skew[0]
                m = Rows.multiply(shear, m)
            }
            for i in 0..<3 { m[i] *= scale[i] }
            return Transform3D(rows: m)
        }
    }

    /// The transform's components, or `nil` when it cannot be decomposed (a singular matrix, or
    /// `m44 == 0`).
    public var decomposed: Decomposed? {
        var m = rows
        guard m[3][3] != 0 else { return nil }
        let normalizer = m[3][3]
        for i in 0..<4 { m[i] /= normalizer }

        var perspectiveMatrix = m
        for i in 0..<3 { perspectiveMatrix[i][3] = 0 }
        perspectiveMatrix[3][3] = 1
        guard let inverse = Rows.inverse(perspectiveMatrix) else { return nil }

        var result = Decomposed()
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = SIMD4(m[0][3], m[1][3], m[2][3], m[3][3])
            // rhs · (inverse)ᵀ
            result.perspective = SIMD4(
                (rhs * inverse[0]).sum(), (rhs * inverse[1]).sum(), (rhs * inverse[2]).sum(),
                (rhs * inverse[3]).sum())
        }
        result.translation = SIMD3(m[3][0], m[3][1], m[3][2])

        var row = Rows3(SIMD3(m[0][0], m[0][1], m[0][2]), SIMD3(m[1][0], m[1][1], m[1][2]),
                        SIMD3(m[2][0], m[2][1], m[2][2]))
        result.scale[0] = length(row[0])
        row[0] = normalized(row[0])
        result.skew[0] = dot(row[0], row[1])
        row[1] -= row[0] * result.skew[0]
        result.scale[1] = length(row[1])
        row[1] = normalized(row[1])
        result.skew[0] /= result.scale[1]
        result.skew[1] = dot(row[0], row[2])
        row[2] -= row[0] * result.skew[1]
        result.skew[2] = dot(row[1], row[2])
        row[2] -= row[1] * result.skew[2]
        result.scale[2] = length(row[2])
        row[2] = normalized(row[2])
        result.skew[1] /= result.scale[2]
        result.skew[2] /= result.scale[2]

        if dot(row[0], cross(row[1], row[2])) < 0 {
            result.scale *= -1
            for i in 0..<3 { row[i] *= -1 }
        }

        var q = SIMD4(
            0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
            0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot())
        if row[2][1] > row[1][2] { q.x = -q.x }
        if row[0][2] > row[2][0] { q.y = -q.y }
        if row[1][0] > row[0][1] { q.z = -q.z }
        result.quaternion = q
        return result
    }

    /// The transform at `fraction` of the way to `other`, interpolated through the decomposition.
    /// Falls back to a per-component blend when either side cannot be decomposed.
    public func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
        if self == other { return self }
        guard let a = decomposed, let b = other.decomposed else {
            let from = rows, to = other.rows
            var blended = Rows.identity
            for i in 0..<4 { blended[i] = from[i] + (to[i] - from[i]) * fraction }
            return Transform3D(rows: blended)
        }
        return a.interpolated(to: b, fraction: fraction).recomposed
    }
}

// MARK: - Row arithmetic

/// A 4×4 matrix as its four rows, in place: no array to allocate on an animated frame.
private struct Rows {
    private var r0, r1, r2, r3: SIMD4<Double>

    init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        (self.r0, self.r1, self.r2, self.r3) = (r0, r1, r2, r3)
    }

    static let identity = Rows([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1])

    subscript(row: Int) -> SIMD4<Double> {
        get {
            switch row {
            case 0: r0
            case 1: r1
            case 2: r2
            default: r3
            }
        }
        set {
            switch row {
            case 0: r0 = newValue
            case 1: r1 = newValue
            case 2: r2 = newValue
            default: r3 = newValue
            }
        }
    }

    mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        (self[i], self[j]) = (self[j], self[i])
    }

    /// `a · b` for row-major 4×4 matrices.
    static func multiply(_ a: Rows, _ b: Rows) -> Rows {
        func row(_ i: Int) -> SIMD4<Double> {
            var row = b.r0 * a[i][0]
            row += b.r1 * a[i][1]
            row += b.r2 * a[i][2]
            row += b.r3 * a[i][3]
            return row
        }
        return Rows(row(0), row(1), row(2), row(3))
    }

    /// The inverse by Gauss-Jordan elimination with partial pivoting, or `nil` when singular.
    static func inverse(_ matrix: Rows) -> Rows? {
        var a = matrix, inv = Rows.identity
        for column in 0..<4 {
            var pivot = column
            for r in column + 1..<4 where abs(a[r][column]) > abs(a[pivot][column]) { pivot = r }
            guard abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            inv.swapAt(column, pivot)
            let p = a[column][column]
            a[column] /= p
            inv[column] /= p
            for r in 0..<4 where r != column {
                let f = a[r][column]
                if f != 0 {
                    a[r] -= a[column] * f
                    inv[r] -= inv[column] * f
                }
            }
        }
        return inv
    }
}

extension Transform3D {
    fileprivate init(rows m: Rows) {
        self.init(
            m11: m[0][0], m12: m[0][1], m13: m[0][2], m14: m[0][3],
            m21: m[1][0], m22: m[1][1], m23: m[1][2], m24: m[1][3],
            m31: m[2][0], m32: m[2][1], m33: m[2][2], m34: m[2][3],
            m41: m[3][0], m42: m[3][1], m43: m[3][2], m44: m[3][3])
    }

    fileprivate var rows: Rows {
        Rows(SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44))
    }
}

/// The upper-left 3×3 of a matrix as its three rows, in place.
private struct Rows3 {
    private var r0, r1, r2: SIMD3<Double>

    init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { (self.r0, self.r1, self.r2) = (r0, r1, r2) }

    subscript(row: Int) -> SIMD3<Double> {
        get {
            switch row {
            case 0: r0
            case 1: r1
            default: r2
            }
        }
        set {
            switch row {
            case 0: r0 = newValue
            case 1: r1 = newValue
            default: r2 = newValue
            }
        }
    }
}

private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
private func normalized(_ a: SIMD3<Double>) -> SIMD3<Double> {
    let l = length(a)
    return l == 0 ? a : a / l
}
private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
