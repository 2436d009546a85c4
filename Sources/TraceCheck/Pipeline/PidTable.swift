/// Values by pid, looked up at every change of process (with apps logging in turn, at every
/// line): pids below `directLimit` through a table of positions indexed by pid (4 MB at
/// most; iOS pids stay below 100,000), where a dictionary would hash each one; others in a
/// dictionary.
struct PidTable<Value> {
    static var directLimit: Int { 1 << 20 }
    /// By pid: 0 for none, else 1 + the value's index in `values`.
    private var positions: [Int32] = []
    private var values: [Value] = []
    private var others: [Int: Value] = [:]

    /// What `body` says of the value for `pid`, read in place (a value copied out costs more
    /// than the lookup where it is large); nil when there is none, or `body` says nil.
    func with<Result>(_ pid: Int, _ body: (Value) -> Result?) -> Result? {
        if let index = index(of: pid) { return body(values[index]) }
        return others[pid].flatMap(body)
    }

    /// The index in `values` of a direct pid's value; nil for none, or a pid kept in `others`.
    @inline(__always)
    private func index(of pid: Int) -> Int? {
        guard pid >= 0, pid < positions.count else { return nil }
        let position = Int(positions[pid])
        return position == 0 ? nil : position - 1
    }

    mutating func set(_ value: Value, for pid: Int) {
        guard pid >= 0, pid < Self.directLimit else {
            others[pid] = value
            return
        }
        if pid >= positions.count {
            positions += Array(repeating: 0, count: min(Self.directLimit, max(pid + 1, 2 * positions.count)) - positions.count)
        }
        let position = Int(positions[pid])
        if position == 0 {
            values.append(value)
            // At most `directLimit` values: one per pid below it.
            positions[pid] = Int32(truncatingIfNeeded: values.count)
        } else {
            values[position - 1] = value
        }
    }
}
