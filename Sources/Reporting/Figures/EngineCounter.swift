/// Reel's exact counters (`counters`), declared once: their JSON keys, in report order, and whether
/// an increase costs work.
///
/// `Replay` maps every field of the engine's counters to one of these (a test reflects over the engine's
/// counters and fails on a field no report shows); findings, renderers, compare and gate name counters
/// through this type, never by a string of their own.
public enum EngineCounter: String, CaseIterable, Sendable {
    case cellsCreated = "cells_created"
    case cellsReused = "cells_reused"
    case cellsConfigured = "cells_configured"
    case cellsPrefetched = "cells_prefetched"
    case cellsRedisplayed = "cells_redisplayed"
    case supplementaryCreated = "supplementary_created"
    case supplementaryReused = "supplementary_reused"
    case supplementaryConfigured = "supplementary_configured"
    case decorationCreated = "decoration_created"
    case decorationReused = "decoration_reused"
    case layoutPrepares = "layout_prepares"
    case layoutInvalidations = "layout_invalidations"
    case boundsInvalidations = "bounds_invalidations"
    case elementQueries = "element_queries"
    case nestedQueries = "nested_queries"
    case layoutAttributesBuilt = "layout_attributes_built"
    case attributesExamined = "attributes_examined"
    case attributesApplied = "attributes_applied"
    case attributesUnchanged = "attributes_unchanged"
    case batchUpdates = "batch_updates"
    case itemsInserted = "items_inserted"
    case itemsDeleted = "items_deleted"
    case itemsMoved = "items_moved"
    case itemsReloaded = "items_reloaded"
    case sectionsInserted = "sections_inserted"
    case sectionsDeleted = "sections_deleted"
    case sectionsMoved = "sections_moved"
    case sectionsReloaded = "sections_reloaded"
    case maxVisibleElements = "max_visible_elements"
    case taps
    case highlights
    case selections
    case deselections
    case menusShown = "menus_shown"
    case menuActions = "menu_actions"
    case layoutInteractions = "layout_interactions"
    case preferredAttributesQueries = "preferred_attributes_queries"
    case selfSizingInvalidations = "self_sizing_invalidations"
    case contentSizeChanges = "content_size_changes"
    case visibleContentShifts = "visible_content_shifts"
    case estimateErrorPt = "estimate_error_pt"
    case snapshotApplies = "snapshot_applies"
    case snapshotItemsDiffed = "snapshot_items_diffed"
    case itemsReconfigured = "items_reconfigured"
    case snapshotReloads = "snapshot_reloads"

    /// The key in the report's `counters` object, and the counter's name in text.
    public var key: String { rawValue }

    /// Whether fewer is better (work the engine or the layout did: creations, configurations, prepares,
    /// queries), or neither: counts of what the trace asked for (updates, taps) and of work that replaces
    /// costlier work (reuses, unchanged attributes), which change when the session or the layout's geometry
    /// does without costing more.
    public var better: Figure.Better {
        switch self {
        case .cellsCreated, .cellsConfigured, .cellsPrefetched, .supplementaryCreated, .supplementaryConfigured,
             .decorationCreated, .layoutPrepares, .layoutInvalidations, .boundsInvalidations, .elementQueries,
             .nestedQueries, .layoutAttributesBuilt, .attributesExamined, .attributesApplied,
             .preferredAttributesQueries, .selfSizingInvalidations, .contentSizeChanges, .visibleContentShifts,
             .estimateErrorPt, .snapshotItemsDiffed, .snapshotReloads:
            .lower
        case .cellsReused, .cellsRedisplayed, .supplementaryReused, .decorationReused, .attributesUnchanged, .batchUpdates,
             .itemsInserted, .itemsDeleted, .itemsMoved, .itemsReloaded, .sectionsInserted, .sectionsDeleted,
             .sectionsMoved, .sectionsReloaded, .maxVisibleElements, .taps, .highlights, .selections,
             .deselections, .menusShown, .menuActions, .layoutInteractions, .snapshotApplies, .itemsReconfigured:
            .neither
        }
    }
}
