import MatterDataModel

/// What a client's write does to a simulated device: the value written, and what the cluster derives from it when
/// its specification says so (Fan Control's speed, percentage and mode follow each other). Both doors use it: the
/// control socket's `write_attribute` and a controller's write over Matter to the bridge.
extension DeviceLogic {
    static func write(_ value: AttributeValue, at path: AttributePath, in node: Node) throws(InteractionError)
        -> DeviceEffect
    {
        var effect = DeviceEffect()
        effect.stopping.append(path)
        effect.changes.append((path, value))
        switch path.cluster {
        case 0x0202: try FanLogic(node: node, endpoint: path.endpoint).written(value, to: path.attribute, &effect)
        case 0x0453 where path.attribute == 0x0000 && value != .null:
            // PreferredExtendedPanID names a network the directory lists (Application Cluster Specification 10.4.5.1).
            let listed = AttributePath(endpoint: path.endpoint, cluster: 0x0453, attribute: 0x0001)
            guard case .list(let networks)? = node.data[listed],
                networks.contains(where: { if case .structure(let fields) = $0 { fields[0] == value } else { false } })
            else { throw InteractionError(.constraintError, "no network in ThreadNetworks has that Extended PAN ID") }
        case 0x0053, 0x004A: try ApplianceSettingsLogic.checkWrite(value, at: path, in: node)
        default: break
        }
        return effect
    }
}

/// Fan Control (0x0202), Application Cluster Specification 4.4.6: FanMode, PercentSetting and SpeedSetting written
/// by a client set each other and the current values (the simulated fan reaches any setting at once).
///
/// FanMode Low, Medium and High are 33 %, 66 % and 100 %; On is High; Auto (and Smart, where the sequence has Auto)
/// lets the fan choose, which it does at 50 %, with the settings null; a mode the FanModeSequence does not offer is
/// CONSTRAINT_ERROR. A percentage or speed picks the mode whose band it is in (0 Off, up to 33 Low, up to 66 Medium,
/// High above). Writing null is CONSTRAINT_ERROR: only the fan sets the settings null.
struct FanLogic {
    let node: Node
    let endpoint: EndpointID

    enum Mode: UInt64 {
        case off = 0
        case low = 1
        case medium = 2
        case high = 3
        case on = 4
        case auto = 5
        case smart = 6
    }

    /// The modes each FanModeSequence offers (4.4.5.2), Off always.
    static let sequences: [UInt64: Set<Mode>] = [
        0: [.off, .low, .medium, .high], 1: [.off, .low, .high], 2: [.off, .low, .medium, .high, .auto],
        3: [.off, .low, .high, .auto], 4: [.off, .high, .auto], 5: [.off, .high],
    ]

    func value(_ attribute: AttributeID) -> AttributeValue? {
        node.data[path(attribute)]
    }

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x0202, attribute: attribute)
    }

    var speedMax: Int64? { value(0x0004)?.integerValue }

    var offered: Set<Mode> { Self.sequences[value(0x0001)?.integerValue.map(UInt64.init) ?? 0] ?? [] }

    func written(_ value: AttributeValue, to attribute: AttributeID, _ effect: inout DeviceEffect)
        throws(InteractionError)
    {
        guard attribute == 0x0000 || attribute == 0x0002 || attribute == 0x0005 else { return }
        guard let number = value.integerValue else {
            throw InteractionError(
                .constraintError, "only the fan sets \(attribute == 0x0002 ? "PercentSetting" : "SpeedSetting") to null"
            )
        }
        switch attribute {
        case 0x0000:
            guard let mode = Mode(rawValue: UInt64(number)) else {
                throw InteractionError(.constraintError, "FanMode \(number) is no mode")
            }
            try set(mode: mode, &effect)
        case 0x0002:
            set(percent: number, mode: Self.mode(forPercent: number), &effect)
        default:
            guard let speedMax, speedMax > 0 else { return }
            guard number <= speedMax else {
                throw InteractionError(.constraintError, "SpeedSetting \(number) is above SpeedMax \(speedMax)")
            }
            let percent = number * 100 / speedMax
            set(percent: percent, mode: Self.mode(forPercent: percent), &effect, speed: number)
        }
    }

    static func mode(forPercent percent: Int64) -> Mode {
        switch percent {
        case ...0: .off
        case ...33: .low
        case ...66: .medium
        default: .high
        }
    }

    private func set(mode requested: Mode, _ effect: inout DeviceEffect) throws(InteractionError) {
        var mode = requested
        if mode == .on { mode = .high }
        if mode == .smart && offered.contains(.auto) { mode = .auto }
        guard offered.contains(mode) else {
            throw InteractionError(
                .constraintError, "this fan's FanModeSequence does not offer FanMode \(requested.rawValue)")
        }
        switch mode {
        case .auto:
            effect.changes.append((path(0x0000), .unsigned(Mode.auto.rawValue)))
            effect.changes.append((path(0x0002), .null))
            effect.changes.append((path(0x0003), .unsigned(50)))
            if let speedMax {
                effect.changes.append((path(0x0005), .null))
                effect.changes.append((path(0x0006), .unsigned(UInt64(Self.speed(percent: 50, max: speedMax)))))
            }
        default:
            let percent: Int64 = [.off: 0, .low: 33, .medium: 66, .high: 100][mode] ?? 100
            set(percent: percent, mode: mode, &effect)
        }
    }

    private func set(percent: Int64, mode: Mode, _ effect: inout DeviceEffect, speed: Int64? = nil) {
        effect.changes.append((path(0x0000), .unsigned(mode.rawValue)))
        effect.changes.append((path(0x0002), .unsigned(UInt64(percent))))
        effect.changes.append((path(0x0003), .unsigned(UInt64(percent))))
        if let speedMax {
            let speed = speed ?? Self.speed(percent: percent, max: speedMax)
            effect.changes.append((path(0x0005), .unsigned(UInt64(speed))))
            effect.changes.append((path(0x0006), .unsigned(UInt64(speed))))
        }
    }

    /// The speed a percentage is (4.4.6.6): the smallest speed at or above it.
    static func speed(percent: Int64, max: Int64) -> Int64 {
        (max * percent + 99) / 100
    }
}
