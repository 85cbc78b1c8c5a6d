import MHubConfiguration
import MHubDNSSD
import MHubHub
import MHubJSON

/// The hub's records, built from its configuration with MHubDNSSD's builders (reference A).
struct HubAdvertisements {
    let configuration: DaemonConfiguration
    let ports: AdvertisingPorts
    let instanceIdentifier: UInt64

    private var hub: HubIdentity { configuration.hub }

    /// `T=4` when the Matter ports take TCP (`dns_sd.advertise_tcp`; the hub's node's and each device's on the
    /// network); the spec-default MRP intervals leave `SII`, `SAI` and `SAT` out, as CHIP does (reference A.1).
    private var common: MatterCommonTXT {
        MatterCommonTXT(tcp: configuration.dnsSD.advertiseTCP ? [.server] : [])
    }

    private var vendorID: UInt16? { Self.advertised(vendorID: hub.vendorID, productID: hub.productID).vendorID }
    private var productID: UInt16? { Self.advertised(vendorID: hub.vendorID, productID: hub.productID).productID }

    /// Vendor 0 is "no vendor" (the TXT then leaves `VP` out), product 0 "no product" (`VP=<vendor>`).
    static func advertised(vendorID: UInt16, productID: UInt16) -> (vendorID: UInt16?, productID: UInt16?) {
        guard vendorID != 0 else { return (nil, nil) }
        return (vendorID, productID == 0 ? nil : productID)
    }

    /// `_matterd._udp` on the UDC port: `VP`, `DT`, `DN`, `T`; `_V`, `_T` (reference A.2).
    func commissioner() throws(DNSSDError) -> DNSSDService {
        try CommissionerAdvertisement(
            instanceIdentifier: instanceIdentifier, port: ports.udc, vendorID: vendorID, productID: productID,
            deviceType: hub.deviceType, deviceName: hub.name, common: common
        ).service()
    }

    /// `_matterc._udp` while the hub's window is open: `CM=1` (basic) or `CM=2` (enhanced), the window's
    /// discriminator, and `_CM` (reference A.1).
    func commissionable(_ window: CommissioningWindow) throws(DNSSDError) -> DNSSDService {
        try CommissionableNodeAdvertisement(
            instanceIdentifier: instanceIdentifier, port: ports.matter, discriminator: window.discriminator,
            commissioningMode: window.enhanced ? .enhanced : .basic, vendorID: vendorID, productID: productID,
            deviceType: hub.deviceType, deviceName: hub.name, common: common
        ).service()
    }

    /// `_matter._tcp` for the hub's own node on a fabric it joined, with `_I<fabric>` (reference A.3).
    func operational(compressedFabricID: UInt64, nodeID: UInt64) throws(DNSSDError) -> DNSSDService {
        try OperationalAdvertisement(
            compressedFabricID: compressedFabricID, nodeID: nodeID, port: ports.matter, common: common
        ).service()
    }

    /// `_meshcop._udp` from the `thread` section (reference A.4), naming the network of the dataset a client set
    /// (`nn`, `xp`, `at`) when there is one.
    func borderAgent(network: AdvertisingFacts.ThreadNetwork?) throws(DNSSDError) -> DNSSDService {
        var thread = configuration.thread
        if let network {
            thread.networkName = network.name
            thread.extendedPANID = network.extendedPANID
            thread.activeTimestampSeconds = network.activeTimestampSeconds
        }
        return try BorderAgentAdvertisement(thread).service()
    }

    /// `_matterc._udp` for a device on the network while its window is open, on its own port: `CM=1` (`CM=2` for an
    /// administrator's enhanced window), its
    /// discriminator, vendor, product, primary device type and name (cut to the 32 bytes `DN` holds), built as the
    /// hub's own (reference A.1).
    func deviceCommissionable(
        _ device: AdvertisingFacts.CommissionableDevice, port: UInt16, instanceIdentifier: UInt64
    ) throws(DNSSDError) -> DNSSDService {
        let (vendorID, productID) = Self.advertised(vendorID: device.vendorID, productID: device.productID)
        return try CommissionableNodeAdvertisement(
            instanceIdentifier: instanceIdentifier, port: port, discriminator: device.discriminator,
            commissioningMode: device.enhanced ? .enhanced : .basic, vendorID: vendorID, productID: productID,
            deviceType: device.deviceType, deviceName: Self.deviceName(device.name), common: common
        ).service()
    }

    /// `_matter._tcp` for a device on the network on a fabric its node joined, on its own port (reference A.3).
    func deviceOperational(_ identity: AdvertisingFacts.OperationalIdentity, port: UInt16) throws(DNSSDError)
        -> DNSSDService
    {
        try OperationalAdvertisement(
            compressedFabricID: identity.compressedFabricID, nodeID: identity.nodeID, port: port,
            common: common
        ).service()
    }

    /// `name` cut to at most 32 bytes of UTF-8 on a character boundary; `nil` when empty.
    static func deviceName(_ name: String) -> String? {
        let result = name.prefix(utf8Bytes: 32)
        return result.isEmpty ? nil : result
    }
}
