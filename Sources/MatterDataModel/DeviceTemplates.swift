/// The device templates mhub offers.
///
/// Endpoint 1 carries the device type's mandatory server clusters (CHIP SDK
/// `data_model/1.4/device_types/*.xml`). Left out: Scenes Management, still provisional for the lights
/// and plug in 1.4, and optional clusters. The thermostat and the window covering get Groups, which
/// their device types make mandatory under the condition "Active"; mhub's always-on nodes are taken to
/// meet it; the Door Lock device type disallows Groups. IdentifyType follows the device: light output, an
/// actuator, a visible indicator, a beep or a display.
public enum DeviceTemplates {
    public static let all: [DeviceTemplate] = [
        DeviceTemplate(
            key: "on-off-light", title: "On/Off Light", deviceType: .onOffLight, productName: "mhub On/Off Light",
            clusters: [identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff)]),
        DeviceTemplate(
            key: "dimmable-light", title: "Dimmable Light", deviceType: .dimmableLight,
            productName: "mhub Dimmable Light",
            clusters: [
                identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff),
                ClusterTemplate(.levelControl),
            ]),
        DeviceTemplate(
            key: "color-temperature-light", title: "Color Temperature Light", deviceType: .colorTemperatureLight,
            productName: "mhub Color Temperature Light",
            clusters: [
                identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff),
                ClusterTemplate(.levelControl), ClusterTemplate(.colorControl),
            ]),
        DeviceTemplate(
            key: "on-off-plug-in-unit", title: "On/Off Plug-in Unit", deviceType: .onOffPlugInUnit,
            productName: "mhub Smart Plug",
            clusters: [identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.onOff)]),
        DeviceTemplate(
            key: "contact-sensor", title: "Contact Sensor", deviceType: .contactSensor,
            productName: "mhub Contact Sensor",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.booleanState)]),
        DeviceTemplate(
            key: "temperature-sensor", title: "Temperature Sensor", deviceType: .temperatureSensor,
            productName: "mhub Temperature Sensor",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.temperatureMeasurement)]),
        DeviceTemplate(
            key: "occupancy-sensor", title: "Occupancy Sensor", deviceType: .occupancySensor,
            productName: "mhub Occupancy Sensor",
            // Binding: an occupancy sensor switches lights on directly (`set_node_binding`), as a Matter motion sensor
            // bound to a light does.
            clusters: [identify(.visibleIndicator), ClusterTemplate(.occupancySensing), ClusterTemplate(.binding)]),
        DeviceTemplate(
            key: "door-lock", title: "Door Lock", deviceType: .doorLock, productName: "mhub Door Lock",
            clusters: [identify(.audibleBeep), ClusterTemplate(.doorLock)]),
        DeviceTemplate(
            key: "thermostat", title: "Thermostat", deviceType: .thermostat, productName: "mhub Thermostat",
            clusters: [identify(.display), ClusterTemplate(.groups), ClusterTemplate(.thermostat)]),
        DeviceTemplate(
            key: "window-covering", title: "Window Covering", deviceType: .windowCovering,
            productName: "mhub Roller Shade",
            clusters: [identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.windowCovering)]),
    ]

    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The template called `key`.
    public static func named(_ key: String) -> DeviceTemplate? {
        byKey[key]
    }
}

/// Identify's IdentifyTypeEnum (CHIP SDK `data_model/1.4/clusters/Identify.xml`).
private enum IdentifyType: UInt64 {
    case lightOutput = 1
    case visibleIndicator = 2
    case audibleBeep = 3
    case display = 4
    case actuator = 5
}

/// An Identify server announcing `type`.
private func identify(_ type: IdentifyType) -> ClusterTemplate {
    ClusterTemplate(.identify, overrides: [0x0001: .unsigned(type.rawValue)])
}
