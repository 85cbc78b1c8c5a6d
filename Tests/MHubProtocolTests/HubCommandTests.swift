import MHubJSON
import Testing

@testable import MHubProtocol

@Suite struct HubCommandTests {
    @Test func namesAreUniqueSnakeCaseAndRoundTrip() {
        let names = HubCommand.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for command in HubCommand.allCases {
            #expect(HubCommand(rawValue: command.rawValue) == command)
            #expect(command.rawValue.allSatisfy { $0 == "_" || $0.isLowercase })
        }
        #expect(HubCommand(rawValue: "no_such_command") == nil)
        for command in HubCommand.allCases {
            #expect(HubCommand.named(command.rawValue) == command)
        }
        #expect(HubCommand.named("no_such_command") == nil)
        #expect(HubCommand.named("Server_Info") == nil)
    }

    @Test func queriesAreTheCommandsThatOnlyRead() {
        let queries = Set(HubCommand.allCases.filter(\.isQuery).map(\.rawValue))
        // Every get_ command but get_rooms (naming an app group joins it), and the reads of nodes and status.
        #expect(
            queries == [
                "server_info", "diagnostics", "get_nodes", "get_node", "get_devices", "get_structures", "get_session",
                "get_simulated_devices", "get_faults", "get_templates", "get_status", "get_notifications",
                "get_commissioning_window", "get_advertising", "get_fabrics", "get_attestation", "get_udc_requests",
                "ping_node", "get_node_ip_addresses", "discover", "get_permissions", "get_clock", "get_scenario",
                "export_scenario", "get_vendor_names", "check_node_update", "get_homekit",
            ])
        for command in [HubCommand.startListening, .readAttribute, .getRooms, .enableNotification, .interviewNode] {
            #expect(!command.isQuery, "\(command)")
        }
    }

    @Test func theOHFServersCommandsAreMarkedAndNeedNoMoreThanCommission() {
        let ohf = Set(HubCommand.allCases.filter(\.isOHF).map(\.rawValue))
        // python-matter-server 8.1.2's APICommand values, and the credentials' removal matter-python-client 1.6.1
        // sends; open_commissioning_window is the OHF server's too, but mhub's own form (the hub's window) answers
        // with mhub's codes.
        #expect(
            ohf == [
                "start_listening", "server_info", "diagnostics", "get_nodes", "get_node", "commission_with_code",
                "commission_on_network", "device_command", "read_attribute", "write_attribute", "remove_node",
                "interview_node", "ping_node", "discover", "get_node_ip_addresses", "import_test_node",
                "set_default_fabric_label", "get_vendor_names", "set_wifi_credentials", "set_thread_dataset",
                "remove_wifi_credentials", "remove_thread_dataset", "check_node_update", "update_node",
                "set_acl_entry", "set_node_binding",
            ])
        // import_test_node makes nodes from a dump, as add_simulated_device makes devices: admin.
        #expect(HubCommand.importTestNode.scope == .admin)
        for command in HubCommand.allCases where command.isOHF && command != .importTestNode {
            #expect(command.scope <= .commission, "\(command)")
        }
        #expect(HubCommand.reset.scope == .admin)
        #expect(HubCommand.getNodes.scope == .read)
    }

    @Test func errorCodesHaveUniqueNamesAndOnlyTheOHFRangeIsOHF() {
        let names = HubErrorCode.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(HubErrorCode.sessionBusy.rawValue == 202)
        #expect(HubErrorCode.sessionBusy.name == "SessionBusy")
        #expect(HubErrorCode.allCases.filter(\.isOHF).map(\.rawValue) == Array(0...11))
    }
}
