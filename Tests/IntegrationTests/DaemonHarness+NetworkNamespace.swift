import DNSSDPeerSupport
import Foundation
import MHubJSON

extension DaemonHarness {
    /// An mhubd that runs inside the pair's hub namespace (`ip netns exec mh-hub mhubd …`), on the Matter port
    /// 5540 (the namespace has it to itself) and advertising through that namespace's avahi-daemon on the pair's
    /// interface only.
    ///
    /// The control socket is a path, so the test talks to it from the host's namespace as usual; the WebSocket
    /// listens on the namespace's own loopback and cannot be reached from here. `configuration` is merged over
    /// these settings key by key, as `init(configuration:)` merges it over the harness's defaults.
    convenience init(in pair: NetworkNamespacePair, configuration: [String: JSONValue] = [:]) throws {
        let settings: [String: JSONValue] = [
            "dns_sd": ["enabled": true, "interfaces": [.string(pair.hub.interface)]],
            "matter": ["port": 5540],
        ]
        try self.init(configuration: Self.merging(configuration, into: settings))
        launcher = pair.launcher(in: pair.hub)
    }
}
