import MatterDataModel

/// Resource monitoring (Application Cluster Specification 2.8, the HEPA and activated carbon filter clusters derived
/// from it): ResetCondition is a new filter, at full condition with nothing to indicate.
extension DeviceLogic {
    static func resourceMonitoring(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "ResetCondition" else { throw unsupported(call) }
        var effect = DeviceEffect()
        if call.hasAttribute(0x0000) {
            // Condition counts down from 100 (DegradationDirection Down) or up from 0.
            let down = call.integer(0x0001) != 0
            effect.changes.append((call.path(0x0000), .unsigned(down ? 100 : 0)))
        }
        effect.changes.append((call.path(0x0002), .unsigned(0)))
        return (effect, nil)
    }
}
