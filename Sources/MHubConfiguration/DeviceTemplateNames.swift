/// The keys of the built-in device templates, for validating configuration before the data model loads.
///
/// `MatterDataModel.DeviceTemplates` defines the templates; a test keeps the two lists equal.
public enum DeviceTemplateNames {
    public static let all = [
        "on-off-light", "dimmable-light", "color-temperature-light", "on-off-plug-in-unit", "contact-sensor",
        "temperature-sensor", "occupancy-sensor", "door-lock", "thermostat", "window-covering",
        "extended-color-light", "dimmable-plug-in-unit", "mounted-on-off-control", "mounted-dimmable-load-control",
        "generic-switch", "generic-switch-latching", "on-off-light-switch", "dimmer-switch", "color-dimmer-switch",
        "on-off-sensor", "mode-select", "light-sensor",
        "pressure-sensor", "flow-sensor", "humidity-sensor", "air-quality-sensor", "smoke-co-alarm",
        "water-leak-detector",
        "water-freeze-detector", "rain-sensor", "fan", "air-purifier", "room-air-conditioner", "water-valve", "pump",
        "heat-pump",
        // Catalogue part 2 (issue 37), each family on its own line, in `DeviceTemplates.partTwo`'s order.
        "laundry-washer", "laundry-dryer", "dishwasher",
        "refrigerator", "temperature-controlled-cabinet", "cooktop", "extractor-hood", "oven", "microwave-oven",
        "robotic-vacuum-cleaner",
        "evse", "water-heater", "device-energy-management", "electrical-sensor", "solar-power", "battery-storage",
        "speaker", "basic-video-player", "casting-video-player", "casting-video-client", "video-remote-control",
        "door-lock-controller", "window-covering-controller", "pump-controller", "control-bridge",
        "network-infrastructure-manager",
    ]
}
