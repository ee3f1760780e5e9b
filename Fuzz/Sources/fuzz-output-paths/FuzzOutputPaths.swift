#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Reporting

/// libFuzzer's entry point: the bytes describe a folder — regular files, directories, FIFOs with and without
/// a reader, symbolic links (to another entry, to nothing, to `/dev/null`, to themselves), names from one
/// byte to past the 255 a name may have — then up to three output paths into it (or through a missing
/// folder, through a file, with a trailing slash, `/dev/null`, `/dev/full`, `/proc/self/fd/N` of a pipe) and
/// which of its files are the command's inputs. It runs what a command does with them: `OutputFile.check`
/// before the work, then `open`, `write`, and `commit` or `discard` for each output.
///
/// A correct answer is an ``OutputFileError`` or a written output. A bug is a trap, a hang (`-timeout`), or a
/// broken rule, which `precondition` turns into a crash: an input changed or replaced; a FIFO, a directory or
/// a symbolic link replaced; a temporary `.…reel-tmp-…` left behind; a committed regular file that does not
/// hold what was written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutputPaths(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = InputBytes(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    let folder = Scene.freshFolder()
    defer { Scene.remove(folder) }
    let scene = Scene(in: folder, from: &bytes)
    defer { scene.closeReaders() }
    let outputs = (0..<(Int(bytes.next() % 3) + 1)).map { _ in scene.outputPath(from: &bytes) }
    let inputs = scene.files.enumerated().filter { index, _ in bytes.next() & 1 == 1 || index == 0 }.map(\.element)
    let before = inputs.map { Snapshot(of: $0) }
    let kinds = scene.entries.map { ($0, Scene.kind(of: $0)) }
    let content = Array(bytes.rest.prefix(4096))

    var written: [String: [UInt8]] = [:]
    if (try? OutputFile.check(outputs, inputs: inputs, writing: "the report")) != nil {
        for output in outputs {
            let commits = bytes.next() % 4 != 0
            do {
                let file = try OutputFile.open(output, waitingForReader: .milliseconds(5))
                try file.write(content)
                if commits {
                    try file.commit()
                    if file.isAtomic, let target = try? Scene.resolved(output) { written[target] = content }
                } else {
                    file.discard()
                }
            } catch {
                _ = error.description
            }
        }
    }
    scene.drainPipe()

    for (input, snapshot) in zip(inputs, before) {
        precondition(Snapshot(of: input) == snapshot, "the input \(input) was changed by writing \(outputs)")
    }
    for (entry, kind) in kinds where kind != S_IFREG && kind != 0 {
        precondition(Scene.kind(of: entry) == kind, "\(entry) is no longer of kind \(kind) after writing \(outputs)")
    }
    let left = Scene.temporaries(in: folder)
    precondition(left.isEmpty, "temporaries left behind: \(left)")
    for (target, content) in written {
        precondition(FileManager.default.contents(atPath: target).map(Array.init) == content,
                     "\(target) does not hold what was committed")
    }
    return 0
}

/// The fuzzer's bytes, read one at a time; 0 once they run out.
struct InputBytes {
    private var bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }
}

/// What a file holds and which file it is: an input must keep both.
struct Snapshot: Equatable {
    var device: UInt64
    var inode: UInt64
    var content: [UInt8]?

    init(of path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        } else {
            device = 0
            inode = 0
        }
        content = FileManager.default.contents(atPath: path).map(Array.init)
    }
}

/// The folder an input describes, made on disk.
final class Scene {
    let folder: String
    /// Every entry made, by path.
    private(set) var entries: [String] = []
    /// The regular files among them.
    private(set) var files: [String] = []
    /// The directories among them.
    private var directories: [String] = []
    /// Read ends held open on FIFOs that have a reader, closed after the input.
    private var readers: [Int32] = []

    /// A pipe whose write end `/proc/self/fd/N` names: written in place, drained after every input.
    private static let pipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { return (-1, -1) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }()

    /// The process's folder, removed when it exits.
    private static let root: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fuzz-output-paths-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { Scene.remove(Scene.root) }
        return path
    }()

    static func freshFolder() -> String {
        let folder = root + "/scene"
        remove(folder)
        mkdir(folder, 0o755)
        return folder
    }

    static func remove(_ folder: String) {
        // A directory made unwritable would keep its entries from a user other than root.
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            for case let entry as String in enumerator { chmod(folder + "/" + entry, 0o755) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    init(in folder: String, from bytes: inout InputBytes) {
        self.folder = folder
        let count = Int(bytes.next() % 7)
        for index in 0..<count {
            let parent = directories.isEmpty || bytes.next() % 3 != 0 ? folder : directories[Int(bytes.next()) % directories.count]
            let path = parent + "/" + Self.name(index, from: &bytes)
            switch bytes.next() % 9 {
            case 0, 1:
                FileManager.default.createFile(atPath: path, contents: Data("input \(index)\n".utf8))
                if bytes.next() % 4 == 0 { chmod(path, 0o600) }
                files.append(path)
            case 2:
                mkdir(path, bytes.next() % 4 == 0 ? 0o500 : 0o755)
                directories.append(path)
            case 3:
                mkfifo(path, 0o644)
                let reader = open(path, O_RDONLY | O_NONBLOCK)
                if reader >= 0 { readers.append(reader) }
            case 4:
                mkfifo(path, 0o644)  // no reader: opening it for writing must not block
            case 5:
                let target = entries.isEmpty ? "missing" : entries[Int(bytes.next()) % entries.count]
                symlink(bytes.next() & 1 == 0 ? target : Self.relative(target, from: parent), path)
            case 6:
                symlink(parent + "/missing-\(index)", path)
            case 7:
                symlink(bytes.next() & 1 == 0 ? "/dev/null" : "/dev/full", path)
            default:
                symlink(path, path)  // a loop
            }
            entries.append(path)
        }
    }

    /// An entry's name: short, or long enough that its temporary's name passes 255 bytes, or too long to be a
    /// name at all, in ASCII or in characters of several bytes.
    private static func name(_ index: Int, from bytes: inout InputBytes) -> String {
        let base = "e\(index)"
        switch bytes.next() % 6 {
        case 0: return base + String(repeating: "n", count: 200 + Int(bytes.next() % 56))  // up to 255 bytes
        case 1: return base + String(repeating: "é", count: 100 + Int(bytes.next() % 27))  // 2 bytes each
        case 2: return base + String(repeating: "x", count: 256)  // too long for a name
        case 3: return base + ".json"
        default: return base
        }
    }

    private static func relative(_ target: String, from directory: String) -> String {
        target.hasPrefix(directory + "/") ? String(target.dropFirst(directory.count + 1)) : target
    }

    /// An output path: an entry, a new file beside one, a path through a missing folder or through a file, a
    /// trailing slash, a device, or a descriptor of the process's.
    func outputPath(from bytes: inout InputBytes) -> String {
        let entry = entries.isEmpty ? folder + "/new" : entries[Int(bytes.next()) % entries.count]
        switch bytes.next() % 10 {
        case 0, 1, 2: return entry
        case 3: return folder + "/out-\(bytes.next() % 4).json"
        case 4: return folder + "/" + String(repeating: "o", count: 200 + Int(bytes.next() % 56))
        case 5: return folder + "/missing/out.json"
        case 6: return entry + "/out.json"
        case 7: return entry + "/"
        case 8: return bytes.next() & 1 == 0 ? "/dev/null" : "/dev/full"
        default: return "/proc/self/fd/\(Self.pipe.write)"
        }
    }

    func closeReaders() {
        for reader in readers { close(reader) }
    }

    func drainPipe() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(Self.pipe.read, &buffer, buffer.count) > 0 {}
    }

    /// The type bits of what `path` is itself (a link is a link), 0 when nothing is there.
    static func kind(of path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// The file a regular output lands in, its links followed.
    static func resolved(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard kind(of: current) == S_IFLNK else { return current }
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: current)
            current = link.hasPrefix("/") ? link : (current as NSString).deletingLastPathComponent + "/" + link
        }
        return current
    }

    /// Temporaries `.…reel-tmp-…` anywhere under `folder`.
    static func temporaries(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.contains(".reel-tmp-") }
    }
}
