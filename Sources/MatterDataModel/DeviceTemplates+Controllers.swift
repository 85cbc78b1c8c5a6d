extension DeviceTemplates {
    /// The controllers of Matter 1.4 that part 1 did not have (issue 37): each a battery remote with its Identify
    /// server, the client clusters its device type requires (Device Library 1.4: Door Lock Controller 5.2, Window
    /// Covering Controller 8.4, Pump Controller 6.7, Control Bridge 6.4) and a Binding to say what it commands, as the
    /// light switches of part 1 have (`controller(...)`).
    static let controllers: [DeviceTemplate] = [
        controller(
            key: "door-lock-controller", title: "Door Lock Controller", type: .doorLockController,
            product: "mhub Lock Keypad", clients: [0x0101]),
        controller(
            key: "window-covering-controller", title: "Window Covering Controller",
            type: .windowCoveringController, product: "mhub Blind Remote", clients: [0x0004, 0x0102]),
        controller(
            key: "pump-controller", title: "Pump Controller", type: .pumpController, product: "mhub Pump Controller",
            clients: [0x0006, 0x0200]),
        controller(
            key: "control-bridge", title: "Control Bridge", type: .controlBridge, product: "mhub Scene Controller",
            clients: [0x0004, 0x0006, 0x0008, 0x0300]),
    ]
}
