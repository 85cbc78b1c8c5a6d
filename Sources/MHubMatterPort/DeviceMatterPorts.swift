import Dispatch
import Foundation
import MHubConfiguration
import MHubEventLoop
import MHubHub
import MHubPOSIX
import MHubStore
import MatterCredentials
import MatterCrypto
import MatterDataModel
import MatterNode

/// The simulated devices' own Matter nodes on the network (docs/matter.md, "Devices on the network"): one
/// `MatterPort` each, on UDP and TCP on one port, started for the devices on the network at start and for each one the hub adds
/// (`DeviceNodeOutput.started`), stopped when it is removed. Each device's identity (DAC, CD, PASE verifier) and
/// fabric table come from the store, made the first time (`DeviceMatterCredentials`); its port is the one it had, if
/// free, or the first free one from `matter.device_port_base`.
///
/// - Important: Confined to the daemon's queue, as its ports.
package final class DeviceMatterPorts {
    private let configuration: MatterConfiguration
    private let service: any HubAccess
    private let store: HubStore
    private let queue: DispatchQueue
    private let poller: ReadPoller
    private let receiveBuffer: MatterReceiveBuffer
    private let logger: Logger
    /// The daemon's other ports (the hub's Matter port, UDC, the control socket's TCP port): no device takes one.
    private let reservedPorts: Set<UInt16>
    private var ports: [SimulatedDeviceID: MatterPort] = [:]
    /// Each running device's PASE verifier, salt and iterations, for its windows.
    private var identities: [SimulatedDeviceID: DeviceMatterIdentity] = [:]
    private var random = SecureRandomNumberGenerator()

    package init(
        configuration: MatterConfiguration, service: any HubAccess, store: HubStore, queue: DispatchQueue,
        poller: ReadPoller, receiveBuffer: MatterReceiveBuffer, reservedPorts: Set<UInt16>, logger: Logger
    ) {
        self.reservedPorts = reservedPorts.subtracting([0])
        self.configuration = configuration
        self.service = service
        self.store = store
        self.queue = queue
        self.poller = poller
        self.receiveBuffer = receiveBuffer
        self.logger = logger
    }

    /// Starts the node of every device on the network, then follows the hub's outputs for them.
    package func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        service.onOutput { [weak self] output in
            guard case .deviceNode(let id, let output) = output else { return }
            self?.deviceOutput(output, for: id)
        }
        for spec in service.current.networkDeviceSpecs { start(spec) }
    }

    /// Stops every device's node.
    package func stop() {
        for port in ports.values { port.stop() }
        ports = [:]
    }

    private func deviceOutput(_ output: DeviceNodeOutput, for id: SimulatedDeviceID) {
        switch output {
        case .started(let spec): start(spec)
        case .stopped:
            ports.removeValue(forKey: id)?.stop()
            identities[id] = nil
            logger.info("matter device \(id): its node stopped (the device was removed)")
        case .factoryReset: restart(id, reason: "factory reset: it left every fabric") { _ in FabricTable() }
        case .joinHubFabric(let membership):
            restart(id, reason: "it joined mhub's fabric as node \(membership.nodeID)") { [self] table in
                try joining(table, membership)
            }
        case .leaveHubFabric:
            restart(id, reason: "it left mhub's fabric") { [self] table in try leaving(table) }
        case .windowChanged(let window): ports[id]?.serve(commissionee(window, for: id))
        case .changed(let change): ports[id]?.endpointsChanged(change)
        case .answered(let requestID, let answer): ports[id]?.answered(requestID, answer)
        }
    }

    /// Stops a device's node, saves the fabric table `change` makes of its own, and starts it again on its port
    /// (it reports its fabrics, and the hub opens or closes its window to follow). Its sessions end.
    private func restart(
        _ id: SimulatedDeviceID, reason: String, _ change: (FabricTable) throws -> FabricTable
    ) {
        guard let spec = service.current.networkDeviceSpec(of: id) else { return }
        ports.removeValue(forKey: id)?.stop()
        do {
            try store.saveFabricTable(change(try store.loadFabricTable(device: id)), device: id)
            logger.notice("matter device \(id): \(reason)")
        } catch {
            logger.error("matter device \(id): its fabric table could not change (\(reason)): \(error)")
        }
        start(spec)
    }

    /// The table with mhub's fabric in it: a NOC for the device's node ID from the hub's fabric authority (made and
    /// saved the first time), in place of an older one of mhub's fabric. A full table stays as it is.
    private func joining(_ table: FabricTable, _ membership: HubFabricMembership) throws -> FabricTable {
        let authority = try hubFabricAuthority(fabricID: membership.fabricID)
        var table = try leaving(table, authority: authority)
        guard let index = table.freeFabricIndex() else {
            logger.warning("matter device: its fabric table is full; mhub's fabric is not added")
            return table
        }
        table.store(
            try FabricRecord.joining(
                authority, as: membership.nodeID, fabricIndex: index, vendorID: membership.vendorID,
                label: membership.label, administrator: membership.administrator, notBefore: Self.notBefore(),
                using: &random))
        return table
    }

    /// The table without mhub's fabric.
    private func leaving(_ table: FabricTable, authority: FabricAuthority? = nil) throws -> FabricTable {
        guard let root = try authority?.rootCertificate ?? store.loadHubFabricAuthority()?.rootCertificate else {
            return table
        }
        var table = table
        for record in table.ordered where record.rootCertificate == root { table.remove(record.fabricIndex) }
        return table
    }

    /// The hub's fabric authority, made and saved the first time a device joins mhub's fabric.
    private func hubFabricAuthority(fabricID: UInt64) throws -> FabricAuthority {
        if let stored = try store.loadHubFabricAuthority(), stored.fabricID == fabricID { return stored }
        let made = try FabricAuthority.make(fabricID: fabricID, notBefore: Self.notBefore(), using: &random)
        try store.saveHubFabricAuthority(made)
        logger.notice("matter: made the root authority of mhub's own fabric")
        return made
    }

    /// A day before now in Matter epoch seconds: a certificate's notBefore, as the attestation's.
    private static func notBefore() -> UInt32 {
        UInt32(clamping: Int64(Date().timeIntervalSince1970) - MatterEpoch.unixOffset - 86_400)
    }

    private func start(_ spec: DeviceNodeSpec) {
        let id = spec.deviceID
        ports.removeValue(forKey: id)?.stop()
        do {
            let identity = try DeviceMatterCredentials.load(
                store: store, device: id, vendorID: spec.vendorID, productID: spec.productID,
                deviceTypeID: spec.deviceTypeID, passcode: spec.passcode, logger: logger)
            let fabrics = try store.loadFabricTable(device: id)
            let sockets = try bind(preferring: identity.udpPort, for: id)
            if sockets.port != identity.udpPort {
                do {
                    try store.saveDeviceUDPPort(sockets.port, device: id)
                } catch {
                    Glibc.close(sockets.udp)
                    throw error
                }
            }
            let data = service.deviceEndpoints(of: id)?.data ?? NodeData(endpoints: [])
            let node = MatterNode(
                configuration: MatterNodeConfiguration(
                    layout: .device, basicInformation: MatterNodeConfiguration.basicInformation(of: data),
                    attestation: identity.attestation,
                    paseTimeoutMilliseconds: UInt64(configuration.paseTimeoutSeconds) * 1000),
                fabrics: fabrics, startedAt: MatterPort.now(), using: &random)
            let port = try MatterPort(
                role: .device(id), node: node, sockets: sockets, service: service, queue: queue, poller: poller,
                receiveBuffer: receiveBuffer, logger: logger,
                saveFabrics: { [store] table in try store.saveFabricTable(table, device: id) })
            ports[id] = port
            identities[id] = identity
            logger.notice("matter device \(id): listening on udp port \(port.port)")
            // Its fabrics first, so the hub opens its window only for a device on no fabric.
            port.reportFabrics()
            service.submit(.deviceNode(id, .listening(port: port.port)))
        } catch {
            logger.error("matter device \(id): its node cannot start: \(error)")
            service.submit(.deviceNode(id, .failed(reason: "its node cannot start: \(error)")))
        }
    }

    /// The device's UDP socket: on the port it had if that is free (controllers find it there again), else the first
    /// free port from the configured base that no other device's node has, or with base 0 an ephemeral one.
    private func bind(preferring stored: UInt16?, for id: SimulatedDeviceID) throws -> MatterSockets.Bound {
        let taken = Set(ports.filter { $0.key != id }.map(\.value.port)).union(reservedPorts)
        if let stored, !taken.contains(stored), let bound = try? MatterSockets.bind(port: stored) {
            return bound
        }
        let base = configuration.devicePortBase
        guard base != 0 else { return try MatterSockets.bind(port: 0) }
        let last = min(Int(UInt16.max), Int(base) + max(configuration.maximumNetworkDevices, 1) * 2 - 1)
        for candidate in Int(base)...last where !taken.contains(UInt16(candidate)) {
            if let bound = try? MatterSockets.bind(port: UInt16(candidate)) { return bound }
        }
        throw DevicePortError(
            description: "no free UDP port from \(base) to \(last) (matter.device_port_base; 0 for ephemeral ports)")
    }

    /// The commissionee for a device's window: its own passcode's verifier as stored (no PBKDF2 at each start), or
    /// an administrator's window as the hub opened it.
    private func commissionee(_ window: DeviceWindow?, for id: SimulatedDeviceID) -> MatterCommissionee? {
        guard let window, let identity = identities[id], let port = ports[id] else { return nil }
        do {
            switch window {
            case .basic(let discriminator):
                return try MatterCommissionee(
                    discriminator: discriminator, verifier: identity.spake2pVerifier(),
                    iterations: identity.iterations, salt: identity.salt,
                    establishmentTimeoutMilliseconds: port.paseTimeoutMilliseconds, isEnhanced: false)
            case .administrator(let window):
                return try MatterCommissionee(
                    window: window, establishmentTimeoutMilliseconds: port.paseTimeoutMilliseconds)
            }
        } catch {
            logger.error("matter device \(id): cannot serve its window: \(error)")
            return nil
        }
    }
}

/// No port is free for a device's node.
struct DevicePortError: Error, CustomStringConvertible {
    var description: String
}
