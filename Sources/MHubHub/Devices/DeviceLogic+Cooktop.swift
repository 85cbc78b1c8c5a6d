import MatterDataModel

/// A hob's On/Off (Device Library 13.8 Cooktop, 13.7 Cook Surface): OffOnly (Application Cluster Specification
/// 1.5.4, feature OFFONLY), so a zone is switched on only at the hob (`--as-physical`) and a controller can only switch
/// it off: the Off command is all the cluster accepts. The cooktop's Off switches the whole hob off, every cook surface
/// with it (13.8: the cooktop's On/Off is the appliance's); a surface's Off that one zone. The cooktop is on while a
/// zone is (a zone switched on at the hob switches it on; the last zone off, off). A zone on heats its pan to its
/// level's temperature, off it cools (`ApplianceThermal`).
extension DeviceLogic {
    /// Whether `call` is for the On/Off of a cooktop or of a cook surface.
    static func isHob(_ call: Invocation) -> Bool {
        HobLogic(node: call.node, now: call.now).isHob(call.endpoint)
    }

    static func hobOnOff(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "Off" else { throw unsupported(call) }
        var effect = DeviceEffect()
        HobLogic(node: call.node, now: call.now).switched(call.endpoint, on: false, &effect)
        return (effect, nil)
    }
}

/// The hob's zones and what follows when one is switched on or off, by a command or at the hob.
struct HobLogic {
    let node: Node
    let now: Timestamp

    func deviceTypes(_ endpoint: EndpointID) -> [DeviceTypeRef] {
        node.data.endpoints[endpoint]?.deviceTypes ?? []
    }

    func isHob(_ endpoint: EndpointID) -> Bool {
        deviceTypes(endpoint).contains { $0.id == DeviceTypeRef.cooktop.id || $0.id == DeviceTypeRef.cookSurface.id }
    }

    func onOff(_ endpoint: EndpointID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x0006, attribute: 0x0000)
    }

    /// The cooktop endpoint and its cook surfaces (its Descriptor's PartsList), for `endpoint` either.
    func hob(of endpoint: EndpointID) -> (cooktop: EndpointID, surfaces: [EndpointID])? {
        for candidate in node.data.endpoints.values
        where candidate.deviceTypes.contains(where: { $0.id == DeviceTypeRef.cooktop.id }) {
            guard case .list(let parts)? = candidate.clusters[ClusterDefinition.descriptor.id]?.attributes[0x0003]
            else { continue }
            let surfaces = parts.compactMap { $0.integerValue.map { EndpointID($0) } }.filter {
                deviceTypes($0).contains { $0.id == DeviceTypeRef.cookSurface.id }
            }
            if candidate.id == endpoint || surfaces.contains(endpoint) { return (candidate.id, surfaces) }
        }
        return nil
    }

    /// `endpoint` (the cooktop or one zone) switched on or off, with what follows.
    func switched(_ endpoint: EndpointID, on: Bool, _ effect: inout DeviceEffect) {
        effect.changes.append((onOff(endpoint), .bool(on)))
        guard let hob = hob(of: endpoint) else { return }
        if endpoint == hob.cooktop {
            guard !on else { return }
            for surface in hob.surfaces {
                effect.changes.append((onOff(surface), .bool(false)))
                ApplianceThermal(node: node, endpoint: surface, now: now).surfaceSwitched(on: false, &effect)
            }
            return
        }
        ApplianceThermal(node: node, endpoint: endpoint, now: now).surfaceSwitched(on: on, &effect)
        let anyOn = hob.surfaces.contains { $0 == endpoint ? on : node.data[onOff($0)] == .bool(true) }
        effect.changes.append((onOff(hob.cooktop), .bool(anyOn)))
    }
}

extension DeviceLogic {
    /// What a person does at a kitchen appliance (`DeviceLogic.physical`): a hob's zone or the hob switched on or off
    /// (On/Off, with what follows, `HobLogic`), a compartment's setpoint or a zone's level turned at the appliance
    /// (its reading follows, `ApplianceThermal`), a refrigerator's door opened or closed (`RefrigeratorAlarmLogic`).
    /// On/Off on anything but a hob is left as it is.
    static func kitchenPhysical(
        _ value: AttributeValue, at path: AttributePath, in node: Node, now: Timestamp, _ effect: inout DeviceEffect
    ) {
        let thermal = ApplianceThermal(node: node, endpoint: path.endpoint, now: now)
        switch (path.cluster, path.attribute) {
        case (0x0006, _):
            let hob = HobLogic(node: node, now: now)
            if hob.isHob(path.endpoint) { hob.switched(path.endpoint, on: value == .bool(true), &effect) }
        case (0x0056, 0x0000):
            if let target = value.integerValue { thermal.setpointChanged(to: target, &effect) }
        case (0x0056, _):
            if let level = value.integerValue { thermal.levelChanged(to: level, &effect) }
        default:
            RefrigeratorAlarmLogic(node: node, endpoint: path.endpoint).stateSensed(value, &effect)
        }
    }
}
