import Foundation

/// One line of the report: a figure for mhubd beside the same figure for the reference and the floor.
struct Figure {
    enum Unit: String {
        case milliseconds = "ms"
        case microseconds = "µs"
        case perSecond = "/s"
        case megabytes = "MiB"
        /// A number of things (descriptors, threads), shown without a unit.
        case count = ""
    }

    var name: String
    var unit: Unit
    var mhub: Double?
    /// The same figure of the mhubd build before a change (`--before`).
    var before: Double?
    var reference: Double?
    var floor: Double?
    /// Why a column is empty, or how a value was obtained.
    var note = ""

    var lowerIsBetter: Bool { unit != .perSecond }
}

/// The figures of one run and the machine they were measured on, as Markdown and JSON.
struct Report {
    var figures: [Figure] = []
    let started = Date()

    /// The table; with a `before` column (and mhubd's ratio to it) when some figure has one.
    func markdown(referenceName: String) -> String {
        let withBefore = figures.contains { $0.before != nil }
        let head =
            withBefore
            ? "| figure | mhubd | mhubd before | \(referenceName) | floor | mhubd vs before | mhubd vs \(referenceName) | mhubd vs floor | note |"
            : "| figure | mhubd | \(referenceName) | floor | mhubd vs \(referenceName) | mhubd vs floor | note |"
        var lines = [head, "|---|---:|" + (withBefore ? "---:|---:|" : "") + "---:|---:|---:|---:|---|"]
        for figure in figures {
            var cells = [figure.name, format(figure.mhub, figure.unit)]
            if withBefore { cells.append(format(figure.before, figure.unit)) }
            cells += [format(figure.reference, figure.unit), format(figure.floor, figure.unit)]
            if withBefore { cells.append(ratio(figure, figure.before)) }
            cells += [ratio(figure, figure.reference), ratio(figure, figure.floor), figure.note]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// mhubd's value ÷ the other's, and which way that is better: "0.12 (8.3× better)".
    private func ratio(_ figure: Figure, _ other: Double?) -> String {
        guard let mhub = figure.mhub, let other, mhub > 0, other > 0 else { return "–" }
        let quotient = mhub / other
        let better = figure.lowerIsBetter ? quotient < 1 : quotient > 1
        let factor = quotient < 1 ? 1 / quotient : quotient
        return String(format: "%.2g", quotient).replacingOccurrences(of: "e+0", with: "e")
            + String(format: " (%.1f× %@)", factor, better ? "better" : "worse")
    }

    private func format(_ value: Double?, _ unit: Figure.Unit) -> String {
        guard let value else { return "–" }
        let digits = value >= 100 || unit == .count ? "%.0f" : value >= 10 ? "%.1f" : "%.2f"
        return String(format: digits, value) + (unit == .count ? "" : " " + unit.rawValue)
    }

    func json(referenceName: String) -> String {
        let rows = figures.map { figure -> [String: Any] in
            var row: [String: Any] = ["figure": figure.name, "unit": figure.unit.rawValue, "note": figure.note]
            row["mhubd"] = figure.mhub
            row["mhubd before"] = figure.before
            row[referenceName] = figure.reference
            row["floor"] = figure.floor
            return row
        }
        let object: [String: Any] = ["machine": Machine.describe(), "figures": rows]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// What the figures were measured on.
enum Machine {
    static func describe() -> String {
        let cpu =
            ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
            ?? "unknown CPU"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let memory =
            ((try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? "")
            .split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .flatMap { line in line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Double($0) }.map { String(format: "%.0f GiB", $0 / 1_048_576) } ?? "?"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) RAM, Linux \(release)"
    }
}
