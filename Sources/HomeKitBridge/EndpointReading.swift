import MatterDataModel
import MatterNode

/// One bridged endpoint's clusters read as the mapping needs them: numbers, flags and features, with a missing or
/// null attribute as nil.
struct EndpointReading {
    let endpoint: NodeEndpoint

    func has(_ cluster: ClusterID) -> Bool {
        endpoint.clusters[cluster] != nil
    }

    func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
        endpoint.clusters[cluster]?.attributes[attribute]
    }

    /// A whole number (signed or unsigned), or nil when absent, null or of another kind.
    func integer(_ cluster: ClusterID, _ attribute: AttributeID) -> Int64? {
        switch value(cluster, attribute) {
        case .unsigned(let number)?: Int64(exactly: number)
        case .signed(let number)?: number
        default: nil
        }
    }

    func bool(_ cluster: ClusterID, _ attribute: AttributeID) -> Bool? {
        if case .bool(let flag)? = value(cluster, attribute) { flag } else { nil }
    }

    func float(_ cluster: ClusterID, _ attribute: AttributeID) -> Double? {
        switch value(cluster, attribute) {
        case .float(let number)?: number
        case .unsigned(let number)?: Double(number)
        case .signed(let number)?: Double(number)
        default: nil
        }
    }

    /// The cluster's FeatureMap (0 when absent).
    func features(_ cluster: ClusterID) -> Int64 {
        integer(cluster, GlobalAttributes.featureMap) ?? 0
    }

    /// Whether the endpoint is of the device type `id`.
    func isDeviceType(_ id: UInt32) -> Bool {
        endpoint.deviceTypes.contains { UInt32($0.id) == id }
    }
}

/// The cluster IDs the mapping reads (Matter Application Cluster Specification; Core for Power Source).
enum MatterCluster {
    static let identify: ClusterID = 0x0003
    static let onOff: ClusterID = 0x0006
    static let levelControl: ClusterID = 0x0008
    static let powerSource: ClusterID = 0x002F
    static let bridgedDeviceBasicInformation: ClusterID = 0x0039
    static let genericSwitch: ClusterID = 0x003B
    static let booleanState: ClusterID = 0x0045
    static let airQuality: ClusterID = 0x005B
    static let smokeCoAlarm: ClusterID = 0x005C
    static let hepaFilterMonitoring: ClusterID = 0x0071
    static let valve: ClusterID = 0x0081
    static let doorLock: ClusterID = 0x0101
    static let windowCovering: ClusterID = 0x0102
    static let thermostat: ClusterID = 0x0201
    static let fanControl: ClusterID = 0x0202
    static let colorControl: ClusterID = 0x0300
    static let illuminance: ClusterID = 0x0400
    static let temperature: ClusterID = 0x0402
    static let relativeHumidity: ClusterID = 0x0405
    static let occupancy: ClusterID = 0x0406
    static let pm25: ClusterID = 0x042A
    static let pm10: ClusterID = 0x042D
}

/// The device type IDs the mapping tells apart (Matter Device Library 1.4).
enum MatterDeviceType {
    static let lights: Set<UInt32> = [0x0100, 0x0101, 0x010C, 0x010D]
    /// Dimmable loads that are lamps to a user: the dimmable plug and the in-wall dimmer.
    static let dimmableLoads: Set<UInt32> = [0x010B, 0x0110]
    static let onOffPlugInUnit: UInt32 = 0x010A
    static let contactSensor: UInt32 = 0x0015
    static let waterLeakDetector: UInt32 = 0x0043
    static let airPurifier: UInt32 = 0x002D
    /// EVSE, Water Heater, Device Energy Management, Electrical Sensor, Solar Power, Battery Storage (Device Library
    /// 14, 2.6, 2.7) as an endpoint's own device type.
    static let energy: Set<UInt32> = [0x050C, 0x050F, 0x050D, 0x0510, 0x0017, 0x0018]
}
