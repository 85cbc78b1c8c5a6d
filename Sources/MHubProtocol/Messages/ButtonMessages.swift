import MHubJSON

// mhub's `press_button`: a person presses a generic switch's button, once, several times or held
// (docs/protocol.md §8, docs/devices.md "Switches and controls").

/// What a person does at a momentary switch: `presses` short presses one after another, or one press held for
/// `holdMilliseconds` (`long`). The part of `press_button` that a scenario's `press_button` step shares.
public struct ButtonPress: Hashable, Sendable {
    /// The endpoint of the Switch; `nil` is the node's first endpoint with a momentary one.
    public var endpointID: UInt16?
    public var presses: Int64
    public var long: Bool
    /// How long a long press is held; `nil` is `defaultHold`. Read only with `long`.
    public var holdMilliseconds: Int64?

    /// Ten presses are more than any MultiPressMax mhub's switches have, so every count the Switch can report (and
    /// the 0 past MultiPressMax, Application Cluster Specification 1.13.7) is reachable.
    public static let pressRange: ClosedRange<Int64> = 1...10
    /// Held longer than the long-press time (1000 ms, `SwitchLogic.longPressTime`), so that the press is a long one
    /// on a switch with MSL; at most a minute.
    public static let holdRange: ClosedRange<Int64> = 1001...60_000
    public static let defaultHold: Int64 = 1500

    public init(endpointID: UInt16? = nil, presses: Int64 = 1, long: Bool = false, holdMilliseconds: Int64? = nil) {
        self.endpointID = endpointID
        self.presses = presses
        self.long = long
        self.holdMilliseconds = holdMilliseconds
    }

    /// How long the press is held: `holdMilliseconds` for a long press, 0 for short ones.
    public var hold: Int64 { long ? holdMilliseconds ?? Self.defaultHold : 0 }

    /// Reads `endpoint_id?`, `presses?`, `long?` and `hold_ms?`, and refuses a long press of more than one press.
    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        endpointID = try args.integer("endpoint_id", as: UInt16.self)
        presses = try args.integer("presses", default: 1, in: Self.pressRange)
        long = try args.bool("long", default: false)
        holdMilliseconds = try args.integer("hold_ms", as: Int64.self, in: Self.holdRange)
        if long && presses > 1 {
            throw args.failure("presses", "a long press is one press: 'long' takes no 'presses' above 1")
        }
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["presses": .integer(presses), "long": .bool(long)]
        if let endpointID { args["endpoint_id"] = .integer(Int64(endpointID)) }
        if let holdMilliseconds { args["hold_ms"] = .integer(holdMilliseconds) }
        return args
    }
}

/// `press_button {node_id, endpoint_id?, presses?, long?, hold_ms?}`: presses a momentary switch's button as a person
/// would, through the same logic as CurrentPosition set with `set_attribute` (its Switch events follow).
public struct PressButton: ProtocolRequest {
    public typealias Reply = ButtonPressed
    public static let command = HubCommand.pressButton
    public var nodeID: UInt64
    public var press: ButtonPress

    public init(nodeID: UInt64, press: ButtonPress = ButtonPress()) {
        self.nodeID = nodeID
        self.press = press
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        press = try ButtonPress(reading: &args)
    }

    public var arguments: [String: JSONValue] {
        var args = press.arguments
        args["node_id"] = .integer(Int64(bitPattern: nodeID))
        return args
    }
}

/// `press_button`'s answer: the press as the hub made it, with the endpoint it chose, and when the button is (or
/// was) let go.
public struct ButtonPressed: ProtocolValue {
    public var nodeID: UInt64
    public var endpointID: UInt16
    public var presses: Int64
    public var long: Bool
    /// How long a long press is held; `nil` for short presses.
    public var holdMilliseconds: Int64?
    /// The hub's time (milliseconds since 1970, `get_clock`'s `now`) of the last release: the time of the request
    /// for short presses, `hold_ms` later for a long one.
    public var releaseAt: Int64

    public init(
        nodeID: UInt64, endpointID: UInt16, presses: Int64, long: Bool, holdMilliseconds: Int64?, releaseAt: Int64
    ) {
        self.nodeID = nodeID
        self.endpointID = endpointID
        self.presses = presses
        self.long = long
        self.holdMilliseconds = holdMilliseconds
        self.releaseAt = releaseAt
    }

    public static let what = "a button press"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        endpointID = try object.requiredInteger("endpoint_id")
        presses = try object.integer("presses") ?? 1
        long = try object.bool("long") ?? false
        holdMilliseconds = try object.integer("hold_ms")
        releaseAt = try object.integer("release_at_ms") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("endpoint_id", Int64(endpointID))
        json.member("hold_ms", holdMilliseconds)
        json.member("long", long)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.member("presses", presses)
        json.member("release_at_ms", releaseAt)
        json.endObject()
    }
}
