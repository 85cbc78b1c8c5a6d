/// A UTC calendar date and time in whole seconds, as X.509 validity times carry it (RFC 5280 §4.1.2.5).
public struct UTCDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// RFC 5280's "no well-defined expiration date", 9999-12-31T23:59:59Z; Matter TLV certificates write it as 0.
    public static let noWellDefinedExpiration = UTCDateTime(
        year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)!

    /// A time from its fields, if each is in range (years 1–9999, no leap seconds).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// The calendar time of `seconds` since 1970-01-01T00:00:00Z (proleptic Gregorian calendar).
    public init(secondsSinceUnixEpoch seconds: Int64) {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        // Days to civil date: H. Hinnant, "chrono-Compatible Low-Level Date Algorithms", civil_from_days.
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        (self.year, self.month, self.day) = (year, month, day)
        (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSinceUnixEpoch: Int64 {
        // Civil date to days: the inverse of the algorithm above (days_from_civil).
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = shiftedYear.floorDivided(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    public static func < (left: UTCDateTime, right: UTCDateTime) -> Bool {
        left.secondsSinceUnixEpoch < right.secondsSinceUnixEpoch
    }

    /// ISO 8601, e.g. `2025-01-31T12:00:00Z`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
