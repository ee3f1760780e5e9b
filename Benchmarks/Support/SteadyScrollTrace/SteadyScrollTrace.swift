import Foundation
import TraceXML

/// The steady scroll of `frames` frames (as `Tools/FrameInstructions` writes them): a 390 × 844 view,
/// the default flow layout over 1,000,000 items (about 90 visible), one `<scroll>` a frame 10 points further,
/// no workload. Written once to the temporary directory; returns its path.
public func steadyScrollTrace(frames: Int) throws -> String {
    let path = NSTemporaryDirectory() + "reel-bench-steady-\(frames).xml"
    if FileManager.default.fileExists(atPath: path) { return path }
    let header = TraceHeader(
        collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844), refreshRate: 60),
        layout: LayoutDescription(name: "flow"),
        sections: [SectionDescription(items: 1_000_000)])
    let writer = try TraceWriter(path: path, header: header)
    for frame in 1...frames {
        try writer.write(TraceEvent(time: Double(frame) / 60, .scroll(offset: Point(x: 0, y: Double(frame) * 10))))
    }
    try writer.finish()
    return path
}
