import MHubJSON

// Faults, permissions, the timing profile and reset (docs/protocol.md §10, §11): what tests switch to reach every
// path.

/// The faults in effect (`get_faults`, `set_fault`, `clear_faults`, `faults_updated`).
public struct FaultsStatus: ProtocolValue {
    public var hubOffline: Bool
    public var unreachableDevices: [Int64]
    public var unresponsiveDevices: [Int64]
    /// Each failing step's mode (`fail`, `timeout`), by step name.
    public var failingSteps: [String: String]
    /// The failing steps that fail once only.
    public var failingOnce: [String]
    public var latencyMilliseconds: Int64
    /// Extra latency per simulated device, by its ID.
    public var deviceLatencyMilliseconds: [String: Int64]
    /// Refused writes per simulated device, by its ID.
    public var failingWrites: [String: WriteFailure]
    public var syncLatencyMilliseconds: Int64
    /// The stage at which each device's updates fail, by its ID.
    public var failingUpdates: [String: String]
    /// The error each appliance reports (`appliance_error`), by its simulated device's ID.
    public var applianceErrors: [String: Int64]

    public struct WriteFailure: ProtocolValue {
        public var delayMilliseconds: Int64
        public var status: String

        public init(delayMilliseconds: Int64, status: String) {
            self.delayMilliseconds = delayMilliseconds
            self.status = status
        }

        public static let what = "a write failure"

        public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
            delayMilliseconds = try object.integer("delay_ms") ?? 0
            status = try object.string("status") ?? ""
        }

        public func write(to json: inout JSONTextWriter) {
            json.beginObject()
            json.member("delay_ms", delayMilliseconds)
            json.member("status", status)
            json.endObject()
        }
    }

    public init(
        hubOffline: Bool = false, unreachableDevices: [Int64] = [], unresponsiveDevices: [Int64] = [],
        failingSteps: [String: String] = [:], failingOnce: [String] = [], latencyMilliseconds: Int64 = 0,
        deviceLatencyMilliseconds: [String: Int64] = [:], failingWrites: [String: WriteFailure] = [:],
        syncLatencyMilliseconds: Int64 = 0, failingUpdates: [String: String] = [:],
        applianceErrors: [String: Int64] = [:]
    ) {
        self.hubOffline = hubOffline
        self.unreachableDevices = unreachableDevices
        self.unresponsiveDevices = unresponsiveDevices
        self.failingSteps = failingSteps
        self.failingOnce = failingOnce
        self.latencyMilliseconds = latencyMilliseconds
        self.deviceLatencyMilliseconds = deviceLatencyMilliseconds
        self.failingWrites = failingWrites
        self.syncLatencyMilliseconds = syncLatencyMilliseconds
        self.failingUpdates = failingUpdates
        self.applianceErrors = applianceErrors
    }

    public static let what = "the faults"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        hubOffline = try object.bool("hub_offline") ?? false
        unreachableDevices = try object.integers("unreachable_devices")
        unresponsiveDevices = try object.integers("unresponsive_devices")
        failingSteps = Self.map(object.raw("failing_steps")) { if case .string(let text) = $0 { text } else { nil } }
        failingOnce = try object.strings("failing_once")
        latencyMilliseconds = try object.integer("latency_ms") ?? 0
        deviceLatencyMilliseconds = Self.map(object.raw("device_latency_ms")) {
            if case .integer(let number) = $0 { number } else { nil }
        }
        failingWrites = Self.map(object.raw("failing_writes")) { try? WriteFailure(json: $0) }
        syncLatencyMilliseconds = try object.integer("sync_latency_ms") ?? 0
        failingUpdates = Self.map(object.raw("failing_updates")) {
            if case .string(let text) = $0 { text } else { nil }
        }
        applianceErrors = Self.map(object.raw("appliance_errors")) {
            if case .integer(let number) = $0 { number } else { nil }
        }
    }

    private static func map<Value>(_ json: JSONValue?, _ read: (JSONValue) -> Value?) -> [String: Value] {
        guard case .object(let members)? = json else { return [:] }
        return members.compactMapValues(read)
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("appliance_errors", applianceErrors)
        json.member("device_latency_ms", deviceLatencyMilliseconds)
        json.member("failing_once", failingOnce)
        json.member("failing_steps", failingSteps)
        json.member("failing_updates", failingUpdates)
        json.member("failing_writes", failingWrites)
        json.member("hub_offline", hubOffline)
        json.member("latency_ms", latencyMilliseconds)
        json.member("sync_latency_ms", syncLatencyMilliseconds)
        json.member("unreachable_devices", unreachableDevices)
        json.member("unresponsive_devices", unresponsiveDevices)
        json.endObject()
    }
}

/// A principal's permission on a structure (`set_permission`'s reply; `get_permissions` lists the revoked ones).
public struct PermissionEntry: ProtocolValue {
    public var principal: String
    public var structureID: Int64
    public var granted: Bool

    public init(principal: String, structureID: Int64, granted: Bool) {
        self.principal = principal
        self.structureID = structureID
        self.granted = granted
    }

    public static let what = "a permission"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        principal = try object.requiredString("principal")
        structureID = try object.requiredInteger("structure_id")
        granted = try object.bool("granted") ?? true
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("granted", granted)
        json.member("principal", principal)
        json.member("structure_id", structureID)
        json.endObject()
    }
}

// MARK: requests

/// Switches one fault on (or off with `enabled: false`); replies with the faults in effect.
public struct SetFault: ProtocolRequest {
    public typealias Reply = FaultsStatus
    public static let command = HubCommand.setFault

    /// A fault and what it takes, as the wire names them; the hub checks the names and ranges.
    public enum Fault: Hashable, Sendable {
        case hubOffline
        case deviceUnreachable(simulatedDeviceID: Int64)
        case deviceUnresponsive(simulatedDeviceID: Int64)
        /// A commissioning step that fails (`mode` `fail`) or stalls until its timeout (`timeout`), once or always.
        case stepFailure(step: String, mode: String? = nil, once: Bool? = nil)
        /// Extra milliseconds per step and interaction, for one device or all.
        case slowDevice(latencyMilliseconds: Int64?, simulatedDeviceID: Int64? = nil)
        /// Writes and commands to the device refused after `delay` with the Matter status named.
        case writeFailure(simulatedDeviceID: Int64, delayMilliseconds: Int64? = nil, status: String? = nil)
        /// The device's firmware updates fail at `stage`.
        case updateFailure(simulatedDeviceID: Int64, stage: String? = nil)
        /// An mhub listener's first sync comes that much later.
        case slowSync(latencyMilliseconds: Int64?)
        /// The appliance reports an error: its operational state's ErrorStateID or its charger's FaultState
        /// (`error_state`, the cluster's own default when not given) until the fault is switched off.
        case applianceError(simulatedDeviceID: Int64, errorState: Int64? = nil)

        public var name: String { kind.rawValue }

        public var kind: FaultName {
            switch self {
            case .hubOffline: .hubOffline
            case .deviceUnreachable: .deviceUnreachable
            case .deviceUnresponsive: .deviceUnresponsive
            case .stepFailure: .stepFailure
            case .slowDevice: .slowDevice
            case .writeFailure: .writeFailure
            case .updateFailure: .updateFailure
            case .slowSync: .slowSync
            case .applianceError: .applianceError
            }
        }
    }

    /// The faults by their names on the wire.
    public enum FaultName: String, CaseIterable, Hashable, Sendable {
        case hubOffline = "hub_offline"
        case deviceUnreachable = "device_unreachable"
        case deviceUnresponsive = "device_unresponsive"
        case stepFailure = "step_failure"
        case slowDevice = "slow_device"
        case writeFailure = "write_failure"
        case updateFailure = "update_failure"
        case slowSync = "slow_sync"
        case applianceError = "appliance_error"
    }

    public var fault: Fault
    public var enabled: Bool

    public init(_ fault: Fault, enabled: Bool = true) {
        self.fault = fault
        self.enabled = enabled
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        let name = try args.requiredString("fault")
        enabled = try args.bool("enabled") ?? true
        switch FaultName(rawValue: name) {
        case .hubOffline?: fault = .hubOffline
        case .deviceUnreachable?:
            fault = .deviceUnreachable(simulatedDeviceID: try args.requiredInteger("simulated_device_id"))
        case .deviceUnresponsive?:
            fault = .deviceUnresponsive(simulatedDeviceID: try args.requiredInteger("simulated_device_id"))
        case .stepFailure?:
            fault = .stepFailure(
                step: try args.requiredString("step"), mode: try args.string("mode"), once: try args.bool("once"))
        case .slowDevice?:
            let latency: Int64? = try args.integer("latency_ms")
            fault = .slowDevice(
                latencyMilliseconds: latency, simulatedDeviceID: try args.integer("simulated_device_id"))
        case .writeFailure?:
            let id: Int64 = try args.requiredInteger("simulated_device_id")
            let delay: Int64? = try args.integer("delay_ms")
            fault = .writeFailure(simulatedDeviceID: id, delayMilliseconds: delay, status: try args.string("status"))
        case .updateFailure?:
            let id: Int64 = try args.requiredInteger("simulated_device_id")
            fault = .updateFailure(simulatedDeviceID: id, stage: try args.string("stage"))
        case .slowSync?: fault = .slowSync(latencyMilliseconds: try args.integer("latency_ms"))
        case .applianceError?:
            let id: Int64 = try args.requiredInteger("simulated_device_id")
            fault = .applianceError(simulatedDeviceID: id, errorState: try args.integer("error_state"))
        case nil:
            throw args.failure(
                "fault",
                "fault must be hub_offline, device_unreachable, device_unresponsive, step_failure, slow_device, "
                    + "write_failure, update_failure, slow_sync or appliance_error, not \"\(name)\"")
        }
    }

    /// The arguments as a person gave them (`mhubctl fault set`), unchecked, so that the hub judges each: an unknown
    /// fault, a bad step, an option the fault does not take.
    public static func arguments(
        asGiven fault: String, enabled: Bool?, simulatedDeviceID: Int64? = nil, step: String? = nil,
        mode: String? = nil, once: Bool? = nil, latencyMilliseconds: Int64? = nil, delayMilliseconds: Int64? = nil,
        status: String? = nil, stage: String? = nil, errorState: Int64? = nil
    ) -> [String: JSONValue] {
        var args: [String: JSONValue] = ["fault": .string(fault)]
        if let enabled { args["enabled"] = .bool(enabled) }
        if let simulatedDeviceID { args["simulated_device_id"] = .integer(simulatedDeviceID) }
        if let step { args["step"] = .string(step) }
        if let mode { args["mode"] = .string(mode) }
        if let once { args["once"] = .bool(once) }
        if let latencyMilliseconds { args["latency_ms"] = .integer(latencyMilliseconds) }
        if let delayMilliseconds { args["delay_ms"] = .integer(delayMilliseconds) }
        if let status { args["status"] = .string(status) }
        if let stage { args["stage"] = .string(stage) }
        if let errorState { args["error_state"] = .integer(errorState) }
        return args
    }

    public var arguments: [String: JSONValue] {
        let name = fault.name
        return switch fault {
        case .hubOffline: Self.arguments(asGiven: name, enabled: enabled)
        case .deviceUnreachable(let id), .deviceUnresponsive(let id):
            Self.arguments(asGiven: name, enabled: enabled, simulatedDeviceID: id)
        case .stepFailure(let step, let mode, let once):
            Self.arguments(asGiven: name, enabled: enabled, step: step, mode: mode, once: once)
        case .slowDevice(let latency, let id):
            Self.arguments(asGiven: name, enabled: enabled, simulatedDeviceID: id, latencyMilliseconds: latency)
        case .writeFailure(let id, let delay, let status):
            Self.arguments(
                asGiven: name, enabled: enabled, simulatedDeviceID: id, delayMilliseconds: delay, status: status)
        case .updateFailure(let id, let stage):
            Self.arguments(asGiven: name, enabled: enabled, simulatedDeviceID: id, stage: stage)
        case .slowSync(let latency): Self.arguments(asGiven: name, enabled: enabled, latencyMilliseconds: latency)
        case .applianceError(let id, let errorState):
            Self.arguments(asGiven: name, enabled: enabled, simulatedDeviceID: id, errorState: errorState)
        }
    }
}

/// `get_faults` and `clear_faults` take nothing and answer the faults in effect.
public struct GetFaults: ProtocolRequest {
    public typealias Reply = FaultsStatus
    public static let command = HubCommand.getFaults

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

public struct ClearFaults: ProtocolRequest {
    public typealias Reply = FaultsStatus
    public static let command = HubCommand.clearFaults

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// Grants or revokes a principal's permission on a structure (the first structure when none is named).
public struct SetPermission: ProtocolRequest {
    public typealias Reply = PermissionEntry
    public static let command = HubCommand.setPermission
    public var principal: String
    public var structureID: Int64?
    public var granted: Bool

    public init(principal: String, structureID: Int64? = nil, granted: Bool) {
        self.principal = principal
        self.structureID = structureID
        self.granted = granted
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        principal = try args.requiredString("principal")
        structureID = try args.integer("structure_id")
        granted = try args.bool("granted") ?? true
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["principal": .string(principal), "granted": .bool(granted)]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return args
    }
}

/// The permissions revoked, by principal then structure.
public struct GetPermissions: ProtocolRequest {
    public typealias Reply = [PermissionEntry]
    public static let command = HubCommand.getPermissions

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// `set_timing_profile {profile}`: `instant` or `realistic` (the hub checks the name).
public struct SetTimingProfile: ProtocolRequest {
    public typealias Reply = TimingProfileSet
    public static let command = HubCommand.setTimingProfile
    public var profile: String

    public init(profile: String) {
        self.profile = profile
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        profile = try args.requiredString("profile")
    }

    public var arguments: [String: JSONValue] { ["profile": .string(profile)] }
}

/// `set_timing_profile`'s reply: the profile now in force.
public struct TimingProfileSet: ProtocolValue {
    public var profile: String

    public init(profile: String) {
        self.profile = profile
    }

    public static let what = "the timing profile"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        profile = try object.requiredString("profile")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("profile", profile)
        json.endObject()
    }
}

/// `reset`: the hub back to its configured initial state (admin).
public struct ResetHub: ProtocolRequest {
    public typealias Reply = HubWasReset
    public static let command = HubCommand.reset

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// `reset`'s reply: `{"reset": true}`.
public struct HubWasReset: ProtocolValue {
    public init() {}

    public static let what = "a reset"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        guard try object.bool("reset") == true else { throw object.failure("reset", .missing) }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("reset", true)
        json.endObject()
    }
}

/// A device template `add_simulated_device` takes, as `get_templates` lists it.
public struct DeviceTemplateInfo: ProtocolValue {
    public var key: String
    public var title: String
    public var deviceType: Int64
    /// Where it belongs: `Lighting`, `Switches and controls`, `Sensors`, `Alarms`, `Closures`, `HVAC`, `Water`,
    /// `Appliances`, `Energy`, `Media`, `Network infrastructure`, `Bridges`, … (docs/devices.md).
    public var category: String
    /// The device types of a composed device's other endpoints, in endpoint order (a refrigerator's cabinets, a
    /// heat pump's thermostat and sensor); empty for a device of one endpoint.
    public var partDeviceTypes: [Int64]

    public init(key: String, title: String, deviceType: Int64, category: String, partDeviceTypes: [Int64] = []) {
        self.key = key
        self.title = title
        self.deviceType = deviceType
        self.category = category
        self.partDeviceTypes = partDeviceTypes
    }

    public static let what = "a device template"

    @inlinable
    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        key = try object.requiredString("key")
        title = try object.string("title") ?? key
        deviceType = try object.integer("device_type") ?? 0
        category = try object.string("category") ?? ""
        partDeviceTypes = try object.integers("part_device_types")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("category", category)
        json.member("device_type", deviceType)
        json.member("key", key)
        json.member("part_device_types", partDeviceTypes)
        json.member("title", title)
        json.endObject()
    }
}

public struct GetTemplates: ProtocolRequest {
    public typealias Reply = [DeviceTemplateInfo]
    public static let command = HubCommand.getTemplates

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// The hub's clock: `real` or `virtual`, and its time in milliseconds since the epoch.
public struct ClockStatus: ProtocolValue {
    public var clock: String
    public var now: Int64

    public init(clock: String, now: Int64) {
        self.clock = clock
        self.now = now
    }

    public static let what = "the clock"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        clock = try object.requiredString("clock")
        now = try object.requiredInteger("now")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("clock", clock)
        json.member("now", now)
        json.endObject()
    }
}

public struct GetClock: ProtocolRequest {
    public typealias Reply = ClockStatus
    public static let command = HubCommand.getClock

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// `advance_clock {milliseconds}`: the virtual clock moved on, every deadline on the way run in order (admin).
public struct AdvanceClock: ProtocolRequest {
    public typealias Reply = ClockStatus
    public static let command = HubCommand.advanceClock
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        guard let milliseconds: Int64 = try args.integer("milliseconds") else {
            throw args.failure("milliseconds", "advance_clock needs 'milliseconds'")
        }
        self.milliseconds = milliseconds
    }

    public var arguments: [String: JSONValue] { ["milliseconds": .integer(milliseconds)] }
}
