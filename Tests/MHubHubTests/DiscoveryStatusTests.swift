import MHubConfiguration
import MHubProtocol
import Testing

@testable import MHubHub

/// What the hub keeps of its advertising and of User Directed Commissioning requests, and how it shows
/// them (`get_advertising`, `get_udc_requests`, `get_status`).
@Suite struct DiscoveryStatusTests {
    static let report = AdvertisingReport(
        state: .running, interfaces: ["lo"],
        services: [
            AdvertisingReport.Service(
                role: "commissioner", type: "_matterd._udp", name: "0123456789ABCDEF",
                nameInUse: "0123456789ABCDEF", state: .established, port: 5550,
                txt: ["VP=65521+32769", "DT=14", "DN=mhub", "T=4"], subtypes: ["_V65521", "_T14"]),
            AdvertisingReport.Service(
                role: "operational", type: "_matter._tcp", name: "87E1B004E235A130-000000000001B669",
                nameInUse: "87E1B004E235A130-000000000001B669", state: .collision, port: 5540, txt: ["T=4"],
                subtypes: ["_I87E1B004E235A130"]),
        ])

    @Test func aHubWithoutAnAdvertiserSaysAdvertisingIsDisabled() {
        var harness = HubHarness()
        #expect(harness.ok("get_advertising")["state"] == "disabled")
        #expect(harness.ok("get_status")["advertising"]?["summary"] == "advertising disabled")
    }

    @Test func theAdvertisersReportIsShownAsItIs() {
        var harness = HubHarness()
        #expect(harness.hub.advertisingChanged(Self.report).events.isEmpty)
        let shown = harness.ok("get_advertising", as: HubHarness.reader)
        #expect(shown["state"] == "running")
        #expect(shown["summary"] == "advertising: 1 of 2 services established, 1 name collision")
        #expect(shown["interfaces"] == ["lo"])
        #expect(
            shown["services"]
                == [
                    [
                        "role": "commissioner", "type": "_matterd._udp", "name": "0123456789ABCDEF",
                        "name_in_use": "0123456789ABCDEF", "state": "established", "port": 5550,
                        "txt": ["VP=65521+32769", "DT=14", "DN=mhub", "T=4"], "subtypes": ["_V65521", "_T14"],
                    ],
                    [
                        "role": "operational", "type": "_matter._tcp", "name": "87E1B004E235A130-000000000001B669",
                        "name_in_use": "87E1B004E235A130-000000000001B669", "state": "collision", "port": 5540,
                        "txt": ["T=4"], "subtypes": ["_I87E1B004E235A130"],
                    ],
                ])
        let status = harness.ok("get_status")["advertising"]
        #expect(
            status == ["state": "running", "summary": .string(Self.report.summary), "services": 2, "established": 1])
    }

    @Test func unavailableAdvertisingSaysSoInTheStatus() {
        var harness = HubHarness()
        _ = harness.hub.advertisingChanged(AdvertisingReport(state: .unavailable))
        #expect(
            harness.ok("get_status")["advertising"]?["summary"]
                == "advertising unavailable: avahi-daemon is not running; mhubd publishes as soon as it appears")
    }

    @Test func aUDCRequestIsToldOnceAndItsCopiesCounted() {
        var harness = HubHarness()
        _ = harness.ok("start_listening")
        var request = UDCRequest(instanceName: "ABCDEF0123456789", source: "127.0.0.1:5541", receivedAt: harness.now)
        request.vendorID = 0xFFF1
        request.deviceName = "TV"
        request.flags = [.noPasscode]
        let first = harness.hub.udcRequestReceived(request, now: harness.now)
        #expect(first.events.map(\.name) == ["udc_request_received"])
        #expect(first.events.first?.data["instance_name"] == "ABCDEF0123456789")
        #expect(first.events.first?.data["no_passcode"] == true)
        for copy in 1...4 {
            var repeated = request
            repeated.receivedAt = harness.now + Int64(copy) * 100
            repeated.lastReceivedAt = repeated.receivedAt
            #expect(harness.hub.udcRequestReceived(repeated, now: repeated.receivedAt).events.isEmpty)
        }
        let listed = harness.ok("get_udc_requests")
        #expect(listed.arrayCount == 1)
        guard case .array(let requests) = listed, let only = requests.first else { return }
        #expect(only["count"] == 5)
        #expect(only["vendor_id"] == 65521 && only["product_id"] == .null && only["device_name"] == "TV")
        #expect(only["source"] == "127.0.0.1:5541")

        // Later, or from elsewhere, or saying something else: a new request, listed first.
        var later = request
        later.receivedAt = harness.now + 10_000
        later.lastReceivedAt = later.receivedAt
        #expect(harness.hub.udcRequestReceived(later, now: later.receivedAt).events.count == 1)
        var other = request
        other.source = "[fe80::1%eth0]:5541"
        #expect(harness.hub.udcRequestReceived(other, now: harness.now).events.count == 1)
        guard case .array(let all) = harness.ok("get_udc_requests") else { return }
        #expect(all.map { $0["source"] } == ["[fe80::1%eth0]:5541", "127.0.0.1:5541", "127.0.0.1:5541"])
    }

    @Test func resetForgetsUDCRequestsButNotTheAdvertisingReport() {
        var harness = HubHarness()
        _ = harness.hub.advertisingChanged(Self.report)
        let request = UDCRequest(instanceName: "ABCDEF0123456789", source: "127.0.0.1:1", receivedAt: harness.now)
        _ = harness.hub.udcRequestReceived(request, now: harness.now)
        _ = harness.ok("reset")
        #expect(harness.ok("get_udc_requests") == [])
        #expect(harness.hub.run.advertising == Self.report)
    }

    @Test func onlyTheNewestRequestsAreKept() {
        var harness = HubHarness()
        for index in 0..<(CommissioningDesk.udcRequestsKept + 4) {
            let request = UDCRequest(
                instanceName: "I\(index)", source: "127.0.0.1:1", receivedAt: harness.now + Int64(index))
            _ = harness.hub.udcRequestReceived(request, now: request.receivedAt)
        }
        #expect(harness.hub.desk.udcRequests.count == CommissioningDesk.udcRequestsKept)
        guard case .array(let listed) = harness.ok("get_udc_requests") else { return }
        #expect(listed.first?["instance_name"] == .string("I\(CommissioningDesk.udcRequestsKept + 3)"))
        #expect(listed.last?["instance_name"] == "I4")
    }
}
