import HomeKitAccessory
import MatterDataModel
import MatterNode

/// One device of the view as a bridged accessory: its aid, its endpoints and the services each shows.
///
/// The scheme (docs/homekit.md, "The accessories"; hap-reference.md section 8, "Identifiers"): the aid is the bridged
/// endpoint number of the device's first endpoint, which the hub gives from a stored counter starting at 2 and never
/// gives again, so aids are stable across restarts and never reused, with nothing stored here. Within the accessory,
/// Accessory Information is service 1 (Identify 2, Manufacturer 3, Model 4, Name 5, SerialNumber 6,
/// FirmwareRevision 7); the device's n-th endpoint (its bridged number − aid + 1 as the hub numbers a device's
/// endpoints one after another) has the iids 0x100 × n to 0x100 × n + 0xFF, each service kind at its fixed block
/// (`ServiceKind.block`) and each characteristic at its fixed slot after it. A ServiceLabel, for a device of several
/// momentary switches, is at 0xF0 of the first endpoint's block. Since a device's endpoints and clusters never change,
/// neither do its iids.
struct BridgedDevice {
    /// One endpoint of the device and the services it shows.
    struct Endpoint {
        var number: EndpointID
        /// Its place among the device's endpoints, from 1.
        var position: UInt64
        var reading: EndpointReading
        var services: [ServiceKind]

        /// The first iid of its block of 0x100.
        var base: UInt64 { 0x100 * position }
    }

    var aid: UInt64 { UInt64(first) }
    var first: EndpointID
    var info: BridgedDeviceInfo
    var endpoints: [Endpoint]

    /// Where the ServiceLabel service is in the first endpoint's 0x100 (its namespace characteristic right after).
    static let serviceLabelBlock: UInt64 = 0xF0

    /// Whether HomeKit can show the device: a service of its own, not only a battery or a filter.
    var isSupported: Bool {
        endpoints.contains { $0.services.contains { $0.primaryRank != nil } }
    }

    /// The endpoints whose services are labelled by index: a device of several momentary switches.
    var labelledSwitches: [EndpointID] {
        let switches = endpoints.filter { $0.services.contains(.statelessSwitch) }.map(\.number)
        return switches.count > 1 ? switches : []
    }

    /// Whether each service carries a Name of its own: a device whose services are on several endpoints (a power
    /// strip's outlets) names each with its endpoint's place, so the Home app tells them apart.
    var namesServices: Bool {
        endpoints.filter { !$0.services.isEmpty }.count > 1
    }

    /// The device's primary service: its endpoint's number and its kind.
    var primary: (EndpointID, ServiceKind)? {
        var best: (rank: Int, endpoint: EndpointID, kind: ServiceKind)?
        for endpoint in endpoints {
            for kind in endpoint.services {
                guard let rank = kind.primaryRank else { continue }
                if best == nil || rank < best!.rank { best = (rank, endpoint.number, kind) }
            }
        }
        return best.map { ($0.endpoint, $0.kind) }
    }

    /// The characteristics of `kind`'s service on `endpoint`: each iid with its role, the service's Name (from the
    /// device's `name`) and ServiceLabelIndex among them where the device has them.
    func characteristics(of kind: ServiceKind, on endpoint: Endpoint, name: String) -> [(UInt64, CharacteristicRole)] {
        let start = endpoint.base + kind.block
        var result: [(UInt64, CharacteristicRole)] = []
        for (index, role) in kind.roles(endpoint.reading).enumerated() {
            if let role { result.append((start + UInt64(index) + 1, role)) }
        }
        if namesServices, kind.primaryRank != nil {
            result.append((start + ServiceKind.nameSlot, .name(Self.serviceName(name, position: endpoint.position))))
        }
        if kind == .statelessSwitch, let index = labelledSwitches.firstIndex(of: endpoint.number) {
            result.append((start + ServiceKind.labelIndexSlot, .serviceLabelIndex(Int64(index) + 1)))
        }
        return result
    }

    /// A service's name on a device of several endpoints: the device's name and the endpoint's number.
    static func serviceName(_ name: String, position: UInt64) -> String {
        HomeKitNames.sanitised(HomeKitNames.cut(name, to: 60) + " \(position)", fallback: "Service \(position)")
    }

    /// The device's endpoint `number`, if it is one.
    func endpoint(_ number: EndpointID) -> Endpoint? {
        endpoints.first { $0.number == number }
    }

    /// The endpoint and role at `iid`, if there is one (Accessory Information's are not here).
    func role(at iid: UInt64) -> (Endpoint, CharacteristicRole)? {
        guard iid >= 0x100, let endpoint = endpoints.first(where: { $0.position == iid / 0x100 }) else { return nil }
        for kind in endpoint.services {
            let block = endpoint.base + kind.block
            guard iid > block, iid < block + 0x10 else { continue }
            return characteristics(of: kind, on: endpoint, name: info.nodeLabel).first { $0.0 == iid }.map {
                (endpoint, $0.1)
            }
        }
        return nil
    }
}

extension BridgedDevice {
    /// The devices of `view`, aids ascending: each endpoint that carries a `BridgedDeviceInfo` starts one; its
    /// `parts`, and the endpoints after it that carry none (the other outlets of a power strip, whose Descriptor
    /// lists no parts), are its other endpoints.
    static func all(in view: some NodeEndpoints) -> [BridgedDevice] {
        let ids = view.endpointIDs
        var devices: [BridgedDevice] = []
        var index = 0
        while index < ids.count {
            if let (device, next) = device(startingAt: index, of: ids, in: view) {
                devices.append(device)
                index = next
            } else {
                index += 1
            }
        }
        return devices
    }

    /// The device whose first endpoint is `first`, if that endpoint starts one, without looking at the others.
    static func device(at first: EndpointID, in view: some NodeEndpoints) -> BridgedDevice? {
        let ids = view.endpointIDs
        let index = firstIndex(notBelow: first, in: ids)
        guard index < ids.count, ids[index] == first else { return nil }
        return device(startingAt: index, of: ids, in: view)?.device
    }

    /// The device that starts at `ids[index]`, and the index after the endpoints that follow it as its own.
    private static func device(startingAt index: Int, of ids: [EndpointID], in view: some NodeEndpoints) -> (
        device: BridgedDevice, next: Int
    )? {
        let first = ids[index]
        guard let endpoint = view.endpoint(first), let info = endpoint.device else { return nil }
        var members: [EndpointID: NodeEndpoint] = [first: endpoint]
        for part in endpoint.parts where part > first && members[part] == nil {
            if let data = view.endpoint(part), data.device == nil { members[part] = data }
        }
        var next = index + 1
        while next < ids.count, let data = view.endpoint(ids[next]), data.device == nil {
            members[ids[next]] = data
            next += 1
        }
        let endpoints = members.keys.sorted().map { number in
            let reading = EndpointReading(endpoint: members[number]!)
            return Endpoint(
                number: number, position: UInt64(number - first) + 1, reading: reading,
                services: ServiceKind.services(of: reading))
        }
        return (BridgedDevice(first: first, info: info, endpoints: endpoints), next)
    }

    /// The first index of `ids` (ascending) whose number is not below `endpoint`.
    static func firstIndex(notBelow endpoint: EndpointID, in ids: [EndpointID]) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < endpoint { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
