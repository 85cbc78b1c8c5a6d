import MatterDataModel

/// Temperature Control with the TemperatureLevel feature (Application Cluster Specification 8.2): SetTemperature's
/// TargetTemperatureLevel picks an entry of SupportedTemperatureLevels by its index (8.2.6.1): without one the
/// command is INVALID_COMMAND, past the list CONSTRAINT_ERROR; else SelectedTemperatureLevel is set. A TargetTemperature
/// (the TemperatureNumber feature, which mhub's appliances do not have) is ignored.
extension DeviceLogic {
    static func temperatureControl(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "SetTemperature" else { throw unsupported(call) }
        guard case .list(let levels)? = call.value(0x0005) else {
            throw InteractionError(.invalidCommand, "this Temperature Control has no temperature levels")
        }
        guard let level = call.field("targetTemperatureLevel") else {
            throw InteractionError(.invalidCommand, "TargetTemperatureLevel is missing")
        }
        guard (0..<Int64(levels.count)).contains(level) else {
            throw InteractionError(.constraintError, "level \(level) is not one of the \(levels.count) supported")
        }
        var effect = DeviceEffect()
        effect.changes.append((call.path(0x0004), .unsigned(UInt64(level))))
        return (effect, nil)
    }
}

/// The appliance settings a client writes (Laundry Washer Controls 8.6, Laundry Dryer Controls 8.9): each must be one
/// the device offers, else CONSTRAINT_ERROR: SpinSpeedCurrent an index of SpinSpeeds (or null, no spin), NumberOfRinses
/// one of SupportedRinses, SelectedDrynessLevel one of SupportedDrynessLevels.
enum ApplianceSettingsLogic {
    static func checkWrite(_ value: AttributeValue, at path: AttributePath, in node: Node) throws(InteractionError) {
        let offered: AttributeID
        switch (path.cluster, path.attribute) {
        case (0x0053, 0x0001): offered = 0x0000
        case (0x0053, 0x0002): offered = 0x0003
        case (0x004A, 0x0001): offered = 0x0000
        default: return
        }
        guard let chosen = value.integerValue else { return }
        let list = node.data[AttributePath(endpoint: path.endpoint, cluster: path.cluster, attribute: offered)]
        guard case .list(let entries)? = list else { return }
        let fine =
            offered == 0x0000 && path.cluster == 0x0053
            ? (0..<Int64(entries.count)).contains(chosen) : entries.contains { $0.integerValue == chosen }
        guard fine else { throw InteractionError(.constraintError, "\(chosen) is not a setting the device offers") }
    }
}
