/// Timestamps as the capture formats print them, reduced to seconds for differences.
public enum CaptureTime {
    /// `2019-04-22 17:23:41.409737-0700`, `2015-10-29 17:47:05.362`, `…+01:00`.
    /// A zone offset is applied when present; without one the clock is taken as it is.
    public static func seconds(from text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 32, bytes[13] == 58, bytes[16] == 58,
              let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
              let hour = number(bytes, 11..<13), let minute = number(bytes, 14..<16), let second = number(bytes, 17..<19),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var cursor = 19
        var fraction = 0.0
        if cursor < bytes.count, bytes[cursor] == 46 {
            var scale = 0.1
            cursor += 1
            while cursor < bytes.count, (48...57).contains(bytes[cursor]) {
                fraction += Double(bytes[cursor] - 48) * scale
                scale /= 10
                cursor += 1
            }
        }
        var offset = 0
        if cursor < bytes.count, bytes[cursor] == 43 || bytes[cursor] == 45 {
            let sign = bytes[cursor] == 45 ? -1 : 1
            let digits = bytes[(cursor + 1)...].filter { $0 != 58 }
            if digits.count == 4, let zone = number(Array(digits), 0..<4) {
                offset = sign * ((zone / 100) * 3600 + (zone % 100) * 60)
            }
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 48)
        }
        return value
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
