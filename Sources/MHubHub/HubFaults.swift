/// Failures switched on over the control socket, so tests can hit every error path on purpose.
///
/// Faults are run-time test settings: they are not persisted, and `reset` clears them.
public struct HubFaults: Hashable, Sendable {
    /// `prepare_commissioning` and commissioning fail with HubOffline.
    public var hubOffline = false
    /// Simulated devices that do not answer: discovery does not find them, and their nodes are
    /// unavailable (NodeNotReady).
    public var unreachableDevices: Set<SimulatedDeviceID> = []
    /// Devices that take requests but never answer: interactions time out.
    public var unresponsiveDevices: Set<SimulatedDeviceID> = []
    /// Steps that fail outright, or stall until the step timeout.
    public var failingSteps: [CommissioningStep: StepFailure] = [:]
    /// Of those, the ones that fail one commissioning only, then clear (`"once": true`; a scenario's
    /// `fail_next_commissioning`).
    public var failingOnce: Set<CommissioningStep> = []
    /// Extra time each commissioning step takes, per simulated device; `nil` key is every device.
    public var deviceLatency: [SimulatedDeviceID: Int64] = [:]
    public var allDevicesLatency: Int64 = 0
    /// Devices whose writes and commands fail: each is answered after the delay with the status, not applied.
    public var failingWrites: [SimulatedDeviceID: WriteFailure] = [:]
    /// Devices whose firmware updates fail, and at which stage (`update_failure`).
    public var failingUpdates: [SimulatedDeviceID: FirmwareUpdateRun.Stage] = [:]
    /// Appliances reporting an error (`appliance_error`), with what clearing it restores.
    public var applianceErrors: [SimulatedDeviceID: ApplianceFault] = [:]
    /// How long an mhub listener's first sync of the home takes (`slow_sync`); 0 is at once.
    public var syncLatency: Int64 = 0

    /// The `write_failure` fault of one device.
    public struct WriteFailure: Hashable, Sendable {
        public var delay: Int64
        public var status: InteractionStatus
    }

    public enum StepFailure: String, Hashable, Sendable {
        case fail
        case timeout
    }

    public init() {}

    public func latency(for device: SimulatedDeviceID?) -> Int64 {
        allDevicesLatency + (device.flatMap { deviceLatency[$0] } ?? 0)
    }
}
