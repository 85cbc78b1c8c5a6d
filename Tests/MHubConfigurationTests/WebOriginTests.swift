import MHubJSON
import MHubProtocol
import Testing

@testable import MHubConfiguration

@Suite struct WebOriginTests {
    @Test func originsAreComparedInTheirSerializedForm() {
        #expect(WebOrigin("HTTP://LocalHost:80") == WebOrigin("http://localhost"))
        #expect(WebOrigin("https://example.com:443")?.serialized == "https://example.com")
        #expect(WebOrigin("http://[::1]:5580")?.serialized == "http://[::1]:5580")
        #expect(WebOrigin("http://127.0.0.1:5580")?.port == 5580)
        for bad in ["null", "localhost:3000", "http://", "http://host/path", "http://user@host", "http://host:99999"] {
            #expect(WebOrigin(bad) == nil, "\(bad)")
        }
    }

    @Test func theHubsOwnOriginMatchesItsHostHeaderAndOnlyLiteralsCount() {
        let own = WebOrigin("http://127.0.0.1:5580")!
        #expect(own.isSameHost(asHostHeader: "127.0.0.1:5580"))
        #expect(!own.isSameHost(asHostHeader: "127.0.0.1:5581"))
        #expect(WebOrigin("http://localhost")!.isSameHost(asHostHeader: "LOCALHOST:80"))
        #expect(own.hostIsLiteralOrLocalhost)
        #expect(WebOrigin("http://[::1]:5580")!.hostIsLiteralOrLocalhost)
        #expect(!WebOrigin("http://rebound.example:5580")!.hostIsLiteralOrLocalhost)
        #expect(!WebOrigin("http://1.2.3.4.example")!.hostIsLiteralOrLocalhost)
    }

    @Test func textFromTheNetworkCannotForgeLogLines() {
        #expect(logSafe("lamp\nmhubd: fake line") == "lamp\\nmhubd: fake line")
        #expect(logSafe("\u{1B}[31mred") == "\\u{1b}[31mred")
        #expect(logSafe("say \"hi\" \\ bye") == "say \\\"hi\\\" \\\\ bye")
        #expect(logSafe(String(repeating: "x", count: 200), limit: 5) == "xxxxx…")
        #expect(logSafe("Küche 💡") == "Küche 💡")
    }

    @Test func defaultPathsFollowTheServiceManagerThenTheUser() {
        let root = DefaultPaths(environment: [:], effectiveUserID: 0, home: "/root")
        #expect(root.socketPath == "/run/mhubd/mhubd.sock" && root.stateDirectory == "/var/lib/mhubd")
        let service = DefaultPaths(
            environment: ["RUNTIME_DIRECTORY": "/run/mhubd:/run/other", "STATE_DIRECTORY": "/var/lib/mhubd"],
            effectiveUserID: 999, home: "/nonexistent")
        #expect(service.socketPath == "/run/mhubd/mhubd.sock" && service.stateDirectory == "/var/lib/mhubd")
        let user = DefaultPaths(environment: [:], effectiveUserID: 1000, home: "/home/alice")
        #expect(user.socketPath == "/tmp/mhubd-1000/mhubd.sock")
        #expect(user.stateDirectory == "/home/alice/.local/state/mhubd")
        #expect(
            DefaultPaths.adminTokenPath(stateDirectory: user.stateDirectory)
                == "/home/alice/.local/state/mhubd/admin.token")
    }
}
