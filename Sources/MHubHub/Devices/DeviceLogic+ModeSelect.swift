import MatterDataModel

extension DeviceLogic {
    /// Mode Select's ChangeToMode (Application Cluster Specification 1.8.6.1): a mode of SupportedModes, or
    /// CONSTRAINT_ERROR.
    static func modeSelect(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "ChangeToMode", let mode = call.field("newMode") else { throw unsupported(call) }
        guard offers(mode, in: call.value(0x0002)) else {
            throw InteractionError(.constraintError, "\(mode) is none of SupportedModes")
        }
        var effect = DeviceEffect()
        effect.changes.append((call.path(0x0003), .unsigned(UInt64(mode))))
        return (effect, nil)
    }
}
