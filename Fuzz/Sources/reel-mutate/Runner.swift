import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How one command ended.
enum Outcome: String, CaseIterable, Sendable {
    /// Exit status 0.
    case success = "exit 0"
    /// Exit status 1: a clean error.
    case cleanError = "exit 1"
    /// Exit status 64: a usage error, clean too. A mutant's snapshot time comes from one of its events, so a
    /// mutated time makes `--time` itself out of range, which `reel` refuses as a usage error.
    case usageError = "exit 64"
    /// Any other exit status.
    case otherExit = "other exit"
    /// Killed by a signal it did not get from us: a trap, a segmentation fault, an abort.
    case crash
    /// Still running after the CPU-time limit (or the wall-clock backstop); killed.
    case hang
    /// Resident memory over the limit (seen while it ran, or as its peak); killed if still running.
    case memory = "over limit"
    /// Exit 0 with standard output that is not JSON (`inf`, `nan` or a cut-off document).
    case badJSON = "bad JSON"

    /// Whether a mutant with this outcome is a failure of Reel's (saved, and the run exits non-zero).
    var isBad: Bool {
        switch self {
        case .success, .cleanError, .usageError: return false
        case .otherExit, .crash, .hang, .memory, .badJSON: return true
        }
    }
}

/// What one command did.
struct RunResult: Sendable {
    var outcome: Outcome
    /// The exit status, or the signal, in words: `exit 1`, `signal 4 (Illegal instruction)`, `killed after
    /// 20 s of CPU time`.
    var status: String
    /// Peak resident memory, in bytes (from `wait4`'s `ru_maxrss`, or the last sample before a kill).
    var peakRSS: Int
    /// Wall-clock time, in seconds.
    var seconds: Double
    /// CPU time (user and system), in seconds.
    var cpuSeconds: Double
    /// The first 8 KB of standard error.
    var stderr: String
}

/// Runs a command with a time limit and a resident-memory limit, and measures its peak resident memory.
///
/// The child runs in its own process group with standard input from `/dev/null`; it is polled (every 1 ms at
/// first, backing off to 10 ms) for its exit with `wait4`, for its resident memory in `/proc/PID/statm` and
/// for its time; over a limit the whole group gets SIGKILL.
///
/// The time limit is on the child's CPU time (`/proc/PID/stat`), not on the wall clock: on a loaded machine
/// (load 8 on 2 cores while these figures were taken) a shipped trace that replays in 4 s of CPU takes 40 s
/// of wall-clock time, and a wall-clock limit would call it a hang. A process that waits without computing (a
/// FIFO nobody writes) uses no CPU, so a wall-clock backstop — `wallTimeout` — catches it. Resident memory is what the limit means
/// ("no process over 2 GB"): an address-space limit (`RLIMIT_AS`) would turn a blow-up into an allocation
/// failure, counted as a crash, and would catch virtual reservations that never become memory.
struct Runner: Sendable {
    /// Seconds of CPU time.
    var timeout: Double
    /// Seconds of wall-clock time.
    var wallTimeout: Double
    var memoryLimit: Int
    /// Whether a crashing child prints Swift's backtrace (seconds of symbolication per crash) rather than
    /// nothing.
    var backtraces: Bool

    /// Runs `arguments` (the first is the executable's path), with standard output into `stdoutPath`.
    func run(_ arguments: [String], stdoutPath: String, stderrPath: String) -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        if !backtraces { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let start = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            return RunResult(outcome: .otherExit, status: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))",
                             peakRSS: 0, seconds: 0, cpuSeconds: 0, stderr: "")
        }
        var status: Int32 = 0
        var usage = rusage()
        var sampledPeak = 0
        var killedFor: Outcome?
        var killReason = ""
        var pause: UInt32 = 1_000
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { break }
            let resident = Self.residentBytes(pid)
            sampledPeak = max(sampledPeak, resident)
            if killedFor == nil {
                let cpu = Self.cpuSeconds(pid)
                if resident > memoryLimit {
                    killedFor = .memory
                    killReason = "killed at \(resident >> 20) MB resident"
                } else if cpu > timeout {
                    killedFor = .hang
                    killReason = "killed after \(Self.seconds(timeout)) s of CPU time"
                } else if Date().timeIntervalSince(start) > wallTimeout {
                    killedFor = .hang
                    killReason = String(format: "killed after \(Self.seconds(wallTimeout)) s of wall-clock time (%.1f s of CPU)", cpu)
                }
                if killedFor != nil { kill(-pid, SIGKILL) }
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let peak = max(sampledPeak, Int(usage.ru_maxrss) * 1024)
        let stderr = Self.head(of: stderrPath, bytes: 8192)
        let signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF

        if let killedFor {
            return RunResult(outcome: killedFor, status: killReason, peakRSS: peak, seconds: seconds,
                             cpuSeconds: cpuSeconds, stderr: stderr)
        }
        if signalled {
            let name = String(cString: strsignal(signal))
            let outcome: Outcome = peak > memoryLimit ? .memory : .crash
            return RunResult(outcome: outcome, status: "signal \(signal) (\(name))", peakRSS: peak, seconds: seconds,
                             cpuSeconds: cpuSeconds, stderr: stderr)
        }
        let outcome: Outcome
        switch exitCode {
        case _ where peak > memoryLimit: outcome = .memory
        case 0: outcome = .success
        case 1: outcome = .cleanError
        case 64: outcome = .usageError
        default: outcome = .otherExit
        }
        return RunResult(outcome: outcome, status: "exit \(exitCode)", peakRSS: peak, seconds: seconds,
                         cpuSeconds: cpuSeconds, stderr: stderr)
    }

    /// Resident memory of `pid` from `/proc/PID/statm` (its second field, in pages); 0 once it is gone.
    static func residentBytes(_ pid: pid_t) -> Int {
        guard let file = fopen("/proc/\(pid)/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { sizePointer in
            withUnsafeMutablePointer(to: &resident) { residentPointer in
                withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
            }
        }) == 2 else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU time (user and system) of `pid` so far, from `/proc/PID/stat` (its 14th and 15th fields, in clock
    /// ticks, after the parenthesised command name); 0 once it is gone.
    static func cpuSeconds(_ pid: pid_t) -> Double {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8),
              let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3), so utime (field 14) is fields[11] and stime fields[12].
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func head(of path: String, bytes: Int) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: bytes)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
