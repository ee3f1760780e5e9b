import Foundation
import PackagePlugin

/// Names the source a build was made from: runs `git describe --tags --always --dirty` in the package's
/// directory and writes the answer into a Swift file of the target it is applied to (`ReelVersion`), as
/// `let describedVersion = "…"`; `unknown` when the package's directory is not the top of a git work tree (a
/// source archive, a registry download — even one unpacked inside another repository) or git is missing.
///
/// A build command, not a prebuild command: SwiftPM runs prebuild commands only when it plans the build anew
/// (a changed manifest, a source file added or removed), not on every build, so a commit or an edit would
/// leave the version stale. The command's inputs are what `git describe` reads — the work tree's `HEAD` and
/// index, the repository's packed refs and tags — and the package's manifest and target files, so it runs again
/// when any of them changes and at no other time. It rewrites the file only when the version differs, so a
/// build of an unchanged commit, or of one more edit of a tree already dirty, compiles nothing again. An edit
/// to a tracked file outside the targets (the README, a shipped trace) shows as `-dirty` from the next build
/// that has another reason to ask git (a commit, `git add`, an edited source).
@main
struct ReelVersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ReelVersion+Generated.swift")
        return [
            .buildCommand(
                displayName: "Naming Reel's version with git describe",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "reel-version", package.path, output.path],
                inputFiles: Self.gitState(of: package) + Self.packageFiles(context.package),
                outputFiles: [output]),
        ]
    }

    /// `sh -c SCRIPT reel-version PACKAGE_DIRECTORY OUTPUT_FILE`. Characters a Swift string literal would have to
    /// escape cannot occur: the answer keeps only those a tag or `git describe` commonly uses.
    static let script = #"""
        package=$1
        file=$2
        version=unknown
        if prefix=$(git -C "$package" rev-parse --show-prefix 2>/dev/null) && [ -z "$prefix" ]; then
            described=$(git -C "$package" describe --tags --always --dirty 2>/dev/null) || described=
            described=$(printf '%s' "$described" | tr -cd 'A-Za-z0-9._+/-')
            [ -n "$described" ] && version=$described
        fi
        content="// Written at build time by ReelVersionPlugin: git describe --tags --always --dirty of the package.
        let describedVersion = \"$version\""
        if [ ! -f "$file" ] || [ "$(cat "$file")" != "$content" ]; then
            printf '%s\n' "$content" > "$file.partial" && mv -f "$file.partial" "$file"
        fi
        """#

    /// What can change `git describe`'s answer without a change to the package's files: the work tree's `HEAD`
    /// (a checkout), its index (rewritten by every commit, reset and `git add`), the repository's `packed-refs`
    /// and its folder of loose tags; those that exist. Empty when the package's directory has no `.git` (a
    /// folder, or a file `gitdir: …` in a linked work tree).
    static func gitState(of package: URL) -> [URL] {
        let dotGit = package.appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return [] }
        var gitDirectory = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
                  let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ") else { return [] }
            let path = String(line.dropFirst("gitdir: ".count))
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appendingPathComponent(path)
        }
        var common = gitDirectory
        if let text = try? String(contentsOf: gitDirectory.appendingPathComponent("commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appendingPathComponent(path)
        }
        return [
            gitDirectory.appendingPathComponent("HEAD"), gitDirectory.appendingPathComponent("index"),
            common.appendingPathComponent("packed-refs"), common.appendingPathComponent("refs/tags"),
        ].map(\.standardizedFileURL).filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The package's manifest and every file of its targets (sources, resources, tests): an edit to one makes
    /// a checkout `-dirty`. Only files SwiftPM lists for the targets, because a missing input fails the build
    /// and SwiftPM plans the build anew, asking this plugin again, when a file of a target is added or removed.
    static func packageFiles(_ package: Package) -> [URL] {
        [package.directoryURL.appendingPathComponent("Package.swift")]
            + package.targets.compactMap { $0 as? any SourceModuleTarget }.flatMap { $0.sourceFiles.map(\.url) }
    }
}
