import MHubConfiguration
import MHubDNSSD
import MHubHub
import MatterDataModel

/// Decides which DNS-SD services the hub advertises for a state of the hub and a configuration
/// (docs/dns-sd.md; Matter reference A).
///
/// A value: facts and configuration in, services out; randomness is an input. It keeps the random
/// identifiers behind commissionable instance names between plans:
/// - one for `_matterd._udp` and the hub's own `_matterc._udp` (CHIP shares `mCommissionableInstanceName`
///   between them), drawn anew each time a commissioning window opens (reference A.1, A.2);
/// - one per simulated device on the network, behind its `_matterc._udp` name, kept while the device is advertised
///   (its window may close and open again under the same name).
public struct AdvertisingPlanner: Sendable {
    /// The identifier behind the `_matterd` and hub `_matterc` instance names.
    public private(set) var instanceIdentifier: UInt64
    /// When the window the identifier was drawn for opened.
    private var identifierWindow: Timestamp?
    private var deviceIdentifiers: [SimulatedDeviceID: UInt64] = [:]

    public init(using generator: inout some RandomNumberGenerator) {
        instanceIdentifier = MatterInstanceName.randomIdentifier(using: &generator)
    }

    /// The services to publish. Each is published on `interfaces` (empty: every interface).
    ///
    /// Nothing when `dns_sd.enabled` is false. A service whose inputs break a rule of reference A is left
    /// out and named in the plan's problems.
    public mutating func plan(
        _ facts: AdvertisingFacts, configuration: DaemonConfiguration, ports: AdvertisingPorts,
        interfaces: [UInt32], using generator: inout some RandomNumberGenerator
    ) -> AdvertisingPlan {
        guard configuration.dnsSD.enabled else { return AdvertisingPlan() }
        if let window = facts.window, window.openedAt != identifierWindow {
            instanceIdentifier = MatterInstanceName.randomIdentifier(using: &generator)
            identifierWindow = window.openedAt
        }
        let devices = Set(facts.networkDevices.map(\.id))
        deviceIdentifiers = deviceIdentifiers.filter { devices.contains($0.key) }
        for device in facts.networkDevices where deviceIdentifiers[device.id] == nil {
            deviceIdentifiers[device.id] = MatterInstanceName.randomIdentifier(using: &generator)
        }

        let builder = HubAdvertisements(
            configuration: configuration, ports: ports, instanceIdentifier: instanceIdentifier)
        var plan = PlanCollector(interfaces: interfaces)
        plan.add(.commissioner) { () throws(DNSSDError) in try builder.commissioner() }
        if let window = facts.window {
            plan.add(.commissionable) { () throws(DNSSDError) in try builder.commissionable(window) }
        }
        for fabric in facts.joinedFabrics {
            plan.add(.operational(fabricIndex: fabric.fabricIndex)) { () throws(DNSSDError) in
                try builder.operational(compressedFabricID: fabric.compressedFabricID, nodeID: fabric.nodeID)
            }
        }
        if configuration.thread.enabled {
            plan.add(.borderAgent) { () throws(DNSSDError) in try builder.borderAgent(network: facts.threadNetwork) }
        }
        if let homeKit = facts.homeKit {
            plan.add(.homeKit) { () throws(DNSSDError) in try homeKit.service() }
        }
        for device in facts.networkDevices {
            if let commissionable = device.commissionable {
                let identifier = deviceIdentifiers[device.id] ?? 0
                plan.add(.deviceCommissionable(device.id)) { () throws(DNSSDError) in
                    try builder.deviceCommissionable(commissionable, port: device.port, instanceIdentifier: identifier)
                }
            }
            for fabric in device.fabrics {
                plan.add(.deviceOperational(device.id, fabricIndex: fabric.fabricIndex)) { () throws(DNSSDError) in
                    try builder.deviceOperational(fabric, port: device.port)
                }
            }
        }
        return AdvertisingPlan(entries: plan.entries, problems: plan.problems)
    }
}

/// Builds a plan's entries, turning a builder's error into a problem.
private struct PlanCollector {
    let interfaces: [UInt32]
    var entries: [AdvertisingPlan.Entry] = []
    var problems: [String] = []

    /// A service whose name another planned service of its type has already (a device's `_matter._tcp` named like
    /// the hub's on a fabric both joined under one node ID) is a problem, not a second entry.
    mutating func add(_ role: AdvertisingRole, _ build: () throws(DNSSDError) -> DNSSDService) {
        do {
            var service = try build()
            service.interfaces = interfaces
            if let planned = entries.first(where: { $0.service.key == service.key }) {
                problems.append(
                    "\(role.name): \(service.key) is \(planned.role.name)'s already; not advertised")
                return
            }
            entries.append(AdvertisingPlan.Entry(role: role, service: service))
        } catch {
            problems.append("\(role.name): \(error)")
        }
    }
}
