#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

extension OutputFile {
    /// Checks, before any work is done, that every path in `paths` can take an output, so that a run never
    /// replays for minutes only to find it has nowhere to write: ``check(_:inputs:writing:)`` for each, and no
    /// two of them the same file (devices and FIFOs aside, which several outputs may share).
    ///
    /// - Parameters:
    ///   - paths: The outputs as given; `-` (standard output) is always fine.
    ///   - inputs: The files the command reads (traces, reports, a baseline): no output may be one of them.
    ///   - what: What would be written, for the message: "the report", "the baseline".
    /// - Throws: ``OutputFileError`` naming the first path that cannot take its output and why.
    /// - Complexity: O(*n*²) `stat` calls in the number of paths, plus O(*n* × *m*) for *m* inputs.
    public static func check(_ paths: [String], inputs: [String] = [], writing what: String) throws(OutputFileError) {
        var earlier: [(path: String, identity: FileIdentity)] = []
        for path in paths {
            try check(path, inputs: inputs, writing: what)
            guard let identity = try FileIdentity(path) else { continue }
            if let same = earlier.first(where: { $0.identity == identity }) {
                throw OutputFileError(path: path, message: "is also the output '\(same.path)'; each output needs a file of its own")
            }
            earlier.append((path, identity))
        }
    }

    /// Checks, before any work is done, that `path` can take an output by the rules of ``open(_:)``, without
    /// opening it (a FIFO with no reader would block the open):
    ///
    /// - a regular file, or a path that does not exist yet: its directory exists, is a directory and can be
    ///   written in (the atomic write creates a temporary file there and renames it), and it is not one of
    ///   `inputs` — compared by device and inode when both exist (so `./a.xml`, `a.xml` and a symbolic link to
    ///   it are one file), by the path with its links resolved otherwise;
    /// - a device or a FIFO: it can be written (its type and permissions only);
    /// - a directory or a socket: refused. `-` (standard output) is always fine.
    ///
    /// - Parameters:
    ///   - path: The output as given; symbolic links are followed as ``open(_:)`` follows them.
    ///   - inputs: The files the command reads (`-` among them is standard input and is skipped).
    ///   - what: What would be written, for the message: "the report", "the baseline".
    /// - Throws: ``OutputFileError`` naming `path` and saying what is wrong:
    ///   `out/r.json: the directory 'out' does not exist`,
    ///   `Traces/a.xml: is one of the inputs; writing the report there would overwrite it`.
    public static func check(_ path: String, inputs: [String] = [], writing what: String) throws(OutputFileError) {
        guard !path.isEmpty else { throw OutputFileError(path: path, message: "is empty; expected a file to write") }
        let target: String
        switch path == "-" ? .descriptor(STDOUT_FILENO) : try resolveTarget(path) {
        case .descriptor(let descriptor):
            try checkWritable(descriptor, path: path)
            try checkNotAnInput(path, inputs: inputs, writing: what)
            return
        case .file(let file):
            target = file
        }
        var status = stat()
        if lstat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw OutputFileError(path: path, message: "is a directory; expected a file to write")
            case S_IFREG:
                try checkDirectory(of: target, path: path)
            case S_IFSOCK:
                throw OutputFileError(path: path, message: "is a socket; expected a file, a device or a FIFO to write")
            default:
                guard access(target, W_OK) == 0 else {
                    throw OutputFileError(path: path, message: "cannot be written: \(String(cString: strerror(errno)))")
                }
                return
            }
        } else if errno == ENOENT || errno == ENOTDIR {
            guard !path.hasSuffix("/") else {
                throw OutputFileError(path: path, message: "ends with '/'; expected a file to write, not a directory")
            }
            try checkDirectory(of: target, path: path)
        } else {
            throw OutputFileError(path: path, message: "cannot examine it: \(String(cString: strerror(errno)))")
        }
        try checkNotAnInput(path, inputs: inputs, writing: what)
    }

    /// Refuses `path` when it is the file one of `inputs` names (a shell's `>> trace.xml` included).
    private static func checkNotAnInput(_ path: String, inputs: [String], writing what: String) throws(OutputFileError) {
        guard let identity = try FileIdentity(path) else { return }
        for input in inputs where input != "-" {
            if (try? FileIdentity(input)) == identity {
                throw OutputFileError(path: path, message: "is one of the inputs; writing \(what) there would overwrite it")
            }
        }
    }

    /// Refuses `target`'s directory when it is missing, not a directory, or cannot be written in.
    private static func checkDirectory(of target: String, path: String) throws(OutputFileError) {
        let directory = directory(of: target)
        // What the system is asked about, and what the message calls it: `out` for `out/r.json`.
        let folder = directory.isEmpty ? "." : directory
        let name = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var status = stat()
        guard stat(folder, &status) == 0 else {
            let message = switch errno {
            case ENOENT: "the directory '\(name)' does not exist"
            case ENOTDIR: "'\(name)' is not a directory"
            default: "cannot examine the directory '\(name)': \(String(cString: strerror(errno)))"
            }
            throw OutputFileError(path: path, message: message)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw OutputFileError(path: path, message: "'\(name)' is not a directory")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            let message = errno == EACCES ? "the directory '\(name)' is not writable"
                : "cannot write in the directory '\(name)': \(String(cString: strerror(errno)))"
            throw OutputFileError(path: path, message: message)
        }
    }
}

/// Which file a path names, to tell whether an output would overwrite an input or another output: a regular
/// file by its device and inode, a path that does not exist yet by its directory's real path and its name, and
/// one of the process's descriptors (`-`, `/dev/stdout`) by what it is open on.
private enum FileIdentity: Equatable {
    case file(device: UInt64, inode: UInt64)
    case new(path: String)
    /// A descriptor of the process's open on something other than a regular file (a pipe, a terminal): two
    /// outputs to it would run their texts together.
    case stream(device: UInt64, inode: UInt64)

    /// The file `path` names, its symbolic links followed; `nil` for a device, a FIFO or anything else that
    /// is not a regular file and not the process's own: several outputs may share those, and writing one
    /// replaces nothing. `-` is standard output (for an input, standard input is skipped by the caller).
    init?(_ path: String) throws(OutputFileError) {
        if case .descriptor(let descriptor) = path == "-" ? .descriptor(STDOUT_FILENO) : try OutputFile.resolveTarget(path) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            let device = UInt64(status.st_dev), inode = UInt64(status.st_ino)
            self = status.st_mode & S_IFMT == S_IFREG ? .file(device: device, inode: inode)
                : .stream(device: device, inode: inode)
            return
        }
        let target = try OutputFile.resolve(path)
        var status = stat()
        if stat(target, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else { return nil }
            self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return
        }
        let directory = OutputFile.directory(of: target)
        let name = OutputFile.name(of: target)
        guard let real = realpath(directory.isEmpty ? "." : directory, nil) else {
            self = .new(path: target)
            return
        }
        defer { free(real) }
        let resolved = String(cString: real)
        self = .new(path: (resolved == "/" ? "" : resolved) + "/" + name)
    }
}
