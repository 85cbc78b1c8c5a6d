import MatterDataModel

/// The mode clusters derived from Mode Base (Application Cluster Specification 1.10): Laundry Washer Mode, Refrigerator
/// and Temperature Controlled Cabinet Mode, Dishwasher Mode, RVC Run and Clean Mode, Oven Mode, Energy EVSE Mode, Water
/// Heater Mode and Device Energy Management Mode. Their one command, ChangeToMode (1.10.7.1), is answered with
/// ChangeToModeResponse: UnsupportedMode for a mode SupportedModes does not list, InvalidInMode when the device cannot
/// change mode now (`modeRefusal`), else Success with CurrentMode the new mode. A response's Status is a
/// ModeBase StatusCode: 0x00 Success, 0x01 UnsupportedMode, 0x02 GenericFailure, 0x03 InvalidInMode; 0x40–0x7F are
/// the derived cluster's own.
extension DeviceLogic {
    /// The Mode Base clusters with a ChangeToMode (Microwave Oven Mode 0x005E has none: its mode is the device's).
    static let modeBaseClusters: Set<ClusterID> = [
        0x0049, 0x0051, 0x0052, 0x0054, 0x0055, 0x0059, 0x009D, 0x009E, 0x009F,
    ]

    /// Mode Base's StatusCode (1.10.7.2.1.1).
    enum ModeStatus: UInt64 {
        case success = 0x00
        case unsupportedMode = 0x01
        case genericFailure = 0x02
        case invalidInMode = 0x03
    }

    static func modeBase(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "ChangeToMode", let mode = call.field("newMode") else { throw unsupported(call) }
        guard offers(mode, in: call.value(0x0000)) else {
            return (DeviceEffect(), modeResponse(.unsupportedMode, "\(mode) is none of SupportedModes"))
        }
        if let (status, text) = modeRefusal(call, to: mode) {
            return (DeviceEffect(), ["status": .unsigned(status), "statusText": .string(text)])
        }
        var effect = DeviceEffect()
        effect.changes.append((call.path(0x0001), .unsigned(UInt64(mode))))
        return (effect, ["status": .unsigned(ModeStatus.success.rawValue)])
    }

    /// Whether a SupportedModes list (Mode Base's and Mode Select's ModeOptionStruct both hold the mode in field 1)
    /// offers `mode`.
    static func offers(_ mode: Int64, in supported: AttributeValue?) -> Bool {
        guard case .list(let modes)? = supported else { return false }
        return modes.contains { if case .structure(let option) = $0 { option[1]?.integerValue == mode } else { false } }
    }

    static func modeResponse(_ status: ModeStatus, _ text: String) -> Response {
        ["status": .unsigned(status.rawValue), "statusText": .string(text)]
    }

    /// Why the device on `call`'s endpoint cannot change to `mode` now, as a StatusCode and its text; nil when it can.
    /// An appliance running or paused in a cycle (its Operational State 0x0060 or Oven Cavity Operational State 0x0048
    /// OperationalState 0x0004 is Running (1) or Paused (2)) keeps its mode until the cycle ends, as the SDK's
    /// all-clusters app refuses it, with InvalidInMode.
    static func modeRefusal(_ call: Invocation, to mode: Int64) -> (UInt64, String)? {
        guard call.cluster.id != 0x009D, call.cluster.id != 0x009E, call.cluster.id != 0x009F else { return nil }
        if call.cluster.id == 0x0055 { return rvcCleanModeRefusal(call) }
        for cluster: ClusterID in [0x0060, 0x0048] {
            if let state = call.integer(0x0004, cluster: cluster), state == 1 || state == 2 {
                return (ModeStatus.invalidInMode.rawValue, "the mode cannot change while a cycle runs or is paused")
            }
        }
        return nil
    }
}
