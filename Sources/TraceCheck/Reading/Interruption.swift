import Synchronization

/// A request to stop reading, from SIGINT or SIGTERM: the input being read ends where it
/// is (its health says so), no further input is started, and what was read is checked
/// and reported as usual. Set from a signal handler, so only a lock-free atomic.
package enum Interruption {
    private static let requested = Atomic<Int>(0)

    package static var isRequested: Bool { requested.load(ordering: .relaxed) != 0 }

    /// Marks the request; whether it is the first (a second one means: stop at once).
    @discardableResult
    package static func request() -> Bool { requested.exchange(1, ordering: .relaxed) == 0 }

    /// For tests that interrupt one read and go on with the next.
    static func clear() { requested.store(0, ordering: .relaxed) }
}
