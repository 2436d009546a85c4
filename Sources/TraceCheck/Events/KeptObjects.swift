/// Objects kept in a fixed number of slots, each handed out unretained: a small cache on a
/// hot path owns what it holds, and its readers look at a slot's object in place
/// (`_withUnsafeGuaranteedRef`) while the slot keeps it. An object taken out of an array of
/// them was retained and released at each look, at every event.
///
/// A view is valid until its slot is given another object: readers must not `keep` into a
/// slot while they hold one of its views.
struct KeptObjects<Object: AnyObject> {
    private var owned: [Object?]
    private var views: [Unmanaged<Object>?]

    init(slots: Int) {
        owned = Array(repeating: nil, count: slots)
        views = Array(repeating: nil, count: slots)
    }

    var count: Int { views.count }

    /// The object in `slot`, unretained; nil for none yet.
    @inline(__always)
    subscript(slot: Int) -> Unmanaged<Object>? { views[slot] }

    /// Makes `object` the one in `slot`, letting go of the one there.
    mutating func keep(_ object: Object, at slot: Int) {
        owned[slot] = object
        views[slot] = Unmanaged.passUnretained(object)
    }
}
