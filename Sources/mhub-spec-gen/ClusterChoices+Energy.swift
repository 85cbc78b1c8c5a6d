import MatterDataModel

extension ClusterChoices {
    /// The energy devices: EVSE, water heater, device energy management, electrical sensor, solar power, battery storage (issue 37).
    static let energy: [ClusterChoice] = []
}
