import Foundation
import MHubHub
import MHubPOSIX

/// Interface names to the indexes Avahi publishes on.
enum NetworkInterfaces {
    /// The indexes of `names` (`if_nametoindex(3)`), and the names that name no interface.
    static func indexes(_ names: [String]) -> (indexes: [UInt32], missing: [String]) {
        var indexes: [UInt32] = []
        var missing: [String] = []
        for name in names {
            let index = if_nametoindex(name)
            if index == 0 {
                missing.append(name)
            } else if !indexes.contains(index) {
                indexes.append(index)
            }
        }
        return (indexes, missing)
    }

    /// Where the hub is: its mDNS host name (the system's host name in `.local.`, as avahi-daemon names it
    /// unless a collision renames it), the Matter port, and the addresses of its interfaces that are up, other
    /// interfaces before loopback.
    static func hubNetwork(matterPort: UInt16?) -> HubNetwork {
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: ".").first : nil
        let entries = InterfaceAddresses.all().sorted {
            ($0.isLoopbackInterface ? 1 : 0) < ($1.isLoopbackInterface ? 1 : 0)
        }
        var addresses: [HubNetwork.Address] = []
        for entry in entries {
            guard let ip = entry.address.numericHost()?.split(separator: "%").first.map(String.init) else { continue }
            let linkLocal = entry.address.family == AF_INET6 && ip.lowercased().hasPrefix("fe80:")
            let address = HubNetwork.Address(ip: ip, interface: entry.interface, isLinkLocal: linkLocal)
            if !addresses.contains(address) { addresses.append(address) }
        }
        return HubNetwork(hostName: host.map { "\($0).local." }, matterPort: matterPort, addresses: addresses)
    }
}
