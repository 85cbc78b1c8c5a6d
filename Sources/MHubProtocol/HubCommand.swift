/// Every command of the control protocol, with the scope it needs and whether the OHF Matter Server has it
/// (docs/protocol.md §4).
///
/// The daemon's router switches over this enum and the client's typed calls name its cases, so a new command is a
/// compile error until its scope, its OHF flag and whether it is a query are given; a test sends every command to
/// the hub and fails on one without a handler (`HubRouterTests`).
public enum HubCommand: String, CaseIterable, Hashable, Sendable {
    // The OHF Matter Server's commands.
    case startListening = "start_listening"
    case serverInfo = "server_info"
    case diagnostics
    case getNodes = "get_nodes"
    case getNode = "get_node"
    case commissionWithCode = "commission_with_code"
    case commissionOnNetwork = "commission_on_network"
    case deviceCommand = "device_command"
    case readAttribute = "read_attribute"
    case writeAttribute = "write_attribute"
    case removeNode = "remove_node"
    case interviewNode = "interview_node"
    case pingNode = "ping_node"
    case discover
    case getNodeIPAddresses = "get_node_ip_addresses"
    case importTestNode = "import_test_node"
    case setDefaultFabricLabel = "set_default_fabric_label"
    case getVendorNames = "get_vendor_names"
    case setWiFiCredentials = "set_wifi_credentials"
    case setThreadDataset = "set_thread_dataset"
    case removeWiFiCredentials = "remove_wifi_credentials"
    case removeThreadDataset = "remove_thread_dataset"
    case checkNodeUpdate = "check_node_update"
    case updateNode = "update_node"
    case setACLEntry = "set_acl_entry"
    case setNodeBinding = "set_node_binding"

    // mhub's own.
    case openCommissioningWindow = "open_commissioning_window"
    case getStatus = "get_status"
    case getCommissioningWindow = "get_commissioning_window"
    case closeCommissioningWindow = "close_commissioning_window"
    case getAdvertising = "get_advertising"
    case getUDCRequests = "get_udc_requests"
    case getFabrics = "get_fabrics"
    case removeFabric = "remove_fabric"
    case getAttestation = "get_attestation"
    case getHomeKit = "get_homekit"
    case getDevices = "get_devices"
    case updateDevice = "update_device"
    case getStructures = "get_structures"
    case createStructure = "create_structure"
    case renameStructure = "rename_structure"
    case deleteStructure = "delete_structure"
    case moveDevice = "move_device"
    case getRooms = "get_rooms"
    case createRoom = "create_room"
    case renameRoom = "rename_room"
    case deleteRoom = "delete_room"
    case getSession = "get_session"
    case prepareCommissioning = "prepare_commissioning"
    case configureDevice = "configure_device"
    case completeCommissioning = "complete_commissioning"
    case cancelCommissioning = "cancel_commissioning"
    case resumeCommissioning = "resume_commissioning"
    case joinAppGroup = "join_app_group"
    case enableNotification = "enable_notification"
    case getNotifications = "get_notifications"
    case setAttribute = "set_attribute"
    case pressButton = "press_button"
    case setBehavior = "set_behavior"
    case getSimulatedDevices = "get_simulated_devices"
    case addSimulatedDevice = "add_simulated_device"
    case removeSimulatedDevice = "remove_simulated_device"
    case resetSimulatedDevice = "reset_simulated_device"
    case getTemplates = "get_templates"
    case getFaults = "get_faults"
    case setFault = "set_fault"
    case clearFaults = "clear_faults"
    case setPermission = "set_permission"
    case getPermissions = "get_permissions"
    case setTimingProfile = "set_timing_profile"
    case setFirmwareUpdate = "set_firmware_update"
    case reset

    // The test tools: the virtual clock, scenarios and the input journal (docs/protocol.md §16).
    case getClock = "get_clock"
    case advanceClock = "advance_clock"
    case loadScenario = "load_scenario"
    case getScenario = "get_scenario"
    case resetScenario = "reset_scenario"
    case exportScenario = "export_scenario"
    case followInputJournal = "follow_input_journal"

    /// The command named `name`, if one is: a hash lookup, where `init(rawValue:)` compares the name with every
    /// command's in turn.
    public static func named(_ name: String) -> HubCommand? {
        byName[name]
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The least scope a connection needs for it.
    public var scope: Scope {
        switch self {
        case .serverInfo, .startListening, .getStatus, .diagnostics, .getNodes, .getNode, .getDevices, .getStructures,
            .getRooms, .getSession, .getSimulatedDevices, .getFaults, .getTemplates, .readAttribute, .pingNode,
            .interviewNode, .discover, .getNodeIPAddresses, .getAdvertising, .getUDCRequests, .getFabrics,
            .getAttestation, .getCommissioningWindow, .enableNotification, .getNotifications, .getClock, .getScenario,
            .exportScenario, .getVendorNames, .checkNodeUpdate, .getHomeKit:
            .read
        case .writeAttribute, .deviceCommand, .setAttribute, .pressButton, .createRoom, .renameRoom, .deleteRoom,
            .updateDevice,
            .createStructure, .renameStructure, .deleteStructure, .moveDevice, .updateNode, .setNodeBinding:
            .control
        case .commissionOnNetwork, .prepareCommissioning, .commissionWithCode, .configureDevice,
            .completeCommissioning, .cancelCommissioning, .resumeCommissioning, .joinAppGroup, .removeNode,
            .setDefaultFabricLabel, .setWiFiCredentials, .setThreadDataset, .removeWiFiCredentials,
            .removeThreadDataset, .setACLEntry, .openCommissioningWindow:
            .commission
        case .removeFabric, .setBehavior, .closeCommissioningWindow, .addSimulatedDevice,
            .removeSimulatedDevice, .resetSimulatedDevice, .setFault, .clearFaults, .setPermission, .getPermissions,
            .setTimingProfile, .reset,
            .advanceClock, .loadScenario, .resetScenario, .importTestNode, .setFirmwareUpdate, .followInputJournal:
            .admin
        }
    }

    /// Whether the command only reads the hub: the router answers it from a method that cannot change the hub
    /// (`Hub.answer(query:…)`), so no copy of the hub is kept to undo it. `get_rooms` is not one: naming an app
    /// group joins it.
    public var isQuery: Bool {
        switch self {
        case .serverInfo, .diagnostics, .getNodes, .getNode, .getDevices, .getStructures, .getSession,
            .getSimulatedDevices, .getFaults, .getTemplates, .getStatus, .getNotifications, .getCommissioningWindow,
            .getAdvertising, .getFabrics, .getAttestation, .getUDCRequests, .pingNode, .getNodeIPAddresses, .discover,
            .getPermissions, .getClock, .getScenario, .exportScenario, .getVendorNames, .checkNodeUpdate, .getHomeKit:
            true
        case .startListening, .commissionWithCode, .commissionOnNetwork, .deviceCommand, .readAttribute,
            .writeAttribute, .removeNode, .interviewNode, .importTestNode, .openCommissioningWindow,
            .closeCommissioningWindow, .removeFabric, .updateDevice, .createStructure, .renameStructure,
            .deleteStructure, .moveDevice, .getRooms, .createRoom, .renameRoom, .deleteRoom, .prepareCommissioning,
            .configureDevice, .completeCommissioning, .cancelCommissioning, .resumeCommissioning, .joinAppGroup,
            .enableNotification, .setAttribute, .pressButton, .setBehavior, .addSimulatedDevice, .removeSimulatedDevice,
            .resetSimulatedDevice,
            .setFault, .clearFaults, .setPermission, .setTimingProfile, .reset, .advanceClock, .loadScenario,
            .resetScenario, .setDefaultFabricLabel, .setWiFiCredentials, .setThreadDataset, .removeWiFiCredentials,
            .removeThreadDataset, .updateNode, .setACLEntry, .setNodeBinding, .setFirmwareUpdate, .followInputJournal:
            false
        }
    }

    /// Whether the OHF Matter Server has this command: its errors then use only OHF codes (docs/protocol.md §3),
    /// because python-matter-server's client fails on a code it does not know.
    ///
    /// `open_commissioning_window` is the OHF server's too, but only with a `node_id` (a window on a device), which
    /// mhub refuses; the hub's own window is mhub's, so it answers with mhub's codes.
    public var isOHF: Bool {
        switch self {
        case .startListening, .serverInfo, .diagnostics, .getNodes, .getNode, .commissionWithCode,
            .commissionOnNetwork, .deviceCommand, .readAttribute, .writeAttribute, .removeNode, .interviewNode,
            .pingNode, .discover, .getNodeIPAddresses, .importTestNode, .setDefaultFabricLabel, .getVendorNames,
            .setWiFiCredentials, .setThreadDataset, .removeWiFiCredentials, .removeThreadDataset, .checkNodeUpdate,
            .updateNode, .setACLEntry, .setNodeBinding:
            true
        case .openCommissioningWindow, .getStatus, .getCommissioningWindow, .closeCommissioningWindow,
            .getAdvertising, .getUDCRequests, .getFabrics, .removeFabric, .getAttestation, .getHomeKit, .getDevices,
            .updateDevice,
            .getStructures, .createStructure, .renameStructure, .deleteStructure, .moveDevice, .getRooms, .createRoom,
            .renameRoom, .deleteRoom,
            .getSession, .prepareCommissioning, .configureDevice, .completeCommissioning, .cancelCommissioning,
            .resumeCommissioning, .joinAppGroup, .enableNotification, .getNotifications, .setAttribute, .pressButton,
            .setBehavior,
            .getSimulatedDevices, .addSimulatedDevice,
            .removeSimulatedDevice, .resetSimulatedDevice, .getTemplates, .getFaults, .setFault, .clearFaults,
            .setPermission,
            .getPermissions, .setTimingProfile, .reset, .getClock, .advanceClock, .loadScenario, .getScenario,
            .resetScenario, .exportScenario, .setFirmwareUpdate, .followInputJournal:
            false
        }
    }
}
