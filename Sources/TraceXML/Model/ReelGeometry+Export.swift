// A trace holds Reel's one geometry: code that reads or writes traces has Point, Size and EdgeInsets without
// importing their module.
@_exported public import ReelGeometry
