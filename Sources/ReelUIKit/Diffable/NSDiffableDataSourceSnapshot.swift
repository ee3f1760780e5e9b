internal import CollectionEngine

/// The state of a diffable data source's data: sections and their items, by identifier — UIKit's
/// `NSDiffableDataSourceSnapshot`, a value type with its usual methods.
///
/// Identifiers must be unique across the snapshot: adding one that is already there stops with UIKit's reason,
/// "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(…)}" (UIKit raises
/// `NSInternalInconsistencyException` with it when such a snapshot is applied; iOS 15 and later instead move an
/// appended duplicate into place with a log line, which Reel does not model).
///
/// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    public private(set) var sectionIdentifiers: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// The section each item is in.
    private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items marked with ``reloadItems(_:)`` and ``reconfigureItems(_:)``, in the order they were marked.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    public init() {}

    // MARK: Reading

    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { sectionOfItem.count }
    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemIdentifiers(inSection: identifier).count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let section = index(ofSection: identifier) else {
            preconditionFailure("Invalid parameter not satisfying: section != NSNotFound (section \(identifier))")
        }
        return items[section]
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier]
    }

    /// The item's index among all the snapshot's items, or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let index = index(ofSection: section) else { return nil }
        let before = items[..<index].reduce(0) { $0 + $1.count }
        return items[index].firstIndex(of: identifier).map { before + $0 }
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { index(ofSection: identifier) }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        checkNewSections(identifiers)
        sectionIdentifiers += identifiers
        items += identifiers.map { _ in [] }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection: SectionIdentifierType) {
        checkNewSections(identifiers)
        let at = requireSection(beforeSection)
        sectionIdentifiers.insert(contentsOf: identifiers, at: at)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: at)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection: SectionIdentifierType) {
        checkNewSections(identifiers)
        let at = requireSection(afterSection) + 1
        sectionIdentifiers.insert(contentsOf: identifiers, at: at)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: at)
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard let section = index(ofSection: identifier) else { continue }
            for item in items[section] { sectionOfItem[item] = nil }
            sectionIdentifiers.remove(at: section)
            items.remove(at: section)
        }
    }

    // MARK: Items

    /// Appends items to `section`, or to the last section when it is nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let target = section.map({ requireSection($0) }) ?? (sectionIdentifiers.isEmpty ? nil : sectionIdentifiers.count - 1) else {
            preconditionFailure("There are currently no sections in the data source. Please add a section first.")
        }
        add(identifiers, to: target)
        items[target] += identifiers
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem: ItemIdentifierType) {
        let (section, index) = requireItem(beforeItem)
        add(identifiers, to: section)
        items[section].insert(contentsOf: identifiers, at: index)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem: ItemIdentifierType) {
        let (section, index) = requireItem(afterItem)
        add(identifiers, to: section)
        items[section].insert(contentsOf: identifiers, at: index + 1)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for identifier in identifiers { sectionOfItem[identifier] = nil }
        for section in items.indices { items[section].removeAll { gone.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sectionIdentifiers = []
        items = []
        sectionOfItem = [:]
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem: ItemIdentifierType) {
        _ = requireItem(identifier)
        deleteItems([identifier])
        insertItems([identifier], beforeItem: beforeItem)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem: ItemIdentifierType) {
        _ = requireItem(identifier)
        deleteItems([identifier])
        insertItems([identifier], afterItem: afterItem)
    }

    /// Marks items to be reloaded: their cells are replaced when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            preconditionFailure(DiffableError.missingItem(String(describing: identifier), reconfigure: false).message)
        }
        reloadedItemIdentifiers += identifiers
    }

    /// Marks items to be reconfigured: their existing cells are configured again when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            preconditionFailure(DiffableError.missingItem(String(describing: identifier), reconfigure: true).message)
        }
        reconfiguredItemIdentifiers += identifiers
    }

    /// Forgets the marks, once applied.
    mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
    }

    // MARK: Checks

    private func index(ofSection identifier: SectionIdentifierType) -> Int? { sectionIdentifiers.firstIndex(of: identifier) }

    private func requireSection(_ identifier: SectionIdentifierType) -> Int {
        guard let index = index(ofSection: identifier) else {
            preconditionFailure("Invalid parameter not satisfying: section != NSNotFound (section \(identifier))")
        }
        return index
    }

    private func requireItem(_ identifier: ItemIdentifierType) -> (section: Int, index: Int) {
        guard let section = sectionOfItem[identifier], let s = index(ofSection: section),
              let index = items[s].firstIndex(of: identifier) else {
            preconditionFailure("Invalid parameter not satisfying: item identifier \(identifier) is in the snapshot")
        }
        return (s, index)
    }

    private func checkNewSections(_ identifiers: [SectionIdentifierType]) {
        var seen = Set(sectionIdentifiers)
        let repeated = identifiers.filter { !seen.insert($0).inserted }
        if !repeated.isEmpty {
            preconditionFailure(DiffableError.duplicateSections(repeated.map { String(describing: $0) }).message)
        }
    }

    /// Records `identifiers` as items of section `index`, stopping with UIKit's reason on a duplicate.
    private mutating func add(_ identifiers: [ItemIdentifierType], to index: Int) {
        var repeated: [ItemIdentifierType] = []
        for identifier in identifiers where sectionOfItem.updateValue(sectionIdentifiers[index], forKey: identifier) != nil {
            repeated.append(identifier)
        }
        if !repeated.isEmpty {
            preconditionFailure(DiffableError.duplicateItems(repeated.map { String(describing: $0) }).message)
        }
    }
}
