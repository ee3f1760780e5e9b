import CollectionEngine

extension SpringboardLayout {
    /// The current frames of the icons within one screen of the bounds on either side along the
    /// scrolling axis, by index path.
    func framesNearTheScreen() -> [IndexPath: Rect] {
        guard let collectionView else { return [:] }
        let bounds = collectionView.bounds
        let near = scrollDirection == .horizontal
            ? Rect(x: bounds.minX - bounds.width, y: bounds.minY, width: 3 * bounds.width, height: bounds.height)
            : Rect(x: bounds.minX, y: bounds.minY - bounds.height, width: bounds.width, height: 3 * bounds.height)
        var frames: [IndexPath: Rect] = [:]
        for attributes in super.layoutAttributesForElements(in: near) where attributes.representedElementCategory == .cell {
            frames[attributes.indexPath] = attributes.frame
        }
        return frames
    }
}
