extension DeviceTemplates {
    /// The robotic vacuum cleaner: RVC run and clean modes, RVC operational state, service areas (issue 37).
    static let robotic: [DeviceTemplate] = [roboticVacuumCleaner]

    /// The rooms the robot knows (Service Area's SupportedAreas): its map of a flat, in cleaning order.
    static let rooms = ["Kitchen", "Living room", "Bedroom", "Hallway"]

    /// A robot vacuum that also mops (Device Library 12.1): RVC Run Mode (Idle, Cleaning), RVC Clean Mode (vacuum,
    /// mop, both, deep clean), RVC Operational State with Pause, Resume and GoHome, and the optional Service Area
    /// with a flat's rooms, which it cleans one after another; it starts docked, on a full rechargeable battery (Power
    /// Source, with its utility device type). No PhaseList: Home Assistant 2025.4.4 makes no vacuum of a robot with
    /// one (its current-phase sensor takes CurrentPhase, which its vacuum needs).
    static let roboticVacuumCleaner = DeviceTemplate(
        key: "robotic-vacuum-cleaner", title: "Robotic Vacuum Cleaner", deviceType: .roboticVacuumCleaner,
        productName: "mhub Robot Vacuum", category: "Robotic",
        clusters: [
            identify(.audibleBeep), ClusterTemplate(.rvcRunMode), ClusterTemplate(.rvcCleanMode),
            ClusterTemplate(.rvcOperationalState),
            ClusterTemplate(.serviceArea, overrides: [0x0000: .list(rooms.indices.map(area))]),
            ClusterTemplate(.robotBatteryPowerSource),
        ],
        utilityTypes: [.powerSource])

    /// Service Area's AreaStruct for room `index`: {0 AreaId (1 up), 1 MapId null (no Maps feature), 2 AreaInfo
    /// {0 LocationInfo {0 LocationName, 1 FloorNumber 0, 2 AreaType null}, 1 LandmarkInfo null}} (1.17.5.4).
    static func area(_ index: Int) -> AttributeValue {
        let location = AttributeValue.structure([0: .string(rooms[index]), 1: .signed(0), 2: .null])
        return .structure([
            0: .unsigned(UInt64(index + 1)), 1: .null, 2: .structure([0: location, 1: .null]),
        ])
    }
}
