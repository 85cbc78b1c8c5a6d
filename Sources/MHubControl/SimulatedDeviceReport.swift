import MHubProtocol
import MHubQRCode

/// What `mhubctl sim` prints for people: a device's codes and, for a device on the network, its own Matter node.
enum SimulatedDeviceReport {
    /// `sim add`: the new device's codes (and its node, when it is on the network), then its QR code.
    static func added(_ device: SimulatedDeviceInfo, qr: Bool, ansiColors: Bool) -> String {
        var text = "simulated device \(device.id): \(device.name) (\(device.template))\n" + codes(device)
        if let node = device.matterNode { text += matterNode(node, fabrics: false) }
        if qr { text += drawn(device.qrCode, ansiColors: ansiColors) }
        return text
    }

    /// `sim show`: who it is, its codes, its own node with its fabrics, and its QR code while it is commissionable.
    static func shown(_ device: SimulatedDeviceInfo, qr: Bool, ansiColors: Bool) -> String {
        var text = "simulated device \(device.id): \(device.name) (\(device.template))\n"
        text += line("Vendor", hex(device.vendorID)) + line("Product", hex(device.productID))
        if !device.serialNumber.isEmpty { text += line("Serial", device.serialNumber) }
        text += line("Network", device.network.isEmpty ? "-" : device.network)
        text += line("State", device.nodeID.map { "node \($0) in the hub's home" } ?? "commissionable by mhub")
        if !device.reachable { text += line("Reachable", "no (device_unreachable fault)") }
        text += line("Firmware", "\(device.firmware.softwareVersionString) (\(device.firmware.softwareVersion))")
        text += codes(device)
        if let node = device.matterNode { text += matterNode(node, fabrics: true) }
        let open = device.matterNode.map(\.commissioningWindowOpen) ?? device.commissionable
        if qr && open { text += drawn(device.qrCode, ansiColors: ansiColors) }
        return text
    }

    /// `sim list`: one row a device; ON NETWORK names the UDP port of a device's own node.
    static func table(_ devices: [SimulatedDeviceInfo]) -> String {
        var table = TextTable("ID", "NAME", "TEMPLATE", "NETWORK", "ON NETWORK", "DISCR", "MANUAL CODE", "STATE")
        for device in devices {
            let state = device.commissionable ? "commissionable" : "node \(device.nodeID.map(String.init) ?? "-")"
            let onNetwork = device.matterNode.map { node in node.port.map { "udp \($0)" } ?? "not listening" } ?? "-"
            table.add(
                String(device.id), device.name, device.template, device.network, onNetwork,
                String(device.discriminator), device.manualCodeGrouped, state)
        }
        return table.rendered
    }

    /// `sim templates`: by category, in the order the hub lists them (Lighting first, the bridge last); a composed
    /// device's DEVICE TYPE names its parts' after a `+` (`0x70 + 0x71 0x71`).
    static func templates(_ templates: [DeviceTemplateInfo]) -> String {
        var table = TextTable("CATEGORY", "TEMPLATE", "TITLE", "DEVICE TYPE")
        var categories: [String] = []
        for template in templates where !categories.contains(template.category) {
            categories.append(template.category)
        }
        for category in categories {
            for template in templates where template.category == category {
                let parts = template.partDeviceTypes.map(hex).joined(separator: " ")
                table.add(
                    category, template.key, template.title,
                    hex(template.deviceType) + (parts.isEmpty ? "" : " + \(parts)"))
            }
        }
        return table.rendered
    }

    /// Why a device's own window is closed, as people read it.
    static func windowState(_ node: DeviceMatterNodeInfo) -> String {
        if node.commissioningWindowOpen { return "open" }
        if let problem = node.problem { return "closed: \(problem)" }
        if node.port == nil { return "closed: its node is not listening yet" }
        let fabrics = node.fabrics.filter(\.committed).count
        if fabrics > 0 { return "closed: it is on \(fabrics == 1 ? "a fabric" : "\(fabrics) fabrics")" }
        return "closed"
    }

    private static func codes(_ device: SimulatedDeviceInfo) -> String {
        line("QR code", device.qrCode) + line("Manual code", device.manualCodeGrouped)
            + line("Discriminator", String(device.discriminator)) + line("Passcode", String(device.passcode))
    }

    private static func matterNode(_ node: DeviceMatterNodeInfo, fabrics: Bool) -> String {
        var text = line("Matter node", "\(node.nodeID) (its state: mhubctl device read \(node.nodeID) PATH)")
        text += line("UDP port", node.port.map(String.init) ?? "- (not listening)")
        text += line("Window", windowState(node))
        guard fabrics else { return text }
        text += line("Sessions", String(node.sessions))
        guard !node.fabrics.isEmpty else { return text + line("Fabrics", "none") }
        var table = TextTable("FABRIC", "VENDOR", "FABRIC ID", "NODE ID", "LABEL", "STATE")
        for fabric in node.fabrics {
            table.add(
                String(fabric.fabricIndex), hex(fabric.vendorID), fabric.fabricID, fabric.nodeID,
                fabric.label.isEmpty ? "-" : fabric.label, fabric.committed ? "commissioned" : "under the fail-safe")
        }
        return text + "\n" + table.rendered
    }

    private static func drawn(_ payload: String, ansiColors: Bool) -> String {
        guard let matrix = QRCodeMatrix.encode(payload) else { return "" }
        return "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: ansiColors)
    }

    private static func line(_ label: String, _ value: String) -> String {
        label + String(repeating: " ", count: max(1, 15 - label.count)) + value + "\n"
    }

    private static func hex(_ value: some BinaryInteger) -> String {
        "0x" + String(value, radix: 16, uppercase: true)
    }
}
