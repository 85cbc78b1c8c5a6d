import MatterDataModel

/// The appliance settings a client writes (Laundry Washer Controls 8.6, Laundry Dryer Controls 8.9): each must be one
/// the device offers, else CONSTRAINT_ERROR: SpinSpeedCurrent an index of SpinSpeeds (or null, no spin), NumberOfRinses
/// one of SupportedRinses, SelectedDrynessLevel one of SupportedDrynessLevels.
enum ApplianceSettingsLogic {
    static func checkWrite(_ value: AttributeValue, at path: AttributePath, in node: Node) throws(InteractionError) {
        let offered: AttributeID
        switch (path.cluster, path.attribute) {
        case (0x0053, 0x0001): offered = 0x0000
        case (0x0053, 0x0002): offered = 0x0003
        case (0x004A, 0x0001): offered = 0x0000
        default: return
        }
        guard let chosen = value.integerValue else { return }
        let list = node.data[AttributePath(endpoint: path.endpoint, cluster: path.cluster, attribute: offered)]
        guard case .list(let entries)? = list else { return }
        let fine =
            offered == 0x0000 && path.cluster == 0x0053
            ? (0..<Int64(entries.count)).contains(chosen) : entries.contains { $0.integerValue == chosen }
        guard fine else { throw InteractionError(.constraintError, "\(chosen) is not a setting the device offers") }
    }
}
