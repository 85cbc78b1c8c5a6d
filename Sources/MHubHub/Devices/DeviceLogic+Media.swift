import MatterDataModel

/// The video players' clusters (Application Cluster Specification chapter 6, and Low Power 1.11): Media Playback,
/// Keypad Input, Content Launcher, Low Power, Audio Output and Media Input.
extension DeviceLogic {
    /// The cluster IDs `media(_:)` runs.
    static let mediaClusters: Set<ClusterID> = [0x0506, 0x0507, 0x0508, 0x0509, 0x050A, 0x050B]

    static func media(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let playback = MediaPlaybackLogic(node: call.node, endpoint: call.endpoint, now: call.now)
        switch call.cluster.id {
        case 0x0506:
            guard let (effect, status) = playback.command(call.command.name, fields: call.fields) else {
                throw unsupported(call)
            }
            return (effect, ["status": .unsigned(status.rawValue)])
        case 0x0509:
            guard call.command.name == "SendKey" else { throw unsupported(call) }
            let (effect, status) = sendKey(call.field("keyCode") ?? -1, playback)
            return (effect, ["status": .unsigned(status.rawValue)])
        case 0x050A:
            return try launch(call, playback)
        case 0x0508:
            // Low Power's Sleep (1.11.4.1): the player goes into standby, its On/Off off, the film paused where it is.
            guard call.command.name == "Sleep" else { throw unsupported(call) }
            var effect = DeviceEffect()
            if playback.state == .playing { playback.settle(.paused, at: playback.position, speed: 0, &effect) }
            effect.changes.append((call.path(0x0000, cluster: 0x0006), .bool(false)))
            return (effect, nil)
        case 0x050B:
            // Audio Output's SelectOutput (6.5.7.1) and Media Input's SelectInput (6.9.7.1): an index of the list.
            guard call.command.name == "SelectOutput" else { throw unsupported(call) }
            return (try select(call, list: 0x0000, current: 0x0001), nil)
        case 0x0507:
            switch call.command.name {
            case "SelectInput": return (try select(call, list: 0x0000, current: 0x0001), nil)
            // ShowInputStatus and HideInputStatus (6.9.7.2, 6.9.7.3) show the input list on screen: nothing to read.
            case "ShowInputStatus", "HideInputStatus": return (DeviceEffect(), nil)
            default: throw unsupported(call)
            }
        default:
            throw unsupported(call)
        }
    }

    /// CurrentOutput or CurrentInput set to the command's index, which must be an entry's Index (field 0) in the list;
    /// another is NOT_FOUND.
    private static func select(_ call: Invocation, list: AttributeID, current: AttributeID) throws(InteractionError)
        -> DeviceEffect
    {
        let index = call.field("index") ?? -1
        guard case .list(let entries)? = call.value(list),
            entries.contains(where: {
                if case .structure(let entry) = $0 { entry[0]?.integerValue == index } else { false }
            })
        else { throw InteractionError(.notFound, "no entry has index \(index)") }
        var effect = DeviceEffect()
        effect.changes.append((call.path(current), .unsigned(UInt64(index))))
        return effect
    }

    /// Keypad Input's StatusEnum (6.8.5.1).
    enum KeyStatus: UInt64 {
        case success = 0
        case unsupportedKey = 1
        case invalidKeyInCurrentState = 2
    }

    /// Keypad Input's SendKey (6.8.7.1): a key of the player's remote. The power keys switch it on and off (On/Off);
    /// in standby no other key does anything (InvalidKeyInCurrentState). The playback keys do what Media Playback's
    /// commands do (a refused one is InvalidKeyInCurrentState); the recording keys are UnsupportedKey (it records
    /// nothing); the others (navigation, menus, numbers, volume) succeed with nothing a client can read.
    static func sendKey(_ key: Int64, _ playback: MediaPlaybackLogic) -> (DeviceEffect, KeyStatus) {
        var effect = DeviceEffect()
        let onOff = AttributePath(endpoint: playback.endpoint, cluster: 0x0006, attribute: 0x0000)
        let isOn = playback.node.data[onOff] != .bool(false)
        // CecKeyCodeEnum: 0x40 Power, 0x6B PowerToggleFunction, 0x6C PowerOffFunction, 0x6D PowerOnFunction.
        let power: [Int64: Bool] = [0x40: !isOn, 0x6B: !isOn, 0x6C: false, 0x6D: true]
        if let on = power[key] {
            effect.changes.append((onOff, .bool(on)))
            return (effect, .success)
        }
        guard isOn else { return (effect, .invalidKeyInCurrentState) }
        // 0x44 Play, 0x45 Stop, 0x46 Pause, 0x48 Rewind, 0x49 FastForward, 0x4B Forward, 0x4C Backward, 0x60
        // PlayFunction, 0x61 PausePlayFunction, 0x64 StopFunction.
        let toggle = playback.state == .playing ? "Pause" : "Play"
        let playbackKeys: [Int64: String] = [
            0x44: "Play", 0x45: "Stop", 0x46: "Pause", 0x48: "Rewind", 0x49: "FastForward", 0x4B: "Next",
            0x4C: "Previous", 0x60: "Play", 0x61: toggle, 0x64: "Stop",
        ]
        if let command = playbackKeys[key], let (played, status) = playback.command(command, fields: [:]) {
            return status == .success ? (played, .success) : (effect, .invalidKeyInCurrentState)
        }
        // 0x47 Record, 0x4D StopRecord, 0x4E PauseRecord, 0x62 RecordFunction, 0x63 PauseRecordFunction.
        if [0x47, 0x4D, 0x4E, 0x62, 0x63].contains(key) { return (effect, .unsupportedKey) }
        return (effect, .success)
    }

    /// Content Launcher's LaunchContent and LaunchURL (6.7.7.1, 6.7.7.2), answered with LauncherResponse: the content
    /// found (any search finds the player's film) or the URL given is loaded from its start, playing when AutoPlay
    /// says so (LaunchURL always plays), paused otherwise. A URL that is not http or https is UrlNotAvailable. A
    /// player in standby wakes to launch, as a TV does when cast to.
    private static func launch(_ call: Invocation, _ playback: MediaPlaybackLogic) throws(InteractionError)
        -> (DeviceEffect, Response?)
    {
        var effect = DeviceEffect()
        let plays: Bool
        switch call.command.name {
        case "LaunchContent":
            plays = call.fields["autoPlay"] != .bool(false)
        case "LaunchURL":
            guard case .string(let url)? = call.fields["contentURL"],
                url.hasPrefix("https://") || url.hasPrefix("http://")
            else { return (effect, ["status": .unsigned(1), "data": .string("only http and https URLs play here")]) }
            plays = true
        default:
            throw unsupported(call)
        }
        effect.changes.append((call.path(0x0000, cluster: 0x0006), .bool(true)))
        playback.settle(plays ? .playing : .paused, at: 0, speed: 1, &effect)
        return (effect, ["status": .unsigned(0)])
    }
}
