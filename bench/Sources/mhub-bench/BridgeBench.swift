import MHubClient
import MHubJSON
import MatterDataModel
import MatterInteraction
import MatterTestSupport

/// mhubd's bridge driven as a controller drives it: the Swift commissioner (`MatterTestSupport`) commissions the hub
/// over UDP on loopback and keeps its CASE session; one bridged light, the home's last, is read and subscribed to
/// over CASE, and read, changed and listened to over the Unix control socket, so each figure has the same
/// interaction on both paths.
final class BridgeBench {
    private var commissioner: MatterTestCommissioner
    private var transport: MatterSocketTransport
    /// The control socket (Unix) the changes are sent on.
    private let control: MHubMessagePipe
    private let unix: MHubEndpoint
    /// The light's node in the home and its On/Off attribute on the bridge.
    let node: Int64
    let onOff: AttributePath
    /// The light's On/Off as the last change left it.
    private var isOn: Bool
    private var changes = 0

    /// Commissions mhubd (listening on `unix` and Matter `port`, its commissioning window open with `passcode`) and
    /// finds the light behind the bridge's highest endpoint: the Aggregator's PartsList, that endpoint's NodeLabel,
    /// the scenario's device of that name.
    init(unix: MHubEndpoint, port: UInt16, passcode: UInt32) throws {
        self.unix = unix
        control = try MHubMessagePipe.connectWhenReady(to: unix, timeout: 60)
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: port))
        var commissioner = try MatterTestCommissioner(
            passcode: passcode, fabricID: 0xB41D, hubNodeID: 0x4E50, seed: 0xB41D)
        try commissioner.commission(over: &transport)

        let partsList = AttributePath(endpoint: 1, cluster: 0x1D, attribute: 3)
        guard case .list(let parts)? = try Self.read(partsList, &commissioner, &transport),
            let endpoint = parts.compactMap({ part -> UInt64? in if case .unsigned(let e) = part { e } else { nil } })
                .max()
        else { throw BenchFailure("the Aggregator's PartsList lists no bridged endpoint") }
        let label = AttributePath(endpoint: EndpointID(endpoint), cluster: 0x39, attribute: 5)
        guard case .string(let name)? = try Self.read(label, &commissioner, &transport),
            let index = Int(name.dropFirst("Light ".count)), BridgeHome.name(index) == name,
            case .integer(let node)? = try control.call("get_scenario")["devices"]?[BridgeHome.id(index)]?["node_id"]
        else { throw BenchFailure("the bridge's endpoint \(endpoint) is no light of the scenario") }
        let onOff = AttributePath(endpoint: EndpointID(endpoint), cluster: 6, attribute: 0)
        guard case .bool(let isOn)? = try Self.read(onOff, &commissioner, &transport) else {
            throw BenchFailure("no On/Off at \(onOff)")
        }
        self.node = node
        self.onOff = onOff
        self.isOn = isOn
        self.commissioner = commissioner
        self.transport = transport
    }

    deinit {
        control.close()
    }

    private static func read(
        _ path: AttributePath, _ commissioner: inout MatterTestCommissioner, _ transport: inout MatterSocketTransport
    ) throws -> AttributeValue? {
        AttributeReportIB.assemble(try commissioner.read([AttributePathIB(path)], over: &transport))[path]
    }

    // MARK: reads

    /// `count` reads of the light's On/Off over CASE after `warmUp`, one at a time: each a ReadRequest on a new
    /// exchange, timed until its ReportData is decoded (and acknowledged), checked to hold the light's state.
    func readsOverCASE(count: Int, warmUp: Int) throws -> Sample {
        var sample = Sample()
        for index in 0..<(warmUp + count) {
            let start = monotonicSeconds()
            let value = try Self.read(onOff, &commissioner, &transport)
            let seconds = monotonicSeconds() - start
            guard value == .bool(isOn) else { throw BenchFailure("a read over CASE gave \(String(describing: value))") }
            if index >= warmUp { sample.append(seconds) }
        }
        return sample
    }

    /// The same reads as `read_attribute` on a new connection to the control socket, each sent when the last
    /// reply arrived.
    func readsOverControlSocket(count: Int, warmUp: Int) throws -> Sample {
        let node = self.node
        return try measureRoundTrips(unix, count: count, warmUp: warmUp) { index in
            #"{"message_id":"read-\#(index)","command":"read_attribute","args":{"node_id":\#(node),"attribute_path":"1/6/0"}}"#
        }.latencies
    }

    // MARK: changes and their reports

    /// `count` changes after `warmUp` heard by a listener of the control socket (`start_listening` on a new
    /// connection): each timed until its `attribute_updated` for the light has arrived.
    func reportsOverControlSocket(count: Int, warmUp: Int) throws -> Sample {
        let listener = try MHubMessagePipe.connectWhenReady(to: unix, timeout: 30)
        defer { listener.close() }
        // Its reply holds the whole home.
        try listener.call("start_listening", id: "listen")
        let node = self.node
        return try changes(count: count, warmUp: warmUp) { isOn in
            while true {
                for text in try listener.receive() {
                    guard let message = try? JSONParser(maximumBytes: 1 << 20).parse(text),
                        message["event"] == .string("attribute_updated"),
                        message["data"] == .array([.integer(node), .string("1/6/0"), .bool(isOn)])
                    else { continue }
                    return
                }
            }
        }
    }

    /// `count` changes after `warmUp` heard by a subscription over CASE to the light's On/Off (min interval 0, max
    /// 60 s): each timed until the ReportData with the new value is decoded and answered with its StatusResponse.
    func reportsOverCASE(count: Int, warmUp: Int) throws -> Sample {
        let (priming, _) = try commissioner.subscribe(
            SubscribeRequestMessage(
                minIntervalFloorSeconds: 0, maxIntervalCeilingSeconds: 60,
                attributeRequests: [AttributePathIB(onOff)]), over: &transport)
        guard AttributeReportIB.assemble(priming)[onOff] == .bool(isOn) else {
            throw BenchFailure("the subscription's priming report lacks \(onOff): \(priming)")
        }
        let client = transport.client
        let onOff = self.onOff
        return try changes(count: count, warmUp: warmUp) { isOn in
            while true {
                guard let bytes = client.receive(timeout: 5) else {
                    throw BenchFailure("no report of \(onOff) = \(isOn) within 5 s")
                }
                let step = try commissioner.controller.receiveSubscribed(bytes)
                for answer in step.outgoing { client.send(answer) }
                if let report = step.report,
                    AttributeReportIB.assemble(report.attributeReports ?? [])[onOff] == .bool(isOn)
                {
                    return
                }
            }
        }
    }

    /// Changes of the light as someone at the device makes them (`set_attribute`, what `mhubctl device set …
    /// --as-physical` sends) on the control socket, one at a time, each the opposite of the last: timed from the
    /// request's send until `heard` has the report of the new value; then the request's reply is read.
    private func changes(count: Int, warmUp: Int, heard: (Bool) throws -> Void) throws -> Sample {
        var sample = Sample()
        for index in 0..<(warmUp + count) {
            isOn.toggle()
            changes += 1
            let id = "set-\(changes)"
            let request =
                #"{"message_id":"\#(id)","command":"set_attribute","args":{"node_id":\#(node),"attribute_path":"1/6/0","value":\#(isOn)}}"#
            let start = monotonicSeconds()
            try control.send(request)
            try heard(isOn)
            let seconds = monotonicSeconds() - start
            try control.reply(to: id, of: "set_attribute")
            if index >= warmUp { sample.append(seconds) }
        }
        return sample
    }
}
