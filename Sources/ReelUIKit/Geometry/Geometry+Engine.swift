internal import CollectionEngine
import Foundation

// Conversions at the boundary between UIKit's names and the engine's geometry. CGFloat is a Double on
// 64-bit platforms, so each is a move of the same bits.

extension CGPoint {
    @inline(__always) init(_ point: EnginePoint) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
    @inline(__always) var engine: EnginePoint { EnginePoint(x: Double(x), y: Double(y)) }
}

extension CGSize {
    @inline(__always) init(_ size: EngineSize) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
    @inline(__always) var engine: EngineSize { EngineSize(width: Double(width), height: Double(height)) }
}

extension CGRect {
    @inline(__always) init(_ rect: EngineRect) {
        self.init(x: CGFloat(rect.origin.x), y: CGFloat(rect.origin.y),
                  width: CGFloat(rect.size.width), height: CGFloat(rect.size.height))
    }
    @inline(__always) var engine: EngineRect {
        EngineRect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
    }
}

extension UIEdgeInsets {
    @inline(__always) init(_ insets: EngineInsets) {
        self.init(top: CGFloat(insets.top), left: CGFloat(insets.left), bottom: CGFloat(insets.bottom),
                  right: CGFloat(insets.right))
    }
    @inline(__always) var engine: EngineInsets {
        EngineInsets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }
}

extension Foundation.IndexPath {
    @inline(__always) init(_ indexPath: EngineIndexPath) { self.init(item: indexPath.item, section: indexPath.section) }
    /// The engine's index path: the last two indexes (section, item); a shorter path gives item 0 or section 0.
    @inline(__always) var engine: EngineIndexPath {
        switch count {
        case 0: EngineIndexPath(item: 0, section: 0)
        case 1: EngineIndexPath(item: 0, section: self[0])
        default: EngineIndexPath(item: self[1], section: self[0])
        }
    }
}
