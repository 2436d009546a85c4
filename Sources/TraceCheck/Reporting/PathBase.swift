import Foundation

/// The directory CI tools resolve a report's paths against: the repository or workspace
/// (`--path-base`, else `GITHUB_WORKSPACE` or `CI_PROJECT_DIR`). GitHub, GitLab, Jenkins and
/// code-scanning dashboards place an annotation only when its path is relative to the
/// checkout, whatever directory the job ran tracecheck from and however it named the files.
package struct PathBase: Sendable, Equatable {
    /// The base, absolute and without a trailing slash; nil: paths as given.
    package let directory: String?
    /// What a relative input path is relative to.
    let workingDirectory: String

    /// Paths as the command line gave them.
    package static let asGiven = PathBase(directory: nil)

    package init(directory: String?, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.workingDirectory = workingDirectory
        self.directory = directory.map { Self.absolute($0, from: workingDirectory) }
    }

    /// The base a run uses: `--path-base`, else the CI's workspace from `environment`.
    package static func detected(explicit: String?, environment: [String: String]) -> PathBase {
        let named = explicit ?? ["GITHUB_WORKSPACE", "CI_PROJECT_DIR"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return PathBase(directory: named)
    }

    /// `path` relative to the base when it lies inside it; otherwise as given (a capture
    /// outside the checkout, `<stdin>`).
    package func callAsFunction(_ path: String) -> String {
        guard let directory, let inside = Self.relative(path, to: directory, from: workingDirectory) else { return path }
        return inside
    }

    /// The part of `path` below `directory`, or nil when it is not below it.
    static func relative(_ path: String, to directory: String, from workingDirectory: String) -> String? {
        guard !path.hasPrefix("<"), !path.isEmpty else { return nil }
        let full = absolute(path, from: workingDirectory)
        let prefix = directory == "/" ? "/" : directory + "/"
        guard full.hasPrefix(prefix), full.count > prefix.count else { return nil }
        return String(full.dropFirst(prefix.count))
    }

    /// An absolute path with `.` and `..` resolved lexically (no file system access: the
    /// capture may be gone, or a path on another machine).
    static func absolute(_ path: String, from workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
