/// The kinds of attribute value the format distinguishes: each one's syntax (the schema's pattern, or its
/// words) and range (``TraceLimits``). ``ValueSyntax`` checks them on bytes; `Traces/trace.rng` states
/// them as its definitions, which `FormatDeclarationTests` holds to these.
enum ValueKind: UInt8, CaseIterable, Sendable {
    case versionOne, text, nonEmpty, boolean, phase, transitionPhase, position, decelerationRate
    /// `count-list` of item indices (`<delete-items at>`) and of item counts (`<batch counts-after>`).
    case itemIndexList, itemCountList, indexPath, sizeList, insets
    /// `<frame-intervals ms>`: intervals in milliseconds, `MS` or a run `MS*K`, separated by spaces.
    case intervalList
    /// A section's flow metrics: its insets (`T L B R`, none negative), a spacing, a header's or footer's size.
    case nonNegativeInsets, spacing, size
    /// `<collection-view>`'s `scale` (1, 2 or 3) and `layout-direction` (`ltr`, `rtl`).
    case displayScale, layoutDirection
    case refreshRate, seconds, duration, viewLength, coordinate, velocity, scale, progress, cost
    case itemCount, itemIndex, sectionIndex
    /// How much a size changes from one measurement to the next (`<section unstable-delta>`), signed.
    case sizeDelta
    /// `<section items>`: an item count, or the items' identifiers (`m0…m499 x7`).
    case itemsOrIdentifiers
    /// `<collection-view ios>`: 13 to 26.
    case iosVersion

    /// The name of the schema's definition for the kind, or nil where the schema spells it in place.
    var schemaDefinition: String? {
        switch self {
        case .versionOne, .text, .nonEmpty, .phase, .transitionPhase, .position, .decelerationRate, .displayScale,
             .layoutDirection: nil
        case .boolean: "boolean"
        case .itemIndexList, .itemCountList: "count-list"
        case .indexPath: "index-path"
        case .sizeList: "size-list"
        case .intervalList: "interval-list"
        case .insets: "insets"
        case .nonNegativeInsets: "nonnegative-insets"
        case .spacing: "spacing"
        case .size: "size"
        case .refreshRate: "refresh-rate"
        case .seconds: "seconds"
        case .duration: "duration"
        case .viewLength: "view-length"
        case .coordinate: "coordinate"
        case .velocity: "velocity"
        case .scale: "scale"
        case .progress: "progress"
        case .cost: "cost"
        case .itemCount: "item-count"
        case .itemIndex: "item-index"
        case .sectionIndex: "section-index"
        case .sizeDelta: "size-delta"
        case .itemsOrIdentifiers: "items"
        case .iosVersion: nil
        }
    }

    /// The words the value may be, when it is one of a few (`true`, `false`), or empty; for
    /// `decelerationRate`, the words it may be instead of a number.
    var words: [StaticString] { Self.wordLists[Int(rawValue)] }

    private static let wordLists: [[StaticString]] = allCases.map { kind in
        switch kind {
        case .versionOne: ["1"]
        case .displayScale: ["1", "2", "3"]
        case .layoutDirection: ["ltr", "rtl"]
        case .boolean: ["true", "false"]
        case .phase: ["began", "changed", "ended", "cancelled"]
        case .transitionPhase: ["began", "changed", "finished", "cancelled"]
        case .position: ["top", "center", "bottom", "left", "right", "nearest"]
        case .decelerationRate: ["normal", "fast"]
        case .iosVersion: (13...26).map { ValueKind.versionWords[$0 - 13] }
        default: []
        }
    }

    private static let versionWords: [StaticString] = [
        "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26",
    ]

    /// A number's pattern: `-?N` (signed) or `N`, N as below.
    static let unsignedNumber = #"[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?"#
    static let signedNumber = "-?" + unsignedNumber
    /// A count's or an index's pattern.
    static let index = "[0-9]{1,18}"

    /// The schema's pattern for the value (for a number, besides its range), or nil when it has none.
    var pattern: String? {
        let size = "\(Self.unsignedNumber) +\(Self.unsignedNumber)"
        let entry = #"\#(size)(\*[0-9]{1,8})?"#
        return switch self {
        case .versionOne, .text, .nonEmpty, .boolean, .phase, .transitionPhase, .position, .displayScale,
             .layoutDirection, .iosVersion: nil
        // Identifiers: one token that is not a number, or several tokens (the count is the other choice).
        case .itemsOrIdentifiers: #"\S*[^\s0-9]\S*(\s+\S+)*|\S+(\s+\S+)+"#
        case .decelerationRate: Self.unsignedNumber
        case .itemIndexList, .itemCountList: "(\(Self.index)( +\(Self.index))*)?"
        case .indexPath: "\(Self.index) +\(Self.index)"
        case .sizeList: "(\(entry)(, ?\(entry))*)?"
        case .intervalList: "\(Self.unsignedNumber)(\\*[0-9]{1,8})?( +\(Self.unsignedNumber)(\\*[0-9]{1,8})?)*"
        case .insets: "\(Self.signedNumber)( +\(Self.signedNumber)){3}"
        case .nonNegativeInsets: "\(Self.unsignedNumber)( +\(Self.unsignedNumber)){3}"
        case .size: size
        case .refreshRate, .seconds, .duration, .viewLength, .coordinate, .velocity, .scale, .progress, .cost, .spacing,
             .sizeDelta:
            Self.signedNumber
        case .itemCount, .itemIndex, .sectionIndex: Self.index
        }
    }

    /// The range of a number (the schema's minInclusive and maxInclusive), or nil.
    var range: ValueRange? {
        switch self {
        case .refreshRate: .refreshRate
        case .seconds: .time
        case .duration: .duration
        case .viewLength: .viewLength
        case .coordinate: .coordinate
        case .velocity: .velocity
        case .scale: .pinchScale
        case .progress: .progress
        case .cost: .cost
        case .spacing: .spacing
        case .sizeDelta: .sizeDelta
        case .decelerationRate: .decelerationRate
        default: nil
        }
    }

    /// The range of a count or an index (from 0 to the schema's maxInclusive), or nil.
    var countRange: CountRange? {
        switch self {
        case .itemCount, .itemsOrIdentifiers: .items
        case .itemIndex: .item
        case .sectionIndex: .section
        default: nil
        }
    }

    /// The range of each number of a compound value (an inset, a size's width and height), or nil.
    var entryRange: ValueRange? {
        switch self {
        case .insets: .inset
        case .nonNegativeInsets: .sectionInset
        case .sizeList, .size: .elementLength
        case .intervalList: .frameInterval
        default: nil
        }
    }

    /// The range of each count or index of a list or an index path, or nil.
    var entryCountRange: CountRange? {
        switch self {
        case .itemIndexList: .item
        case .itemCountList: .items
        default: nil
        }
    }

    /// The kinds of an index path's section and item (`<move-item from to>`).
    static let indexPathParts: (section: ValueKind, item: ValueKind) = (.sectionIndex, .itemIndex)
}
