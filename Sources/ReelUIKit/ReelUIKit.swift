// UIKit code expects Foundation with UIKit (`floor`, `NSCoder`, `CGFloat`, `CGRect`, `IndexPath`): importing this
// module brings it, as `import UIKit` does. The engine and the catalogue stay out of a user's file, so that its
// `IndexPath`, `CGRect` and friends are Foundation's alone.
@_exported public import Foundation
internal import CollectionEngine

// The engine's names, which clash with Foundation's inside this module.
typealias EngineIndexPath = CollectionEngine.IndexPath
typealias EngineRect = CollectionEngine.Rect
typealias EnginePoint = CollectionEngine.Point
typealias EngineSize = CollectionEngine.Size
typealias EngineInsets = CollectionEngine.EdgeInsets
