import MatterDataModel

/// Temperature Control's SetTemperature (Application Cluster Specification 8.2.6.1), for the appliances that have it
/// (a refrigerator's compartments, a wine cooler, a hob's cook surfaces, an oven's cavities).
///
/// With TemperatureNumber (TN, FeatureMap bit 0) the command needs TargetTemperature (INVALID_COMMAND without it),
/// which must lie from MinTemperature to MaxTemperature and, with TemperatureStep (STEP, bit 2), a whole number of
/// Steps above MinTemperature (CONSTRAINT_ERROR otherwise); it becomes TemperatureSetpoint. With TemperatureLevel (TL,
/// bit 1) it needs TargetTemperatureLevel, an index of SupportedTemperatureLevels (CONSTRAINT_ERROR past the list),
/// which becomes SelectedTemperatureLevel. A field of a feature the cluster lacks is ignored. What the appliance then
/// does about it — its reading moving towards the new temperature on the hub's clock — is `ApplianceThermal`.
extension DeviceLogic {
    static func temperatureControl(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "SetTemperature" else { throw unsupported(call) }
        let features = call.integer(0xFFFC) ?? 0
        var effect = DeviceEffect()
        if features & 0x1 != 0 {
            guard let target = call.field("targetTemperature") else {
                throw InteractionError(.invalidCommand, "SetTemperature needs targetTemperature (TemperatureNumber)")
            }
            let minimum = call.integer(0x0001) ?? target
            let maximum = call.integer(0x0002) ?? target
            guard (minimum...maximum).contains(target) else {
                throw InteractionError(
                    .constraintError, "targetTemperature must be \(minimum) to \(maximum), not \(target)")
            }
            if features & 0x4 != 0, let step = call.integer(0x0003), step > 0, (target - minimum) % step != 0 {
                throw InteractionError(
                    .constraintError, "targetTemperature must be \(minimum) plus a whole number of steps of \(step)")
            }
            effect.changes.append((call.path(0x0000), .signed(target)))
            ApplianceThermal(node: call.node, endpoint: call.endpoint, now: call.now).setpointChanged(
                to: target, &effect)
        } else if features & 0x2 != 0 {
            guard let level = call.field("targetTemperatureLevel") else {
                throw InteractionError(
                    .invalidCommand, "SetTemperature needs targetTemperatureLevel (TemperatureLevel)")
            }
            guard case .list(let levels)? = call.value(0x0005), (0..<Int64(levels.count)).contains(level) else {
                throw InteractionError(.constraintError, "targetTemperatureLevel \(level) is no supported level")
            }
            effect.changes.append((call.path(0x0004), .unsigned(UInt64(level))))
            ApplianceThermal(node: call.node, endpoint: call.endpoint, now: call.now).levelChanged(to: level, &effect)
        }
        return (effect, nil)
    }
}
