import MHubJSON

/// The hub as a Thread Border Router: what `_meshcop._udp` says about its Thread network
/// (docs/configuration.md, `thread.*`; docs/dns-sd.md; Matter reference A.4).
///
/// mhub has no Thread radio: these values describe a demo network, so that Thread discovery code sees a
/// border router. The defaults are a leader of the network `mhub-demo` with OpenThread's default extended
/// PAN ID.
public struct ThreadConfiguration: Equatable, Sendable {
    /// The Thread device role (OpenThread `otDeviceRole`), from which the `sb` bitmap is derived.
    public enum Role: String, CaseIterable, Sendable {
        case disabled
        case detached
        case child
        case router
        case leader

        /// Child, router or leader: `pt`, `at`, `sq` and `bb` are present only then.
        public var isAttached: Bool {
            switch self {
            case .disabled, .detached: false
            case .child, .router, .leader: true
            }
        }
    }

    /// An active backbone router: `sq`, `bb` and the `sb` BBR bits.
    public struct BackboneRouter: Equatable, Sendable {
        public var sequenceNumber: UInt8
        public var primary: Bool

        public init(sequenceNumber: UInt8, primary: Bool) {
            self.sequenceNumber = sequenceNumber
            self.primary = primary
        }
    }

    /// The Border Agent UDP port OTBR advertises while its Border Agent is not running
    /// (`kBorderAgentServiceDummyPort`); mhub runs none.
    public static let dummyPort: UInt16 = 49152

    /// Whether `_meshcop._udp` is advertised.
    public var enabled = true
    /// The instance name before ` #XXXX`; `nil` is "<vendor_name> <model_name>", as OTBR builds it.
    public var instanceName: String?
    /// The Border Agent port; the dummy port says the Border Agent is not running (`sb` connection mode 0).
    public var port: UInt16 = dummyPort
    public var role = Role.leader
    /// `tv`.
    public var threadVersion = "1.4.0"
    /// `nn`, 1 to 16 bytes.
    public var networkName = "mhub-demo"
    /// `xp`: OpenThread's default extended PAN ID.
    public var extendedPANID: [UInt8] = [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE]
    /// `xa`; its last two bytes end the instance name.
    public var extendedAddress: [UInt8] = [0x4D, 0x48, 0x55, 0x42, 0x00, 0x00, 0x00, 0x01]
    /// `pt`.
    public var partitionID: UInt32 = 0x1234_5678
    /// `at`: the active dataset timestamp's seconds (ticks 0, not authoritative).
    public var activeTimestampSeconds: UInt64 = 1
    /// `id`: the 16-byte Border Agent ID ("MHUB-BORDER-AGEN" in ASCII), or `nil` to leave it out.
    public var borderAgentID: [UInt8]? = Array("MHUB-BORDER-AGEN".utf8)
    /// The `sb` ePSKc-supported bit.
    public var ephemeralKeySupported = false
    public var backboneRouter: BackboneRouter?
    /// `dn`, 1 to 16 bytes.
    public var domainName: String?
    /// `omr`: a favoured off-mesh-routable prefix of 1 to 64 bits.
    public var omrPrefix: IPv6Prefix? = IPv6Prefix("fd4d:4855:4200:1::/64")
    /// `vn`, 1 to 32 bytes.
    public var vendorName = "mhub"
    /// `mn`, 1 to 32 bytes.
    public var modelName = "Mock Hub"
    /// `vo`: a 3-byte OUI.
    public var vendorOUI: [UInt8]?
    /// Extra vendor TXT entries, written in key order after the others; keys start with `v`.
    public var vendorTXT: [String: String] = [:]

    public init() {}

    /// The instance name before ` #XXXX`.
    public var instanceBaseName: String { instanceName ?? "\(vendorName) \(modelName)" }

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> ThreadConfiguration {
        var thread = ThreadConfiguration()
        thread.enabled = try object.bool("enabled", default: thread.enabled)
        thread.port = try object.integer("port", default: thread.port, in: 1...UInt16.max)
        let role = try object.choice("role", default: thread.role.rawValue, in: Role.allCases.map(\.rawValue))
        thread.role = Role(rawValue: role) ?? thread.role
        thread.threadVersion = try object.text("thread_version", maximum: 32, default: thread.threadVersion)
        thread.networkName = try object.text("network_name", maximum: 16, default: thread.networkName)
        thread.extendedPANID = try object.hexBytes("extended_pan_id", count: 8, default: thread.extendedPANID)
        thread.extendedAddress = try object.hexBytes("extended_address", count: 8, default: thread.extendedAddress)
        thread.partitionID = try object.integer("partition_id", default: thread.partitionID, in: 0...UInt32.max)
        thread.activeTimestampSeconds = try object.integer(
            "active_timestamp", default: thread.activeTimestampSeconds, in: 0...(1 << 48 - 1))
        thread.borderAgentID = try object.hexBytes("border_agent_id", count: 16, default: thread.borderAgentID)
        thread.ephemeralKeySupported = try object.bool("epskc_supported", default: thread.ephemeralKeySupported)
        thread.domainName = try object.optionalText("domain_name", maximum: 16, default: thread.domainName)
        thread.vendorName = try object.text("vendor_name", maximum: 32, default: thread.vendorName)
        thread.modelName = try object.text("model_name", maximum: 32, default: thread.modelName)
        thread.vendorOUI = try object.hexBytes("vendor_oui", count: 3, default: thread.vendorOUI)
        thread.instanceName = try object.optionalText("instance_name", maximum: 57, default: thread.instanceName)
        thread.backboneRouter = try decodeBackboneRouter(&object)
        thread.omrPrefix = try decodeOMRPrefix(&object, default: thread.omrPrefix)
        thread.vendorTXT = try decodeVendorTXT(&object)
        return thread
    }

    private static func decodeBackboneRouter(_ object: inout ConfigurationObject) throws(ConfigurationError)
        -> BackboneRouter?
    {
        guard let value = object.raw("backbone_router"), value != .null else { return nil }
        var router = try ConfigurationObject(value, at: object.path("backbone_router"))
        let sequence = try router.integer("sequence_number", default: UInt8(0), in: 0...UInt8.max)
        let primary = try router.bool("primary", default: true)
        try router.rejectUnknownKeys()
        return BackboneRouter(sequenceNumber: sequence, primary: primary)
    }

    private static func decodeOMRPrefix(_ object: inout ConfigurationObject, default fallback: IPv6Prefix?)
        throws(ConfigurationError) -> IPv6Prefix?
    {
        guard object.raw("omr_prefix") != nil else { return fallback }
        guard let text = try object.optionalString("omr_prefix") else { return nil }
        guard let prefix = IPv6Prefix(text), (1...64).contains(prefix.length) else {
            throw ConfigurationError(
                key: object.keyPath("omr_prefix"), reason: "must be an IPv6 prefix of 1 to 64 bits, e.g. fd00:1::/64")
        }
        return prefix
    }

    private static func decodeVendorTXT(_ object: inout ConfigurationObject) throws(ConfigurationError)
        -> [String: String]
    {
        guard let value = object.raw("vendor_txt") else { return [:] }
        let key = object.keyPath("vendor_txt")
        guard case .object(let members) = value else {
            throw ConfigurationError(key: key, reason: "must be an object of TXT keys and string values")
        }
        var entries: [String: String] = [:]
        for (name, entry) in members {
            // OTBR `SetMeshCoPServiceValues` takes only keys starting with "v"; vn and vo are its own.
            let printable = name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "=" }
            guard name.hasPrefix("v"), name != "vn", name != "vo", printable else {
                throw ConfigurationError(
                    key: "\(key).\(name)", reason: "vendor TXT keys start with \"v\" and are not vn or vo")
            }
            guard case .string(let text) = entry, name.utf8.count + 1 + text.utf8.count <= 255 else {
                throw ConfigurationError(key: "\(key).\(name)", reason: "must be a string; key=value fits 255 bytes")
            }
            entries[name] = text
        }
        return entries
    }

    var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "instance_name": instanceName.map { .string($0) } ?? .null,
            "port": .integer(Int64(port)),
            "role": .string(role.rawValue),
            "thread_version": .string(threadVersion),
            "network_name": .string(networkName),
            "extended_pan_id": .string(hexText(extendedPANID)),
            "extended_address": .string(hexText(extendedAddress)),
            "partition_id": .integer(Int64(partitionID)),
            "active_timestamp": .integer(Int64(activeTimestampSeconds)),
            "border_agent_id": borderAgentID.map { .string(hexText($0)) } ?? .null,
            "epskc_supported": .bool(ephemeralKeySupported),
            "backbone_router": backboneRouter.map {
                ["sequence_number": .integer(Int64($0.sequenceNumber)), "primary": .bool($0.primary)]
            } ?? .null,
            "domain_name": domainName.map { .string($0) } ?? .null,
            "omr_prefix": omrPrefix.map { .string($0.description) } ?? .null,
            "vendor_name": .string(vendorName),
            "model_name": .string(modelName),
            "vendor_oui": vendorOUI.map { .string(hexText($0)) } ?? .null,
            "vendor_txt": .object(vendorTXT.mapValues { .string($0) }),
        ]
    }
}
