import Foundation

/// The invalid traces of `Fixtures/Invalid`, each with the one error `reel validate` and the replay both
/// report first, as `line:column: message`.
enum InvalidFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Invalid")

    /// Fixture name (without `.xml`) → the error both commands give.
    static let expected: [String: String] = [
        "drag-changed-without-began": "8:1: <drag> has a 'changed' phase without a 'began' before it",
        "drag-began-twice": "9:1: <drag> begins again before the previous one ended (it began at line 8); "
            + "expected an 'ended' or 'cancelled' phase first",
        "drag-ended-without-began-offsets": "9:1: <drag> has an 'ended' phase without a 'began' before it",
        "drag-cancelled-after-ended": "10:1: <drag> has a 'cancelled' phase without a 'began' before it",
        "pinch-changed-without-began": "8:1: <pinch> has a 'changed' phase without a 'began' before it",
        "pinch-began-twice": "9:1: <pinch> begins again before the previous one ended (it began at line 8); "
            + "expected an 'ended' or 'cancelled' phase first",
        "long-press-ended-without-began": "8:1: <long-press> has an 'ended' phase without a 'began' before it",
        "long-press-began-twice": "9:1: <long-press> begins again before the previous one ended (it began at line "
            + "8); expected an 'ended' or 'cancelled' phase first",
        "transition-finished-without-began": "8:1: <transition> has a 'finished' phase without a 'began' before it",
        "transition-changed-without-began": "8:1: <transition> has a 'changed' phase without a 'began' before it",
        "transition-began-twice": "9:1: <transition> begins again before the previous one ended (it began at line "
            + "8); expected a 'finished' or 'cancelled' phase first",
        "select-missing-item": "8:1: <select> names item 300 of section 0, which has 300 items at this point",
        "deselect-missing-item": "8:1: <deselect> names item 300 of section 0, which has 300 items at this point",
        "select-after-reload-data": "9:1: <select> names item 2 of section 0, which has 2 items at this point",
        "select-after-batch": "9:1: <select> names item 298 of section 0, which has 298 items at this point",
        "scroll-to-item-out-of-range":
            "8:1: <scroll-to-item> names item 300 of section 0, which has 300 items at this point",
        "scroll-to-item-missing-section":
            "8:1: <scroll-to-item> names section 1, but there is 1 section at this point",
        "menu-missing-item": "8:1: <menu> names item 300 of section 0, which has 300 items at this point",
        "menu-without-menu": "8:1: menu action 'copy' on item [0, 0], but no menu is shown",
        "menu-on-another-item": "9:1: menu action 'copy' on item [0, 0], but the menu is shown for item [0, 3]",
        "batch-counts-after-invariant": "9:1: Invalid update: invalid number of items in section 0.  The number of "
            + "items contained in an existing section after the update (300) must be equal to the number of items "
            + "contained in that section before the update (300), plus or minus the number of items inserted or "
            + "deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into "
            + "or out of that section (0 moved in, 0 moved out).",
        "batch-delete-out-of-range": "8:1: attempt to delete item 300 from section 0 which only contains 300 items before the update",
        "set-layout-bad-parameter": "8:38: invalid value 'big' for parameter 'item-size' of layout 'flow'",
        "set-layout-unknown-layout": "8:38: unknown layout 'nope'; expected one of 'flow'",
        "transition-during-layout-switch": "10:1: <transition> while the layout's own switch to another layout is "
            + "still animating; let it finish first",
        "set-layout-during-layout-switch": "10:1: <set-layout> while the layout's own switch to another layout is "
            + "still animating; let it finish first",
        "batch-items-over-limit": "8:1: the batch leaves 10,000,300 items; a collection view holds at most "
            + "10,000,000 items in a replay",
        "visible-elements-over-limit": "7:1: frame 0 (0 s) displays 20,000 elements, more than the limit of 10,000 "
            + "in one frame; the replay stops there",
    ]

    /// Every fixture's name, sorted.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }.sorted()
    }
}
