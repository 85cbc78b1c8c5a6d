/// Every event the hub sends (docs/protocol.md §13), and whether the OHF Matter Server sends it too.
///
/// The hub makes its events with these names and the client matches them, so a new event is a compile error where
/// it must be handled (who hears it: `isOHF`). A client keeps an event whose name it does not know (from a newer
/// hub) as its text.
public enum HubEventName: String, CaseIterable, Hashable, Sendable {
    // The OHF Matter Server's event types (`matter_server/common/models.py` `EventType`, 7.0.1).
    case nodeAdded = "node_added"
    case nodeUpdated = "node_updated"
    case nodeRemoved = "node_removed"
    case nodeEvent = "node_event"
    case attributeUpdated = "attribute_updated"
    case serverShutdown = "server_shutdown"
    case serverInfoUpdated = "server_info_updated"
    case endpointAdded = "endpoint_added"
    case endpointRemoved = "endpoint_removed"

    // mhub's own.
    case deviceUpdated = "device_updated"
    case commissioningProgress = "commissioning_progress"
    case homeSynced = "home_synced"
    case sessionUpdated = "session_updated"
    case roomUpdated = "room_updated"
    case roomRemoved = "room_removed"
    case structureUpdated = "structure_updated"
    case structureRemoved = "structure_removed"
    case simulatedDeviceAdded = "simulated_device_added"
    case simulatedDeviceRemoved = "simulated_device_removed"
    case simulatedDeviceUpdated = "simulated_device_updated"
    case faultsUpdated = "faults_updated"
    case hubReset = "hub_reset"
    case commissioningWindowUpdated = "commissioning_window_updated"
    case udcRequestReceived = "udc_request_received"
    case fabricAdded = "fabric_added"
    case fabricUpdated = "fabric_updated"
    case fabricRemoved = "fabric_removed"
    case matterSessionOpened = "matter_session_opened"
    case matterSessionClosed = "matter_session_closed"
    case scenarioUpdated = "scenario_updated"
    case inputJournaled = "input_journaled"
    case homeKitUpdated = "homekit_updated"

    /// Whether the OHF Matter Server has this event: listeners that asked for OHF events only (`start_listening`'s
    /// default) get these and no other.
    public var isOHF: Bool {
        switch self {
        case .nodeAdded, .nodeUpdated, .nodeRemoved, .nodeEvent, .attributeUpdated, .serverShutdown,
            .serverInfoUpdated, .endpointAdded, .endpointRemoved:
            true
        case .deviceUpdated, .commissioningProgress, .homeSynced, .sessionUpdated, .roomUpdated, .roomRemoved,
            .structureUpdated, .structureRemoved, .simulatedDeviceAdded, .simulatedDeviceRemoved,
            .simulatedDeviceUpdated,
            .faultsUpdated,
            .hubReset, .commissioningWindowUpdated, .udcRequestReceived, .fabricAdded, .fabricUpdated, .fabricRemoved,
            .matterSessionOpened, .matterSessionClosed, .scenarioUpdated, .inputJournaled, .homeKitUpdated:
            false
        }
    }

    /// The event named `name`, if one is: a hash lookup.
    public static func named(_ name: String) -> HubEventName? {
        byName[name]
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
