import HomeKitAccessory
import MatterDataModel
import MatterInteraction
import MatterNode

/// mhub's home as a HomeKit bridge's accessories (docs/homekit.md, "The accessories"): aid 1 is the bridge, and each
/// device of the hub's bridged view that HomeKit has a service for is an accessory, its aid its first bridged
/// endpoint's number (`BridgedDevice` gives the iid scheme). Pure: every answer is worked out from the view handed in,
/// so nothing is stored and nothing goes stale.
public struct HomeKitBridge: Sendable {
    /// The most bridged accessories one bridge may have (ADK `kHAPAccessoryServerMaxBridgedAccessories`, HAP-NodeJS
    /// `MAX_ACCESSORIES`; hap-reference.md section 8, "Limits").
    public static let maximumBridgedAccessories = 149

    /// The bridge's aid.
    static let bridgeAID: UInt64 = 1

    public var info: HomeKitBridgeInfo

    public init(info: HomeKitBridgeInfo) {
        self.info = info
    }

    /// aid 1 and an accessory per device of the view (at most 149, lowest aids first), values filled in.
    public func accessories(in view: some NodeEndpoints) -> [HAPAccessory] {
        [HAPAccessory(aid: Self.bridgeAID, services: AccessoryInformation.bridgeServices(info))]
            + shown(in: view).devices.map(accessory)
    }

    /// How many devices were left out for the limit, and how many because HomeKit has no service for them.
    public func omitted(in view: some NodeEndpoints) -> (overLimit: Int, unsupported: Int) {
        let census = census(in: view)
        return (census.overLimit, census.unsupported)
    }

    /// How many devices are shown as accessories and how many were left out, without building the accessories.
    public func census(in view: some NodeEndpoints) -> (shown: Int, overLimit: Int, unsupported: Int) {
        let shown = shown(in: view)
        return (shown.devices.count, shown.overLimit, shown.unsupported)
    }

    /// One characteristic with its value now (its last value when the device is unreachable), readable or not:
    /// `.resourceDoesNotExist` for an unknown aid/iid. Whether it may be read (`pr`) and whether its device answers
    /// (`isReachable`) are the accessory server's to check, so a subscription holds across an unreachable spell.
    public func characteristic(_ id: HAPCharacteristicID, in view: some NodeEndpoints) -> Result<
        HAPCharacteristic, HAPStatus
    > {
        if id.aid == Self.bridgeAID {
            guard
                let characteristic = HAPAccessory(
                    aid: Self.bridgeAID, services: AccessoryInformation.bridgeServices(info)
                ).characteristic(id.iid)
            else { return .failure(.resourceDoesNotExist) }
            return .success(characteristic)
        }
        guard let device = self.device(id.aid, in: view), let characteristic = accessory(device).characteristic(id.iid)
        else { return .failure(.resourceDoesNotExist) }
        return .success(characteristic)
    }

    /// Whether the accessory's device answers now (`BridgedDeviceInfo.reachable`); the bridge always does.
    public func isReachable(_ aid: UInt64, in view: some NodeEndpoints) -> Bool {
        aid == Self.bridgeAID || self.device(aid, in: view)?.info.reachable ?? false
    }

    /// What writing `value` (already checked against the characteristic's format and range) means for the device:
    /// the Matter commands or writes, in order; `.resourceDoesNotExist` for an unknown aid/iid, `.readOnly` without
    /// `pw`, `.unableToCommunicate` when unreachable. The bridge's own Identify is accepted and does nothing.
    public func write(_ value: HAPValue, to id: HAPCharacteristicID, in view: some NodeEndpoints) -> Result<
        [HomeKitOperation], HAPStatus
    > {
        if id.aid == Self.bridgeAID {
            guard
                let characteristic = HAPAccessory(
                    aid: Self.bridgeAID, services: AccessoryInformation.bridgeServices(info)
                ).characteristic(id.iid)
            else { return .failure(.resourceDoesNotExist) }
            return characteristic.permissions.contains(.pairedWrite) ? .success([]) : .failure(.readOnly)
        }
        guard let device = self.device(id.aid, in: view), let characteristic = accessory(device).characteristic(id.iid)
        else { return .failure(.resourceDoesNotExist) }
        guard characteristic.permissions.contains(.pairedWrite) else { return .failure(.readOnly) }
        guard device.info.reachable else { return .failure(.unableToCommunicate) }
        if id.iid == AccessoryInformation.identifyIID {
            // Identify (0x00) for 5 s on the device's first endpoint with an Identify cluster, for a write of true.
            guard CharacteristicRole.number(value) != 0,
                let endpoint = device.endpoints.first(where: { $0.reading.has(MatterCluster.identify) })
            else { return .success([]) }
            let identify = BridgedRequest.Operation.invoke(
                cluster: MatterCluster.identify, command: 0x00, fields: [0: .unsigned(5)])
            return .success([HomeKitOperation(endpoint: endpoint.number, operation: identify)])
        }
        guard let (endpoint, role) = device.role(at: id.iid),
            let operations = role.operations(writing: value, endpoint.reading)
        else { return .failure(.readOnly) }
        return .success(operations.map { HomeKitOperation(endpoint: endpoint.number, operation: $0) })
    }

    /// The characteristics whose values a change of the view moved, with their new values, for event subscribers
    /// (`.attributes` paths → the characteristics derived from them; `.event` of a Generic Switch → Programmable
    /// Switch Event 0 single / 1 double / 2 long press), and whether the database itself changed (`.endpoints`:
    /// accessories came or went, so `c#` goes up).
    ///
    /// Only characteristics with `ev` are reported. `.endpoints` reports a change whenever endpoints came or went,
    /// even when they were of devices HomeKit does not show: compare `databaseFingerprint` to know for sure.
    public func changes(_ change: BridgeChange, in view: some NodeEndpoints) -> (
        values: [HAPCharacteristicID: HAPValue], databaseChanged: Bool
    ) {
        switch change {
        case .endpoints(let added, let removed):
            return ([:], !added.isEmpty || !removed.isEmpty)
        case .attributes(let paths):
            var owners: [EndpointID: (BridgedDevice, BridgedDevice.Endpoint)?] = [:]
            var values: [HAPCharacteristicID: HAPValue] = [:]
            for path in paths {
                if owners[path.endpoint] == nil { owners[path.endpoint] = owner(of: path.endpoint, in: view) }
                guard let (device, endpoint) = owners[path.endpoint] ?? nil else { continue }
                for kind in endpoint.services {
                    for (iid, role) in device.characteristics(of: kind, on: endpoint, name: device.info.nodeLabel)
                    where role.sources.contains(where: { $0 == (path.cluster, path.attribute) }) {
                        guard role.shape(iid: iid, reading: endpoint.reading).permissions.contains(.events),
                            let value = role.value(endpoint.reading)
                        else { continue }
                        values[HAPCharacteristicID(aid: device.aid, iid: iid)] = value
                    }
                }
            }
            return (values, false)
        case .event(let record):
            guard record.cluster == MatterCluster.genericSwitch,
                let (device, endpoint) = owner(of: record.endpoint, in: view),
                endpoint.services.contains(.statelessSwitch)
            else { return ([:], false) }
            var fields: [UInt32: Int64] = [:]
            for (tag, value) in record.fields {
                if case .unsigned(let number) = value, let number = Int64(exactly: number) { fields[tag] = number }
            }
            let multiPress = endpoint.reading.features(MatterCluster.genericSwitch) & 0x10 != 0
            guard
                let press = HomeKitConversions.programmableSwitchEvent(
                    event: record.event, fields: fields, multiPress: multiPress),
                CharacteristicRole.switchPresses(endpoint.reading).contains(press)
            else { return ([:], false) }
            let iid = endpoint.base + ServiceKind.statelessSwitch.block + 1
            return ([HAPCharacteristicID(aid: device.aid, iid: iid): .int(press)], false)
        }
    }

    /// The database without values (types, iids, perms, metadata), for `c#`: equal text ⇔ same database.
    public func databaseFingerprint(in view: some NodeEndpoints) -> String {
        var text = ""
        for accessory in accessories(in: view) {
            text += "A\(accessory.aid)\n"
            for service in accessory.services {
                text += " S\(service.iid) \(service.type) p\(service.primary ? 1 : 0) h\(service.hidden ? 1 : 0)"
                text += " l\(service.linked.map(String.init).joined(separator: ","))\n"
                for c in service.characteristics {
                    text += "  C\(c.iid) \(c.type) \(c.format.rawValue) \(c.permissions.names.joined(separator: ","))"
                    text +=
                        " u\(c.unit ?? "") \(Self.text(c.minValue)) \(Self.text(c.maxValue)) \(Self.text(c.minStep))"
                    text += " m\(c.maxLength.map(String.init) ?? "")"
                    text += " v\(c.validValues.map { $0.map(String.init).joined(separator: ",") } ?? "")\n"
                }
            }
        }
        return text
    }

    private static func text(_ number: Double?) -> String {
        number.map { "\($0)" } ?? "-"
    }
}

extension HomeKitBridge {
    /// The devices shown (the first 149 HomeKit has a service for, aids ascending) and how many were left out.
    func shown(in view: some NodeEndpoints) -> (devices: [BridgedDevice], overLimit: Int, unsupported: Int) {
        let supported = BridgedDevice.all(in: view)
        let shown = supported.filter(\.isSupported)
        let limited = Array(shown.prefix(Self.maximumBridgedAccessories))
        return (limited, shown.count - limited.count, supported.count - shown.count)
    }

    /// The shown device whose aid is `aid`. With fewer endpoints than the limit before it, it is shown if HomeKit has
    /// a service for it, so only its own endpoints are read; otherwise the devices before it are counted.
    func device(_ aid: UInt64, in view: some NodeEndpoints) -> BridgedDevice? {
        guard let first = EndpointID(exactly: aid) else { return nil }
        if BridgedDevice.firstIndex(notBelow: first, in: view.endpointIDs) < Self.maximumBridgedAccessories {
            return BridgedDevice.device(at: first, in: view).flatMap { $0.isSupported ? $0 : nil }
        }
        return shown(in: view).devices.first { $0.aid == aid }
    }

    /// The shown device that `endpoint` is part of, and that endpoint: the device starts at the nearest endpoint at
    /// or before it that carries a `BridgedDeviceInfo` (or, for a part listed out of order, wherever the whole view
    /// says).
    func owner(of endpoint: EndpointID, in view: some NodeEndpoints) -> (BridgedDevice, BridgedDevice.Endpoint)? {
        let ids = view.endpointIDs
        var index = BridgedDevice.firstIndex(notBelow: endpoint, in: ids)
        guard index < ids.count, ids[index] == endpoint else { return nil }
        while index > 0, view.endpoint(ids[index])?.device == nil { index -= 1 }
        if let device = device(UInt64(ids[index]), in: view), let found = device.endpoint(endpoint) {
            return (device, found)
        }
        for device in shown(in: view).devices {
            if let found = device.endpoint(endpoint) { return (device, found) }
        }
        return nil
    }

    /// A shown device as its accessory, values filled in.
    func accessory(_ device: BridgedDevice) -> HAPAccessory {
        var services = [AccessoryInformation.service(device.info, aid: device.aid)]
        let primary = device.primary
        for endpoint in device.endpoints {
            for kind in endpoint.services {
                let characteristics = device.characteristics(of: kind, on: endpoint, name: device.info.nodeLabel).map {
                    iid, role in
                    var characteristic = role.shape(iid: iid, reading: endpoint.reading)
                    characteristic.value = role.value(endpoint.reading)
                    return characteristic
                }
                services.append(
                    HAPService(
                        iid: endpoint.base + kind.block, type: kind.type, characteristics: characteristics,
                        primary: primary.map { $0 == (endpoint.number, kind) } ?? false))
            }
        }
        if !device.labelledSwitches.isEmpty {
            // ServiceLabel (0xCC) with ServiceLabelNamespace 1: the switches are numbered with arabic numerals.
            let iid = 0x100 + BridgedDevice.serviceLabelBlock
            let namespace = HAPCharacteristic(
                iid: iid + 1, type: .serviceLabelNamespace, format: .uint8, permissions: [.pairedRead], value: .int(1),
                minValue: 0, maxValue: 1, minStep: 1, validValues: [0, 1])
            services.append(HAPService(iid: iid, type: .serviceLabel, characteristics: [namespace]))
        }
        return HAPAccessory(aid: device.aid, services: services)
    }
}
