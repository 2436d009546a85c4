import Foundation

/// Independent tasks that several threads share: each thread that calls `work()` claims the
/// next task no one has begun until none is left. A thread the system starts late takes what
/// is left, or nothing, and `results()` never waits for a task no one has begun, only for one
/// another thread is still running (it runs the rest itself).
///
/// The catalog's compile is such work (each pattern and each word set alone): the warm-up
/// thread, while the command line is parsed, and then the check itself take its tasks. One
/// thread compiling the formats then the catalog alone finished 1.6 ms after the parse on
/// this project's 2-core VM. A capture's rules, judged at once by `threadsPerFile` threads
/// (`Checker.outcomes`), and its runs' timelines (`TimelineBuilder.build`) are such work too.
final class SharedTasks<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let body: @Sendable (Int) -> Value
    /// Under `condition`: the next task to claim, the tasks finished and their results.
    private var next = 0, done = 0
    private var slots: [Value?]

    /// `body(0)` … `body(count - 1)`, in no set order and on whichever threads work.
    init(count: Int, body: @escaping @Sendable (Int) -> Value) {
        self.count = count
        self.body = body
        slots = Array(repeating: nil, count: count)
    }

    /// Runs tasks no one has begun until none is left.
    func work() {
        while true {
            condition.lock()
            let index = next
            next += 1
            condition.unlock()
            guard index < count else { return }
            let value = body(index)
            condition.lock()
            slots[index] = value
            done += 1
            if done == count { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Every result in index order, the tasks shared by this thread and up to `helpers`
    /// threads of their own (no more than there are other tasks to begin).
    func results(helpers: Int) -> [Value] {
        for _ in 0..<max(0, min(helpers, count - 1)) { _ = PlainThread.start { self.work() } }
        return results()
    }

    /// Every result in index order: runs the tasks left, then waits for those other threads
    /// are still running.
    func results() -> [Value] {
        work()
        condition.lock()
        defer { condition.unlock() }
        while done < count { condition.wait() }
        return slots.compactMap { $0 }
    }
}

extension SharedTasks {
    /// `body(0)` … `body(count - 1)` in index order, shared as `results(helpers:)` shares
    /// them, with `alongside` (if any) run by whichever thread begins it: work that has to be
    /// done by the time the results are, and would otherwise be done by one thread while the
    /// others wait (a check's reading of its capture beside its timelines, its health beside
    /// its rules). It is begun first: a long task begun last is waited for alone.
    static func results(count: Int, helpers: Int, alongside: (@Sendable () -> Void)?,
                        body: @escaping @Sendable (Int) -> Value) -> [Value] {
        guard let alongside else { return SharedTasks(count: count, body: body).results(helpers: helpers) }
        let tasks = SharedTasks<Value?>(count: count + 1) { index in
            guard index > 0 else {
                alongside()
                return nil
            }
            return body(index - 1)
        }
        return tasks.results(helpers: helpers).compactMap { $0 }
    }
}
