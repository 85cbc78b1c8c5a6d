import MHubJSON
import MHubProtocol

/// What the hub knows of this run of the daemon, none of it stored: what the DNS-SD advertiser last reported, the
/// public part of the attestation identity, where the hub is on the network, its own Matter node as the Matter port
/// reports it, the run itself (process, sockets, ports, state directory) with the server info written from it, and
/// the clock the timers run on.
///
/// The other parts of the daemon report these facts as inputs (`HubInput`); the hub only keeps the latest. The
/// settings and the randomness stay on `Hub`: the settings are the configuration (a reload changes them, and most of
/// the hub reads them), the random generator an input each request draws from, and neither is `Hashable`.
public struct HubRunFacts: Hashable, Sendable {
    /// What the daemon's DNS-SD advertiser last reported.
    public internal(set) var advertising = AdvertisingReport.disabled
    /// The public part of the hub's attestation identity, once the daemon has it.
    public internal(set) var attestation: HubAttestation?
    /// Where the hub is on the network.
    public internal(set) var network = HubNetwork.unknown
    /// The hub's own Matter node as the Matter port reports it.
    public internal(set) var matter = HubMatterState()
    /// The simulated devices' own Matter nodes, as their ports report them (devices on the network).
    public internal(set) var deviceNodes: [SimulatedDeviceID: DeviceNodeFacts] = [:]
    /// The HomeKit face as its port reports it.
    public internal(set) var homeKit: HomeKitFacts?
    /// This run of the daemon: its process, sockets, ports, state directory. The hub writes `serverInfoText` again
    /// when it changes (`Hub.instanceKnown(_:)`).
    public internal(set) var instance: HubInstance?
    /// The OHF `ServerInfoMessage` with mhub's own fields (`Hub.makeServerInfo`) as the wire carries it: the greeting,
    /// `server_info`'s result and `server_info_updated`'s data. Written again only when the settings, the
    /// preferences or the instance change (the fabric never does), not for each request and each new connection.
    public internal(set) var serverInfoText = JSONText.nullValue
    /// The clock the daemon runs the hub's timers on (`mhubd --clock`); chosen before the first input.
    public internal(set) var clock: HubClockKind

    init(clock: HubClockKind) {
        self.clock = clock
    }

    /// `serverInfoText` read back (the diagnostics dump, tests).
    public var serverInfo: JSONValue { serverInfoText.value }
}
