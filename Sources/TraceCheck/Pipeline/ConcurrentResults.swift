import Foundation

/// Values computed on several threads at once (`DispatchQueue.concurrentPerform`), each
/// written to its own slot, read in order once every thread is done.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot, nil where nothing was stored.
    var all: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
