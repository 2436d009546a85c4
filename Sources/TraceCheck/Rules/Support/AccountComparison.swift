/// The app's own foreground callbacks set beside UIKit's account of the same process
/// (docs/uikit-account.md, "Cross-checking the handlers"): which of UIKit's transitions each
/// callback line is the handler of, and what UIKit's state was where a line stands alone.
struct AccountComparison {
    /// One of UIKit's transitions.
    struct Transition {
        let index: Int
        let event: LifecycleEvent
        /// Nil for the launch: it has no handler of the four.
        let callback: ForegroundCallback?
        let state: UIKitAccount.State
    }

    /// One line of the app's for a foreground callback: a delegate's callback or an
    /// observer's notification, at the app or the scene level.
    struct Call {
        let index: Int
        let event: LifecycleEvent
        let callback: ForegroundCallback
        /// `applicationDidEnterBackground(_:)` itself, not a notification or a scene's callback.
        let appDelegateCallback: Bool
        /// The timeline it drives: a scene's (its index), a legacy app's (-1); nil for none.
        let connection: Int?
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

    init(_ epoch: ProcessEpoch) {
        var transitions: [Transition] = []
        var calls: [Call] = []
        for (index, entry) in epoch.events.enumerated() {
            let event = entry.event
            if event.id.isUIKitAccount {
                if let state = UIKitAccount.state(after: event.id) {
                    transitions.append(Transition(index: index, event: event, callback: UIKitAccount.callback(for: event.id), state: state))
                }
                continue
            }
            guard event.source != .uikit, !event.deferred, let callback = ForegroundCallback(event.id) else { continue }
            if case .duplicate = entry.attachment { continue }
            var connection: Int?
            if case .connection(let target) = entry.attachment, target >= -1 { connection = target }
            calls.append(Call(index: index, event: event, callback: callback,
                              appDelegateCallback: event.source == .callback && event.id.builtInFamily == .app,
                              connection: connection))
        }
        self.transitions = transitions
        self.calls = calls
    }

    /// Whether the comparison can say anything: UIKit's account and the app's callbacks both.
    var comparable: Bool { transitions.contains { $0.callback != nil } && !calls.isEmpty }

    /// Whether `call` is the handler's line for `transition`: the same callback, nothing of
    /// UIKit's between them that is the same or the opposite transition, and (where both
    /// lines have a time) within `window`.
    func matches(_ call: Call, _ transition: Transition) -> Bool {
        guard let callback = transition.callback, callback == call.callback else { return false }
        let between = min(call.index, transition.index) + 1 ..< max(call.index, transition.index)
        let blocked = transitions.contains { other in
            between.contains(other.index) && (other.callback == callback || other.callback == callback.opposite)
        }
        guard !blocked else { return false }
        if let a = call.event.time, let b = transition.event.time, abs(a - b) > Self.window { return false }
        return true
    }

    /// UIKit's state where `call` stands, from its last transition before the line; nil
    /// before UIKit's account begins.
    func state(at call: Call) -> UIKitAccount.State? {
        transitions.last { $0.index < call.index }?.state
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
