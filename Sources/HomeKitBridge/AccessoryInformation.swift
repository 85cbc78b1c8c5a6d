import HomeKitAccessory
import MatterNode

/// Accessory Information (service 1) and HAP Protocol Information, the services every accessory or the bridge has
/// at fixed iids (HAP R14 §2.6.1.2: Accessory Information must be iid 1; hap-reference.md section 8, "Bridge").
enum AccessoryInformation {
    static let serviceIID: UInt64 = 1
    static let identifyIID: UInt64 = 2
    /// HAP Protocol Information on the bridge, after Accessory Information's characteristics, and its Version.
    static let protocolServiceIID: UInt64 = 8
    static let versionIID: UInt64 = 9
    /// HAP over IP's protocol version (ADK `kHAPProtocolVersion_IP`).
    static let protocolVersion = "1.1.0"

    /// Accessory Information's six characteristics, iids 2 to 7, with the texts given.
    static func characteristics(
        manufacturer: String, model: String, name: String, serialNumber: String, firmwareRevision: String
    ) -> [HAPCharacteristic] {
        func text(_ iid: UInt64, _ type: HAPType, _ value: String) -> HAPCharacteristic {
            HAPCharacteristic(
                iid: iid, type: type, format: .string, permissions: [.pairedRead], value: .string(value))
        }
        return [
            HAPCharacteristic(iid: identifyIID, type: .identify, format: .bool, permissions: [.pairedWrite]),
            text(3, .manufacturer, manufacturer),
            text(4, .model, model),
            text(5, .name, name),
            text(6, .serialNumber, serialNumber),
            text(7, .firmwareRevision, firmwareRevision),
        ]
    }

    /// The bridge's own services: Accessory Information and HAP Protocol Information.
    static func bridgeServices(_ info: HomeKitBridgeInfo) -> [HAPService] {
        let information = characteristics(
            manufacturer: nonEmpty(HomeKitNames.cut(info.manufacturer, to: 64), "mhub"),
            model: nonEmpty(HomeKitNames.cut(info.model, to: 64), "mhub"),
            name: HomeKitNames.sanitised(info.name, fallback: "mhub"),
            serialNumber: nonEmpty(HomeKitNames.cut(info.serialNumber, to: 64), "mhub"),
            firmwareRevision: HomeKitNames.firmwareRevision(info.firmwareRevision, number: 1))
        let version = HAPCharacteristic(
            iid: versionIID, type: .version, format: .string, permissions: [.pairedRead, .events],
            value: .string(protocolVersion))
        return [
            HAPService(iid: serviceIID, type: .accessoryInformation, characteristics: information),
            HAPService(iid: protocolServiceIID, type: .protocolInformation, characteristics: [version]),
        ]
    }

    /// A bridged device's Accessory Information, from its Bridged Device Basic Information.
    static func service(_ device: BridgedDeviceInfo, aid: UInt64) -> HAPService {
        let information = characteristics(
            manufacturer: nonEmpty(HomeKitNames.cut(device.vendorName, to: 64), "mhub"),
            model: nonEmpty(
                HomeKitNames.cut(device.productName, to: 64), nonEmpty(device.productLabel, "Matter device")),
            name: name(device, aid: aid),
            serialNumber: nonEmpty(
                HomeKitNames.cut(device.serialNumber, to: 64),
                nonEmpty(HomeKitNames.cut(device.uniqueID, to: 64), String(aid))),
            firmwareRevision: HomeKitNames.firmwareRevision(
                device.softwareVersionString, number: device.softwareVersion))
        return HAPService(iid: serviceIID, type: .accessoryInformation, characteristics: information)
    }

    /// A device's name in the Home app: its NodeLabel sanitised, else its product's name, else "Accessory <aid>".
    static func name(_ device: BridgedDeviceInfo, aid: UInt64) -> String {
        let fallback = HomeKitNames.sanitised(device.productName, fallback: "Accessory \(aid)")
        return HomeKitNames.sanitised(device.nodeLabel, fallback: fallback)
    }

    static func nonEmpty(_ text: String, _ fallback: String) -> String {
        text.isEmpty ? fallback : text
    }
}
