import MHubConfiguration
import MHubDNSSD

@testable import MHubDiscovery
@testable import MHubHub

/// SplitMix64: a small seeded generator, so the identifiers a plan draws are known.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A planner with a seeded generator and the default configuration, as tests drive it.
struct PlannerHarness {
    var planner: AdvertisingPlanner
    var generator = SeededGenerator(seed: 7)
    var configuration = DaemonConfiguration()
    var ports = AdvertisingPorts(matter: 5540, udc: 5550)
    var interfaces: [UInt32] = []

    static let fabric: UInt64 = 0x87E1_B004_E235_A130
    /// A fabric the hub joined as a commissionee (its index 1, node 0x1B669 on it).
    static let joined = [
        AdvertisingFacts.OperationalIdentity(fabricIndex: 1, compressedFabricID: fabric, nodeID: 0x1B669)
    ]

    init() {
        var seed = SeededGenerator(seed: 1)
        planner = AdvertisingPlanner(using: &seed)
    }

    mutating func plan(
        _ facts: AdvertisingFacts = AdvertisingFacts(compressedFabricID: fabric, joinedFabrics: joined)
    ) -> AdvertisingPlan {
        planner.plan(
            facts, configuration: configuration, ports: ports, interfaces: interfaces, using: &generator)
    }

    static func window(openedAt: Timestamp = 1000, enhanced: Bool = false, discriminator: UInt16 = 3840)
        -> CommissioningWindow
    {
        CommissioningWindow(
            openedAt: openedAt, closesAt: openedAt + 300_000, enhanced: enhanced, discriminator: discriminator,
            secret: .passcode(20_202_021), iterations: 1000, salt: Array(repeating: 1, count: 32))
    }
}

extension AdvertisingPlan {
    func service(_ role: AdvertisingRole) -> DNSSDService? {
        entries(role).first?.service
    }

    var roles: [AdvertisingRole] { entries.map(\.role) }
}

extension DNSSDService {
    /// The TXT strings as `key=value` text (binary values as `0x…`).
    var txtText: [String] { txt.map(\.description) }
}
