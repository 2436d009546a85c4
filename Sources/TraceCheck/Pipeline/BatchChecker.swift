import Foundation

/// Checks many captures on several threads. Captures are independent, so each is checked
/// by one thread (a large one by several when there are fewer captures than threads); results are handed over in input order, each as soon as it and all
/// before it are done, so the output never depends on timing.
package struct BatchChecker: Sendable {
    package let checker: Checker
    /// Threads to use; 1 checks the captures one by one on the calling thread.
    package let jobs: Int
    /// How a capture read as it is written tells its findings early (`LiveOptions`).
    package let live: LiveOptions?

    package init(checker: Checker, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, live: LiveOptions? = nil) {
        self.checker = checker
        self.jobs = max(1, jobs)
        self.live = live
    }

    package typealias Outcome = Result<CaptureReport, InputError>

    /// Checks `items` and calls `deliver` once per item, in order, from one thread at a time.
    /// `progress` is told how many are done after each one finishes.
    package func check(_ items: [InputDiscovery.Item],
                      progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
                      deliver: @escaping @Sendable (Int, Outcome) -> Void) {
        let state = BatchState(count: items.count)
        // Threads the batch does not use for whole files read parts of one large file.
        var parted = self.checker
        if items.count < jobs { parted.options.scan.threadsPerFile = max(1, jobs / max(1, items.count)) }
        let checker = parted
        let live = self.live
        let work: @Sendable (Int) -> Void = { index in
            let outcome: Outcome = switch items[index] {
            case .capture(let source): Result { () throws(InputError) in try checker.check(source, live: live) }
            case .problem(let error): .failure(error)
            }
            state.finish(index, outcome, progress: progress, deliver: deliver)
        }
        if jobs == 1 || items.count <= 1 {
            while let index = state.claim() { work(index) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
            while let index = state.claim() { work(index) }
        }
    }
}

/// The shared bookkeeping of one batch: the next item to claim, finished outcomes waiting
/// for those before them, and the next one to deliver.
private final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var nextToClaim = 0
    private var nextToDeliver = 0
    private var done = 0
    private var waiting: [Int: BatchChecker.Outcome] = [:]

    init(count: Int) { self.count = count }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        // An interrupted run starts no further input (the caller names what was left).
        guard nextToClaim < count, !Interruption.isRequested else { return nil }
        nextToClaim += 1
        return nextToClaim - 1
    }

    func finish(_ index: Int, _ outcome: BatchChecker.Outcome,
                progress: (Int, Int) -> Void, deliver: (Int, BatchChecker.Outcome) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        waiting[index] = outcome
        done += 1
        progress(done, count)
        while let ready = waiting.removeValue(forKey: nextToDeliver) {
            deliver(nextToDeliver, ready)
            nextToDeliver += 1
        }
    }
}
