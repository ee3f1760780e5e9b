#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation

/// Where tests write their files: one folder of the test process's own in the temporary directory, removed
/// with everything in it when the process exits, so that runs of the suite leave nothing behind.
///
/// Tests name a subfolder or a file in it (``url(_:)``); names only need to be unique within one run.
public enum ScratchDirectory {
    /// The process's folder, `reel-tests-<pid>`, created and its removal at exit registered on first use.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-tests-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchDirectory.root) }
        return url
    }()

    /// `name` (a file or a folder, which may have subfolders) in the process's folder. The folders leading to
    /// it are created; the last component is not.
    public static func url(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with the path of a new empty folder of its own in the process's folder, and removes the
    /// folder when `body` returns or throws.
    public static func withFreshFolder(_ body: (String) throws -> Void) throws {
        let folder = try self.folder("fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    /// A folder `name` in the process's folder, created if it is not there yet.
    public static func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
