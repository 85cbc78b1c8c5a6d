import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl hub advertising` (`get_advertising`) and `mhubctl hub udc` (`get_udc_requests`): the hub's
/// DNS-SD records and the User Directed Commissioning requests it received (docs/dns-sd.md).
enum HubDiscoveryCommands {
    static let specs = [
        CommandSpec(
            "advertising", summary: "the DNS-SD services the hub advertises: state, name, port, TXT, subtypes",
            options: HubConnectionOptions.options),
        CommandSpec(
            "udc", summary: "User Directed Commissioning requests the hub received (newest first)",
            options: HubConnectionOptions.options),
    ]

    static func run(_ command: ParsedCommand, hub: MHubConnection, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        switch command.path {
        case ["hub", "advertising"]:
            let report = try HubCommands.call(hub, .getAdvertising)
            if json { return HubCommands.print(report, console) }
            console.write(describeAdvertising(report))
        case ["hub", "udc"]:
            let requests = try HubCommands.call(hub, .getUDCRequests)
            if json { return HubCommands.print(requests, console) }
            console.write(describeRequests(requests))
        default:
            return nil
        }
        return 0
    }

    /// The summary, then one row per service; a name taken by another host shows the name asked for too.
    static func describeAdvertising(_ report: JSONValue) -> String {
        let t = HubCommands.text
        let interfaces = strings(report["interfaces"])
        var text =
            "\(t(report["summary"])) (interfaces: \(interfaces.isEmpty ? "all" : interfaces.joined(separator: ", ")))\n"
        guard case .array(let services)? = report["services"], !services.isEmpty else {
            return text + problems(report)
        }
        var table = TextTable("SERVICE", "ROLE", "STATE", "NAME", "PORT", "SUBTYPES", "TXT")
        for service in services {
            var name = t(service["name_in_use"])
            if service["name_in_use"] != service["name"] {
                name += " (asked: \(t(service["name"])))"
            }
            let subtypes = strings(service["subtypes"])
            table.add(
                t(service["type"]), t(service["role"]), t(service["state"]), name, t(service["port"]),
                subtypes.isEmpty ? "-" : subtypes.joined(separator: " "), strings(service["txt"]).joined(separator: " ")
            )
        }
        text += table.rendered
        return text + problems(report)
    }

    static func describeRequests(_ requests: JSONValue) -> String {
        guard case .array(let list) = requests, !list.isEmpty else {
            return "no User Directed Commissioning requests\n"
        }
        let t = HubCommands.text
        var table = TextTable("INSTANCE", "VENDOR", "PRODUCT", "NAME", "DEVICE TYPE", "FROM", "RECEIVED", "COPIES")
        for request in list {
            table.add(
                t(request["instance_name"]), t(request["vendor_id"]), t(request["product_id"]),
                t(request["device_name"]), t(request["device_type"]), t(request["source"]),
                t(request["received_at"]), t(request["count"]))
        }
        return table.rendered
    }

    private static func problems(_ report: JSONValue) -> String {
        let problems = strings(report["problems"])
        guard !problems.isEmpty else { return "" }
        return "problems:\n" + problems.map { "  \($0)\n" }.joined()
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.map { HubCommands.text($0) }
    }
}
