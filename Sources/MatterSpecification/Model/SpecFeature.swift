/// A feature of a cluster: a bit of its FeatureMap (Core 7.18.2.29; each cluster's Features section).
public struct SpecFeature: Hashable, Sendable {
    public var bit: Int
    /// The short code conformance expressions use: `LT`, `OFFONLY`, `HS`.
    public var code: String
    /// Its name as the specification titles it: `Lighting`, `HueAndSaturation`.
    public var name: String
    /// When a cluster instance may or must declare it.
    public var conformance: String?

    public init(bit: Int, code: String, name: String, conformance: String? = nil) {
        self.bit = bit
        self.code = code
        self.name = name
        self.conformance = conformance
    }
}
