import DNSSDPeerSupport
import Foundation
import MHubDNSSD
import MHubJSON
import Testing

/// Two mhubd on one network claiming the same names: the Border Agent name takes Avahi's alternative, the
/// operational name (fixed by the spec) is reported as a collision and taken once it is free.
extension AdvertisingPeerTests {
    @Test func aSecondHubOnTheSameFabricAndThreadNameCollides() throws {
        let first = try AdvertisedHub()
        try first.daemon.start()
        try first.commission()
        _ = first.daemon.stop()
        // The second hub starts from a copy of the first one's state: the same fabric it joined, hence the same
        // operational name. Identical records are no conflict, so it serves other ports.
        let sharedThread: [String: JSONValue] = [
            "instance_name": .string("mhub it \(first.suffix)"),
            "extended_address": .string(first.extendedAddress.map { hex($0) }.joined()),
        ]
        let second = try AdvertisedHub(thread: sharedThread.merging(["port": 49153]) { $1 })
        second.daemon.extraConfiguration["matter"] = ["port": 5541]
        let files = try FileManager.default.contentsOfDirectory(atPath: first.daemon.directory.path + "/state")
        let target = second.daemon.directory.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(
                atPath: first.daemon.directory.path + "/state/" + file, toPath: target.path + "/" + file)
        }
        try first.daemon.start()
        defer { first.daemon.stop() }
        #expect(first.waitUntil(within: 10, ["operational": "established", "border_agent": "established"]))
        let operational = try first.operationalName()

        try second.daemon.start()
        defer { second.daemon.stop() }
        #expect(try second.operationalName() == operational)
        #expect(
            second.waitUntil(within: 10, ["operational": "collision", "border_agent": "established"]),
            "\(second.reportText)")
        // Avahi's rule, not always " #2": the name ends in " #<last two bytes of the extended address>", and
        // when those four hex digits are all decimal ("#3630") Avahi counts on from them ("#3631").
        let alternative = try #require(AvahiServiceName.alternative(to: first.borderAgentName))
        #expect(try second.advertised("border_agent")?["name_in_use"] == .string(alternative))
        #expect(try second.advertised("operational")?["name_in_use"] == .string(operational))
        #expect(second.daemon.log.contains("\(operational)._matter._tcp is taken by another node"))
        #expect(second.daemon.log.contains("advertised as \"\(alternative)\""))
        #expect(
            try second.call("get_status")["advertising"]?["summary"]
                == "advertising: 2 of 3 services established, 1 name collision")
        #expect(first.waitUntil(within: 1, ["operational": "established", "border_agent": "established"]))

        let meshcop = try AvahiBrowse.resolve("_meshcop._udp").filter { $0.interface == "lo" }
        #expect(Set(meshcop.map(\.name)).isSuperset(of: [first.borderAgentName, alternative]))
        #expect(meshcop.first { $0.name == alternative }?.port == 49153)
        let matter = try AvahiBrowse.resolve("_matter._tcp").filter { $0.name == operational && $0.interface == "lo" }
        #expect(!matter.isEmpty && matter.allSatisfy { $0.port == first.matterPort }, "only the first hub's record")
        if try ZeroconfPeer.require() {
            let browsed = try ZeroconfPeer.browse(
                ["_meshcop._udp"], expecting: [("_meshcop._udp", alternative)], seconds: 10, interface: "127.0.0.1")
            #expect(browsed["_meshcop._udp"]?.first { $0.name == alternative }?.port == 49153)
        }

        // The first hub leaves: the second takes the operational name at its next try.
        first.daemon.stop()
        #expect(second.waitUntil(within: 20, ["operational": "established"]), "\(second.reportText)")
        #expect(
            eventually(within: 5) {
                (try? AvahiBrowse.resolve("_matter._tcp"))?.contains {
                    $0.name == operational && $0.interface == "lo" && $0.port == 5541
                } == true
            })
    }
}
