import Foundation
import MHubClient
import MatterDataModel

extension BenchRun {
    /// The rows of the devices on the network (issue 35), in this order from `networkDevicesRow`.
    enum NetworkDeviceRow: Int, CaseIterable {
        case added, idleCPU, idleMemory, idleDescriptors, idleThreads, commissioning, readP50, readP99
    }

    func row(_ row: NetworkDeviceRow) -> Int { networkDevicesRow + row.rawValue }

    static func networkDeviceFigures(devices: Int, commissionings: Int, idleSeconds: Double) -> [Figure] {
        let idle = String(format: "idle %.0f s", idleSeconds)
        return NetworkDeviceRow.allCases.map { row in
            switch row {
            case .added:
                Figure(
                    name: "\(devices) devices added on the network, until every node listens with its window open",
                    unit: .milliseconds)
            case .idleCPU:
                Figure(name: "CPU time, \(idle), \(devices) devices on the network", unit: .milliseconds)
            case .idleMemory: Figure(name: "memory (RSS), \(devices) devices on the network", unit: .megabytes)
            case .idleDescriptors: Figure(name: "open descriptors, \(devices) devices on the network", unit: .count)
            case .idleThreads: Figure(name: "threads, \(devices) devices on the network", unit: .count)
            case .commissioning:
                Figure(
                    name: "commissioning a device's own node, \(commissionings) one after another, median",
                    unit: .milliseconds)
            case .readP50:
                Figure(name: "On/Off read over CASE p50, a device's own node (1 of \(devices))", unit: .microseconds)
            case .readP99:
                Figure(name: "On/Off read over CASE p99, a device's own node (1 of \(devices))", unit: .microseconds)
            }
        }
    }

    /// The devices on the network's rows (also `--only devices`). Two mhubd side by side, each as `--ephemeral` runs
    /// (the devices' ports ephemeral, `storage_sync` normal) but with the bench's state directory and ports: one is given `options.networkDevices` On/Off lights on the network, the other none; once
    /// every device's node listens with its window open and neither has a client, both are measured over the same
    /// idle interval (the reference column is the one with none). Then, on the one with the devices, the Swift
    /// commissioner commissions `options.networkCommissionings` devices' nodes one after another, in turns with the
    /// hub's own node commissioned the same way through a window it opens (the reference column; each of its fabrics
    /// removed again but the last); then the first device's On/Off is read over its CASE session, in alternating
    /// rounds with the same read of a light the hub bridges over the hub's (the reference column). The floor is the
    /// read's messages in one process (`BridgeFloor`).
    mutating func networkDevices() throws {
        let count = options.networkDevices
        log("mhubd: \(count) devices on the network, beside an mhubd with none")
        let none = try ServerSetup.mhubd(
            binary: options.mhubd, directory: options.work + "/mhub-devices-none", matterPort: try freePort(),
            storageSync: "normal", devicePortBase: 0)
        let setup = try ServerSetup.mhubd(
            binary: options.mhubd, directory: options.work + "/mhub-devices", matterPort: try freePort(),
            storageSync: "normal", devicePortBase: 0)
        let noneServer = try none.start()
        defer { noneServer.stop() }
        let server = try setup.start()
        defer { server.stop() }
        try MHubMessagePipe.connectWhenReady(to: none.webSocket, timeout: 30).close()
        let devices: [NetworkDevices.Device]
        do {
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            defer { control.close() }
            let start = monotonicSeconds()
            devices = try NetworkDevices.listening(try NetworkDevices.add(count: count, control), control)
            record(row(.added), .mhub, (monotonicSeconds() - start) * 1e3)
        }
        guard Set(devices.map(\.port)).count == count else { throw BenchFailure("two devices share a port") }
        try idle(server: server, none: noneServer)

        let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
        defer { control.close() }
        // A light in the hub's own home, bridged on its node (not on the network: `devices_on_network` is false).
        let code = try addLights(control, count: 1, firstDiscriminator: 100)[0]
        try control.call("commission_with_code", ["code": .string(code)])
        var (device, hub) = try commissionings(devices, setup, control)
        try reads(device: &device, hub: &hub)
    }

    /// The idle rows: `server` (with the devices) and `none` over the same interval, after two seconds of rest.
    private mutating func idle(server: ServerProcess, none: ServerProcess) throws {
        let count = Double(options.networkDevices)
        pause(2)
        log(
            String(
                format: "idle for %.0f s: mhubd with \(options.networkDevices) devices and with none",
                options.idleSeconds))
        let usage = try IdleUsage.measure([server.pid, none.pid], seconds: options.idleSeconds)
        let (devices, empty) = (usage[0], usage[1])
        for (column, idle) in [(Column.mhub, devices), (.reference, empty)] {
            record(row(.idleCPU), column, idle.threadRunSeconds * 1e3)
            record(row(.idleMemory), column, idle.end.residentBytes / 1_048_576)
            record(row(.idleDescriptors), column, Double(idle.end.descriptors))
            record(row(.idleThreads), column, Double(idle.end.threads))
        }
        let perDevice = { (a: Double, b: Double) in (a - b) / count }
        note(
            row(.idleCPU),
            String(
                format: "Reference column: mhubd with no device, measured over the same %.0f s. The threads' run time "
                    + "(schedstat); utime+stime (10 ms ticks): %.0f and %.0f ms; wake-ups (context switches): %d and "
                    + "%d. Per device: %.1f µs of CPU in %.0f s.",
                options.idleSeconds, devices.cpuSeconds * 1e3, empty.cpuSeconds * 1e3, devices.contextSwitches,
                empty.contextSwitches, perDevice(devices.threadRunSeconds, empty.threadRunSeconds) * 1e6,
                options.idleSeconds))
        note(
            row(.idleMemory),
            String(
                format: "Reference column: mhubd with no device. Per device: %.0f KiB.",
                perDevice(devices.end.residentBytes, empty.end.residentBytes) / 1024))
        note(
            row(.idleDescriptors),
            String(
                format: "Reference column: mhubd with no device. Per device: %.2f (its node's UDP socket).",
                perDevice(Double(devices.end.descriptors), Double(empty.end.descriptors))))
        note(row(.idleThreads), "Reference column: mhubd with no device.")
    }

    /// `options.networkCommissionings` devices' nodes commissioned one after another, each in turn with the hub's
    /// node (who goes first alternates); returns the first device and the hub, commissioned, for the reads.
    private mutating func commissionings(
        _ devices: [NetworkDevices.Device], _ setup: ServerSetup, _ control: MHubMessagePipe
    ) throws -> (NetworkDevices.Commissioned, NetworkDevices.Commissioned) {
        let rounds = options.networkCommissionings
        log("commissioning \(rounds) devices' nodes, in turns with the hub's")
        var (deviceTimes, hubTimes) = (Sample(), Sample())
        var first: NetworkDevices.Commissioned?
        var hub: NetworkDevices.Commissioned?
        for index in 0..<rounds {
            let target = devices[index]
            func commissionDevice() throws {
                let node = try NetworkDevices.commission(
                    port: target.port, passcode: target.passcode, fabric: UInt64(index))
                deviceTimes.append(node.seconds)
                if first == nil { first = node }
            }
            func commissionHub() throws {
                let (passcode, port) = try openWindow(setup, control)
                let node = try NetworkDevices.commission(port: port, passcode: passcode, fabric: 0x100 + UInt64(index))
                hubTimes.append(node.seconds)
                if index == rounds - 1 {
                    hub = node
                } else if let fabric = node.commissioner.fabricIndex {
                    try control.call("remove_fabric", ["fabric_index": .integer(Int64(fabric))])
                }
            }
            if index % 2 == 0 {
                try commissionDevice()
                try commissionHub()
            } else {
                try commissionHub()
                try commissionDevice()
            }
        }
        guard let first, let hub else { throw BenchFailure("nothing was commissioned") }
        record(row(.commissioning), .mhub, deviceTimes.median.map { $0 * 1e3 })
        record(row(.commissioning), .reference, hubTimes.median.map { $0 * 1e3 })
        note(
            row(.commissioning),
            String(
                format: "The Swift commissioner (MatterTestSupport), not the CHIP controller: PASE … "
                    + "CommissioningComplete over UDP on loopback, attestation included; devices %.1f–%.1f ms. "
                    + "Reference column: the hub's own node commissioned the same way, in turns with them "
                    + "(%.1f–%.1f ms).",
                deviceTimes.values.min()! * 1e3, deviceTimes.values.max()! * 1e3, hubTimes.values.min()! * 1e3,
                hubTimes.values.max()! * 1e3))
        return (first, hub)
    }

    /// The read rows: the device's On/Off over its node's CASE session and the bridged light's over the hub's, in
    /// alternating rounds after 100 untimed reads each.
    private mutating func reads(device: inout NetworkDevices.Commissioned, hub: inout NetworkDevices.Commissioned)
        throws
    {
        let reads = options.bridgeReads
        let rounds = options.alternatingRounds
        let devicePath = AttributePath(endpoint: 1, cluster: 6, attribute: 0)
        let hubPath = AttributePath(endpoint: try NetworkDevices.bridgedEndpoint(of: &hub), cluster: 6, attribute: 0)
        log("\(reads) reads of a device's node and of the hub's bridged light, in \(rounds) alternating rounds")
        _ = try NetworkDevices.reads(devicePath, of: &device, count: 100)
        _ = try NetworkDevices.reads(hubPath, of: &hub, count: 100)
        var (deviceReads, hubReads) = (Sample(), Sample())
        for round in 0..<rounds {
            let count = reads / rounds
            if round % 2 == 0 {
                deviceReads.append(contentsOf: try NetworkDevices.reads(devicePath, of: &device, count: count))
                hubReads.append(contentsOf: try NetworkDevices.reads(hubPath, of: &hub, count: count))
            } else {
                hubReads.append(contentsOf: try NetworkDevices.reads(hubPath, of: &hub, count: count))
                deviceReads.append(contentsOf: try NetworkDevices.reads(devicePath, of: &device, count: count))
            }
        }
        var floor = BridgeFloor()
        let floorReads = try floor.reads(count: reads)
        for (column, sample) in [(Column.mhub, deviceReads), (.reference, hubReads), (.floor, floorReads)] {
            record(row(.readP50), column, sample.median.map { $0 * 1e6 })
            record(row(.readP99), column, sample.percentile(0.99).map { $0 * 1e6 })
        }
        note(
            row(.readP50),
            "mhubd: a ReadRequest for 1/6/0 on the Swift commissioner's CASE session with the first device's own node, "
                + "\(options.networkDevices) devices listening; \(deviceReads.count) reads in \(rounds) alternating "
                + "rounds after 100 untimed. Reference column: the same read of a bridged On/Off light's endpoint on "
                + "the same mhubd's own node (commissioned the same way). Floor: the read's messages encoded, sealed, "
                + "opened and decoded in one process.")
    }
}
