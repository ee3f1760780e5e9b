import Testing
@testable import TraceXML
import TestSupport

/// `<collection-view>`'s `safe-area`, `layout-margins`, `scale` and `layout-direction`.
@Suite("Collection view settings", .tags(.fast))
struct CollectionViewSettingsTests {
    static func header(_ attributes: String) -> String {
        "  <collection-view width=\"390\" height=\"844\" \(attributes)/>\n  <layout name=\"f\"/>\n  <data/>\n"
    }

    @Test("The settings read into the model, default as UIKit's, and write back only when not the default")
    func reads() throws {
        let text = document(events: "", header: Self.header(
            #"safe-area="47 0 34 0" layout-margins="16 20 16 20" scale="3" layout-direction="rtl""#))
        let trace = try readTrace(text)
        let view = trace.header.collectionView
        #expect(view.safeArea == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(view.layoutMargins == EdgeInsets(top: 16, left: 20, bottom: 16, right: 20))
        #expect(view.displayScale == 3)
        #expect(view.layoutDirection == .rightToLeft)
        let written = try TraceWriter.encode(trace)
        #expect(try Trace(bytes: written).header.collectionView == view)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)

        let plain = try readTrace(document(events: "", header: Self.header(""))).header.collectionView
        #expect(plain.safeArea == .zero && plain.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(plain.displayScale == 2 && plain.layoutDirection == .leftToRight)
        let plainText = String(decoding: try TraceWriter.encode(Trace(header: TraceHeader(
            collectionView: plain, layout: LayoutDescription(name: "f"), sections: []), events: [])), as: UTF8.self)
        #expect(!plainText.contains("safe-area") && !plainText.contains("layout-margins")
                && !plainText.contains("scale") && !plainText.contains("layout-direction"))
    }

    static let insets = "insets 'TOP LEFT BOTTOM RIGHT' of lengths from 0 to 100,000 points such as '10 10 10 10'"

    /// The attribute after `width="390" height="844" ` starts at column 45 of line 3.
    static let refusals: [Refusal] = [
        Refusal(header: header(#"safe-area="0 0 -1 0""#),
                "x.xml:3:45: invalid value '0 0 -1 0' for attribute 'safe-area' of <collection-view>; expected \(insets)"),
        Refusal(header: header(#"layout-margins="8 8 8""#),
                "x.xml:3:45: invalid value '8 8 8' for attribute 'layout-margins' of <collection-view>; expected \(insets)"),
        Refusal(header: header(#"safe-area="0 0 1e6 0""#),
                "x.xml:3:45: invalid value '0 0 1e6 0' for attribute 'safe-area' of <collection-view>; expected \(insets)",
                schema: false),
        Refusal(header: header(#"scale="4""#),
                "x.xml:3:45: invalid value '4' for attribute 'scale' of <collection-view>; expected '1', '2' or '3' (pixels per point)"),
        Refusal(header: header(#"layout-direction="rtl2""#),
                "x.xml:3:45: invalid value 'rtl2' for attribute 'layout-direction' of <collection-view>; expected 'ltr' or 'rtl'"),
    ]

    @Test("A bad value is refused with its position, by the reader, validate and the schema", arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        try refusal.expectRefused()
    }
}
