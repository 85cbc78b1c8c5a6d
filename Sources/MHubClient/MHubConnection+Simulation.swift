import MHubJSON
import MHubProtocol

/// Simulated devices and faults, as typed calls (docs/protocol.md §9, §10).
extension MHubConnection {
    /// A simulated device waiting nearby, or on the fabric.
    public typealias SimulatedDevice = SimulatedDeviceInfo

    /// How a new simulated device is laid out (docs/protocol.md §9).
    public enum Layout: Sendable, Equatable {
        case single
        /// `count` application endpoints of the template (1–16).
        case endpoints(Int)
        /// A bridge of `count` devices of `template` (1–64).
        case bridge(count: Int, template: String = "on-off-light")
    }

    public func simulatedDevices() async throws(MHubClientError) -> [SimulatedDevice] {
        try await send(GetSimulatedDevices())
    }

    /// Creates a simulated device (admin); what is not given is chosen by the hub.
    ///
    /// With `onNetwork` the device is its own Matter node on the network, with its own UDP port and its own code
    /// (`on_network`; nil leaves it to the hub's `matter.devices_on_network`); the reply's `matterNode` names the
    /// node that holds its state, and its port once the node listens (`simulatedDevices()` shows it then).
    public func addSimulatedDevice(
        template: String, layout: Layout = .single, name: String? = nil, discriminator: UInt16? = nil,
        passcode: UInt32? = nil, onNetwork: Bool? = nil
    ) async throws(MHubClientError) -> SimulatedDevice {
        var request = AddSimulatedDevice(
            template: template, name: name, discriminator: discriminator, passcode: passcode, onNetwork: onNetwork)
        switch layout {
        case .single: break
        case .endpoints(let count): request.endpoints = count
        case .bridge(let count, let bridged):
            (request.template, request.bridgedDevices, request.bridgedTemplate) = ("bridge", count, bridged)
        }
        return try await send(request)
    }

    public func removeSimulatedDevice(_ id: Int64) async throws(MHubClientError) {
        _ = try await send(RemoveSimulatedDevice(id: id))
    }

    /// Factory-resets a device on the network (`reset_simulated_device`): it leaves every fabric, its state is its
    /// template's again, and it is commissionable with its own codes.
    public func resetSimulatedDevice(_ id: Int64) async throws(MHubClientError) -> SimulatedDeviceInfo {
        try await send(ResetSimulatedDevice(id: id))
    }

    // MARK: faults

    /// A fault to switch on or off (admin; docs/protocol.md §10).
    public enum Fault: Sendable, Equatable {
        case hubOffline
        case deviceUnreachable(simulatedDeviceID: Int64)
        case deviceUnresponsive(simulatedDeviceID: Int64)
        /// A step (`discovery`, `pase`, …) that fails, or stalls until its timeout.
        case stepFailure(step: String, timeout: Bool = false)
        /// Extra milliseconds per step and per interaction, for one device or all.
        case slowDevice(latencyMilliseconds: Int64, simulatedDeviceID: Int64? = nil)
        /// Writes and commands to the device are refused after the delay with the Matter status.
        case writeFailure(simulatedDeviceID: Int64, delayMilliseconds: Int64 = 1000, status: String = "FAILURE")
        /// An mhub listener's first sync (`home_synced`) comes that much later.
        case slowSync(latencyMilliseconds: Int64)
        /// The device's firmware updates fail at `stage` (`querying`, `downloading` or `applying`).
        case updateFailure(simulatedDeviceID: Int64, stage: String = "downloading")
        /// The appliance reports an error (its ErrorStateID, or its charger's FaultState; the cluster's default when
        /// nil) until the fault is switched off.
        case applianceError(simulatedDeviceID: Int64, errorState: Int64? = nil)

        /// The fault as the protocol names it.
        var request: SetFault.Fault {
            switch self {
            case .hubOffline: .hubOffline
            case .deviceUnreachable(let id): .deviceUnreachable(simulatedDeviceID: id)
            case .deviceUnresponsive(let id): .deviceUnresponsive(simulatedDeviceID: id)
            case .stepFailure(let step, let timeout): .stepFailure(step: step, mode: timeout ? "timeout" : "fail")
            case .slowDevice(let latency, let id): .slowDevice(latencyMilliseconds: latency, simulatedDeviceID: id)
            case .writeFailure(let id, let delay, let status):
                .writeFailure(simulatedDeviceID: id, delayMilliseconds: delay, status: status)
            case .slowSync(let latency): .slowSync(latencyMilliseconds: latency)
            case .updateFailure(let id, let stage): .updateFailure(simulatedDeviceID: id, stage: stage)
            case .applianceError(let id, let errorState): .applianceError(simulatedDeviceID: id, errorState: errorState)
            }
        }
    }

    /// Switches a fault on (or off); returns the faults as `get_faults` shows them.
    @discardableResult
    public func setFault(_ fault: Fault, enabled: Bool = true) async throws(MHubClientError) -> FaultsStatus {
        try await send(SetFault(fault.request, enabled: enabled))
    }

    public func clearFaults() async throws(MHubClientError) {
        _ = try await send(ClearFaults())
    }

    /// Grants or revokes a principal's permission on a structure (admin).
    public func setPermission(principal: String, granted: Bool, structureID: Int64? = nil)
        async throws(MHubClientError)
    {
        _ = try await send(SetPermission(principal: principal, structureID: structureID, granted: granted))
    }
}
