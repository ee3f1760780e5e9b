// The engine's geometry is Reel's one geometry: a layout that imports CollectionEngine has Point, Size, Rect and
// EdgeInsets without importing their module.
@_exported public import ReelGeometry
