/// What a Thread Border Agent advertises as `_meshcop._udp` (reference A.4).
///
/// Records, as OpenThread writes its TXT data (`src/core/meshcop/border_agent_txt_data.cpp`
/// `TxtData::Prepare`) and OTBR names the instance (`GetServiceInstanceName`):
/// - instance name: `<instanceBaseName> #XXXX`, XXXX the uppercase hex of extended address bytes 6 and 7;
/// - port: the Border Agent's UDP port, or the dummy 49152 while it is not running
///   (`kBorderAgentServiceDummyPort`);
/// - no subtypes;
/// - TXT, in OpenThread's order: `id` (16 bytes, if given), `rv=1`, `sb` (uint32 big-endian), `tv`, `xa`
///   (8 bytes), `xp` (8 bytes) and `nn` (while the active dataset is complete), `pt` (uint32 big-endian) and
///   `at` (8 bytes) (while attached), `sq` (1 byte) and `bb` (uint16 big-endian) (active backbone router),
///   `dn`, `omr` (prefix length, then the 8 prefix bytes), `vn`, `mn`, `vo` (3 bytes), then vendor entries
///   whose keys start with `v`.
public struct BorderAgentAdvertisement: Hashable, Sendable {
    /// The network an active dataset describes: what `xp` and `nn` carry.
    public struct Network: Hashable, Sendable {
        /// 8 bytes.
        public var extendedPANID: [UInt8]
        /// 1 to 16 bytes of UTF-8 (Thread `NetworkName::kMaxSize`).
        public var name: String

        public init(extendedPANID: [UInt8], name: String) {
            self.extendedPANID = extendedPANID
            self.name = name
        }
    }

    /// The backbone router's sequence number, for `sq`; `bb` is always the backbone UDP port 61631.
    public struct BackboneRouter: Hashable, Sendable {
        public var sequenceNumber: UInt8

        public init(sequenceNumber: UInt8) {
            self.sequenceNumber = sequenceNumber
        }

        /// `kBackboneUdpPort`.
        public static let udpPort: UInt16 = 61631
    }

    /// A favoured off-mesh-routable prefix, for `omr`.
    public struct OMRPrefix: Hashable, Sendable {
        /// Prefix length in bits, 1 to 64.
        public var length: UInt8
        /// The 8 bytes of the /64 network prefix (bits past `length` are sent as given).
        public var prefix: [UInt8]

        public init(length: UInt8, prefix: [UInt8]) {
            self.length = length
            self.prefix = prefix
        }
    }

    /// The instance name before ` #XXXX`: `OTBR_MESHCOP_SERVICE_INSTANCE_NAME`, else "<vendor> <product>".
    public var instanceBaseName: String
    public var port: UInt16
    /// `id`: the 16-byte Border Agent ID, if the agent has one.
    public var agentID: [UInt8]?
    /// `tv`: the Thread version, e.g. `1.4.0`.
    public var threadVersion: String
    public var state: BorderAgentStateBitmap
    /// `xa`: the 8-byte extended MAC address; bytes 6 and 7 also end the instance name.
    public var extendedAddress: [UInt8]
    /// `xp` and `nn`, present while the active dataset is complete.
    public var network: Network?
    /// `pt`: the partition ID, present while attached.
    public var partitionID: UInt32?
    /// `at`: the active dataset's timestamp, present while attached.
    public var activeTimestamp: ThreadTimestamp?
    /// `sq` and `bb`, present while attached with the backbone router enabled.
    public var backboneRouter: BackboneRouter?
    /// `dn`: the Thread domain name, 1 to 16 bytes.
    public var domainName: String?
    public var omrPrefix: OMRPrefix?
    /// `vn`: at most 32 bytes (OpenThread `Tlv::kMaxVendorNameLength`).
    public var vendorName: String?
    /// `mn`: at most 32 bytes (`Tlv::kMaxVendorModelLength`).
    public var modelName: String?
    /// `vo`: the vendor's 3-byte OUI.
    public var vendorOUI: [UInt8]?
    /// Extra vendor entries, appended last; their keys must start with `v` (OTBR `SetMeshCoPServiceValues`).
    public var vendorEntries: [DNSSDTXTEntry]

    /// The Thread Border Agent's service type (reference A.4).
    public static let serviceType = "_meshcop._udp"
    /// The port advertised while the Border Agent is not running.
    public static let dummyPort: UInt16 = 49152
    /// `rv`: the TXT record version OpenThread writes.
    public static let recordVersion = "1"

    public init(
        instanceBaseName: String, port: UInt16 = BorderAgentAdvertisement.dummyPort, agentID: [UInt8]? = nil,
        threadVersion: String, state: BorderAgentStateBitmap, extendedAddress: [UInt8], network: Network? = nil,
        partitionID: UInt32? = nil, activeTimestamp: ThreadTimestamp? = nil, backboneRouter: BackboneRouter? = nil,
        domainName: String? = nil, omrPrefix: OMRPrefix? = nil, vendorName: String? = nil, modelName: String? = nil,
        vendorOUI: [UInt8]? = nil, vendorEntries: [DNSSDTXTEntry] = []
    ) {
        self.instanceBaseName = instanceBaseName
        self.port = port
        self.agentID = agentID
        self.threadVersion = threadVersion
        self.state = state
        self.extendedAddress = extendedAddress
        self.network = network
        self.partitionID = partitionID
        self.activeTimestamp = activeTimestamp
        self.backboneRouter = backboneRouter
        self.domainName = domainName
        self.omrPrefix = omrPrefix
        self.vendorName = vendorName
        self.modelName = modelName
        self.vendorOUI = vendorOUI
        self.vendorEntries = vendorEntries
    }

    /// `<instanceBaseName> #XXXX` (OTBR `GetServiceInstanceName`).
    public var instanceName: String {
        let suffix = extendedAddress.count == 8 ? hexString(extendedAddress[6...7]) : "????"
        return "\(instanceBaseName) #\(suffix)"
    }

    /// The service to publish, after checking every input.
    public func service() throws(DNSSDError) -> DNSSDService {
        try checkLength(extendedAddress, 8, "extendedAddress")
        var txt: [DNSSDTXTEntry] = []
        if let agentID {
            try checkLength(agentID, 16, "agentID")
            txt.append(DNSSDTXTEntry("id", agentID))
        }
        txt.append(DNSSDTXTEntry("rv", Self.recordVersion))
        txt.append(DNSSDTXTEntry("sb", bigEndianBytes(state.rawValue)))
        try checkText(threadVersion, field: "threadVersion", key: "tv", maximum: 32)
        txt.append(DNSSDTXTEntry("tv", threadVersion))
        txt.append(DNSSDTXTEntry("xa", extendedAddress))
        if let network {
            try checkLength(network.extendedPANID, 8, "network.extendedPANID")
            try checkText(network.name, field: "network.name", key: "nn", maximum: 16)
            txt.append(DNSSDTXTEntry("xp", network.extendedPANID))
            txt.append(DNSSDTXTEntry("nn", network.name))
        }
        if let partitionID {
            txt.append(DNSSDTXTEntry("pt", bigEndianBytes(partitionID)))
        }
        if let activeTimestamp {
            txt.append(DNSSDTXTEntry("at", try activeTimestamp.bytes()))
        }
        if let backboneRouter {
            txt.append(DNSSDTXTEntry("sq", [backboneRouter.sequenceNumber]))
            txt.append(DNSSDTXTEntry("bb", bigEndianBytes(BackboneRouter.udpPort)))
        }
        try checkText(domainName, field: "domainName", key: "dn", maximum: 16)
        if let domainName {
            txt.append(DNSSDTXTEntry("dn", domainName))
        }
        if let omrPrefix {
            guard (1...64).contains(omrPrefix.length) else {
                throw DNSSDError("omrPrefix.length", "an OMR prefix is 1 to 64 bits long, not \(omrPrefix.length)")
            }
            try checkLength(omrPrefix.prefix, 8, "omrPrefix.prefix")
            txt.append(DNSSDTXTEntry("omr", [omrPrefix.length] + omrPrefix.prefix))
        }
        try checkText(vendorName, field: "vendorName", key: "vn", maximum: 32)
        if let vendorName {
            txt.append(DNSSDTXTEntry("vn", vendorName))
        }
        try checkText(modelName, field: "modelName", key: "mn", maximum: 32)
        if let modelName {
            txt.append(DNSSDTXTEntry("mn", modelName))
        }
        if let vendorOUI {
            try checkLength(vendorOUI, 3, "vendorOUI")
            txt.append(DNSSDTXTEntry("vo", vendorOUI))
        }
        for entry in vendorEntries {
            guard entry.key.hasPrefix("v") else {
                throw DNSSDError("vendorEntries", "vendor TXT keys start with \"v\"; \"\(entry.key)\" does not")
            }
            txt.append(entry)
        }
        guard instanceBaseName.utf8.count <= 57, !instanceBaseName.isEmpty else {
            throw DNSSDError("instanceBaseName", "1 to 57 bytes leave room for \" #XXXX\" in a 63-byte name")
        }
        let service = DNSSDService(
            type: Self.serviceType, instanceName: instanceName, port: port, txt: txt, subtypes: [],
            collisionPolicy: .alternativeName)
        try service.validate()
        return service
    }

    private func checkLength(_ bytes: [UInt8], _ count: Int, _ field: String) throws(DNSSDError) {
        guard bytes.count == count else {
            throw DNSSDError(field, "\(count) bytes are needed, not \(bytes.count)")
        }
    }
}
