import Foundation

/// Turns `report`'s arguments into the captures to check, in a deterministic order: the
/// arguments as given; a directory's files, recursively, in path order. A file named
/// explicitly is always checked; `include`/`exclude` globs only filter what a directory
/// holds. Hidden files and folders (`.git`) inside a directory are skipped, and so are prose
/// and data files beside the captures (`mayBeCapture`) unless `include` asks for them.
package struct InputDiscovery: Sendable {
    /// Globs a directory's file must match (any); empty means every file.
    package var include: [String]
    package var exclude: [String]

    package init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// One capture to check, or an argument that names nothing readable.
    package enum Item: Sendable, Equatable {
        case capture(InputSource)
        case problem(InputError)
    }

    package func items(for arguments: [String]) -> [Item] { discover(arguments).items }

    /// The items, and the directories that held no file to check (worth a warning: a CI
    /// job pointed at an empty folder should not pass in silence).
    package func discover(_ arguments: [String]) -> (items: [Item], emptyDirectories: [String]) {
        var empty: [String] = []
        let items = arguments.flatMap { argument -> [Item] in
            if argument == "-" { return [.capture(.standardInput)] }
            guard Self.isDirectory(argument) else {
                // Missing and unreadable files are reported by the reader, with the reason.
                return [.capture(.file(argument))]
            }
            let found = files(under: argument)
            if !found.contains(where: { if case .capture = $0 { true } else { false } }) { empty.append(argument) }
            return found
        }
        return (items, empty)
    }

    /// Whether `path` names a directory (through symbolic links): with `stat`, as every check
    /// asks before its first line, where the file manager's first use cost 80 µs.
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private func files(under directory: String) -> [Item] {
        let root = URL(fileURLWithPath: directory)
        var problems: [Item] = []
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey], options: [.skipsHiddenFiles],
            errorHandler: { url, error in
                problems.append(.problem(InputError(source: url.path, reason: "cannot list directory: \(error.localizedDescription)", afterLine: nil)))
                return true
            })
        else {
            return [.problem(InputError(source: directory, reason: "cannot list directory", afterLine: nil))]
        }
        var found: [(relative: String, path: String)] = []
        let prefix = root.standardizedFileURL.path
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let standardized = url.standardizedFileURL.path
            let relative = standardized.hasPrefix(prefix + "/") ? String(standardized.dropFirst(prefix.count + 1)) : url.lastPathComponent
            guard accepts(relative), !include.isEmpty || Self.mayBeCapture(url) else { continue }
            found.append((relative, directory.hasSuffix("/") ? directory + relative : directory + "/" + relative))
        }
        return found.sorted { $0.relative < $1.relative }.map { .capture(.file($0.path)) } + problems
    }

    /// Prose and data that sit beside captures (a README, PROVENANCE.md, an answer key in
    /// JSON, images) are not captures: a directory's file is one unless its extension says
    /// otherwise, and a JSON file only when it holds `log`'s entries. `--include` or naming
    /// the file overrides this.
    static let notCaptureExtensions: Set<String> = ["md", "markdown", "rst", "adoc", "html", "htm", "yml", "yaml", "toml", "xml",
                                                    "plist", "csv", "png", "jpg", "jpeg", "gif", "pdf", "zip", "swift", "m", "h", "py", "sh"]

    static func mayBeCapture(_ url: URL) -> Bool {
        let ext = url.pathExtension.lowercased()
        if notCaptureExtensions.contains(ext) { return false }
        guard ext == "json" else { return true }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return true }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 65536)) ?? Data()
        return head.range(of: Data("\"eventMessage\"".utf8)) != nil
    }

    /// A glob without `/` matches the file name; one with `/` the path below the directory.
    package func accepts(_ relativePath: String) -> Bool {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        func matches(_ glob: String) -> Bool {
            fnmatch(glob, glob.contains("/") ? relativePath : name, 0) == 0
        }
        if !include.isEmpty, !include.contains(where: matches) { return false }
        return !exclude.contains(where: matches)
    }
}
