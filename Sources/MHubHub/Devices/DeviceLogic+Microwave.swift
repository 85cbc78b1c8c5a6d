import MatterDataModel

/// Microwave Oven Control (0x005F, Application Cluster Specification 8.13): the cooking parameters and more time.
///
/// SetCookingParameters (8.13.6.2) is accepted only while the oven is Stopped (INVALID_IN_STATE otherwise) and needs at
/// least one of its parameters (INVALID_COMMAND): CookMode a mode of Microwave Oven Mode's SupportedModes (it becomes
/// that cluster's CurrentMode; absent, the mode tagged Normal), CookTime 1 to MaxCookTime (absent, 30 s), PowerSetting
/// MinPower to MaxPower on a whole PowerStep (absent, MaxPower); anything else is CONSTRAINT_ERROR. StartAfterSetting
/// starts the cooking at once, as Operational State's Start would. AddMoreTime (8.13.6.3) adds TimeToAdd to CookTime
/// (past MaxCookTime: CONSTRAINT_ERROR; in Error: INVALID_IN_STATE), and to a cooking under way, whose countdown grows
/// by as much.
extension DeviceLogic {
    static let defaultCookTime: Int64 = 30
    /// Microwave Oven Mode's Normal tag (8.12.7.1).
    static let normalModeTag: Int64 = 0x4000

    static func microwaveOvenControl(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let state = call.integer(0x0004, cluster: 0x0060) ?? 0
        let maxCookTime = call.integer(0x0001) ?? 86_400
        var effect = DeviceEffect()
        switch call.command.name {
        case "SetCookingParameters":
            guard state == 0 else {
                throw InteractionError(.invalidInState, "the cooking parameters are set while the oven is stopped")
            }
            let given = ["cookMode", "cookTime", "powerSetting", "wattSettingIndex"].filter { call.fields[$0] != nil }
            guard !given.isEmpty else {
                throw InteractionError(.invalidCommand, "SetCookingParameters needs at least one parameter")
            }
            guard let mode = call.field("cookMode") ?? normalMode(call) else {
                throw InteractionError(.constraintError, "the oven has no mode tagged Normal")
            }
            guard supportedModes(call).contains(where: { $0.mode == mode }) else {
                throw InteractionError(.constraintError, "cookMode \(mode) is none of SupportedModes")
            }
            let cookTime = call.field("cookTime") ?? defaultCookTime
            guard (1...maxCookTime).contains(cookTime) else {
                throw InteractionError(.constraintError, "cookTime must be 1 to \(maxCookTime), not \(cookTime)")
            }
            effect.changes.append((call.path(0x0001, cluster: 0x005E), .unsigned(UInt64(mode))))
            effect.changes.append((call.path(0x0000), .unsigned(UInt64(cookTime))))
            if call.hasAttribute(0x0002) {
                let low = call.integer(0x0003) ?? 10
                let high = call.integer(0x0004) ?? 100
                let step = max(1, call.integer(0x0005) ?? 1)
                let power = call.field("powerSetting") ?? high
                guard (low...high).contains(power), (power - low) % step == 0 else {
                    throw InteractionError(
                        .constraintError, "powerSetting must be \(low) to \(high) in steps of \(step), not \(power)")
                }
                effect.changes.append((call.path(0x0002), .unsigned(UInt64(power))))
            }
            if call.fields["startAfterSetting"] == .bool(true) {
                effect.changes.append((call.path(0x0004, cluster: 0x0060), .unsigned(1)))
                effect.changes.append((call.path(0x0005, cluster: 0x0060), noError))
                effect.programs.append(
                    ProgramChange(
                        endpoint: call.endpoint, cluster: 0x0060,
                        control: .start(OperationalProgram(phases: [cookTime * 1000]))))
            }
        case "AddMoreTime":
            guard state != 3 else { throw InteractionError(.invalidInState, "the oven is in error") }
            let more = call.field("timeToAdd") ?? 0
            let cookTime = (call.integer(0x0000) ?? defaultCookTime) + more
            guard more >= 1, cookTime <= maxCookTime else {
                throw InteractionError(.constraintError, "the cook time would pass MaxCookTime \(maxCookTime)")
            }
            effect.changes.append((call.path(0x0000), .unsigned(UInt64(cookTime))))
            if state == 1 || state == 2 {
                effect.programs.append(
                    ProgramChange(endpoint: call.endpoint, cluster: 0x0060, control: .extend(by: more * 1000)))
            }
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    /// Microwave Oven Mode's modes on the call's endpoint: each one's Mode and its tags' values.
    static func supportedModes(_ call: Invocation) -> [(mode: Int64, tags: [Int64])] {
        guard case .list(let options)? = call.value(0x0000, cluster: 0x005E) else { return [] }
        return options.compactMap { option in
            guard case .structure(let fields) = option, let mode = fields[1]?.integerValue else { return nil }
            guard case .list(let tags)? = fields[2] else { return (mode, []) }
            return (mode, tags.compactMap { if case .structure(let tag) = $0 { tag[1]?.integerValue } else { nil } })
        }
    }

    /// The mode tagged Normal, which SetCookingParameters without a CookMode chooses (8.13.6.2).
    static func normalMode(_ call: Invocation) -> Int64? {
        supportedModes(call).first { $0.tags.contains(normalModeTag) }?.mode
    }
}
