import Testing
import Foundation
import Replay
import Reporting
import TestSupport

/// Each UIKit-style fixture replayed on a shipped trace's recorded offsets, what it displays checked against
/// frames worked out by hand from the layout's rules and the trace's data.
@Suite("UIKit fixtures' geometry", .tags(.shippedTraces))
struct FixtureGeometryTests {
    // photo-grid-browse: 390 wide, 3,000 items of 128 × 128, spacings 2, no insets: three items a line, whose
    // flow spreads them 0, 131, 262 (the 6 points left over shared by the two gaps).
    @Test("Left-aligned flow: each line at 0, 130, 260, 130 points apart, at offset 473.25")
    func leftAligned() throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.leftAligned, "photo-grid-browse.xml", at: 2.005)
        #expect(snapshot.contentOffset.y == 473.24713856822564)
        // Rows 3 (390…518) to 10 (1300…1428) meet the visible 473…1317.
        #expect(snapshot.cellItems() == Array(9...32))
        for item in 9...32 {
            let frame = try #require(snapshot.cell(item)).xywh
            #expect(frame == [Double(item % 3) * 130, Double(item / 3) * 130, 128, 128], "item \(item)")
        }
    }

    // chat-messages, section 0: items 390 wide of heights 128, 56, 112, 66, 56, 126, 108, 96…; two columns of
    // (390 − 8 − 8 − 8) / 2 = 183 at x 8 and 199; each height scaled to 183 / 390, 8 between items.
    @Test("Waterfall: each item in the shortest column, at the delegate's heights, at offset 0")
    func waterfall() throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.waterfall, "chat-messages.xml", at: 0)
        let scale = 183.0 / 390
        let heights = [128.0, 56, 112, 66, 56, 126, 108, 96].map { $0 * scale }
        let expected: [[Double]] = [
            [8, 8, 183, heights[0]],
            [199, 8, 183, heights[1]],
            [199, 8 + heights[1] + 8, 183, heights[2]],  // column 1 is still the shorter
            [8, 8 + heights[0] + 8, 183, heights[3]],
            [199, 8 + heights[1] + 8 + heights[2] + 8, 183, heights[4]],
            [8, 8 + heights[0] + 8 + heights[3] + 8, 183, heights[5]],
        ]
        for (item, frame) in expected.enumerated() {
            #expect(close(try #require(snapshot.cell(item)).xywh, frame, tolerance: 1e-9), "item \(item)")
        }
        #expect(snapshot.elements.allSatisfy { $0.category == .cell })
    }

    // horizontal-carousel: 390 × 260, cards 160 × 220 spaced 12 (a pitch of 172), the first centred: card i's
    // left edge at 115 + 172 i, its top at (260 − 220) / 2 = 20.
    @Test("Carousel: cards 8 to 10 at offset 1553.39, turned and faded by their distance from the middle")
    func carousel() throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.carousel, "horizontal-carousel.xml", at: 2.004)
        let offset = 1553.3913713763382
        #expect(snapshot.contentOffset.x == offset)
        #expect(snapshot.contentSize.width == 2 * 115 + 240 * 172 - 12)
        #expect(snapshot.cellItems() == [8, 9, 10])
        for item in 8...10 {
            let cell = try #require(snapshot.cell(item))
            #expect(cell.xywh == [115 + 172 * Double(item), 20, 160, 220])
            // The middle is at offset + 195; card i's centre at 195 + 172 i.
            let distance = (195 + 172 * Double(item) - (offset + 195)) / 172
            // 1.5 − |distance|, shown clamped to 1 as UIView.alpha is
            // (https://developer.apple.com/documentation/uikit/uiview/alpha).
            #expect(abs(cell.alpha - min(1, 1.5 - abs(distance))) < 1e-12, "item \(item)")
            #expect(cell.zIndex == -Int(abs(distance) * 10))
            // The subclass's own field reaches the snapshot through its copy(with:).
            #expect(cell.custom == [SnapshotReport.CustomField(name: "distance-from-center", value: .number(distance))])
        }
        // Card 10, 0.969 cards right of the middle: turned by −0.969 × π/4 about y in a perspective of 1/600,
        // then scaled by 1 − 0.2 × 0.969. CATransform3DRotate and CATransform3DScale apply the new
        // transform first: t' = rotation × t, t' = scale × t
        // (https://developer.apple.com/documentation/quartzcore/1436514-catransform3drotate).
        let turn = (195 + 172 * 10 - (offset + 195)) / 172
        let angle = -turn * .pi / 4
        let (c, s) = (cos(angle), sin(angle))
        let scale = 1 - 0.2 * turn
        let expected = [
            scale * c, 0, -scale * s, scale * s / 600,
            0, scale, 0, 0,
            s, 0, c, -c / 600,
            0, 0, 0, 1,
        ]
        #expect(close(try #require(snapshot.cell(10)).transform, expected, tolerance: 1e-12))
    }

    // contacts-list: 390 wide, headers 28 high, items 390 × 56, footers 16, no spacing or insets; section 0's 40
    // items: header 0…28, items 28…2268, footer 2268…2284; section 1's 87: header 2284…2312, items 2312…7184.
    @Test("Sticky headers: at the visible top, pushed up by the section's end, above the cells",
          arguments: [
            // offset, [section: header's y]
            (2.005, 944.423861380387, [0: 944.423861380387]),
            (3.04, 2260.541155814058, [0: 2240, 1: 2284]),  // header 0 pushed up; header 1 not yet reached
            (4.005, 3885.21242539196, [1: 3885.21242539196]),
          ] as [(Double, Double, [Int: Double])])
    func stickyHeaders(time: Double, offset: Double, headers: [Int: Double]) throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.stickyHeaders, "contacts-list.xml", at: time)
        #expect(snapshot.contentOffset.y == offset)
        let shown = snapshot.elements(ofKind: "header")
        #expect(Dictionary(uniqueKeysWithValues: shown.map { ($0.section, $0.frame.minY) }) == headers)
        for header in shown {
            #expect(header.xywh[0] == 0 && header.xywh[2] == 390 && header.xywh[3] == 28)
            #expect(header.zIndex == 1024)
        }
    }

    @Test("Section backgrounds: one decoration view behind each section's items, under the cells",
          arguments: [
            (2.005, [0: [0, 28, 390, 2240]]),
            (4.005, [1: [0, 2312, 390, 87 * 56]]),
          ] as [(Double, [Int: [Double]])])
    func sectionBackgrounds(time: Double, backgrounds: [Int: [Double]]) throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.sectionBackgrounds, "contacts-list.xml", at: time)
        let shown = snapshot.elements.filter { $0.category == .decoration }
        #expect(Dictionary(uniqueKeysWithValues: shown.map { ($0.section, $0.xywh) }) == backgrounds)
        #expect(shown.allSatisfy { $0.kind == "section-background" && $0.item == 0 && $0.zIndex == -1 })
    }

    // springy-list: 390 wide, 2,000 items of 44 × 44, spacings 10, insets 10: seven items a line (7 × 44 + 6 ×
    // 10 = 368 of 370), spread by 2 / 6 more; line l at 10 + 54 l.
    @Test("Springs: at rest, every item where flow puts it")
    func springsAtRest() throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.springs, "springy-list.xml", at: 0)
        #expect(!snapshot.cellItems().isEmpty)
        for item in snapshot.cellItems() {
            let frame = try #require(snapshot.cell(item)).xywh
            let expected = [10 + Double(item % 7) * (54 + 2.0 / 6), 10 + Double(item / 7) * 54, 44, 44]
            #expect(close(frame, expected, tolerance: 1e-9), "item \(item)")
        }
    }

    @Test("Springs: while the finger drags the list up, items far from it lag behind, those under it do not")
    func springsLag() throws {
        let snapshot = try FixtureReplays.snapshot(FixtureRegistry.springs, "springy-list.xml", at: 0.6)
        let lags = snapshot.cellItems().map { item -> (item: Int, lag: Double) in
            let cell = snapshot.cell(item)!
            return (item, cell.frame.minY - (10 + Double(item / 7) * 54))
        }
        // The content scrolls up (its offset grows): a lagging item is further down than its place.
        #expect(lags.contains { $0.lag > 0.5 })
        #expect(lags.allSatisfy { $0.lag >= -1e-9 && $0.lag <= snapshot.contentOffset.y })
    }
}
