import Foundation

/// Timestamps as the formats print them, turned into seconds on the capture's own clock.
package enum CaptureTime {
    static let months: [String: Int] = [
        "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "May": 5, "Jun": 6, "Jul": 7, "Aug": 8, "Sep": 9, "Oct": 10, "Nov": 11, "Dec": 12,
    ]

    package static func seconds(from text: String) -> Double? {
        var text = text
        return text.withUTF8 { seconds(from: UnsafeRawBufferPointer($0)) }
    }

    /// `2019-04-22 17:23:41.409737-0700`, `2015-10-29 17:47:05.362`, `…+01:00`,
    /// `Jul 15 09:37:50[.972604]` (no year: taken as 2000), `18:38:11.129512+0800` and
    /// `16:13:40.069955 +0100` (no date). A zone offset is applied when present; without one
    /// the clock is taken as it is. Only differences within one capture are meaningful.
    package static func seconds(from bytes: UnsafeRawBufferPointer) -> Double? {
        guard let minute = minute(of: bytes) else { return nil }
        return seconds(from: bytes, within: minute)
    }

    /// Where a timestamp's clock starts and the seconds up to its minute (date, hour and
    /// minute): a function of the bytes before the clock's seconds and of whether those two
    /// are digits, which every form's test of a clock (`Bytes.isClock`) asks.
    struct Minute {
        let clockStart: Int
        let seconds: Int
        /// The bytes up to the clock's seconds, which decide everything above.
        var prefixLength: Int { clockStart + 6 }
    }

    static func minute(of bytes: UnsafeRawBufferPointer) -> Minute? {
        var days = 0
        var clockStart = 0
        if Bytes.startsWithDateTime(bytes) || Self.startsWithISODateTime(bytes) {
            guard let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
                  (1...12).contains(month), (1...31).contains(day) else { return nil }
            days = daysSinceEpoch(year: year, month: month, day: day)
            clockStart = 11
        } else if bytes.count >= 15, bytes[3] == 32, Bytes.isClock(bytes, at: 7),
                  let month = months[String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<3]), as: UTF8.self)] {
            let dayRange = bytes[4] == 32 ? 5..<6 : 4..<6
            guard let day = number(bytes, dayRange), (1...31).contains(day) else { return nil }
            days = daysSinceEpoch(year: 2000, month: month, day: day)
            clockStart = 7
        } else if !Bytes.isClock(bytes, at: 0) {
            return nil
        }
        guard let hour = number(bytes, clockStart..<(clockStart + 2)), let minute = number(bytes, (clockStart + 3)..<(clockStart + 5)) else { return nil }
        return Minute(clockStart: clockStart, seconds: days * 86_400 + hour * 3600 + minute * 60)
    }

    /// The seconds of a timestamp whose minute is `minute`: its clock's seconds, fraction and zone.
    static func seconds(from bytes: UnsafeRawBufferPointer, within minute: Minute) -> Double? {
        let clockStart = minute.clockStart
        // The form of Xcode's and `log`'s consoles read at its fixed places: what the general
        // reading gives, in a fraction of its instructions (a timestamp is read for every event).
        if let seconds = fixedPlaceSeconds(bytes, at: clockStart + 6, minute: minute.seconds) { return seconds }
        return generalSeconds(from: bytes, within: minute)
    }

    /// The form of Xcode's and `log`'s consoles, `SS.ffffff±hhmm` from `at` to the end, its
    /// digits read two at a time (a test holds it to `generalSeconds`); nil for any other form.
    @inline(__always)
    static func fixedPlaceSeconds(_ bytes: UnsafeRawBufferPointer, at: Int, minute: Int) -> Double? {
        guard at >= 0, bytes.count == at + 14, bytes[at + 2] == 46, bytes[at + 9] == 43 || bytes[at + 9] == 45,
              let second = digitPair(bytes, at), let micro1 = digitPair(bytes, at + 3), let micro2 = digitPair(bytes, at + 5),
              let micro3 = digitPair(bytes, at + 7), let zoneHours = digitPair(bytes, at + 10),
              let zoneMinutes = digitPair(bytes, at + 12) else { return nil }
        let micro = (micro1 * 100 + micro2) * 100 + micro3
        let offset = (bytes[at + 9] == 45 ? -1 : 1) * (zoneHours * 3600 + zoneMinutes * 60)
        return Double(minute + second - offset) + Double(micro) / 1_000_000
    }

    /// The two digits at `at` as a number; nil if either is not a digit.
    @inline(__always)
    private static func digitPair(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        let tens = bytes[at] &- 48, ones = bytes[at + 1] &- 48
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }

    /// The seconds of a timestamp of any form whose minute is `minute`.
    static func generalSeconds(from bytes: UnsafeRawBufferPointer, within minute: Minute) -> Double? {
        let clockStart = minute.clockStart
        guard let second = number(bytes, (clockStart + 6)..<(clockStart + 8)) else { return nil }
        var cursor = clockStart + 8
        var fraction = 0.0
        // `.409737`, `,409` (ISO 8601 allows a comma), `:751` (CocoaLumberjack's milliseconds).
        let lumberjack = cursor + 4 <= bytes.count && bytes[cursor] == 58 && (cursor + 1..<cursor + 4).allSatisfy { Bytes.isDigit(bytes[$0]) }
            && (cursor + 4 == bytes.count || !Bytes.isDigit(bytes[cursor + 4]))
        if cursor < bytes.count, bytes[cursor] == 46 || bytes[cursor] == 44 || lumberjack {
            // The digits as one integer, divided once by a power of ten (exact up to 10^22), as
            // the reading at fixed places above does, so that the two agree to the bit (a
            // running scale divided by ten at each digit did not, and cost a division a digit).
            // Past 18 digits (beyond a Double's precision of the seconds) they are skipped.
            var digits = 0, read = 0, scale = 1.0
            cursor += 1
            while cursor < bytes.count, Bytes.isDigit(bytes[cursor]) {
                if read < 18 {
                    digits = digits * 10 + Int(bytes[cursor] - 48)
                    scale *= 10
                    read += 1
                }
                cursor += 1
            }
            fraction = Double(digits) / scale
        }
        if cursor < bytes.count, bytes[cursor] == 32 { cursor += 1 }
        var offset = 0
        // `Z` is UTC: no offset.
        if cursor < bytes.count, bytes[cursor] == 43 || bytes[cursor] == 45 {
            let sign = bytes[cursor] == 45 ? -1 : 1
            // `+0200` or `+02:00`: four digits, colons skipped (read per event, without an array).
            var digits = 0, zone = 0
            var index = cursor + 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 58 { continue }
                guard Bytes.isDigit(byte) else { break }
                digits += 1
                if digits <= 4 { zone = zone * 10 + Int(byte - 48) }
            }
            if digits == 4 { offset = sign * ((zone / 100) * 3600 + (zone % 100) * 60) }
        }
        return Double(minute.seconds + second - offset) + fraction
    }

    /// Reads the timestamps of one capture, in order, keeping the last one's minute: the
    /// events of a minute share their date, hour and minute, and reading them again was most
    /// of a timestamp's cost (a month's name is even looked up in a table). Gives what
    /// `seconds(from:)` gives for every timestamp; a test holds it to that.
    struct Reader {
        private var prefix: [UInt8] = []
        private var minute: Minute?

        mutating func seconds(from bytes: UnsafeRawBufferPointer) -> Double? {
            if let minute, bytes.count >= minute.prefixLength + 2, Bytes.isDigit(bytes[minute.prefixLength]),
               Bytes.isDigit(bytes[minute.prefixLength + 1]), sharesPrefix(bytes) {
                return CaptureTime.seconds(from: bytes, within: minute)
            }
            // A minute read is one whose clock's seconds fit (every form's test of a clock asks).
            guard let read = CaptureTime.minute(of: bytes) else {
                minute = nil
                return nil
            }
            minute = read
            prefix.removeAll(keepingCapacity: true)
            prefix.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<read.prefixLength]))
            return CaptureTime.seconds(from: bytes, within: read)
        }

        private func sharesPrefix(_ bytes: UnsafeRawBufferPointer) -> Bool {
            prefix.count <= bytes.count
                && prefix.withUnsafeBytes { $0.hasSameBytes(as: UnsafeRawBufferPointer(start: bytes.baseAddress, count: prefix.count)) }
        }
    }

    /// `2025-12-01T07:44:09`: RFC 3339's `T` between date and time.
    static func startsWithISODateTime(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 19 && Bytes.isDigit(bytes[0]) && Bytes.isDigit(bytes[3]) && bytes[4] == 45 && bytes[7] == 45
            && bytes[10] == 84 && Bytes.isClock(bytes, at: 11)
    }

    /// Inlined, as `Bytes.decimal` is: six a timestamp, read for every event.
    @inline(__always)
    private static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count else { return nil }
        return Bytes.decimal(bytes, range)
    }

    /// Howard Hinnant's days_from_civil.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
