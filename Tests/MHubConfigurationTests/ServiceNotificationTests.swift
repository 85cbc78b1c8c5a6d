import Testing

@testable import MHubConfiguration

/// The sd_notify(3) messages, the `$NOTIFY_SOCKET` address forms and `$WATCHDOG_USEC`.
@Suite struct ServiceNotificationTests {
    @Test func oneDatagramCarriesOneLinePerNotificationInOrder() {
        #expect(
            ServiceNotification.datagram([.ready, .status("serving 1 node")]) == "READY=1\nSTATUS=serving 1 node\n")
        #expect(
            ServiceNotification.datagram([.reloading(monotonicMicroseconds: 123_456_789), .status("reloading")])
                == "RELOADING=1\nMONOTONIC_USEC=123456789\nSTATUS=reloading\n")
        #expect(ServiceNotification.datagram([.stopping]) == "STOPPING=1\n")
        #expect(ServiceNotification.datagram([.watchdog]) == "WATCHDOG=1\n")
    }

    @Test func aStatusCannotSmuggleAnotherAssignment() {
        #expect(ServiceNotification.status("bad\nREADY=1").line == "STATUS=bad READY=1")
        #expect(ServiceNotification.status("a\r\nb").line == "STATUS=a b")
    }

    @Test func notifySocketIsAPathOrAnAbstractName() {
        #expect(NotifySocketAddress("/run/systemd/notify") == .path("/run/systemd/notify"))
        #expect(NotifySocketAddress("/run/systemd/notify")?.socketPathBytes == Array("/run/systemd/notify".utf8))
        #expect(NotifySocketAddress("@mhub/notify") == .abstract("mhub/notify"))
        #expect(NotifySocketAddress("@mhub/notify")?.socketPathBytes == [0] + Array("mhub/notify".utf8))
        #expect(NotifySocketAddress("") == nil)
        #expect(NotifySocketAddress("@") == nil)
        #expect(NotifySocketAddress("relative/notify") == nil)
        #expect(NotifySocketAddress("vsock:2:1234") == nil)
    }

    @Test func watchdogPingsAtHalfTheTimeout() {
        let request = WatchdogRequest.parse(["WATCHDOG_USEC": "30000000"], processID: 7)
        #expect(request == WatchdogRequest(timeoutMicroseconds: 30_000_000))
        #expect(request?.pingIntervalMicroseconds == 15_000_000)
        #expect(WatchdogRequest(timeoutMicroseconds: 400_000).pingIntervalMicroseconds == 200_000)
        #expect(WatchdogRequest(timeoutMicroseconds: 10).pingIntervalMicroseconds == 1000)
    }

    @Test func watchdogOnlyForTheProcessItNames() {
        #expect(WatchdogRequest.parse(["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "7"], processID: 7) != nil)
        #expect(WatchdogRequest.parse(["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "8"], processID: 7) == nil)
        #expect(WatchdogRequest.parse(["WATCHDOG_USEC": "0"], processID: 7) == nil)
        #expect(WatchdogRequest.parse(["WATCHDOG_USEC": "soon"], processID: 7) == nil)
        #expect(WatchdogRequest.parse([:], processID: 7) == nil)
    }

    @Test func journalStreamIsDeviceColonInode() {
        #expect(JournalStream("8:306630") == JournalStream(device: 8, inode: 306_630))
        #expect(JournalStream("8") == nil)
        #expect(JournalStream("8:x") == nil)
        #expect(JournalStream("8:1:2") == nil)
        #expect(JournalStream("") == nil)
    }

    @Test func statusCountsInPlainEnglish() {
        #expect(
            ServiceStatus(nodes: 3, simulatedDevices: 2, clients: 1).text
                == "serving 3 nodes, 2 simulated devices, 1 client")
        #expect(
            ServiceStatus(nodes: 1, simulatedDevices: 0, clients: 0, session: "s1-ab").text
                == "serving 1 node, 0 simulated devices, 0 clients; commissioning session s1-ab open")
    }
}
