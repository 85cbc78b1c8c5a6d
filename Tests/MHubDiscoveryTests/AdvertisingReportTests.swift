import MHubConfiguration
import MHubDNSSD
import MHubHub
import MHubProtocol
import MatterUDC
import Testing

@testable import MHubDiscovery

/// The report the advertiser hands the hub, what it logs as the report changes, and UDC requests.
@Suite struct AdvertisingReportTests {
    static func plan() -> AdvertisingPlan {
        var harness = PlannerHarness()
        return harness.plan()
    }

    @Test func beforeThePublisherSpeaksTheReportIsStartingAndEveryServiceWaits() {
        let report = AdvertisingReport(plan: Self.plan(), status: nil, interfaces: [])
        #expect(report.state == .starting)
        #expect(report.services.map(\.role) == ["commissioner", "operational", "border_agent"])
        #expect(report.services.allSatisfy { $0.state == .waiting && $0.nameInUse == $0.name })
        #expect(report.services[2].txt.first == "id=MHUB-BORDER-AGEN")
        #expect(report.services[2].txt[2] == "sb=0x00000630")
    }

    @Test func thePublishersStatusGivesStatesAndNamesInUse() throws {
        let plan = Self.plan()
        let operational = try #require(plan.service(.operational(fabricIndex: 1)))
        let commissioner = try #require(plan.service(.commissioner))
        let status = AvahiPublisherStatus(
            daemon: .running,
            services: [
                .init(service: commissioner, nameInUse: commissioner.instanceName + " #2", state: .established),
                .init(service: operational, nameInUse: operational.instanceName, state: .collision),
            ])
        let report = AdvertisingReport(
            plan: plan, status: status, interfaces: ["lo"], problems: ["dns_sd.interfaces: no interface named \"x\""])
        #expect(report.state == .running)
        #expect(report.interfaces == ["lo"])
        #expect(report.services.map(\.state) == [.established, .collision, .waiting])
        #expect(report.services[0].nameInUse == commissioner.instanceName + " #2")
        #expect(report.problems == ["dns_sd.interfaces: no interface named \"x\""])
        #expect(report.summary == "advertising: 1 of 3 services established, 1 name collision")
        let unavailable = AdvertisingReport(
            plan: plan, status: AvahiPublisherStatus(daemon: .unavailable, services: []), interfaces: [])
        #expect(unavailable.state == .unavailable)
        #expect(
            unavailable.summary
                == "advertising unavailable: avahi-daemon is not running; mhubd publishes as soon as it appears")
    }

    @Test func theLogSaysWhatChanged() {
        let service = AdvertisingReport.Service(
            role: "commissioner", type: "_matterd._udp", name: "A", nameInUse: "A", state: .waiting, port: 5550,
            txt: [], subtypes: [])
        let starting = AdvertisingReport(state: .starting, services: [service])
        let unavailable = AdvertisingReport(state: .unavailable, services: [service])
        #expect(
            AdvertisingLog.lines(from: starting, to: unavailable)
                == [.init(.warning, unavailable.summary)])

        var established = service
        established.state = .established
        let running = AdvertisingReport(state: .running, services: [established])
        #expect(
            AdvertisingLog.lines(from: unavailable, to: running) == [
                .init(.notice, "advertising through avahi-daemon on every interface: 1 services"),
                .init(.info, "advertised A._matterd._udp port 5550 (commissioner)"),
            ])

        var renamed = established
        renamed.nameInUse = "A #2"
        #expect(
            AdvertisingLog.lines(from: running, to: AdvertisingReport(state: .running, services: [renamed])).map(
                \.level)
                == [.info, .warning])

        var collided = established
        collided.state = .collision
        let lines = AdvertisingLog.lines(from: running, to: AdvertisingReport(state: .running, services: [collided]))
        #expect(lines.map(\.level) == [.error])
        #expect(lines.first?.message.hasPrefix("A._matterd._udp is taken by another node") == true)

        let withdrawn = AdvertisingLog.lines(
            from: running, to: AdvertisingReport(state: .running, problems: ["thread: bad"]))
        #expect(withdrawn == [.init(.error, "advertising: thread: bad"), .init(.info, "withdrew A._matterd._udp")])
        #expect(AdvertisingLog.lines(from: running, to: running).isEmpty)
    }

    @Test func aDeclarationBecomesARequest() {
        var declaration = IdentificationDeclaration(instanceName: "ABCDEF0123456789")
        declaration.vendorID = 0xFFF1
        declaration.productID = 0x8001
        declaration.deviceName = "TV"
        declaration.commissionerDeclarationPort = 5560
        declaration.targetApps = [.init(vendorID: 0x1234, productID: 5), .init(vendorID: 0x4321)]
        declaration.noPasscode = true
        declaration.cancelPasscode = true
        declaration.rotatingID = [0x0A, 0xBC]
        let request = UDCRequest(declaration, source: "127.0.0.1:5541", receivedAt: 1000)
        #expect(request.instanceName == "ABCDEF0123456789" && request.vendorID == 0xFFF1)
        #expect(request.flags == [.noPasscode, .cancelPasscode])
        #expect(
            request.targetApps == [.init(vendorID: 0x1234, productID: 5), .init(vendorID: 0x4321, productID: 0)])
        #expect(request.info.rotatingID == "0ABC")
        #expect(request.count == 1 && request.receivedAt == 1000 && request.lastReceivedAt == 1000)
        #expect(
            request.logDescription
                == "instance ABCDEF0123456789, vendor 65521, product 32769, name \"TV\", CD port 5560")
    }
}
