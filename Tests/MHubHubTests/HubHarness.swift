import MHubCore
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

    init(
        devices: [SimulatedDeviceDeclaration] = HubHarness.defaultDevices,
        configure: (inout DaemonConfiguration) -> Void = { _ in }
    ) {
        var configuration = DaemonConfiguration()
        configuration.simulatedDevices = devices
        configure(&configuration)
        let settings = HubSettings(configuration)
        let (state, changes) = Hub.initialState(settings: settings, random: .seeded(42))
        hub = Hub(state: state, settings: settings, random: .seeded(43))
        committed = changes
    }

    static let defaultDevices: [SimulatedDeviceDeclaration] = {
        var light = SimulatedDeviceDeclaration(template: "on-off-light", discriminator: 1234, passcode: 20_202_021)
        light.name = "Lamp"
        let sensor = SimulatedDeviceDeclaration(template: "contact-sensor", discriminator: 3000, passcode: 34_567_890)
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
