/// Values by event id, in an array indexed by the id's number (`EventNames` hands numbers out
/// from 0, the catalog's first): the timeline and the rules look ids up at every event, and a
/// hashed table cost a probe of about forty instructions each, 116,000 times in 16 MB of an
/// app's console at 10 % lifecycle lines. The array is as long as the largest number put in
/// it; a team's own ids (`.tracecheck.yml`) come after the catalog's and are found the same way.
struct EventIDTable<Value> {
    private var slots: [Value?] = []
    /// The ids that have a value, in the order they were first given one.
    private(set) var ids: [EventID] = []

    /// Made once from its pairs (a later pair of the same id replaces the earlier's value), and
    /// only read after.
    init(_ pairs: some Sequence<(EventID, Value)>) {
        for (id, value) in pairs {
            let index = id.tableIndex
            if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
            if slots[index] == nil { ids.append(id) }
            slots[index] = value
        }
    }

    subscript(id: EventID) -> Value? {
        let index = id.tableIndex
        return index < slots.count ? slots[index] : nil
    }
}

extension EventIDTable where Value == [Int] {
    /// The positions `0..<count` grouped by the id `id(position)` gives, each group in order:
    /// where an epoch's events are, by id (`ProcessEpoch.seal`). Gathered in plain arrays and
    /// made a table once: appending through the table's optionals cost 180 instructions a
    /// position.
    init(positionsOf count: Int, id: (Int) -> EventID) {
        var groups: [[Int]] = []
        var ids: [EventID] = []
        for position in 0..<count {
            let id = id(position)
            let slot = id.tableIndex
            if slot >= groups.count { groups.append(contentsOf: repeatElement([], count: slot + 1 - groups.count)) }
            if groups[slot].isEmpty { ids.append(id) }
            groups[slot].append(position)
        }
        slots = groups.map { $0.isEmpty ? nil : $0 }
        self.ids = ids
    }
}

extension EventIDTable: Sendable where Value: Sendable {}

/// A set of ids as bits, for those numbered below 128 (the catalog's, and a team's first
/// few): a plain value, so asking it costs no reference counting, where asking a `Set` read
/// out of its owner retained and released the set's storage each time. It is asked for
/// every event (`ProcessEpoch.drives`); an id past its bits is answered nil, for the set.
struct EventIDBits: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    init(_ ids: Set<EventID>) {
        for id in ids {
            switch id.tableIndex {
            case 0..<64: low |= 1 << UInt64(id.tableIndex)
            case 64..<128: high |= 1 << UInt64(id.tableIndex - 64)
            default: break
            }
        }
    }

    /// Whether `id` is in the set; nil when its number is past the bits.
    func contains(_ id: EventID) -> Bool? {
        switch id.tableIndex {
        case 0..<64: low & (1 << UInt64(id.tableIndex)) != 0
        case 64..<128: high & (1 << UInt64(id.tableIndex - 64)) != 0
        default: nil
        }
    }
}
