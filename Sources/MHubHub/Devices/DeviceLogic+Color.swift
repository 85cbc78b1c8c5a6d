import MatterDataModel

/// Color Control (0x0300): colour temperature, hue and saturation, and CIE xy, as the Application Cluster
/// Specification 3.2 describes the commands, on the hub's clock.
///
/// Every command moves its attributes to a target over a transition (tenths of a second), counting RemainingTime down,
/// and sets ColorMode and EnhancedColorMode to the mode it works in (0 hue and saturation, 1 xy, 2 colour temperature).
/// Hue moves without wrapping: Move and Step stop at 0 and 254 (a simplification of the colour wheel the
/// specification turns, written down in docs/devices.md); the shortest, longest, up and down directions of
/// MoveToHue pick the target, not the path. StopMoveStep stops all of them.
extension DeviceLogic {
    /// ColorMode values (3.2.7.9).
    enum ColorMode: UInt64 {
        case hueSaturation = 0
        case xy = 1
        case temperature = 2
    }

    static func colorControl(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        // A light that is off takes no colour command unless ExecuteIfOff says so (`runsWhileOff`).
        guard call.runsWhileOff else { return (DeviceEffect(), nil) }
        var color = ColorMotion(call: call)
        let tenths = (call.field("transitionTime") ?? 0) * Invocation.tenth
        switch call.command.name {
        case "MoveToHue":
            color.move(0x0000, to: call.field("hue") ?? 0, bounds: 0...254, over: tenths, mode: .hueSaturation)
        case "MoveToSaturation":
            color.move(0x0001, to: call.field("saturation") ?? 0, bounds: 0...254, over: tenths, mode: .hueSaturation)
        case "MoveToHueAndSaturation":
            color.move(0x0000, to: call.field("hue") ?? 0, bounds: 0...254, over: tenths, mode: .hueSaturation)
            color.move(0x0001, to: call.field("saturation") ?? 0, bounds: 0...254, over: tenths, mode: .hueSaturation)
        case "MoveHue", "MoveSaturation":
            let attribute: AttributeID = call.command.name == "MoveHue" ? 0x0000 : 0x0001
            try color.moveAtRate(
                attribute, mode: call.field("moveMode") ?? 0, rate: call.field("rate") ?? 0,
                bounds: 0...254, colorMode: .hueSaturation)
        case "StepHue", "StepSaturation":
            let attribute: AttributeID = call.command.name == "StepHue" ? 0x0000 : 0x0001
            let size = call.field("stepSize") ?? 0
            let current = call.integer(attribute) ?? 0
            let target = (call.field("stepMode") ?? 1) == 1 ? current + size : current - size
            color.move(attribute, to: target, bounds: 0...254, over: tenths, mode: .hueSaturation)
        case "MoveToColor":
            color.move(0x0003, to: call.field("colorX") ?? 0, bounds: 0...65279, over: tenths, mode: .xy)
            color.move(0x0004, to: call.field("colorY") ?? 0, bounds: 0...65279, over: tenths, mode: .xy)
        case "MoveColor":
            // Signed rates per second for x and y; 0 for both stops.
            let rates = [
                (AttributeID(0x0003), call.field("rateX") ?? 0), (AttributeID(0x0004), call.field("rateY") ?? 0),
            ]
            for (attribute, rate) in rates {
                color.stop(attribute)
                guard rate != 0 else { continue }
                let target: Int64 = rate > 0 ? 65279 : 0
                let current = call.integer(attribute) ?? 0
                color.move(
                    attribute, to: target, bounds: 0...65279, over: abs(target - current) * 1000 / abs(rate), mode: .xy)
            }
        case "StepColor":
            for (attribute, step) in [(AttributeID(0x0003), "stepX"), (AttributeID(0x0004), "stepY")] {
                let current = call.integer(attribute) ?? 0
                color.move(attribute, to: current + (call.field(step) ?? 0), bounds: 0...65279, over: tenths, mode: .xy)
            }
        case "MoveToColorTemperature":
            color.moveTemperature(to: call.field("colorTemperatureMireds") ?? color.mireds, over: tenths)
        case "MoveColorTemperature":
            let mode = call.field("moveMode") ?? 0
            if mode == 0 {
                color.stop(0x0007)
            } else {
                let rate = call.field("rate") ?? 0
                guard rate > 0 else { throw InteractionError(.invalidCommand, "rate must be above 0") }
                let low = call.field("colorTemperatureMinimumMireds").flatMap { $0 > 0 ? $0 : nil } ?? color.coolest
                let high = call.field("colorTemperatureMaximumMireds").flatMap { $0 > 0 ? $0 : nil } ?? color.warmest
                let target = min(max(mode == 1 ? color.warmest : color.coolest, low), high)
                color.moveTemperature(to: target, over: abs(target - color.mireds) * 1000 / rate)
            }
        case "StepColorTemperature":
            let size = call.field("stepSize") ?? 0
            let target = (call.field("stepMode") ?? 1) == 1 ? color.mireds + size : color.mireds - size
            color.moveTemperature(to: target, over: tenths)
        case "StopMoveStep":
            for attribute: AttributeID in [0x0000, 0x0001, 0x0003, 0x0004, 0x0007] where call.hasAttribute(attribute) {
                color.stop(attribute)
            }
            color.effect.changes.append((call.path(0x0002), .unsigned(0)))
        default:
            throw unsupported(call)
        }
        return (color.effect, nil)
    }

    /// The effect a Color Control command builds: moves of its attributes over a transition.
    struct ColorMotion {
        let call: Invocation
        var effect = DeviceEffect()

        init(call: Invocation) {
            self.call = call
        }

        var mireds: Int64 { call.integer(0x0007) ?? 250 }
        /// ColorTempPhysicalMinMireds, the coolest white.
        var coolest: Int64 { call.integer(0x400B) ?? 153 }
        /// ColorTempPhysicalMaxMireds, the warmest white.
        var warmest: Int64 { call.integer(0x400C) ?? 500 }

        mutating func stop(_ attribute: AttributeID) {
            effect.stopping.append(call.path(attribute))
        }

        mutating func moveTemperature(to requested: Int64, over duration: Int64) {
            move(0x0007, to: requested, bounds: coolest...warmest, over: duration, mode: .temperature)
        }

        /// `attribute` to `requested` (within `bounds`) over `duration` milliseconds, in colour mode `mode`.
        mutating func move(
            _ attribute: AttributeID, to requested: Int64, bounds: ClosedRange<Int64>, over duration: Int64,
            mode: ColorMode
        ) {
            let path = call.path(attribute)
            let current = call.integer(attribute) ?? bounds.lowerBound
            let target = min(max(requested, bounds.lowerBound), bounds.upperBound)
            effect.stopping.append(path)
            effect.changes.append((call.path(0x0008), .unsigned(mode.rawValue)))
            effect.changes.append((call.path(0x4001), .unsigned(mode.rawValue)))
            if duration <= 0 || target == current {
                effect.changes.append((path, .unsigned(UInt64(target))))
                if call.hasAttribute(0x0002) { effect.changes.append((call.path(0x0002), .unsigned(0))) }
            } else {
                let remaining = call.hasAttribute(0x0002) ? call.path(0x0002) : nil
                if let remaining { effect.changes.append((remaining, .unsigned(UInt64(duration / Invocation.tenth)))) }
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: path, from: current, to: target, startAt: call.now,
                        endAt: call.now + duration, remainingTime: remaining))
            }
        }

        /// Move (mode 1 up, 3 down, 0 stop) at `rate` units a second to the end of `bounds`.
        mutating func moveAtRate(
            _ attribute: AttributeID, mode: Int64, rate: Int64, bounds: ClosedRange<Int64>, colorMode: ColorMode
        ) throws(InteractionError) {
            guard mode != 0 else {
                stop(attribute)
                return
            }
            guard mode == 1 || mode == 3 else { throw InteractionError(.invalidCommand, "moveMode must be 0, 1 or 3") }
            guard rate > 0 else { throw InteractionError(.invalidCommand, "rate must be above 0") }
            let target = mode == 1 ? bounds.upperBound : bounds.lowerBound
            let current = call.integer(attribute) ?? bounds.lowerBound
            move(attribute, to: target, bounds: bounds, over: abs(target - current) * 1000 / rate, mode: colorMode)
        }
    }
}
