/// Percentiles of a sample by the nearest-rank method.
struct Sample {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    mutating func append(contentsOf other: Sample) {
        values.append(contentsOf: other.values)
    }

    var count: Int { values.count }

    /// The value at or below which `fraction` of the sample lies (nearest rank), or nil for an empty sample.
    func percentile(_ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var median: Double? { percentile(0.5) }
}
