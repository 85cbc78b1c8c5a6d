import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode

/// Each `HubInput` and `MatterReport` as journal JSON and back: one member named for the case, holding its values.
///
/// A request is its envelope's text as the client sent it; byte strings are hexadecimal (`HexText`); `UInt64`s that a
/// JSON number cannot hold (node and fabric IDs, tickets) are decimal text; an advertising report is written as
/// `get_advertising` replies with it; Matter values (`AttributeValue`) are written as the store writes them
/// (`TaggedAttributeValue`), so their types survive. Reading goes through `JournalObject`, whose failures name the
/// member's path.
enum InputJournalValues {
    // MARK: encoding

    /// Random values as 16 hexadecimal digits each, one after another (`JournalObject.random(_:)` reads them).
    static func encode(random values: [UInt64]) -> String {
        HexText.encode(values.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) }, uppercase: false)
    }

    static func encode(_ input: HubInput, requestText: String?) -> JSONValue {
        switch input {
        case .request(let request, let client):
            return [
                "request": [
                    "text": .string(requestText ?? envelopeText(request)),
                    "client": [
                        "connection_id": .string(String(client.connectionID)),
                        "principal": .string(client.principal.name),
                        "scope": .string(client.scope.name),
                        "peer": .string(client.peer),
                    ],
                ]
            ]
        case .clientDisconnected(let connectionID):
            return ["client_disconnected": ["connection_id": .string(String(connectionID))]]
        case .tick: return "tick"
        case .shutdown: return "shutdown"
        case .networkKnown(let network): return ["network_known": encode(network)]
        case .instanceKnown(let instance): return ["instance_known": encode(instance)]
        case .attestationKnown(let attestation):
            return [
                "attestation_known": [
                    "vendor_id": .integer(Int64(attestation.vendorID)),
                    "product_id": .integer(Int64(attestation.productID)),
                    "paa": hex(attestation.paa), "pai": hex(attestation.pai), "dac": hex(attestation.dac),
                    "certification_declaration": hex(attestation.certificationDeclaration),
                    "device_paa": attestation.devicePAA.map(hex) ?? .null,
                ]
            ]
        case .advertisingChanged(let report): return ["advertising_changed": JSONText(report).value]
        case .udcRequestReceived(let request): return ["udc_request": encode(request)]
        case .matter(let report): return ["matter": encode(report)]
        case .deviceNode(let id, let report):
            var members: [String: JSONValue] = ["simulated_device_id": .integer(id)]
            switch report {
            case .listening(let port): members["listening"] = .integer(Int64(port))
            case .failed(let reason): members["failed"] = .string(reason)
            case .matter(let report): members["matter"] = encode(report)
            }
            return ["device_node": .object(members)]
        case .homeKit(.request(let request)):
            return ["homekit": ["request": encode(MatterReport.bridgedRequest(request))]]
        case .homeKit(.serving(let facts)):
            return [
                "homekit": [
                    "serving": [
                        "name": .string(facts.name), "setup_hash": .string(facts.setupHash),
                        "port": .integer(Int64(facts.port)), "device_id": .string(facts.deviceID),
                        "setup_code": .string(facts.setupCode), "setup_id": .string(facts.setupID),
                        "setup_uri": .string(facts.setupURI),
                        "configuration_number": .integer(Int64(facts.configurationNumber)),
                        "accessories": .integer(Int64(facts.accessories)),
                        "omitted_devices": .integer(Int64(facts.omittedDevices)),
                        "pairings": .array(
                            facts.pairings.map { ["identifier": .string($0.identifier), "admin": .bool($0.admin)] }),
                    ]
                ]
            ]
        }
    }

    /// A request's envelope written from its value, for an entry made without the client's text.
    static func envelopeText(_ request: HubRequest) -> String {
        var members: [String: JSONValue] = ["message_id": request.messageID, "command": .string(request.command)]
        if let args = request.args { members["args"] = args }
        return JSONWriter.compact(.object(members))
    }

    private static func hex(_ bytes: [UInt8]) -> JSONValue { .string(HexText.encode(bytes, uppercase: false)) }

    private static func optional(_ number: (some BinaryInteger)?) -> JSONValue {
        number.map { .integer(Int64($0)) } ?? .null
    }

    private static func encode(_ network: HubNetwork) -> JSONValue {
        [
            "host_name": network.hostName.map { .string($0) } ?? .null,
            "matter_port": optional(network.matterPort),
            "addresses": .array(
                network.addresses.map {
                    [
                        "ip": .string($0.ip), "interface": $0.interface.map { .string($0) } ?? .null,
                        "link_local": .bool($0.isLinkLocal),
                    ]
                }),
        ]
    }

    private static func encode(_ instance: HubInstance) -> JSONValue {
        [
            "process_id": .integer(Int64(instance.processID)),
            "unix_socket": instance.unixSocketPath.map { .string($0) } ?? .null,
            "websocket_url": instance.webSocketURL.map { .string($0) } ?? .null,
            "matter_port": optional(instance.matterPort),
            "udc_port": optional(instance.udcPort),
            "homekit_port": optional(instance.homeKitPort),
            "state_directory": .string(instance.stateDirectory),
            "ephemeral": .bool(instance.isEphemeral),
            "clock": .string(instance.clock.rawValue),
        ]
    }

    private static func encode(_ request: UDCRequest) -> JSONValue {
        [
            "instance_name": .string(request.instanceName),
            "vendor_id": optional(request.vendorID),
            "product_id": optional(request.productID),
            "device_name": request.deviceName.map { .string($0) } ?? .null,
            "device_type": optional(request.deviceType),
            "pairing_instruction": request.pairingInstruction.map { .string($0) } ?? .null,
            "pairing_hint": optional(request.pairingHint),
            "rotating_id": request.rotatingID.map(hex) ?? .null,
            "cd_port": optional(request.commissionerDeclarationPort),
            "target_apps": .array(
                request.targetApps.map {
                    ["vendor_id": .integer(Int64($0.vendorID)), "product_id": .integer(Int64($0.productID))]
                }),
            "flags": .array(UDCRequest.Flag.allCases.filter(request.flags.contains).map { .string($0.rawValue) }),
            "passcode_length": optional(request.passcodeLength),
            "source": .string(request.source),
            "received_at": .integer(request.receivedAt),
            "last_received_at": .integer(request.lastReceivedAt),
            "count": .integer(Int64(request.count)),
        ]
    }

    private static func encode(_ report: MatterReport) -> JSONValue {
        switch report {
        case .commissioningAttemptsExhausted: return "commissioning_attempts_exhausted"
        case .sessionOpened(let summary):
            return [
                "session_opened": [
                    "kind": .string(summary.kind.rawValue),
                    "local_session_id": .integer(Int64(summary.localSessionID)),
                    "fabric_index": .integer(Int64(summary.fabricIndex)),
                    "peer_node_id": .string(String(summary.peerNodeID)),
                    "peer": .string(summary.peer),
                ]
            ]
        case .sessionEnded(let localSessionID, let reason):
            return [
                "session_ended": ["local_session_id": .integer(Int64(localSessionID)), "reason": .string(reason)]
            ]
        case .fabricsChanged(let summaries):
            return [
                "fabrics_changed": .array(
                    summaries.map {
                        [
                            "fabric_index": .integer(Int64($0.fabricIndex)),
                            "vendor_id": .integer(Int64($0.vendorID)),
                            "fabric_id": .string(String($0.fabricID)),
                            "node_id": .string(String($0.nodeID)),
                            "compressed_fabric_id": .string(String($0.compressedFabricID)),
                            "label": .string($0.label),
                            "committed": .bool($0.isCommitted),
                        ]
                    })
            ]
        case .commissioningCompleted: return "commissioning_completed"
        case .administratorOpenedWindow(let window):
            var members: [String: JSONValue] = [
                "timeout_seconds": .integer(Int64(window.timeoutSeconds)),
                "fabric_index": .integer(Int64(window.fabricIndex)),
                "vendor_id": .integer(Int64(window.vendorID)),
            ]
            switch window.method {
            case .basic: members["method"] = "basic"
            case .enhanced(let verifier, let discriminator, let iterations, let salt):
                members["method"] = [
                    "enhanced": [
                        "verifier": hex(verifier), "discriminator": .integer(Int64(discriminator)),
                        "iterations": .integer(Int64(iterations)), "salt": hex(salt),
                    ]
                ]
            }
            return ["administrator_opened_window": .object(members)]
        case .administratorRevokedWindow: return "administrator_revoked_window"
        case .failSafeExpired: return "fail_safe_expired"
        case .fabricRemovalDone(let requestID, let succeeded):
            return [
                "fabric_removal_done": ["request_id": .string(String(requestID)), "succeeded": .bool(succeeded)]
            ]
        case .bridgedRequest(let request):
            var members: [String: JSONValue] = [
                "id": .string(String(request.id)), "endpoint": .integer(Int64(request.endpoint)),
            ]
            switch request.operation {
            case .invoke(let cluster, let command, let fields):
                members["invoke"] = [
                    "cluster": .integer(Int64(cluster)), "command": .integer(Int64(command)),
                    "fields": encode(fields: fields),
                ]
            case .write(let cluster, let attribute, let value):
                members["write"] = [
                    "cluster": .integer(Int64(cluster)), "attribute": .integer(Int64(attribute)),
                    "value": TaggedAttributeValue.encode(value),
                ]
            }
            return ["bridged_request": .object(members)]
        }
    }

    /// Fields by context tag: the tag in decimal, each value as the store writes it.
    private static func encode(fields: [UInt32: AttributeValue]) -> JSONValue {
        .object(
            Dictionary(uniqueKeysWithValues: fields.map { (String($0.key), TaggedAttributeValue.encode($0.value)) }))
    }

    /// The hub's answer to a bridged request, for the journal's answers.
    static func encode(_ answer: BridgedAnswer) -> JSONValue {
        switch answer {
        case .status(let status): ["status": .integer(Int64(status))]
        case .response(let command, let fields):
            ["command": .integer(Int64(command)), "fields": encode(fields: fields)]
        case .noAnswer: "no_answer"
        }
    }

    // MARK: decoding

    /// The input, and for a request the text it was read from; failures name paths from `input`.
    static func decodeInput(_ value: JSONValue) throws(JournalFieldError) -> (HubInput, String?) {
        switch value {
        case .string("tick"): return (.tick, nil)
        case .string("shutdown"): return (.shutdown, nil)
        default: break
        }
        let (name, input) = try JournalReading(root: "input").single(value, at: .root)
        var wrapper = input
        switch name {
        case "request":
            var object = try wrapper.requiredObject(name)
            let text = try object.requiredString("text")
            var client = try object.requiredObject("client")
            let info = ClientInfo(
                connectionID: try client.unsigned("connection_id"),
                principal: Principal(try client.requiredString("principal")),
                scope: try client.named("scope", "scope", Scope.init(name:)), peer: try client.requiredString("peer"))
            switch ControlMessages.decodeRequest(Array(text.utf8), maximumBytes: Int.max) {
            case .success(let request): return (.request(request, from: info), text)
            case .failure(let failure): throw object.failure("text", isNot: "a request: \(failure.error.details)")
            }
        case "client_disconnected":
            var object = try wrapper.requiredObject(name)
            return (.clientDisconnected(connectionID: try object.unsigned("connection_id")), nil)
        case "network_known":
            var object = try wrapper.requiredObject(name)
            let addresses = try object.requiredArray("addresses").map { (element) throws(JournalFieldError) in
                var address = try object.element(element, what: "an address")
                return HubNetwork.Address(
                    ip: try address.requiredString("ip"), interface: try address.string("interface"),
                    isLinkLocal: try address.requiredBool("link_local"))
            }
            let network = HubNetwork(
                hostName: try object.string("host_name"),
                matterPort: try object.integer("matter_port", as: UInt16.self),
                addresses: addresses)
            return (.networkKnown(network), nil)
        case "instance_known":
            var object = try wrapper.requiredObject(name)
            let instance = HubInstance(
                processID: try object.requiredInteger("process_id", as: Int32.self),
                unixSocketPath: try object.string("unix_socket"), webSocketURL: try object.string("websocket_url"),
                matterPort: try object.integer("matter_port", as: UInt16.self),
                udcPort: try object.integer("udc_port", as: UInt16.self),
                homeKitPort: try object.integer("homekit_port", as: UInt16.self),
                stateDirectory: try object.requiredString("state_directory"),
                isEphemeral: try object.requiredBool("ephemeral"),
                clock: try object.named("clock", "clock", HubClockKind.init(rawValue:)))
            return (.instanceKnown(instance), nil)
        case "attestation_known":
            var object = try wrapper.requiredObject(name)
            let attestation = HubAttestation(
                vendorID: try object.requiredInteger("vendor_id", as: UInt16.self),
                productID: try object.requiredInteger("product_id", as: UInt16.self),
                paa: try object.requiredBytes("paa"), pai: try object.requiredBytes("pai"),
                dac: try object.requiredBytes("dac"),
                certificationDeclaration: try object.requiredBytes("certification_declaration"),
                devicePAA: try object.bytes("device_paa"))
            return (.attestationKnown(attestation), nil)
        case "advertising_changed":
            let report = try wrapper.requiredRaw(name)
            do {
                return (.advertisingChanged(try AdvertisingReport(json: report)), nil)
            } catch {
                throw wrapper.failure(name, error.description)
            }
        case "udc_request": return (.udcRequestReceived(try decodeUDC(try wrapper.requiredObject(name))), nil)
        case "matter":
            let report = try decodeMatter(
                try wrapper.requiredRaw(name), at: wrapper.path(name), context: wrapper.context)
            return (.matter(report), nil)
        case "device_node":
            var object = try wrapper.requiredObject(name)
            let id = try object.requiredInteger("simulated_device_id", as: SimulatedDeviceID.self)
            if let port = try object.integer("listening", as: UInt16.self) {
                return (.deviceNode(id, .listening(port: port)), nil)
            }
            if let reason = try object.string("failed") { return (.deviceNode(id, .failed(reason: reason)), nil) }
            let report = try decodeMatter(
                try object.requiredRaw("matter"), at: object.path("matter"), context: object.context)
            return (.deviceNode(id, .matter(report)), nil)
        case "homekit":
            var object = try wrapper.requiredObject(name)
            if object.raw("request") != nil {
                let report = try decodeMatter(
                    try object.requiredRaw("request"), at: object.path("request"), context: object.context)
                guard case .bridgedRequest(let request) = report else {
                    throw object.failure("request", isNot: "a bridged request")
                }
                return (.homeKit(.request(request)), nil)
            }
            var serving = try object.requiredObject("serving")
            let pairings = try serving.requiredArray("pairings").map { (element) throws(JournalFieldError) in
                var pairing = try serving.element(element, what: "a pairing")
                return HomeKitPairingSummary(
                    identifier: try pairing.requiredString("identifier"), admin: try pairing.requiredBool("admin"))
            }
            let facts = HomeKitFacts(
                name: try serving.requiredString("name"), port: try serving.requiredInteger("port", as: UInt16.self),
                deviceID: try serving.requiredString("device_id"), setupCode: try serving.requiredString("setup_code"),
                setupID: try serving.requiredString("setup_id"), setupURI: try serving.requiredString("setup_uri"),
                setupHash: try serving.requiredString("setup_hash"),
                configurationNumber: try serving.requiredInteger("configuration_number", as: UInt32.self),
                accessories: try serving.requiredInteger("accessories", as: Int.self),
                omittedDevices: try serving.requiredInteger("omitted_devices", as: Int.self), pairings: pairings)
            return (.homeKit(.serving(facts)), nil)
        default: throw wrapper.failure(nil, "unknown input \"\(name)\"")
        }
    }

    private static func decodeUDC(_ udc: JournalObject) throws(JournalFieldError) -> UDCRequest {
        var object = udc
        var request = UDCRequest(
            instanceName: try object.requiredString("instance_name"), source: try object.requiredString("source"),
            receivedAt: try object.requiredInteger("received_at"))
        request.vendorID = try object.integer("vendor_id", as: UInt16.self)
        request.productID = try object.integer("product_id", as: UInt16.self)
        request.deviceName = try object.string("device_name")
        request.deviceType = try object.integer("device_type", as: UInt32.self)
        request.pairingInstruction = try object.string("pairing_instruction")
        request.pairingHint = try object.integer("pairing_hint", as: UInt16.self)
        request.rotatingID = try object.bytes("rotating_id")
        request.commissionerDeclarationPort = try object.integer("cd_port", as: UInt16.self)
        request.targetApps = try object.requiredArray("target_apps").map { (element) throws(JournalFieldError) in
            var app = try object.element(element, what: "a target app")
            return UDCRequest.TargetApp(
                vendorID: try app.requiredInteger("vendor_id", as: UInt16.self),
                productID: try app.requiredInteger("product_id", as: UInt16.self))
        }
        for name in try object.requiredStrings("flags") {
            guard let flag = UDCRequest.Flag(rawValue: name) else {
                throw object.failure("flags", "unknown flag \"\(name)\"")
            }
            request.flags.insert(flag)
        }
        request.passcodeLength = try object.integer("passcode_length", as: UInt8.self)
        request.lastReceivedAt = try object.requiredInteger("last_received_at")
        request.count = try object.requiredInteger("count", as: Int.self)
        return request
    }

    private static func decodeMatter(_ value: JSONValue, at path: JSONPath, context: JournalReading)
        throws(JournalFieldError) -> MatterReport
    {
        switch value {
        case .string("commissioning_attempts_exhausted"): return .commissioningAttemptsExhausted
        case .string("commissioning_completed"): return .commissioningCompleted
        case .string("administrator_revoked_window"): return .administratorRevokedWindow
        case .string("fail_safe_expired"): return .failSafeExpired
        default: break
        }
        let (name, report) = try context.single(value, at: path)
        var wrapper = report
        switch name {
        case "session_opened":
            var object = try wrapper.requiredObject(name)
            return .sessionOpened(
                MatterSessionSummary(
                    kind: try object.named("kind", "session kind", MatterSecureSession.Kind.init(rawValue:)),
                    localSessionID: try object.requiredInteger("local_session_id", as: UInt16.self),
                    fabricIndex: try object.requiredInteger("fabric_index", as: UInt8.self),
                    peerNodeID: try object.unsigned("peer_node_id"), peer: try object.requiredString("peer")))
        case "session_ended":
            var object = try wrapper.requiredObject(name)
            return .sessionEnded(
                localSessionID: try object.requiredInteger("local_session_id", as: UInt16.self),
                reason: try object.requiredString("reason"))
        case "fabrics_changed":
            return .fabricsChanged(
                try wrapper.requiredArray(name).map { (element) throws(JournalFieldError) in
                    var fabric = try wrapper.element(element, what: "a fabric")
                    return MatterFabricSummary(
                        fabricIndex: try fabric.requiredInteger("fabric_index", as: UInt8.self),
                        vendorID: try fabric.requiredInteger("vendor_id", as: UInt16.self),
                        fabricID: try fabric.unsigned("fabric_id"), nodeID: try fabric.unsigned("node_id"),
                        compressedFabricID: try fabric.unsigned("compressed_fabric_id"),
                        label: try fabric.requiredString("label"), isCommitted: try fabric.requiredBool("committed"))
                })
        case "administrator_opened_window":
            var object = try wrapper.requiredObject(name)
            let method: MatterAdministratorWindow.Method
            switch try object.requiredRaw("method") {
            case .string("basic"): method = .basic
            case let methodValue:
                let (methodName, methodWrapper) = try object.context.single(methodValue, at: object.path("method"))
                guard methodName == "enhanced" else {
                    throw object.failure("method", "unknown method \"\(methodName)\"")
                }
                var methods = methodWrapper
                var enhanced = try methods.requiredObject(methodName)
                method = .enhanced(
                    verifier: try enhanced.requiredBytes("verifier"),
                    discriminator: try enhanced.requiredInteger("discriminator", as: UInt16.self),
                    iterations: try enhanced.requiredInteger("iterations", as: UInt32.self),
                    salt: try enhanced.requiredBytes("salt"))
            }
            return .administratorOpenedWindow(
                MatterAdministratorWindow(
                    method: method, timeoutSeconds: try object.requiredInteger("timeout_seconds", as: UInt16.self),
                    fabricIndex: try object.requiredInteger("fabric_index", as: UInt8.self),
                    vendorID: try object.requiredInteger("vendor_id", as: UInt16.self)))
        case "fabric_removal_done":
            var object = try wrapper.requiredObject(name)
            return .fabricRemovalDone(
                requestID: try object.unsigned("request_id"), succeeded: try object.requiredBool("succeeded"))
        case "bridged_request":
            var object = try wrapper.requiredObject(name)
            let operation: BridgedRequest.Operation
            if object.raw("invoke") != nil {
                var invoke = try object.requiredObject("invoke")
                operation = .invoke(
                    cluster: try invoke.requiredInteger("cluster", as: ClusterID.self),
                    command: try invoke.requiredInteger("command", as: CommandID.self),
                    fields: try decodeFields(try invoke.requiredObject("fields")))
            } else {
                var write = try object.requiredObject("write")
                operation = .write(
                    cluster: try write.requiredInteger("cluster", as: ClusterID.self),
                    attribute: try write.requiredInteger("attribute", as: AttributeID.self),
                    value: try decodeValue(try write.requiredRaw("value"), of: "value", in: write))
            }
            return .bridgedRequest(
                BridgedRequest(
                    id: try object.unsigned("id"),
                    endpoint: try object.requiredInteger("endpoint", as: EndpointID.self), operation: operation))
        default: throw wrapper.failure(name, "unknown Matter report")
        }
    }

    /// Fields by context tag: the tag in decimal, each value as the store writes it.
    private static func decodeFields(_ object: JournalObject) throws(JournalFieldError) -> [UInt32: AttributeValue] {
        var fields: [UInt32: AttributeValue] = [:]
        for (key, element) in object.members {
            guard let tag = UInt32(key) else { throw object.failure(nil, "\"\(key)\" is not a context tag") }
            fields[tag] = try decodeValue(element, of: key, in: object)
        }
        return fields
    }

    /// Member `key` of `object`, an attribute value in its typed form (`TaggedAttributeValue`).
    private static func decodeValue(_ value: JSONValue, of key: String, in object: JournalObject)
        throws(JournalFieldError) -> AttributeValue
    {
        do {
            return try TaggedAttributeValue.decode(value)
        } catch {
            throw object.failure(key, "\(error)")
        }
    }
}
