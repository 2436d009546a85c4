/// The process marks of a stream, in line order, kept compact: each mark's name is a number
/// in a table of the names, each kept once. When a mark per app per event was kept (about one
/// a line on a device log of 100 apps), as `ProcessMark`s (40 bytes, a string each) they took
/// 11 MB of a 64 MB log; an entry is 24 bytes. Now a mark per event and one per process are
/// kept (`ProcessMarkLog`).
package struct ProcessMarks: RandomAccessCollection, Sendable {
    private struct Entry: Sendable {
        let line: Int
        /// Meaningful only where `tag`'s low bit says the mark has a pid.
        let pid: Int
        /// The name's number, shifted left three times, with whether there is a pid in bit 0,
        /// whether the mark is its process's first in the log (`isFirst`) in bit 1 and whether
        /// it is the last before an event (`isLastBeforeEvent`) in bit 2.
        var tag: Int

        var name: Int { tag >> 3 }
        /// The mark's pid; nil for a mark without one.
        var knownPid: Int? { tag & 1 == 1 ? pid : nil }
    }

    private static let pidFlag = 1, firstFlag = 2, lastBeforeEventFlag = 4
    private var entries: [Entry] = []
    private var names: [String?] = []
    private var nameNumbers: [String?: Int] = [:]

    package init() {}

    package init(_ marks: some Sequence<ProcessMark>) {
        for mark in marks { append(mark) }
    }

    package var startIndex: Int { entries.startIndex }
    package var endIndex: Int { entries.endIndex }

    package subscript(position: Int) -> ProcessMark {
        let entry = entries[position]
        return ProcessMark(line: entry.line, pid: entry.knownPid, process: names[entry.name])
    }

    /// The line of mark `position`, read without its name.
    func line(at position: Int) -> Int { entries[position].line }

    /// The pid of mark `position`, read without its name.
    func pid(at position: Int) -> Int? { entries[position].knownPid }

    /// The process of mark `position` as marks are keyed (`ProcessMark.key`): the name is
    /// copied only where there is no pid.
    func key(at position: Int) -> ProcessMark.Key {
        let entry = entries[position]
        return key(pid: entry.knownPid, name: entry.name)
    }

    /// The key of a mark of this pid and name number (`register`), as `ProcessMark.key` makes it.
    func key(pid: Int?, name: Int) -> ProcessMark.Key {
        pid.map(ProcessMark.Key.pid) ?? .name(names[name] ?? "")
    }

    /// The number marks of a process of this name are appended with (nil: a record without one).
    mutating func register(_ name: String?) -> Int {
        if let known = nameNumbers[name] { return known }
        names.append(name)
        nameNumbers[name] = names.count - 1
        return names.count - 1
    }

    /// The name of number `name` (`register`).
    func name(_ name: Int) -> String? { names[name] }

    /// - Parameter first: the first mark of its process in the log (`isFirst`).
    mutating func append(line: Int, pid: Int?, name: Int, first: Bool = false) {
        entries.append(Entry(line: line, pid: pid ?? 0, tag: name << 3 | (pid == nil ? 0 : 1) | (first ? Self.firstFlag : 0)))
    }

    /// Whether mark `position` is the first of its process in the log: the timeline opens a
    /// process's run at its first mark (`ProcessMarkLog`).
    func isFirst(at position: Int) -> Bool { entries[position].tag & Self.firstFlag != 0 }

    /// Whether mark `position` was the last before an event: the process current at it.
    func isLastBeforeEvent(at position: Int) -> Bool { entries[position].tag & Self.lastBeforeEventFlag != 0 }

    /// The last mark is the last before an event.
    mutating func noteLastBeforeEvent() {
        guard let last = entries.indices.last else { return }
        entries[last].tag |= Self.lastBeforeEventFlag
    }

    mutating func append(_ mark: ProcessMark) {
        append(line: mark.line, pid: mark.pid, name: register(mark.process))
    }

    /// What `append(contentsOf:from:_:)` does with a mark of the other log.
    enum Joining {
        case keep
        /// Kept, but no longer the first of its process: this log had it already.
        case keepNotFirst
        case skip
    }

    /// The marks of `other` from `start` on, as `joining` says for each (given its position in
    /// `other`), their names numbered in this table: each name looked up once, not once a mark
    /// (a part of a device log read by another thread has marks of many processes).
    mutating func append(contentsOf other: ProcessMarks, from start: Int, _ joining: (Int) -> Joining = { _ in .keep }) {
        let numbers = other.names.map { register($0) }
        entries.reserveCapacity(entries.count + Swift.max(0, other.entries.count - start))
        for position in other.entries.indices.dropFirst(start) {
            let entry = other.entries[position], how = joining(position)
            guard how != .skip else { continue }
            let flags = entry.tag & (how == .keepNotFirst ? Self.pidFlag | Self.lastBeforeEventFlag : Self.pidFlag | Self.firstFlag | Self.lastBeforeEventFlag)
            entries.append(Entry(line: entry.line, pid: entry.pid, tag: numbers[entry.name] << 3 | flags))
        }
    }

    /// Lets go of the first `count` marks (their names stay in the table).
    mutating func removeFirst(_ count: Int) { entries.removeFirst(count) }

    /// Numbers the marks as `lines` more lines before them would.
    mutating func shiftLines(by lines: Int) {
        entries = entries.map { Entry(line: $0.line + lines, pid: $0.pid, tag: $0.tag) }
    }
}
