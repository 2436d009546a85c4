import Foundation

/// Threads that work beside a check (the warm-up, a part of a parted read, a share of the
/// timelines and of the rules) and, once their work is done, wait a while for more before
/// they end. A check asks for a helper three or four times in a few milliseconds: for the
/// parts, then for the timelines, then for the rules. A new thread each time cost the asking
/// thread the thread's creation and the helper its start (60 to 90 µs on this project's
/// 2-core VM before it ran), and a thread that waits is woken in about 50 µs. A helper that
/// waits holds no CPU.
enum HelperThreads {
    /// How long a helper whose work is done waits for more before it ends (seconds): longer
    /// than a check takes from its parts to its rules, short enough that a process that
    /// checked one capture leaves no thread behind for long.
    static let lingering = 0.05

    private static let pool = Pool()

    /// Runs `body` on a helper that waits for work, or else on a thread of its own
    /// (`PlainThread`), which then waits for more once `body` is done. False when the system
    /// refuses a new thread.
    static func run(_ body: @escaping @Sendable () -> Void) -> Bool {
        if pool.handOff(body) { return true }
        return PlainThread.start(stackSize: 8 << 20) {
            body()
            pool.linger()
        }
    }

    /// Runs `body` on a helper that waits for work, if one does; false when none does. For
    /// work worth moving only to a thread that is there already.
    static func runIfWaiting(_ body: @escaping @Sendable () -> Void) -> Bool {
        pool.handOff(body)
    }

    /// Helpers waiting for work, for the tests.
    static var waiting: Int { pool.waiting }

    private final class Pool: @unchecked Sendable {
        private let condition = NSCondition()
        /// Under `condition`: helpers waiting, and the work handed to them not yet taken
        /// (never more than they are).
        private var idle = 0
        private var work: [@Sendable () -> Void] = []

        var waiting: Int {
            condition.lock()
            defer { condition.unlock() }
            return idle - work.count
        }

        func handOff(_ body: @escaping @Sendable () -> Void) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard idle > work.count else { return false }
            work.append(body)
            condition.signal()
            return true
        }

        /// Takes work handed off until none comes for `lingering` seconds.
        func linger() {
            condition.lock()
            idle += 1
            var deadline = Date(timeIntervalSinceNow: HelperThreads.lingering)
            while true {
                if !work.isEmpty {
                    let body = work.removeFirst()
                    idle -= 1
                    condition.unlock()
                    body()
                    condition.lock()
                    idle += 1
                    deadline = Date(timeIntervalSinceNow: HelperThreads.lingering)
                    continue
                }
                if !condition.wait(until: deadline), work.isEmpty { break }
            }
            idle -= 1
            condition.unlock()
        }
    }
}
