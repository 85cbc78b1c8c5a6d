import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel

@testable import MHubHub

/// Drives a `Hub` as its I/O owner would, with a manual clock and recorded outcomes.
struct HubHarness {
    var hub: Hub
    var now: Timestamp = 1_800_000_000_000
    var nextMessage = 0
    var committed: [StoreChange] = []

    static let admin = ClientInfo(connectionID: 1, principal: Principal("uid:0"), scope: .admin, peer: "unix uid 0 #1")
    static let other = ClientInfo(connectionID: 2, principal: Principal("loopback"), scope: .admin, peer: "ws other")
    static let reader = ClientInfo(connectionID: 3, principal: Principal("viewer"), scope: .read, peer: "ws viewer")

    /// A hub with `devices` declared; with `networks`, the home's Wi-Fi and Thread networks are set, so that any
    /// device commissions (the tests of `network_setup` and the protocol document start without them).
    init(
        devices: [SimulatedDeviceDeclaration] = HubHarness.defaultDevices, networks: Bool = true,
        configure: (inout DaemonConfiguration) -> Void = { _ in }
    ) {
        var configuration = DaemonConfiguration()
        configuration.simulatedDevices = devices
        configure(&configuration)
        let settings = HubSettings(configuration)
        var (state, changes) = Hub.initialState(settings: settings, random: .seeded(42))
        if networks {
            state.preferences.wifi = WiFiCredentials(ssid: "Test Wi-Fi", credentials: "correct horse")
            state.preferences.threadDataset = try! ThreadDataset.parse(hex: Self.threadDataset).get()
            changes.append(.savePreferences(state.preferences))
        }
        hub = Hub(state: state, settings: settings, random: .seeded(43))
        committed = changes
    }

    /// An Active Operational Dataset (OpenThread's `dataset init new` form; network "OpenThreadDemo").
    static let threadDataset =
        "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
        + "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8"

    static let defaultDevices: [SimulatedDeviceDeclaration] = {
        // On Ethernet, so that commissioning them needs no network credentials (those tests set their own).
        var light = SimulatedDeviceDeclaration(template: "on-off-light", discriminator: 1234, passcode: 20_202_021)
        light.name = "Lamp"
        light.network = "ethernet"
        var sensor = SimulatedDeviceDeclaration(template: "contact-sensor", discriminator: 3000, passcode: 34_567_890)
        sensor.network = "ethernet"
        return [light, sensor]
    }()

    /// The QR code of the first declared simulated device (discriminator 1234, passcode 20202021).
    static let lampQR = "MT:-24J0Q1212-10648G00"
    static let lampManual = "10054912339"

    @discardableResult
    mutating func send(_ command: String, _ args: JSONValue? = nil, as client: ClientInfo = admin) -> HubOutcome {
        nextMessage += 1
        let outcome = hub.handle(
            HubRequest(messageID: .string(String(nextMessage)), command: command, args: args), from: client, now: now)
        committed += outcome.changes
        return outcome
    }

    /// The result of a request that must succeed immediately.
    mutating func ok(_ command: String, _ args: JSONValue? = nil, as client: ClientInfo = admin) -> JSONValue {
        let outcome = send(command, args, as: client)
        let mine = outcome.replies.filter { $0.connectionID == client.connectionID }
        guard let reply = mine.last, case .success(let value) = reply.result else {
            fatalError("\(command) did not succeed: \(outcome.replies)")
        }
        return value
    }

    /// The error code of a request that must fail immediately.
    mutating func error(_ command: String, _ args: JSONValue? = nil, as client: ClientInfo = admin) -> HubError? {
        let outcome = send(command, args, as: client)
        guard let reply = outcome.replies.last(where: { $0.connectionID == client.connectionID }),
            case .failure(let error) = reply.result
        else { return nil }
        return error
    }

    mutating func advance(by milliseconds: Int64) -> HubOutcome {
        now += milliseconds
        let outcome = hub.tick(now: now)
        committed += outcome.changes
        return outcome
    }

    mutating func disconnect(_ client: ClientInfo) -> HubOutcome {
        let outcome = hub.clientDisconnected(client.connectionID, now: now)
        committed += outcome.changes
        return outcome
    }
}

extension HubOutcome {
    var progress: [String] {
        events.filter { $0.name == "commissioning_progress" }.compactMap { event in
            guard case .string(let step)? = event.data["step"], case .string(let status)? = event.data["status"] else {
                return nil
            }
            return "\(step):\(status)"
        }
    }

    func errorCode(for connection: UInt64) -> HubError.Code? {
        guard let reply = replies.last(where: { $0.connectionID == connection }),
            case .failure(let error) = reply.result
        else { return nil }
        return error.code
    }

    func result(for connection: UInt64) -> JSONValue? {
        guard let reply = replies.last(where: { $0.connectionID == connection }),
            case .success(let value) = reply.result
        else { return nil }
        return value
    }
}
