/// The storage of a layout's last two answers to element queries, for ``ReusedAnswer``: a collection view
/// asks for its visible rect on every frame and, between them, for the region ahead of it (prefetching), so
/// that each answer resembles the last-but-one more than the last.
struct AnswerStorage {
    var recent: [LayoutAttributes] = []
    var older: [LayoutAttributes] = []
}

/// The answer of an element query, built in the storage of one of the layout's last two answers: where the
/// new answer holds the same objects in the same order as that one, nothing is written — no reference
/// retained or released (while a steady scroll brings no new line, a flow layout answers with the
/// objects of its last answer for the same rect; when one comes, the line that left is let go from the front
/// and the one that came is appended).
///
/// The first element picks the last answer that holds it nearest its start and lets go of the elements
/// before it there; from the first element that differs, the rest of that answer is let go and the new one
/// is appended, as into any array. Storage that someone else still holds is copied first, as any array's is.
struct ReusedAnswer {
    /// The answer so far while ``diverged``; before, the last answer it repeats (its first ``matched``
    /// elements so far).
    private var elements: [LayoutAttributes]
    /// The other last answer.
    private var spare: [LayoutAttributes]
    /// How many elements of `elements` the new answer repeats, in order, from the start.
    private var matched = 0
    /// Whether the new answer differs from the one it started to repeat: `elements` then holds exactly the
    /// new answer.
    private var diverged: Bool

    /// An answer that starts as a copy of one of `storage`'s, to be repeated or replaced.
    init(reusing storage: AnswerStorage) {
        elements = storage.recent
        spare = storage.older
        diverged = false
    }

    /// An answer built from empty.
    init() {
        elements = []
        spare = []
        diverged = true
    }

    /// The number of elements appended so far.
    var count: Int { diverged ? elements.count : matched }

    /// Appends `object`, which the caller keeps alive while it appends it.
    /// - Complexity: O(1) amortized; O(m) once, for the m elements of the last answers not repeated.
    @inline(__always)
    mutating func append(_ object: Unmanaged<LayoutAttributes>) {
        if !diverged {
            if matched < elements.count && Self.same(elements[matched], object) {
                matched += 1
                return
            }
            // The first element, not the first of the recent answer: choose the answer to repeat.
            if matched == 0 && repeatAnswer(from: object) {
                matched = 1
                return
            }
            diverged = true
            // Only when there is something to remove: a mutation copies storage that someone else holds.
            if matched < elements.count { elements.removeSubrange(matched...) }
        }
        elements.append(object.takeUnretainedValue())
    }

    /// Appends `attributes`.
    /// - Complexity: as ``append(_:)-(Unmanaged<LayoutAttributes>)``.
    @inline(__always)
    mutating func append(_ attributes: LayoutAttributes) {
        withExtendedLifetime(attributes) { append(Unmanaged.passUnretained(attributes)) }
    }

    /// The answer, and the storage of the last two answers for the next query: the answer and the other one.
    /// - Complexity: O(m) for the m elements of the repeated answer not repeated to its end.
    mutating func finish() -> (answer: [LayoutAttributes], storage: AnswerStorage) {
        if !diverged && matched < elements.count { elements.removeSubrange(matched...) }
        diverged = true
        return (elements, AnswerStorage(recent: elements, older: spare))
    }

    /// Chooses the last answer that holds `first`, the new answer's first element, nearest its start (the
    /// recent one on a tie: a collection view's region ahead begins inside its visible rect, so that the
    /// visible rect's answer holds it too, far from its start), and lets go of its elements before it;
    /// returns whether one does. When neither does, the new answer is built in the older one's storage,
    /// keeping the recent one for the next query.
    /// - Complexity: O(m) for the m elements of the last answers.
    private mutating func repeatAnswer(from first: Unmanaged<LayoutAttributes>) -> Bool {
        let inOlder = spare.firstIndex { Self.same($0, first) }
        // The recent answer only up to where the older one holds it: it wins a tie.
        if let inRecent = elements.prefix(inOlder.map { $0 + 1 } ?? elements.count).firstIndex(where: {
            Self.same($0, first)
        }) {
            if inRecent > 0 { elements.removeSubrange(..<inRecent) }
            return true
        }
        swap(&elements, &spare)
        guard let inOlder else { return false }
        if inOlder > 0 { elements.removeSubrange(..<inOlder) }
        return true
    }

    @inline(__always)
    private static func same(_ attributes: LayoutAttributes, _ object: Unmanaged<LayoutAttributes>) -> Bool {
        Unmanaged.passUnretained(attributes).toOpaque() == object.toOpaque()
    }
}
