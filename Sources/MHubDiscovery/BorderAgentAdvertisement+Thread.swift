import MHubConfiguration
import MHubDNSSD

extension BorderAgentAdvertisement {
    /// The Border Agent the `thread` configuration describes (reference A.4).
    ///
    /// `sb` follows OpenThread's `StateBitmap::Determine` for the configured role, with connection mode
    /// PSKc only when a real Border Agent port is configured (the dummy port 49152 says none runs), plus
    /// the backbone router and ePSKc bits. `xp` and `nn` are always present (the dataset is complete);
    /// `pt`, `at`, `sq` and `bb` only while the role is attached, and `sq`/`bb` only for a router or leader
    /// with a backbone router configured.
    public init(_ thread: ThreadConfiguration) {
        var state = BorderAgentStateBitmap(
            role: thread.role.deviceRole, borderAgentRunning: thread.port != ThreadConfiguration.dummyPort)
        state.ephemeralKeySupported = thread.ephemeralKeySupported
        let attached = thread.role.isAttached
        let canBeBackbone = thread.role == .router || thread.role == .leader
        let backbone = attached && canBeBackbone ? thread.backboneRouter : nil
        if let backbone {
            state.backboneRouterActive = true
            state.backboneRouterPrimary = backbone.primary
        }
        self.init(
            instanceBaseName: thread.instanceBaseName, port: thread.port, agentID: thread.borderAgentID,
            threadVersion: thread.threadVersion, state: state, extendedAddress: thread.extendedAddress,
            network: Network(extendedPANID: thread.extendedPANID, name: thread.networkName),
            partitionID: attached ? thread.partitionID : nil,
            activeTimestamp: attached ? ThreadTimestamp(seconds: thread.activeTimestampSeconds) : nil,
            backboneRouter: backbone.map { BackboneRouter(sequenceNumber: $0.sequenceNumber) },
            domainName: thread.domainName,
            omrPrefix: thread.omrPrefix.map { OMRPrefix(length: $0.length, prefix: Array($0.address.prefix(8))) },
            vendorName: thread.vendorName, modelName: thread.modelName, vendorOUI: thread.vendorOUI,
            vendorEntries: thread.vendorTXT.keys.sorted().map { DNSSDTXTEntry($0, thread.vendorTXT[$0] ?? "") })
    }
}

extension ThreadConfiguration.Role {
    var deviceRole: BorderAgentStateBitmap.ThreadDeviceRole {
        switch self {
        case .disabled: .disabled
        case .detached: .detached
        case .child: .child
        case .router: .router
        case .leader: .leader
        }
    }
}
