import Testing
import CollectionEngine
import TestSupport

/// Custom attributes in the book's style (Cover Flow's masking value).
final class MaskedAttributes: LayoutAttributes {
    var maskingValue = 0.0
    var shouldRasterize = false

    override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        if let other = other as? MaskedAttributes {
            maskingValue = other.maskingValue
            shouldRasterize = other.shouldRasterize
        }
    }

    override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? MaskedAttributes else { return false }
        return super.isEqual(to: other) && maskingValue == other.maskingValue
            && shouldRasterize == other.shouldRasterize
    }

    override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        super.customAttributes + [("masking-value", .number(maskingValue))]
    }
}

@Suite("Layout attributes", .tags(.fast))
struct LayoutAttributesTests {
    @Test("The frame is derived from center and size, and sets both")
    func frame() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(a.center == Point(x: 60, y: 45))
        #expect(a.size == Size(width: 100, height: 50))
        #expect(a.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test("Standard attributes have no custom fields; a subclass names its own, and copies keep them")
    func customFields() {
        #expect(LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)).customAttributes.isEmpty)
        let masked = MaskedAttributes(forCellWith: IndexPath(item: 0, section: 0))
        masked.maskingValue = 0.6
        let fields = masked.copy().customAttributes
        #expect(fields.map(\.name) == ["masking-value"] && fields.map(\.value) == [.number(0.6)])
    }

    @Test("Copies keep a subclass's type and fields")
    func copying() {
        let a = MaskedAttributes(forSupplementaryViewOfKind: "label", with: IndexPath(item: 2, section: 1))
        a.maskingValue = 0.6
        a.shouldRasterize = true
        a.alpha = 0.5
        a.zIndex = 3
        a.transform3D = .rotation(angle: 0.3, x: 0, y: 1, z: 0)
        let b = a.copy()
        #expect(b !== a)
        #expect(b.maskingValue == 0.6 && b.shouldRasterize)
        #expect(b.representedElementKind == "label" && b.representedElementCategory == .supplementaryView)
        #expect(b == a)
    }

    @Test("Equality includes the subclass's fields and the type")
    func equality() {
        let a = MaskedAttributes(forCellWith: IndexPath(item: 0, section: 0))
        let b = a.copy()
        b.maskingValue = 0.1
        #expect(a != b)
        let plain = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(plain != a)
        #expect(a != plain)
        let other = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(plain == other)
        other.isHidden = true
        #expect(plain != other)
    }

    @Test("A flow layout with a custom attributes class creates instances of it")
    func customClass() {
        final class MaskedFlow: FlowLayout {
            override class var layoutAttributesClass: LayoutAttributes.Type { MaskedAttributes.self }
        }
        let layout = MaskedFlow()
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        final class Data: CollectionViewDataSource {
            func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ cv: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let data = Data()
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = data
        cv.layoutIfNeeded()
        #expect(layout.layoutAttributesForElements(in: cv.bounds).allSatisfy { $0 is MaskedAttributes })
        #expect(cv.visibleCells.allSatisfy { $0.layoutAttributes is MaskedAttributes })
        #expect(cv.visibleCells.count == 3)
    }
}

/// A view shows its attributes' opacity clamped to 0…1, as `UIView.alpha` does; the attributes keep what the
/// layout set.
@Suite("Opacity as a view shows it", .tags(.fast))
struct DisplayedAlphaTests {
    /// A flow layout whose first three items ask for 1.5, −0.5 and 0.25.
    final class Overbright: FlowLayout {
        static let alphas = [1.5, -0.5, 0.25]
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            super.layoutAttributesForElements(in: rect).map { attributes in
                guard attributes.representedElementCategory == .cell, attributes.indexPath.item < Self.alphas.count
                else { return attributes }
                let changed = attributes.copy()
                changed.alpha = Self.alphas[attributes.indexPath.item]
                return changed
            }
        }
    }

    @Test("1.5 shows as 1, −0.5 as 0, 0.25 as it is; the attributes keep the value set")
    func clamped() throws {
        let layout = Overbright()
        let h = Harness(counts: [10], layout: layout, configure: Harness.grid)
        let expected = [1.0, 0, 0.25]
        for item in 0..<3 {
            let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: item, section: 0)))
            #expect(cell.alpha == expected[item], "item \(item)")
            #expect(cell.layoutAttributes?.alpha == Overbright.alphas[item], "item \(item)")
            #expect(cell.layoutAttributes?.displayedAlpha == expected[item], "item \(item)")
        }
    }
}
