/// Dwyer's property specification patterns, as `.tracecheck.yml` names them.
package enum SpecificationPattern: String, CaseIterable, Sendable {
    /// Every `effect` has a `cause` since the previous `effect` (or the start of the scope).
    case precedes
    /// Every `cause` is followed by an `effect` (within `within`, when given).
    case responds
    /// `event` never occurs.
    case absent
    /// `event` occurs at least once.
    case exists
    /// `event` occurs at most `count` times.
    case atMost = "at_most"
    /// `cause` and `effect` alternate, starting with `cause`.
    case alternates

    /// Patterns about two events; the others are about one.
    package var isPair: Bool { [.precedes, .responds, .alternates].contains(self) }
}

/// What one instance of a user rule's scope is checked over.
package enum RuleScope: String, CaseIterable, Sendable {
    /// One scene connection: its callbacks and the app's other events logged while it was connected.
    case scene
    /// One process epoch.
    case process
    /// The whole capture.
    case capture
}

/// A rule from `.tracecheck.yml`: a specification pattern over canonical or configured events.
package struct SpecificationPatternRule: Sendable {
    package let id: String
    package let pattern: SpecificationPattern
    /// The cause of a pair pattern, or the one event of the others.
    package let cause: EventID
    package let effect: EventID?
    package let scope: RuleScope
    /// Seconds; for precedes and responds.
    package let within: Double?
    /// For at_most.
    package let count: Int
    package let severity: Severity
    package let message: String?
    package let triggering: [ExampleTrace]
    package let nonTriggering: [ExampleTrace]
    /// `path:line` of its definition.
    package let origin: String

    package init(id: String, pattern: SpecificationPattern, cause: EventID, effect: EventID?, scope: RuleScope,
                within: Double?, count: Int, severity: Severity, message: String?,
                triggering: [ExampleTrace], nonTriggering: [ExampleTrace], origin: String) {
        self.id = id
        self.pattern = pattern
        self.cause = cause
        self.effect = effect
        self.scope = scope
        self.within = within
        self.count = count
        self.severity = severity
        self.message = message
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.origin = origin
    }

    /// The statement, in words: `analytics.flush precedes scene.didEnterBackground (per scene, within 2 s)`.
    package var statement: String {
        var text: String
        switch pattern {
        case .precedes: text = "\(cause) precedes every \(effect?.rawValue ?? "")"
        case .responds: text = "every \(cause) is followed by \(effect?.rawValue ?? "")"
        case .absent: text = "\(cause) never occurs"
        case .exists: text = "\(cause) occurs at least once"
        case .atMost: text = "\(cause) occurs at most \(count) time\(count == 1 ? "" : "s")"
        case .alternates: text = "\(cause) and \(effect?.rawValue ?? "") alternate, starting with \(cause)"
        }
        text += " (per \(scope.rawValue)"
        if let within { text += ", within \(Self.seconds(within))" }
        return text + ")"
    }

    package var description: RuleDescription {
        RuleDescription(
            id: id, spec: "user", name: message ?? statement, family: .custom, severity: severity,
            rationale: "Defined in \(origin): \(statement).",
            exceptions: pattern == .responds || pattern == .exists || pattern == .alternates
                ? "An obligation still open when the capture ends is reported only if the capture ended cleanly; otherwise it is inconclusive."
                : "None: the rule says exactly what its pattern says.",
            triggering: triggering, nonTriggering: nonTriggering)
    }

    /// Judged run by run like a built-in rule, but for a rule over the whole capture.
    package var activeRule: ActiveRule {
        let rule = self
        guard scope != .capture else {
            return ActiveRule(description: description, judgement: .wholeCapture { rule.verdict(on: Self.instances(ofCapture: $0), in: $0).outcome })
        }
        return ActiveRule(description: description, judgement: .runByRun(RunJudge(family: .custom) { epoch, timeline, _ in
            rule.verdict(on: Self.instances(of: rule.scope, in: epoch, of: timeline), in: timeline)
        }))
    }

    // MARK: Monitor

    /// One event of a scope instance: its position in the instance, its id and time.
    struct Step {
        let id: EventID
        let time: Double?
    }

    enum Verdict: Equatable {
        case violation(at: Int, context: [Int], detail: String)
        /// Open when the scope instance stopped with the capture.
        case pending(at: Int, detail: String)
    }

    /// Checks one scope instance. `closed`: the scope ended inside the capture (the scene
    /// disconnected, the process ended), so what is still owed is a violation.
    func verdicts(_ steps: [Step], closed: Bool) -> [Verdict] {
        var verdicts: [Verdict] = []
        let effect = self.effect ?? cause
        func open(_ position: Int, _ detail: String) {
            verdicts.append(closed ? .violation(at: position, context: [], detail: detail) : .pending(at: position, detail: detail))
        }
        switch pattern {
        case .precedes:
            var lastCause: Int?
            for (position, step) in steps.enumerated() {
                if step.id == cause { lastCause = position }
                guard step.id == effect else { continue }
                if let found = lastCause {
                    if let within, let late = Self.gap(steps[found], step), late > within {
                        verdicts.append(.violation(at: position, context: [found],
                                                   detail: "\(effect) \(Self.seconds(late)) after \(cause), more than \(Self.seconds(within))"))
                    }
                } else {
                    verdicts.append(.violation(at: position, context: [], detail: "\(effect) with no \(cause) before it"))
                }
                lastCause = nil
            }
        case .responds:
            var waiting: [Int] = []
            for (position, step) in steps.enumerated() {
                if step.id == effect {
                    for found in waiting {
                        if let within, let late = Self.gap(steps[found], step), late > within {
                            verdicts.append(.violation(at: found, context: [position],
                                                       detail: "\(effect) only \(Self.seconds(late)) after \(cause), more than \(Self.seconds(within))"))
                        }
                    }
                    waiting = []
                }
                if step.id == cause { waiting.append(position) }
            }
            for found in waiting {
                if let within, let last = steps.last, let waited = Self.gap(steps[found], last), waited > within {
                    verdicts.append(.violation(at: found, context: [], detail: "no \(effect) within \(Self.seconds(within)) of \(cause)"))
                } else {
                    open(found, "\(cause) never followed by \(effect)")
                }
            }
        case .absent:
            for (position, step) in steps.enumerated() where step.id == cause {
                verdicts.append(.violation(at: position, context: [], detail: "\(cause) occurred"))
            }
        case .exists:
            if !steps.contains(where: { $0.id == cause }), !steps.isEmpty {
                open(steps.count - 1, "no \(cause) in this \(scope.rawValue)")
            }
        case .atMost:
            let positions = steps.indices.filter { steps[$0].id == cause }
            for position in positions.dropFirst(count) {
                verdicts.append(.violation(at: position, context: Array(positions.prefix(count)),
                                           detail: "\(cause) occurred more than \(count) time\(count == 1 ? "" : "s")"))
            }
        case .alternates:
            var pending: Int?
            for (position, step) in steps.enumerated() {
                if step.id == cause {
                    if let found = pending {
                        verdicts.append(.violation(at: position, context: [found], detail: "\(cause) again with no \(effect) since the last one"))
                    }
                    pending = position
                } else if step.id == effect {
                    if pending == nil {
                        verdicts.append(.violation(at: position, context: [], detail: "\(effect) with no \(cause) before it"))
                    }
                    pending = nil
                }
            }
            // A cause already reported as repeated is not reported again as unanswered.
            if let pending, !verdicts.contains(where: { if case .violation(pending, _, _) = $0 { true } else { false } }) {
                open(pending, "\(cause) never followed by \(effect)")
            }
        }
        return verdicts
    }

    /// The 1-based positions an example's events are reported at, taking the example as a
    /// whole scope that ended cleanly.
    package func reportedPositions(in example: ExampleTrace) -> [Int] {
        let steps = example.unmarkedLines.map { Step(id: EventID($0), time: nil) }
        return verdicts(steps, closed: true).map { verdict in
            switch verdict {
            case .violation(let position, _, _), .pending(let position, _): position + 1
            }
        }.sorted()
    }

    // MARK: Over a capture

    package func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome { activeRule.outcome(for: timeline) }

    /// The verdict on some scope instances: judged where one holds an event of the rule's.
    func verdict(on instances: [ScopeInstance], in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        for instance in instances {
            let relevant = instance.events.contains { $0.id == cause || $0.id == effect } || pattern == .exists
            guard relevant else { continue }
            verdict.judged = true
            let steps = instance.events.map { Step(id: $0.id, time: $0.time) }
            for found in verdicts(steps, closed: instance.closed) {
                switch found {
                case .violation(let position, let context, let detail):
                    verdict.findings.append(finding(detail, at: instance.events[position], context: context.map { instance.events[$0] },
                                                    timeline: timeline, instance: instance))
                case .pending(let position, let detail):
                    verdict.pending.append(finding(detail + " by the end of the capture", at: instance.events[position], context: [],
                                                   timeline: timeline, instance: instance))
                }
            }
        }
        return verdict
    }

    private func finding(_ detail: String, at event: LifecycleEvent, context: [LifecycleEvent],
                         timeline: CaptureTimeline, instance: ScopeInstance) -> Finding {
        let text = message.map { "\($0): \(detail)" } ?? detail
        let context = context.filter { $0.line != event.line }.sorted { $0.line < $1.line }
        return Finding(rule: id, spec: "user", severity: severity, message: text, path: timeline.path, line: event.line,
                       scene: instance.scene, process: instance.process, evidence: [Evidence(event)] + context.map(Evidence.init))
    }

    struct ScopeInstance {
        let events: [LifecycleEvent]
        let closed: Bool
        let scene: String?
        let process: String?
    }

    /// The capture as one instance: every driving event of every epoch, in line order.
    static func instances(ofCapture timeline: CaptureTimeline) -> [ScopeInstance] {
        let events = timeline.epochs.flatMap { $0.driving }.sorted { $0.line < $1.line }
        return [ScopeInstance(events: events, closed: false, scene: nil, process: nil)]
    }

    /// The instances of a process or scene scope in one epoch.
    static func instances(of scope: RuleScope, in epoch: ProcessEpoch, of timeline: CaptureTimeline) -> [ScopeInstance] {
        switch scope {
        case .capture:
            return []
        case .process:
            return [ScopeInstance(events: epoch.driving, closed: epoch.endsWithinCapture(timeline), scene: nil, process: epoch.label)]
        case .scene:
            let driving = epoch.drivingEvents
            let processEnded = epoch.endsWithinCapture(timeline)
            return epoch.allTimelines.map { _, connection in
                let own = Set(connection.steps.map(\.event))
                let start = connection.steps.first?.event ?? 0
                let end = connection.state == .disconnected ? (connection.steps.last?.event ?? Int.max) : Int.max
                let events = driving.filter { index, event in
                    if own.contains(index) { return true }
                    guard !event.id.isSceneLevel, index > start, index < end else { return false }
                    return Self.mayConcern(event.identity, connection)
                }.map(\.event)
                return ScopeInstance(events: events, closed: connection.state == .disconnected || processEnded,
                                     scene: connection.label, process: epoch.label)
            }
        }
    }

    /// An event that names a scene belongs to that scene only; one that names none, to every
    /// scene connected when it was logged.
    static func mayConcern(_ identity: SceneIdentity, _ connection: SceneConnection) -> Bool {
        func agrees(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }
        let sessions = identity.sessions.isEmpty || connection.sessions.isEmpty || !Set(identity.sessions).isDisjoint(with: connection.sessions)
        return sessions && agrees(identity.scenePointer, connection.scenePointer)
            && agrees(identity.delegateClass, connection.delegateClass)
    }

    static func gap(_ from: Step, _ to: Step) -> Double? {
        guard let start = from.time, let end = to.time else { return nil }
        return end - start
    }

    static func seconds(_ value: Double) -> String {
        // 20.3 s, 2 s, 500 ms: as precise as a log's timing deserves. Beyond what an Int holds
        // in tenths (no capture's gap, no configured duration) the number is printed as it is.
        guard value.isFinite, abs(value) < 1e15 else { return "\(value) s" }
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
