/// Durations as people write them in scenario files and on the command line: `250ms`, `30s`, `1m30s`, `2h`,
/// `1h2m3s4ms`; each unit at most once, largest first. A bare number is milliseconds.
public enum DurationText {
    static let units: [(name: String, milliseconds: Int64)] = [
        ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ]

    /// The milliseconds `text` says, or `nil` when it is not a duration.
    public static func milliseconds(_ text: String) -> Int64? {
        if let bare = Int64(text) { return bare >= 0 ? bare : nil }
        var rest = Substring(text)
        var total: Int64 = 0
        var lastUnit = -1
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let amount = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard let unit = units.firstIndex(where: { $0.name == letters }), unit > lastUnit else { return nil }
            rest = rest.dropFirst(letters.count)
            lastUnit = unit
            let (product, overflow) = amount.multipliedReportingOverflow(by: units[unit].milliseconds)
            guard !overflow else { return nil }
            let (sum, overflowed) = total.addingReportingOverflow(product)
            guard !overflowed else { return nil }
            total = sum
        }
        return lastUnit >= 0 ? total : nil
    }

    /// `90500` → `1m30s500ms`: the shortest text `milliseconds` reads back as the same value.
    public static func text(_ milliseconds: Int64) -> String {
        guard milliseconds > 0 else { return "0ms" }
        var rest = milliseconds
        var text = ""
        for unit in units where rest >= unit.milliseconds {
            text += "\(rest / unit.milliseconds)\(unit.name)"
            rest %= unit.milliseconds
        }
        return text
    }
}
