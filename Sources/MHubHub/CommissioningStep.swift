/// The steps a commissioning walks through, in order, as a controller reports them.
///
/// Named after the stages of Matter Core Specification 5.5 ("Commissioning Flows") as the Google Home
/// APIs report progress.
public enum CommissioningStep: Int, CaseIterable, Sendable, Comparable {
    case discovery
    case pase
    case attestation
    case csr
    case noc
    case networkSetup
    case operationalDiscovery
    case commissioned

    public var name: String {
        switch self {
        case .discovery: "discovery"
        case .pase: "pase"
        case .attestation: "attestation"
        case .csr: "csr"
        case .noc: "noc"
        case .networkSetup: "network_setup"
        case .operationalDiscovery: "operational_discovery"
        case .commissioned: "commissioned"
        }
    }

    public init?(name: String) {
        guard let step = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = step
    }

    public var next: CommissioningStep? { CommissioningStep(rawValue: rawValue + 1) }

    public static func < (lhs: CommissioningStep, rhs: CommissioningStep) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How long things take: `instant` for tests, `realistic` for demos and timing-sensitive apps.
public struct TimingProfile: Hashable, Sendable {
    public var name: String
    /// Time each step takes when it succeeds, in milliseconds.
    public var stepDurations: [CommissioningStep: Int64]
    /// How long discovery looks for a device before it gives up.
    public var discoveryTimeout: Int64
    /// How long a step the `step_timeout` fault stalls takes before it times out.
    public var stepTimeout: Int64

    public static let instant = TimingProfile(
        name: "instant",
        stepDurations: Dictionary(uniqueKeysWithValues: CommissioningStep.allCases.map { ($0, 0) }),
        discoveryTimeout: 0, stepTimeout: 0)

    /// Durations in the range a real hub shows on a LAN (Wi-Fi device, on-network).
    public static let realistic = TimingProfile(
        name: "realistic",
        stepDurations: [
            .discovery: 1500, .pase: 1200, .attestation: 800, .csr: 600, .noc: 700, .networkSetup: 1500,
            .operationalDiscovery: 1200, .commissioned: 0,
        ],
        discoveryTimeout: 30_000, stepTimeout: 30_000)

    public static let all = [instant, realistic]

    public static func named(_ name: String) -> TimingProfile? {
        all.first { $0.name == name }
    }
}
