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
