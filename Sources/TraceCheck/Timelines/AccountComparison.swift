/// The app's own foreground callbacks set beside UIKit's account of the same process
/// (docs/uikit-account.md, "Cross-checking the handlers"): which of UIKit's transitions each
/// callback line is the handler of, and what UIKit's state was where a line stands alone.
///
/// A process may run for hours with one epoch: every question here is answered by binary
/// searches over the transitions and calls of one kind, never by a walk over all of them.
///
/// Worked out once per epoch, when the epoch is sealed (`ProcessEpoch.accountComparison`):
/// two rules read it, and each building its own was about 1.4 % of a run at 10 % lifecycle lines.
struct AccountComparison: Sendable {
    /// One of UIKit's transitions. What the comparison reads of the event is kept, not the
    /// event (`event(in:)`): each event kept here was retained, and every copy of a
    /// transition or a call retained it again.
    struct Transition {
        let index: Int
        let id: EventID
        let time: Double?
        /// Nil for the launch: it has no handler of the four.
        let callback: ForegroundCallback?
        let state: UIKitAccount.State
        /// The event indices of UIKit's transitions of the same or the opposite kind just
        /// before and just after this one (-1 and `Int.max` for none): between them stand the
        /// lines that may be its handler's (`forEachCall(handling:)`). Worked out for all in
        /// one walk; four binary searches a transition found them before.
        fileprivate(set) var handlersAfter = -1
        fileprivate(set) var handlersBefore = Int.max

        init(index: Int, id: EventID, time: Double?, callback: ForegroundCallback?, state: UIKitAccount.State) {
            self.index = index
            self.id = id
            self.time = time
            self.callback = callback
            self.state = state
        }

        func event(in epoch: ProcessEpoch) -> LifecycleEvent { epoch.events[index].event }
    }

    /// One line of the app's for a foreground callback: a delegate's callback or an
    /// observer's notification, at the app or the scene level.
    struct Call {
        let index: Int
        let id: EventID
        let time: Double?
        let callback: ForegroundCallback
        /// `applicationDidEnterBackground(_:)` itself, not a notification or a scene's callback.
        let appDelegateCallback: Bool
        /// The timeline it drives: a scene's (its index), a legacy app's (-1); nil for none.
        let connection: Int?

        func event(in epoch: ProcessEpoch) -> LifecycleEvent { epoch.events[index].event }
    }

    /// How far apart (seconds) a callback line and UIKit's line for the same transition may be.
    /// UIKit logs the mask change and posts the notification within 3 ms in the captures
    /// seen; a handler's print follows, or (a scene's callback) precedes, by about as much.
    /// 100 ms leaves thirty times that for a busy main thread, and stays well under the
    /// 300–400 ms that UIKit takes from resigning to the background when the user goes home,
    /// so a background handler called at the resignation is not taken for UIKit's. Lines
    /// without time are matched by order alone.
    static let window = 0.1

    let transitions: [Transition]
    let calls: [Call]
    /// Positions in `transitions` and in `calls` of each kind (by `ForegroundCallback.slot`),
    /// in line order. Arrays, not tables keyed by the callback: its hash is its name's, worked
    /// out again at every lookup.
    private let transitionsOfKind: [[Int]]
    private let callsOfKind: [[Int]]

    init(_ epoch: ProcessEpoch) {
        var transitions: [Transition] = []
        var calls: [Call] = []
        // Without UIKit's account there is nothing to compare: no walk over the app's events
        // (most captures).
        let events = epoch.uikitTimeline == nil ? epoch.events[0..<0] : epoch.events[...]
        // Through the buffer, each event copied only where it is kept: a walk of the array
        // retained and released every one.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                let id = events[index].id
                if id.isUIKitAccount {
                    if let state = UIKitAccount.state(after: id) {
                        transitions.append(Transition(index: index, id: id, time: events[index].event.time,
                                                      callback: UIKitAccount.callback(for: id), state: state))
                    }
                    continue
                }
                let source = events[index].source
                // The event itself (its `deferred`) is read last, for a callback of the four only.
                guard source != .uikit, source != .system, let callback = ForegroundCallback(id), !events[index].event.deferred else { continue }
                if case .duplicate = events[index].attachment { continue }
                var connection: Int?
                if case .connection(let target) = events[index].attachment, target >= -1 { connection = target }
                calls.append(Call(index: index, id: id, time: events[index].event.time, callback: callback,
                                  appDelegateCallback: source == .callback && id.builtInFamily == .app, connection: connection))
            }
        }
        // Each kind and its opposite bound each other's handlers: a walk keeps the last of each
        // pair of kinds (a callback's slot and its opposite's; the launch, of neither kind, is in none).
        var lastOfPair = [Int?](repeating: nil, count: ForegroundCallback.allCases.count)
        for position in transitions.indices {
            guard let callback = transitions[position].callback else { continue }
            let pair = min(callback.slot, callback.opposite.slot)
            if let previous = lastOfPair[pair] {
                transitions[position].handlersAfter = transitions[previous].index
                transitions[previous].handlersBefore = transitions[position].index
            }
            lastOfPair[pair] = position
        }
        self.transitions = transitions
        self.calls = calls
        var transitionsOfKind = [[Int]](repeating: [], count: ForegroundCallback.allCases.count)
        for (position, transition) in transitions.enumerated() {
            if let callback = transition.callback { transitionsOfKind[callback.slot].append(position) }
        }
        var callsOfKind = [[Int]](repeating: [], count: ForegroundCallback.allCases.count)
        for (position, call) in calls.enumerated() { callsOfKind[call.callback.slot].append(position) }
        self.transitionsOfKind = transitionsOfKind
        self.callsOfKind = callsOfKind
    }

    /// Whether the comparison can say anything: UIKit's account and the app's callbacks both.
    var comparable: Bool { transitionsOfKind.contains { !$0.isEmpty } && !calls.isEmpty }

    /// The transitions whose handler's line `call` may be: of the same kind, with nothing of
    /// UIKit's of the same or the opposite kind between the two, and (where both lines have a
    /// time) within `window`. Only the nearest such transition before the line and the
    /// nearest after it can be one.
    func transitions(handledBy call: Call) -> [Transition] {
        let same = transitionsOfKind[call.callback.slot], opposite = transitionsOfKind[call.callback.opposite.slot]
        var found: [Transition] = []
        // The nearest before: no opposite one after it and before the line.
        if let before = last(in: same, before: call.index) {
            let candidate = transitions[before]
            let blocked = last(in: opposite, before: call.index).map { transitions[$0].index > candidate.index } ?? false
            if !blocked, within(call, candidate) { found.append(candidate) }
        }
        if let after = first(in: same, after: call.index) {
            let candidate = transitions[after]
            let blocked = first(in: opposite, after: call.index).map { transitions[$0].index < candidate.index } ?? false
            if !blocked, within(call, candidate) { found.append(candidate) }
        }
        return found
    }

    /// The app's lines that are handlers of `transition` (see `transitions(handledBy:)`):
    /// those of its kind between the transitions of the same or the opposite kind around it,
    /// handed to `body` in order until it returns false. (No array of them: this is asked
    /// once per transition of UIKit's, and the arrays were a fifth of a rule's cost.)
    func forEachCall(handling transition: Transition, _ body: (Call) -> Bool) {
        guard let callback = transition.callback else { return }
        // The nearest of either kind before and after it, as event indices (-1 and .max for none).
        let lower = transition.handlersAfter, upper = transition.handlersBefore
        let positions = callsOfKind[callback.slot]
        var cursor = firstPosition(in: positions.count) { calls[positions[$0]].index > lower }
        while cursor < positions.count, calls[positions[cursor]].index < upper {
            let call = calls[positions[cursor]]
            if within(call, transition), !body(call) { return }
            cursor += 1
        }
    }

    /// UIKit's state where `call` stands, from its last transition before the line; nil
    /// before UIKit's account begins.
    func state(at call: Call) -> UIKitAccount.State? {
        lastTransition(before: call.index)?.state
    }

    /// UIKit's last transition (of any kind, the launch too) before event `index`.
    func lastTransition(before index: Int) -> Transition? {
        let position = firstPosition(in: transitions.count) { transitions[$0].index >= index }
        return position > 0 ? transitions[position - 1] : nil
    }

    private func within(_ call: Call, _ transition: Transition) -> Bool {
        guard let a = call.time, let b = transition.time else { return true }
        return abs(a - b) <= Self.window
    }

    /// The last of `positions` (into `transitions`) whose event comes before event `index`.
    private func last(in positions: [Int], before index: Int) -> Int? {
        let position = firstPosition(in: positions.count) { transitions[positions[$0]].index >= index }
        return position > 0 ? positions[position - 1] : nil
    }

    /// The first of `positions` whose event comes after event `index`.
    private func first(in positions: [Int], after index: Int) -> Int? {
        let position = firstPosition(in: positions.count) { transitions[positions[$0]].index > index }
        return position < positions.count ? positions[position] : nil
    }

    /// The first of `0..<count` where `isPast` holds (it holds from there on).
    private func firstPosition(in count: Int, where isPast: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension ForegroundCallback {
    /// The transition that undoes this one.
    var opposite: ForegroundCallback {
        switch self {
        case .didBecomeActive: .willResignActive
        case .willResignActive: .didBecomeActive
        case .didEnterBackground: .willEnterForeground
        case .willEnterForeground: .didEnterBackground
        }
    }

    /// How the app delegate's method is named: `applicationDidEnterBackground(_:)`.
    var appDelegateName: String { "application" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() + "(_:)" }
    /// How the scene delegate's method is named: `sceneDidEnterBackground(_:)`.
    var sceneDelegateName: String { "scene" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() + "(_:)" }
}
