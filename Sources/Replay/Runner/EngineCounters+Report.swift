package import Reporting
package import CollectionEngine

extension EngineCounters {
    /// The engine's field that each declared counter reports.
    ///
    /// The switch is exhaustive over ``EngineCounter``, so a counter the vocabulary declares cannot go without a
    /// value; `ReplayTests` reflects over `EngineCounters` and fails when the engine counts something no
    /// declared counter reports.
    package static func keyPath(for counter: EngineCounter) -> WritableKeyPath<EngineCounters, Int> {
        switch counter {
        case .cellsCreated: \.cellsCreated
        case .cellsReused: \.cellsReused
        case .cellsConfigured: \.cellsConfigured
        case .cellsPrefetched: \.cellsPrefetched
        case .cellsRedisplayed: \.cellsRedisplayed
        case .supplementaryCreated: \.supplementaryCreated
        case .supplementaryReused: \.supplementaryReused
        case .supplementaryConfigured: \.supplementaryConfigured
        case .decorationCreated: \.decorationCreated
        case .decorationReused: \.decorationReused
        case .layoutPrepares: \.layoutPrepares
        case .layoutInvalidations: \.layoutInvalidations
        case .boundsInvalidations: \.boundsInvalidations
        case .elementQueries: \.elementQueries
        case .nestedQueries: \.nestedQueries
        case .layoutAttributesBuilt: \.layoutAttributesBuilt
        case .attributesExamined: \.attributesExamined
        case .attributesApplied: \.attributesApplied
        case .attributesUnchanged: \.attributesUnchanged
        case .batchUpdates: \.batchUpdates
        case .itemsInserted: \.itemsInserted
        case .itemsDeleted: \.itemsDeleted
        case .itemsMoved: \.itemsMoved
        case .itemsReloaded: \.itemsReloaded
        case .sectionsInserted: \.sectionsInserted
        case .sectionsDeleted: \.sectionsDeleted
        case .sectionsMoved: \.sectionsMoved
        case .sectionsReloaded: \.sectionsReloaded
        case .maxVisibleElements: \.maxVisibleElements
        case .taps: \.taps
        case .highlights: \.highlights
        case .selections: \.selections
        case .deselections: \.deselections
        case .menusShown: \.menusShown
        case .menuActions: \.menuActions
        case .layoutInteractions: \.layoutInteractions
        case .preferredAttributesQueries: \.preferredAttributesQueries
        case .selfSizingInvalidations: \.selfSizingInvalidations
        case .contentSizeChanges: \.contentSizeChanges
        case .visibleContentShifts: \.visibleContentShifts
        case .estimateErrorPt: \.estimateErrorPt
        case .snapshotApplies: \.snapshotApplies
        case .snapshotItemsDiffed: \.snapshotItemsDiffed
        case .itemsReconfigured: \.itemsReconfigured
        case .snapshotReloads: \.snapshotReloads
        }
    }
}
