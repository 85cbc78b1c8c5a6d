import MatterDataModel

/// A video player's Media Playback (0x0506), Application Cluster Specification 6.10: where the film is and how it
/// plays, on the hub's clock (real or virtual).
///
/// SampledPosition is a sample, {0 UpdatedAt (epoch µs), 1 Position (ms)}, from which a client works out the position
/// with PlaybackSpeed (6.10.6.4); the player takes a new sample at every change of state, speed or position, and every
/// `sampleInterval` while playing, so that the position a client reads moves on. Playing forward to the end of the
/// film stops it there (NotPlaying at Duration); rewinding to its start plays it from there at normal speed. The next
/// sample is a `ScheduledChange` of PlaybackSpeed to its own value, which runs as `set_attribute` would
/// (`DeviceLogic.physical`): a change of the speed re-samples the position at the speed it had.
struct MediaPlaybackLogic {
    let node: Node
    let endpoint: EndpointID
    let now: Timestamp

    static let cluster: ClusterID = 0x0506
    /// How often a playing film's position is sampled again.
    static let sampleInterval: Int64 = 10_000
    /// VariableSpeed's speeds (6.10.4.2): FastForward and Rewind step through them, forward and backward.
    static let fastSpeeds: [Double] = [2, 4, 8]

    /// PlaybackStateEnum (6.10.5.1).
    enum State: UInt64 {
        case playing = 0
        case paused = 1
        case notPlaying = 2
        case buffering = 3
    }

    /// PlaybackResponse's StatusEnum (6.10.5.2).
    enum Status: UInt64 {
        case success = 0
        case invalidStateForCommand = 1
        case notAllowed = 2
        case notActive = 3
        case speedOutOfRange = 4
        case seekOutOfRange = 5
    }

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: Self.cluster, attribute: attribute)
    }

    var state: State { node.data[path(0x0000)]?.integerValue.flatMap { State(rawValue: UInt64($0)) } ?? .notPlaying }
    var duration: Int64 { node.data[path(0x0002)]?.integerValue ?? 0 }
    var speed: Double {
        if case .float(let speed)? = node.data[path(0x0004)] { speed } else { 0 }
    }
    var seekRange: ClosedRange<Int64> {
        let start = node.data[path(0x0006)]?.integerValue ?? 0
        return start...max(start, node.data[path(0x0005)]?.integerValue ?? duration)
    }

    /// The position now: the last sample moved on by the time since at PlaybackSpeed while playing, within the film.
    var position: Int64 {
        guard case .structure(let sample)? = node.data[path(0x0003)] else { return 0 }
        let sampled = sample[1]?.integerValue ?? 0
        guard state == .playing, let updatedAt = sample[0]?.integerValue else { return sampled }
        let elapsed = Double(max(0, now - updatedAt / 1000))
        return min(max(0, sampled + Int64(elapsed * speed)), duration)
    }

    /// The player `state` at `position` and `speed` from now: CurrentState, PlaybackSpeed and a new sample, and the
    /// next sample scheduled while it plays. A film played forward to its end stops there; one rewound to its start
    /// plays from it.
    func settle(_ state: State, at position: Int64, speed: Double, _ effect: inout DeviceEffect) {
        var (state, position, speed) = (state, min(max(0, position), duration), state == .playing ? speed : 0)
        if state == .playing && speed > 0 && position >= duration { (state, speed) = (.notPlaying, 0) }
        if state == .playing && speed < 0 && position <= 0 { speed = 1 }
        let speedPath = path(0x0004)
        effect.stopping.append(speedPath)
        effect.changes.append((path(0x0000), .unsigned(state.rawValue)))
        effect.changes.append((speedPath, .float(speed)))
        effect.changes.append(
            (path(0x0003), .structure([0: .unsigned(UInt64(max(0, now)) * 1000), 1: .unsigned(UInt64(position))])))
        guard state == .playing else { return }
        // When the film reaches its end (or, rewinding, its start), or the next sample, whichever is first.
        let remaining = speed > 0 ? Double(duration - position) / speed : Double(position) / -speed
        let next = now + min(Self.sampleInterval, max(1, Int64(remaining.rounded(.up))))
        effect.scheduled.append((speedPath, ScheduledChange(value: .float(speed), dueAt: next)))
    }

    /// A Media Playback command (6.10.7): the effect and PlaybackResponse's status. A player in standby (its On/Off
    /// off) is not active: Play wakes it, as casting to a TV does, and the other commands answer NotActive.
    func command(_ name: String, fields: [String: AttributeValue]) -> (DeviceEffect, Status)? {
        var effect = DeviceEffect()
        let onOff = AttributePath(endpoint: endpoint, cluster: 0x0006, attribute: 0x0000)
        guard node.data[onOff] != .bool(false) || name == "Play" else { return (effect, .notActive) }
        let position = self.position
        switch name {
        case "Play":
            if node.data[onOff] == .bool(false) { effect.changes.append((onOff, .bool(true))) }
            // From the end of the film, it plays again from the start.
            let from = state == .notPlaying && position >= duration ? 0 : position
            settle(.playing, at: from, speed: 1, &effect)
        case "Pause":
            guard state != .notPlaying else { return (effect, .invalidStateForCommand) }
            settle(.paused, at: position, speed: 0, &effect)
        case "Stop":
            settle(.notPlaying, at: 0, speed: 0, &effect)
        case "StartOver", "Previous":
            // One film loaded: Previous goes back to its start, as StartOver does.
            settle(state, at: 0, speed: speed, &effect)
        case "Next":
            return (effect, .notAllowed)
        case "SkipForward", "SkipBackward":
            let delta = fields["deltaPositionMilliseconds"]?.integerValue ?? 0
            settle(state, at: name == "SkipForward" ? position + delta : position - delta, speed: speed, &effect)
        case "Seek":
            let target = fields["position"]?.integerValue ?? -1
            guard seekRange.contains(target) else { return (effect, .seekOutOfRange) }
            settle(state, at: target, speed: speed, &effect)
        case "FastForward", "Rewind":
            let direction: Double = name == "FastForward" ? 1 : -1
            let current = state == .playing ? speed * direction : 0
            guard let next = Self.fastSpeeds.first(where: { $0 > current }) else { return (effect, .speedOutOfRange) }
            settle(.playing, at: position, speed: next * direction, &effect)
        default:
            return nil
        }
        return (effect, .success)
    }

    /// Someone at the player (`set_attribute`, a remote's buttons): CurrentState 0 plays, 1 pauses, 2 stops and 3
    /// buffers (the position holds); PlaybackSpeed changes the speed, or, set to its own value, takes a new sample;
    /// SampledPosition's Position moves the film there.
    func physical(_ value: AttributeValue, at attribute: AttributeID, _ effect: inout DeviceEffect) {
        let position = self.position
        switch attribute {
        case 0x0000:
            guard let state = value.integerValue.flatMap({ State(rawValue: UInt64($0)) }) else { return }
            let speed = state == .playing && self.state != .playing ? 1 : speed
            settle(state, at: state == .notPlaying ? 0 : position, speed: speed, &effect)
        case 0x0003:
            guard case .structure(let sample) = value, let target = sample[1]?.integerValue else { return }
            settle(state, at: target, speed: speed, &effect)
        case 0x0004:
            guard case .float(let speed) = value else { return }
            settle(state, at: position, speed: speed, &effect)
        default:
            break
        }
    }
}
