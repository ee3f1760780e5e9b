/// The version of the source this Reel was built from: `git describe --tags --always --dirty` of the package's
/// directory at build time — a tag such as `1.2.0`, a tag and the commits since (`1.2.0-3-g7763b4c`), or a
/// commit such as `7763b4c` — with `-dirty` when tracked files had changes that were not committed; `unknown`
/// when the source was not a git checkout or git was missing.
///
/// `reel --version` prints it, and every JSON document Reel writes carries it as `reel_version`, so that a
/// baseline says which Reel measured it. `ReelVersionPlugin` writes `describedVersion` at build time, whenever
/// git's state (`HEAD`, the index, the tags) or a file of the package's targets has changed.
public let reelVersion: String = describedVersion
