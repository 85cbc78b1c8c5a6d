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
            let report = try HubCommands.send(hub, GetAdvertising())
            if json { return HubCommands.print(report, console) }
            console.write(describeAdvertising(report))
        case ["hub", "udc"]:
            let requests = try HubCommands.send(hub, GetUDCRequests())
            if json { return HubCommands.print(requests, console) }
            console.write(describeRequests(requests))
        default:
            return nil
        }
        return 0
    }

    /// The summary, then one row per service; a name taken by another host shows the name asked for too.
    static func describeAdvertising(_ report: AdvertisingReport) -> String {
        let interfaces = report.interfaces
        var text =
            "\(report.summary) (interfaces: \(interfaces.isEmpty ? "all" : interfaces.joined(separator: ", ")))\n"
        guard !report.services.isEmpty else { return text + problems(report) }
        var table = TextTable("SERVICE", "ROLE", "STATE", "NAME", "PORT", "SUBTYPES", "TXT")
        for service in report.services {
            var name = service.nameInUse
            if service.nameInUse != service.name {
                name += " (asked: \(service.name))"
            }
            table.add(
                service.type, service.role, service.state.rawValue, name, String(service.port),
                service.subtypes.isEmpty ? "-" : service.subtypes.joined(separator: " "),
                service.txt.joined(separator: " "))
        }
        text += table.rendered
        return text + problems(report)
    }

    static func describeRequests(_ requests: [UDCRequestInfo]) -> String {
        guard !requests.isEmpty else { return "no User Directed Commissioning requests\n" }
        func t(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "-" }
        var table = TextTable("INSTANCE", "VENDOR", "PRODUCT", "NAME", "DEVICE TYPE", "FROM", "RECEIVED", "COPIES")
        for request in requests {
            table.add(
                request.instanceName, t(request.vendorID), t(request.productID), t(request.deviceName),
                t(request.deviceType), request.source, request.receivedAt, String(request.count))
        }
        return table.rendered
    }

    private static func problems(_ report: AdvertisingReport) -> String {
        guard !report.problems.isEmpty else { return "" }
        return "problems:\n" + report.problems.map { "  \($0)\n" }.joined()
    }
}
