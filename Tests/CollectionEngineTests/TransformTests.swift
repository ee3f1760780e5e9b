import Testing
import RealModule
@testable import CollectionEngine
import TestSupport

@Suite("Transform3D", .tags(.fast))
struct TransformTests {
    private func expectClose(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-9,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in zip(a.rowMajor, b.rowMajor) {
            #expect(abs(x - y) <= tolerance, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
        }
    }

    @Test("A positive z rotation turns (1, 0) to (cos a, sin a): clockwise on screen")
    func zRotation() {
        let p = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1).apply(x: 1, y: 0)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test("A y rotation maps (x, 0, 0) to (x cos a, 0, −x sin a)")
    func yRotation() {
        let p = Transform3D.rotation(angle: 0.3, x: 0, y: 1, z: 0).apply(x: 2, y: 0, z: 0)
        #expect(abs(p.x - 2 * Double.cos(0.3)) < 1e-12 && abs(p.z + 2 * Double.sin(0.3)) < 1e-12)
    }

    @Test("Concatenation applies the receiver first")
    func concatenationOrder() {
        let scale = Transform3D.scale(x: 2, y: 2)
        let move = Transform3D.translation(x: 10, y: 0)
        #expect(scale.concatenating(move).apply(x: 1, y: 1).x == 12)
        #expect(move.concatenating(scale).apply(x: 1, y: 1).x == 22)
        // CATransform3DTranslate(t, …) = MakeTranslation · t: the new operation runs first.
        #expect(scale.translatedBy(x: 10, y: 0).apply(x: 1, y: 1).x == 22)
    }

    @Test("Cover Flow's matrix at d = 50 projects the item's corner as the book's vectors say")
    func coverFlowVector() {
        // notes/seed-ch4-6.md §7: d = 50 gives this matrix; (90, 90, 0) projects to (68.387, 94.737).
        let m = Transform3D(rowMajor: [1.016267, 0, -0.420952, 0.0005, 0, 1.1, 0, 0,
                                       0.382683, 0, 0.92388, -0.001097, -20, 0, 20200, 1])
        let p = m.apply(x: 90, y: 90)
        #expect(abs(p.x - 68.387) < 0.001 && abs(p.y - 94.737) < 0.001)
    }

    static let composites: [Transform3D] = [
        .identity,
        .translation(x: 10, y: -4, z: 3),
        .scale(x: 2, y: 0.5, z: 1.5),
        .rotation(angle: 0.7, x: 0, y: 0, z: 1),
        .rotation(angle: -1.2, x: 0, y: 1, z: 0),
        .rotation(angle: 2.5, x: 1, y: 2, z: 3),
        Transform3D.rotation(angle: 0.4, x: 0, y: 1, z: 0).scaledBy(x: 1.2, y: 1.1).translatedBy(x: -20, y: 5, z: 7),
        { var t = Transform3D.rotation(angle: 0.5, x: 0, y: 1, z: 0); t.m34 = -1.0 / 850; return t }(),
        Transform3D(rowMajor: [1, 0.3, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 0, 1]),
    ]

    @Test("Decomposing and recomposing gives the transform back", arguments: composites)
    func roundTrip(_ t: Transform3D) throws {
        let parts = try #require(t.decomposed)
        expectClose(parts.recomposed, t)
    }

    @Test("Interpolation ends on its endpoints and rotates through the middle")
    func interpolation() {
        let a = Transform3D.identity
        let b = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        expectClose(a.interpolated(to: b, fraction: 0), a)
        expectClose(a.interpolated(to: b, fraction: 1), b)
        // Halfway is a 45° rotation, not the shrunken average of two matrices.
        expectClose(a.interpolated(to: b, fraction: 0.5), .rotation(angle: .pi / 4, x: 0, y: 0, z: 1))
    }

    /// (from, to, fraction, expected) in degrees about z: each goes the shorter way round.
    static let shortWayCases: [(Double, Double, Double, Double)] = [
        (180, 193.8, 0.5, 186.9),
        (180, 193.8, 0.25, 183.45),
        (350, 10, 0.5, 0),
        (350, 10, 0.25, 355),
        (10, 350, 0.75, 355),
        (-170, 170, 0.5, 180),
        (90, 300, 0.5, 15),
        (0, 170, 0.5, 85),
    ]

    @Test("A rotation interpolates the shorter way round, as Core Animation does", arguments: shortWayCases)
    func shorterWayRound(_ testCase: (Double, Double, Double, Double)) {
        let (from, to, fraction, expected) = testCase
        func z(_ degrees: Double) -> Transform3D { .rotation(angle: degrees * .pi / 180, x: 0, y: 0, z: 1) }
        expectClose(z(from).interpolated(to: z(to), fraction: fraction), z(expected))
        expectClose(z(from).interpolated(to: z(to), fraction: 1), z(to))
    }

    @Test("A scaled rotation keeps its scale while turning the shorter way round")
    func shorterWayRoundScaled() {
        let a = Transform3D.rotation(angle: .pi, x: 0, y: 0, z: 1)
        let b = Transform3D.rotation(angle: 193.8 * .pi / 180, x: 0, y: 0, z: 1).scaledBy(x: 0.1, y: 0.1)
        let expected = Transform3D.rotation(angle: 186.9 * .pi / 180, x: 0, y: 0, z: 1).scaledBy(x: 0.55, y: 0.55)
        expectClose(a.interpolated(to: b, fraction: 0.5), expected)
    }

    @Test("A singular matrix does not decompose and interpolates per component")
    func singular() {
        let flat = Transform3D.scale(x: 0, y: 1)
        #expect(flat.decomposed == nil)
        #expect(flat.interpolated(to: .identity, fraction: 0.5).m11 == 0.5)
    }
}
