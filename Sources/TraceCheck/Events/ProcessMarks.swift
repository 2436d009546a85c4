/// The process marks of a stream, in line order, kept compact: each mark's name is a number
/// in a table of the names, each kept once. Where apps log in turn there is a mark per app
/// per event, about one a line on a device log of 100 apps: as `ProcessMark`s (40 bytes, a
/// string each) they took 11 MB of a 64 MB log, and most of the page faults by which such a
/// log cost more than a log of one app. An entry is 24 bytes: a run over that log faults
/// 2,100 pages instead of 2,900, and over four of them in a row peaks at 51 MB instead of 61.
package struct ProcessMarks: RandomAccessCollection, Sendable {
    private struct Entry: Sendable {
        let line: Int
        /// Meaningful only where `tag`'s low bit says the mark has a pid.
        let pid: Int
        /// The name's number, shifted left once, with whether there is a pid in the low bit.
        let tag: Int

        var name: Int { tag >> 1 }
        /// The mark's pid; nil for a mark without one.
        var knownPid: Int? { tag & 1 == 1 ? pid : nil }
    }

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

    mutating func append(line: Int, pid: Int?, name: Int) {
        entries.append(Entry(line: line, pid: pid ?? 0, tag: name << 1 | (pid == nil ? 0 : 1)))
    }

    mutating func append(_ mark: ProcessMark) {
        append(line: mark.line, pid: mark.pid, name: register(mark.process))
    }

    /// The marks of `other` from `start` on, their names numbered in this table: each name
    /// looked up once, not once a mark (a part of a device log read by another thread has
    /// about a mark a line).
    mutating func append(contentsOf other: ProcessMarks, from start: Int) {
        let numbers = other.names.map { register($0) }
        entries.reserveCapacity(entries.count + Swift.max(0, other.entries.count - start))
        for entry in other.entries.dropFirst(start) {
            entries.append(Entry(line: entry.line, pid: entry.pid, tag: numbers[entry.name] << 1 | entry.tag & 1))
        }
    }

    /// Lets go of the first `count` marks (their names stay in the table).
    mutating func removeFirst(_ count: Int) { entries.removeFirst(count) }

    /// Numbers the marks as `lines` more lines before them would.
    mutating func shiftLines(by lines: Int) {
        entries = entries.map { Entry(line: $0.line + lines, pid: $0.pid, tag: $0.tag) }
    }
}
