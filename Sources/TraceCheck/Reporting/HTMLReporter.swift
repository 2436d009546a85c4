import Foundation

/// `--format html`: one self-contained page (inline CSS, JS and SVG; nothing fetched, works
/// from `file://`). An index of the captures with their verdicts, then per capture its
/// swimlanes: a lane per process epoch's app delegate and per scene, the scene's states as
/// coloured bands, each callback a tick, findings as markers (click for the message, the
/// rule's explanation and the evidence), inconclusive findings and the capture's weak spots
/// hatched; a findings table linked to the markers; a toggle between line order and time, and
/// a filter by severity and rule. Everything taken from a capture is escaped.
package struct HTMLReporter: Reporter {
    package let failOn: Severity

    package init(failOn: Severity = .error) { self.failOn = failOn }

    static let width = 1200.0, labelWidth = 300.0, right = 1180.0, laneHeight = 30.0

    package func render(_ result: RunResult) -> String {
        let terminal = TerminalReporter(color: false, failOn: failOn)
        var body = "<h1>tracecheck</h1>\n"
        let errors = result.count(.error), warnings = result.count(.warning), infos = result.count(.info)
        body += "<p class=\"totals\">\(result.checkedCount + result.unreadable.count) capture(s): \(errors) error(s), "
            + "\(warnings) warning(s), \(infos) info(s)\(result.unreadable.isEmpty ? "" : ", \(result.unreadable.count) unreadable")</p>\n"
        body += "<table class=\"index\"><thead><tr><th></th><th>capture</th><th>findings</th><th>events</th></tr></thead><tbody>\n"
        for (index, report) in result.reports.enumerated() {
            let verdict = terminal.verdict(of: report)
            body += "<tr class=\"verdict-\(verdict)\"><td>\(Self.mark(verdict))</td><td><a href=\"#capture-\(index + 1)\">\(Self.html(report.path))</a></td>"
                + "<td>\(report.findings.count + report.inconclusive.count)</td><td>\(report.eventCount)</td></tr>\n"
        }
        for unreadable in result.unreadable {
            body += "<tr class=\"verdict-unreadable\"><td>⛔</td><td>\(Self.html(unreadable.source))</td><td colspan=\"2\">\(Self.html(unreadable.reason))</td></tr>\n"
        }
        if result.folded.count > 0 {
            body += "<tr><td>✓</td><td colspan=\"3\">\(result.folded.count) more clean capture(s)</td></tr>\n"
        }
        body += "</tbody></table>\n"
        body += controls(result)
        for (index, report) in result.reports.enumerated() {
            body += section(report, number: index + 1, verdict: terminal.verdict(of: report), result: result)
        }
        return Self.page(body)
    }

    static func mark(_ verdict: TerminalReporter.Verdict) -> String {
        switch verdict {
        case .failed: "✗"
        case .nothingRead: "?"
        case .warned: "!"
        case .inconclusive: "~"
        case .clean: "✓"
        }
    }

    private func controls(_ result: RunResult) -> String {
        let rules = Set(result.reports.flatMap { ($0.findings + $0.inconclusive.map(\.finding)).map(\.rule) }).sorted()
        var out = "<form class=\"controls\" id=\"controls\">"
        // Time where a capture's lines carry it (line order for those that do not), unless line order is picked.
        out += "<span>axis: <label><input type=\"radio\" name=\"axis\" value=\"time\" checked> time</label> "
        out += "<label><input type=\"radio\" name=\"axis\" value=\"line\"> line order</label></span> "
        out += "<span>show: "
        for severity in ["error", "warning", "info", "inconclusive"] {
            out += "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity)\" checked> \(severity)</label> "
        }
        out += "</span> <label>rule: <select name=\"rule\"><option value=\"\">all</option>"
        for rule in rules { out += "<option value=\"\(Self.html(rule))\">\(Self.html(rule))</option>" }
        out += "</select></label></form>\n"
        out += "<p class=\"legend\">states: <span style=\"background:#93c47d\">foreground-active</span><span style=\"background:#ffe599\">foreground-inactive</span>"
            + "<span style=\"background:#9fc5e8\">background</span><span style=\"background:#d9d2e9\">connecting</span><span style=\"background:#eee\">unknown</span>"
            + " · a tick is a callback (hover for its line) · a dot is a finding (click it) · hatching marks a weak spot of the capture</p>\n"
        return out
    }

    // MARK: One capture

    private func section(_ report: CaptureReport, number: Int, verdict: TerminalReporter.Verdict, result: RunResult) -> String {
        var out = "<section class=\"capture verdict-\(verdict)\" id=\"capture-\(number)\">\n"
        out += "<h2>\(Self.mark(verdict)) \(Self.html(report.path))</h2>\n"
        out += "<p class=\"read\">\(Self.html(report.scan.format)), \(report.scan.statistics.lines) lines, \(report.eventCount) lifecycle events</p>\n"
        let reported = ReportedFinding.all(in: report)
        out += lanes(report, number: number, findings: reported, result: result)
        if !reported.isEmpty {
            out += "<table class=\"findings\"><thead><tr><th>line</th><th>severity</th><th>rule</th><th>message</th><th>evidence</th></tr></thead><tbody>\n"
            for (index, item) in reported.enumerated() {
                let finding = item.finding
                let severity = item.inconclusive == nil ? finding.severity.rawValue : "inconclusive"
                var message = finding.message
                if let reason = item.inconclusive { message += " (not a violation: \(reason))" }
                let evidence = finding.evidence.sorted { $0.line < $1.line }.map { "\($0.line): \($0.text)" }
                out += "<tr class=\"finding\" id=\"finding-\(number)-\(index + 1)\" data-severity=\"\(severity)\" data-rule=\"\(Self.html(finding.rule))\">"
                    + "<td><a href=\"#marker-\(number)-\(index + 1)\">\(finding.line)</a></td><td class=\"severity-\(severity)\">\(severity)</td>"
                    + "<td><code>\(Self.html(finding.rule))</code></td><td>\(Self.html(message))</td>"
                    + "<td><pre>\(Self.html(evidence.joined(separator: "\n")))</pre></td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if !report.health.isEmpty {
            out += "<ul class=\"health\">"
            for issue in report.health { out += "<li>\(Self.html((issue.line.map { "line \($0): " } ?? "") + issue.message))</li>" }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// A lane: its label, its bands and ticks, and the findings that point at it.
    private struct Lane {
        let label: String
        var bands: [(state: SceneState, from: LifecycleEvent, to: LifecycleEvent?)] = []
        var ticks: [LifecycleEvent] = []
        var heading = false
    }

    private func lanes(_ report: CaptureReport, number: Int, findings: [ReportedFinding], result: RunResult) -> String {
        let events = report.timeline.epochs.flatMap { $0.events.map(\.event) }
        guard let first = events.map(\.line).min(), let last = events.map(\.line).max() else {
            return "<p class=\"nothing\">No lifecycle event was read.</p>\n"
        }
        let axis = Axis(first: first, last: last, events: events)
        var lanes: [Lane] = []
        var laneOfFinding: [Int: Int] = [:]
        for epoch in report.timeline.epochs {
            lanes.append(Lane(label: "\(epoch.label) (\(epoch.modePhrase))", heading: true))
            let epochLane = lanes.count - 1
            for row in TimelineRows.rows(of: epoch) {
                lanes.append(Lane(label: row.kind == .appDelegate ? "app delegate" : row.label,
                                  bands: TimelineRows.states(of: row, until: epoch.events.last?.event),
                                  ticks: row.steps.compactMap(\.event)))
                guard [.timeline, .uikit, .system].contains(row.kind) else { continue }
                for (index, item) in findings.enumerated() where item.finding.process == epoch.label && item.finding.scene == row.label {
                    laneOfFinding[index] = lanes.count - 1
                }
            }
            for (index, item) in findings.enumerated() where item.finding.process == epoch.label && laneOfFinding[index] == nil {
                laneOfFinding[index] = epochLane
            }
        }
        let height = Double(lanes.count) * Self.laneHeight + 24
        var svg = "<svg class=\"lanes\" viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\""
            + " data-has-time=\"\(axis.hasTime)\" role=\"img\" aria-label=\"timeline of \(Self.html(report.path))\">\n"
        svg += "<defs><pattern id=\"hatch-\(number)\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect width=\"3\" height=\"6\" fill=\"#b00\" fill-opacity=\"0.35\"/></pattern></defs>\n"
        // The capture's weak spots, across every lane.
        for issue in report.health {
            for range in issue.weakRanges {
                let low = max(range.lowerBound, first), high = min(range.upperBound, last)
                guard low <= high else { continue }
                svg += "<rect class=\"weak\" \(axis.span(low, high)) y=\"0\" height=\"\(Int(height - 24))\" fill=\"url(#hatch-\(number))\">"
                    + "<title>\(Self.html(issue.kind.rawValue + ": " + issue.message))</title></rect>\n"
            }
        }
        for (row, lane) in lanes.enumerated() {
            let y = Double(row) * Self.laneHeight
            let laneClass = lane.heading ? "lane heading" : "lane"
            svg += "<g class=\"\(laneClass)\"><text class=\"label\" x=\"6\" y=\"\(Int(y + 19))\">\(Self.html(Self.clipped(lane.label, 44)))<title>\(Self.html(lane.label))</title></text>"
            if !lane.heading { svg += "<line class=\"rail\" x1=\"\(Int(Self.labelWidth))\" x2=\"\(Int(Self.right))\" y1=\"\(Int(y + 15))\" y2=\"\(Int(y + 15))\"/>" }
            for band in lane.bands {
                let to = band.to ?? band.from
                svg += "<rect class=\"band state-\(band.state.rawValue)\" \(axis.span(band.from, to)) y=\"\(Int(y + 8))\" height=\"14\">"
                    + "<title>\(Self.html("\(band.state.phrase) from line \(band.from.line)" + (band.to.map { " to line \($0.line)" } ?? "")))</title></rect>"
            }
            for tick in lane.ticks {
                svg += "<line class=\"tick\" \(axis.point(tick, attribute: "x1")) \(axis.point(tick, attribute: "x2")) y1=\"\(Int(y + 5))\" y2=\"\(Int(y + 25))\" data-line=\"\(tick.line)\">"
                    + "<title>\(Self.html("line \(tick.line): \(tick.id.rawValue) — \(tick.text)"))</title></line>"
            }
            svg += "</g>\n"
        }
        // An inconclusive finding: the span its evidence covers, hatched, under its marker.
        for (index, item) in findings.enumerated() where item.inconclusive != nil {
            let lines = item.finding.evidence.map(\.line) + [item.finding.line]
            guard let low = lines.min(), let high = lines.max() else { continue }
            let y = Double(laneOfFinding[index] ?? 0) * Self.laneHeight
            svg += "<rect class=\"weak inconclusive\" \(axis.span(low, high)) y=\"\(Int(y + 4))\" height=\"22\" fill=\"url(#hatch-\(number))\">"
                + "<title>\(Self.html("inconclusive: " + (item.inconclusive ?? "")))</title></rect>\n"
        }
        for (index, item) in findings.enumerated() {
            let finding = item.finding
            let row = laneOfFinding[index] ?? 0
            let y = Double(row) * Self.laneHeight + 15
            let severity = item.inconclusive == nil ? finding.severity.rawValue : "inconclusive"
            let at = events.first { $0.line == finding.line }
            let explanation = result.description(of: finding.rule).map { Self.firstSentence($0.rationale) } ?? ""
            let evidence = finding.evidence.sorted { $0.line < $1.line }.map { "\($0.line): \($0.text)" }.joined(separator: "\n")
            svg += "<g class=\"marker severity-\(severity)\" id=\"marker-\(number)-\(index + 1)\" tabindex=\"0\" data-severity=\"\(severity)\""
                + " data-rule=\"\(Self.html(finding.rule))\" data-line=\"\(finding.line)\" data-message=\"\(Self.html(finding.message))\""
                + " data-explanation=\"\(Self.html(explanation))\" data-evidence=\"\(Self.html(evidence))\" data-row=\"finding-\(number)-\(index + 1)\">"
                + "<circle \(axis.point(at, line: finding.line, attribute: "cx")) cy=\"\(Int(y))\" r=\"7\"/>"
                + "<title>\(Self.html("line \(finding.line): \(severity): \(finding.message) [\(finding.rule)]"))</title></g>\n"
        }
        svg += "<text class=\"axis\" x=\"\(Int(Self.labelWidth))\" y=\"\(Int(height - 6))\" data-line-text=\"line \(first)\" data-time-text=\"\(Self.html(axis.startText))\">line \(first)</text>"
        svg += "<text class=\"axis end\" x=\"\(Int(Self.right))\" y=\"\(Int(height - 6))\" data-line-text=\"line \(last)\" data-time-text=\"\(Self.html(axis.endText))\">line \(last)</text>\n"
        return "<div class=\"scroll\">" + svg + "</svg></div>\n"
    }

    /// Positions on both axes: line order, and time when every event of the capture has one.
    struct Axis {
        let first: Int, last: Int
        let start: Double?, end: Double?

        init(first: Int, last: Int, events: [LifecycleEvent]) {
            self.first = first
            self.last = last
            let times = events.map(\.time)
            if times.allSatisfy({ $0 != nil }), let low = times.compactMap({ $0 }).min(), let high = times.compactMap({ $0 }).max() {
                (start, end) = (low, high)
            } else {
                (start, end) = (nil, nil)
            }
        }

        var hasTime: Bool { start != nil }
        var startText: String { "0 s" }
        var endText: String { start.flatMap { s in end.map { String(format: "%.3f s", $0 - s) } } ?? "" }

        func x(line: Int) -> Double {
            let plot = HTMLReporter.right - HTMLReporter.labelWidth
            return last == first ? HTMLReporter.labelWidth : HTMLReporter.labelWidth + Double(line - first) / Double(last - first) * plot
        }

        func x(time: Double?) -> Double? {
            guard let start, let end, let time else { return nil }
            let plot = HTMLReporter.right - HTMLReporter.labelWidth
            return end == start ? HTMLReporter.labelWidth : HTMLReporter.labelWidth + (time - start) / (end - start) * plot
        }

        /// `x1="…" data-x1-line="…" data-x1-time="…"`: the script swaps the attribute's value.
        func point(_ event: LifecycleEvent?, line: Int? = nil, attribute: String) -> String {
            let byLine = x(line: event?.line ?? line ?? first)
            let byTime = x(time: event?.time) ?? byLine
            return "\(attribute)=\"\(Self.number(byLine))\" data-\(attribute)-line=\"\(Self.number(byLine))\" data-\(attribute)-time=\"\(Self.number(byTime))\""
        }

        func span(_ from: LifecycleEvent, _ to: LifecycleEvent) -> String {
            let lineFrom = x(line: from.line), lineTo = x(line: to.line)
            let timeFrom = x(time: from.time) ?? lineFrom, timeTo = x(time: to.time) ?? lineTo
            return spanAttributes(lineFrom, lineTo, timeFrom, timeTo)
        }

        func span(_ low: Int, _ high: Int) -> String {
            let from = x(line: low), to = x(line: high)
            return spanAttributes(from, to, from, to)
        }

        private func spanAttributes(_ lineFrom: Double, _ lineTo: Double, _ timeFrom: Double, _ timeTo: Double) -> String {
            let lineWidth = max(2, lineTo - lineFrom), timeWidth = max(2, timeTo - timeFrom)
            return "x=\"\(Self.number(lineFrom))\" width=\"\(Self.number(lineWidth))\" data-x-line=\"\(Self.number(lineFrom))\""
                + " data-width-line=\"\(Self.number(lineWidth))\" data-x-time=\"\(Self.number(timeFrom))\" data-width-time=\"\(Self.number(timeWidth))\""
        }

        static func number(_ value: Double) -> String { String(format: "%.1f", value) }
    }

    // MARK: Text

    /// Text for HTML content and attribute values: a capture is untrusted input.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            default:
                // Control characters other than tab are not text.
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    static func clipped(_ text: String, _ limit: Int) -> String { text.count <= limit ? text : String(text.prefix(limit - 1)) + "…" }

    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    static func page(_ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>tracecheck report</title>
        <style>
        body{font:14px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1240px}
        h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-top:1px solid #ddd;padding-top:14px}
        table{border-collapse:collapse;margin:10px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
        pre{margin:0;font-size:12px;white-space:pre-wrap}code{font-size:12px}
        .verdict-failed td:first-child,.verdict-nothingRead td:first-child{color:#b00;font-weight:bold}
        .verdict-clean td:first-child{color:#2a7d2a}.controls{margin:12px 0;display:flex;gap:18px;flex-wrap:wrap}
        .scroll{overflow-x:auto}svg.lanes{font-size:12px;background:#fafafa;border:1px solid #eee}
        .label{fill:#333}.heading .label{font-weight:bold}.rail{stroke:#ccc}.tick{stroke:#333;stroke-width:1.5}
        .band{opacity:.85}.state-connecting{fill:#d9d2e9}.state-unknown{fill:#eee}.state-unattached{fill:#ddd}
        .state-foregroundInactive{fill:#ffe599}.state-foregroundActive{fill:#93c47d}.state-background{fill:#9fc5e8}
        .marker{cursor:pointer}.marker circle{stroke:#fff;stroke-width:2}.severity-error circle{fill:#c00}
        .severity-warning circle{fill:#e69138}.severity-info circle{fill:#3d85c6}
        .severity-inconclusive circle{fill:#fff;stroke:#c00;stroke-dasharray:2 2}
        td.severity-error{color:#c00}td.severity-warning{color:#b45f06}.axis{fill:#777}.axis.end{text-anchor:end}
        .hidden{display:none}.health{color:#555}
        #popover{position:fixed;right:24px;bottom:24px;max-width:520px;background:#fff;border:1px solid #999;
          box-shadow:0 2px 12px rgba(0,0,0,.2);padding:10px 14px;display:none}
        #popover.open{display:block}#popover pre{background:#f4f4f4;padding:6px}
        .legend span{display:inline-block;padding:0 6px;margin-right:6px}
        @media print{.controls,#popover{display:none}.scroll{overflow:visible}body{margin:0}}
        </style></head><body>
        \(body)<div id="popover" role="dialog"><p><strong id="popover-title"></strong></p><p id="popover-message"></p><p id="popover-explanation"></p><pre id="popover-evidence"></pre></div>
        <script>
        (function(){
          var form=document.getElementById('controls');
          function axis(){var v=form?form.querySelector('input[name=axis]:checked').value:'line';
            document.querySelectorAll('svg.lanes').forEach(function(svg){
              var use=(v==='time'&&svg.getAttribute('data-has-time')==='true')?'time':'line';
              svg.querySelectorAll('[data-x-line]').forEach(function(e){e.setAttribute('x',e.getAttribute('data-x-'+use));e.setAttribute('width',e.getAttribute('data-width-'+use));});
              ['x1','x2','cx'].forEach(function(a){svg.querySelectorAll('[data-'+a+'-line]').forEach(function(e){e.setAttribute(a,e.getAttribute('data-'+a+'-'+use));});});
              svg.querySelectorAll('text.axis').forEach(function(t){t.textContent=t.getAttribute('data-'+use+'-text');});});}
          function filter(){if(!form)return;var shown={};form.querySelectorAll('input[name=severity]').forEach(function(c){shown[c.value]=c.checked;});
            var rule=form.querySelector('select[name=rule]').value;
            document.querySelectorAll('.marker,tr.finding').forEach(function(e){var ok=shown[e.getAttribute('data-severity')]&&(!rule||e.getAttribute('data-rule')===rule);e.classList.toggle('hidden',!ok);});}
          if(form){form.addEventListener('change',function(){axis();filter();});}
          axis();
          var pop=document.getElementById('popover');
          function open(m){document.getElementById('popover-title').textContent='line '+m.getAttribute('data-line')+' · '+m.getAttribute('data-severity')+' · '+m.getAttribute('data-rule');
            document.getElementById('popover-message').textContent=m.getAttribute('data-message');
            document.getElementById('popover-explanation').textContent=m.getAttribute('data-explanation');
            document.getElementById('popover-evidence').textContent=m.getAttribute('data-evidence');pop.classList.add('open');
            var row=document.getElementById(m.getAttribute('data-row'));if(row){row.style.background='#fff3cd';}}
          document.querySelectorAll('.marker').forEach(function(m){m.addEventListener('click',function(){open(m);});
            m.addEventListener('keydown',function(e){if(e.key==='Enter'){open(m);}});});
          document.addEventListener('keydown',function(e){if(e.key==='Escape'){pop.classList.remove('open');}});
          // #open-marker-2-1 opens that marker's popover: a link can point at a finding.
          var wanted=location.hash.indexOf('#open-')===0?document.getElementById(location.hash.slice(6)):null;if(wanted){open(wanted);}
        })();
        </script></body></html>

        """
    }
}
