import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode

/// Each `HubInput` and `MatterReport` as journal JSON and back: one member named for the case, holding its values.
///
/// A request is its envelope's text as the client sent it; byte strings are hexadecimal; `UInt64`s that a JSON
/// number cannot hold (node and fabric IDs, tickets) are decimal text; Matter values (`AttributeValue`) are written
/// as the store writes them (`NodeDataCodec`), so their types survive.
enum InputJournalValues {
    // MARK: encoding

    static func encode(random values: [UInt64]) -> String {
        values.map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
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
                ]
            ]
        case .advertisingChanged(let report): return ["advertising_changed": encode(report)]
        case .udcRequestReceived(let request): return ["udc_request": encode(request)]
        case .matter(let report): return ["matter": encode(report)]
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
            "state_directory": .string(instance.stateDirectory),
            "ephemeral": .bool(instance.isEphemeral),
            "clock": .string(instance.clock.rawValue),
        ]
    }

    private static func encode(_ report: AdvertisingReport) -> JSONValue {
        [
            "state": .string(report.state.rawValue),
            "interfaces": .array(report.interfaces.map { .string($0) }),
            "services": .array(
                report.services.map {
                    [
                        "role": .string($0.role), "type": .string($0.type), "name": .string($0.name),
                        "name_in_use": .string($0.nameInUse), "state": .string($0.state.rawValue),
                        "port": .integer(Int64($0.port)), "txt": .array($0.txt.map { .string($0) }),
                        "subtypes": .array($0.subtypes.map { .string($0) }),
                    ]
                }),
            "problems": .array(report.problems.map { .string($0) }),
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

    /// The input, and for a request the text it was read from.
    static func decodeInput(_ value: JSONValue) throws(JournalFieldError) -> (HubInput, String?) {
        switch value {
        case .string("tick"): return (.tick, nil)
        case .string("shutdown"): return (.shutdown, nil)
        default: break
        }
        let (name, body) = try single(value, at: "input")
        let path = "input.\(name)"
        switch name {
        case "request":
            let object = try JournalObject(body, at: path)
            let text = try object.string("text")
            let clientObject = try object.object("client")
            let scopeName = try clientObject.string("scope")
            guard let scope = Scope(name: scopeName) else {
                throw JournalFieldError("\(path).client.scope: unknown scope \"\(scopeName)\"")
            }
            let client = ClientInfo(
                connectionID: try clientObject.unsigned("connection_id"),
                principal: Principal(try clientObject.string("principal")), scope: scope,
                peer: try clientObject.string("peer"))
            switch ControlMessages.decodeRequest(Array(text.utf8), maximumBytes: Int.max) {
            case .success(let request): return (.request(request, from: client), text)
            case .failure(let failure):
                throw JournalFieldError("\(path).text is not a request: \(failure.error.details)")
            }
        case "client_disconnected":
            return (.clientDisconnected(connectionID: try JournalObject(body, at: path).unsigned("connection_id")), nil)
        case "network_known":
            let object = try JournalObject(body, at: path)
            let addresses = try object.array("addresses").enumerated().map {
                (index, element) throws(JournalFieldError) in
                let address = try JournalObject(element, at: "\(path).addresses[\(index)]")
                return HubNetwork.Address(
                    ip: try address.string("ip"), interface: try address.optionalString("interface"),
                    isLinkLocal: try address.bool("link_local"))
            }
            return (
                .networkKnown(
                    HubNetwork(
                        hostName: try object.optionalString("host_name"),
                        matterPort: try object.optionalInteger("matter_port", as: UInt16.self), addresses: addresses)),
                nil
            )
        case "instance_known":
            let object = try JournalObject(body, at: path)
            let clockName = try object.string("clock")
            guard let clock = HubClockKind(rawValue: clockName) else {
                throw JournalFieldError("\(path).clock: unknown clock \"\(clockName)\"")
            }
            let instance = HubInstance(
                processID: try object.integer("process_id", as: Int32.self),
                unixSocketPath: try object.optionalString("unix_socket"),
                webSocketURL: try object.optionalString("websocket_url"),
                matterPort: try object.optionalInteger("matter_port", as: UInt16.self),
                udcPort: try object.optionalInteger("udc_port", as: UInt16.self),
                stateDirectory: try object.string("state_directory"), isEphemeral: try object.bool("ephemeral"),
                clock: clock)
            return (.instanceKnown(instance), nil)
        case "attestation_known":
            let object = try JournalObject(body, at: path)
            let attestation = HubAttestation(
                vendorID: try object.integer("vendor_id", as: UInt16.self),
                productID: try object.integer("product_id", as: UInt16.self), paa: try object.bytes("paa"),
                pai: try object.bytes("pai"), dac: try object.bytes("dac"),
                certificationDeclaration: try object.bytes("certification_declaration"))
            return (.attestationKnown(attestation), nil)
        case "advertising_changed": return (.advertisingChanged(try decodeAdvertising(body, at: path)), nil)
        case "udc_request": return (.udcRequestReceived(try decodeUDC(body, at: path)), nil)
        case "matter": return (.matter(try decodeMatter(body, at: path)), nil)
        default: throw JournalFieldError("input: unknown input \"\(name)\"")
        }
    }

    /// An object of one member, its name and value.
    private static func single(_ value: JSONValue, at path: String) throws(JournalFieldError) -> (String, JSONValue) {
        guard case .object(let members) = value, members.count == 1, let (name, body) = members.first else {
            throw JournalFieldError("\(path) is not a name or an object of one member")
        }
        return (name, body)
    }

    private static func decodeAdvertising(_ value: JSONValue, at path: String) throws(JournalFieldError)
        -> AdvertisingReport
    {
        let object = try JournalObject(value, at: path)
        let stateName = try object.string("state")
        guard let state = AdvertisingReport.State(rawValue: stateName) else {
            throw JournalFieldError("\(path).state: unknown state \"\(stateName)\"")
        }
        let services = try object.array("services").enumerated().map { (index, element) throws(JournalFieldError) in
            let service = try JournalObject(element, at: "\(path).services[\(index)]")
            let serviceStateName = try service.string("state")
            guard let serviceState = AdvertisingReport.ServiceState(rawValue: serviceStateName) else {
                throw JournalFieldError("\(service.path).state: unknown state \"\(serviceStateName)\"")
            }
            return AdvertisingReport.Service(
                role: try service.string("role"), type: try service.string("type"), name: try service.string("name"),
                nameInUse: try service.string("name_in_use"), state: serviceState,
                port: try service.integer("port", as: UInt16.self), txt: try service.strings("txt"),
                subtypes: try service.strings("subtypes"))
        }
        return AdvertisingReport(
            state: state, interfaces: try object.strings("interfaces"), services: services,
            problems: try object.strings("problems"))
    }

    private static func decodeUDC(_ value: JSONValue, at path: String) throws(JournalFieldError) -> UDCRequest {
        let object = try JournalObject(value, at: path)
        var request = UDCRequest(
            instanceName: try object.string("instance_name"), source: try object.string("source"),
            receivedAt: try object.integer("received_at"))
        request.vendorID = try object.optionalInteger("vendor_id", as: UInt16.self)
        request.productID = try object.optionalInteger("product_id", as: UInt16.self)
        request.deviceName = try object.optionalString("device_name")
        request.deviceType = try object.optionalInteger("device_type", as: UInt32.self)
        request.pairingInstruction = try object.optionalString("pairing_instruction")
        request.pairingHint = try object.optionalInteger("pairing_hint", as: UInt16.self)
        request.rotatingID = try object.optionalBytes("rotating_id")
        request.commissionerDeclarationPort = try object.optionalInteger("cd_port", as: UInt16.self)
        request.targetApps = try object.array("target_apps").enumerated().map {
            (index, element) throws(JournalFieldError) in
            let app = try JournalObject(element, at: "\(path).target_apps[\(index)]")
            return UDCRequest.TargetApp(
                vendorID: try app.integer("vendor_id", as: UInt16.self),
                productID: try app.integer("product_id", as: UInt16.self))
        }
        for name in try object.strings("flags") {
            guard let flag = UDCRequest.Flag(rawValue: name) else {
                throw JournalFieldError("\(path).flags: unknown flag \"\(name)\"")
            }
            request.flags.insert(flag)
        }
        request.passcodeLength = try object.optionalInteger("passcode_length", as: UInt8.self)
        request.lastReceivedAt = try object.integer("last_received_at")
        request.count = try object.integer("count", as: Int.self)
        return request
    }

    private static func decodeMatter(_ value: JSONValue, at path: String) throws(JournalFieldError) -> MatterReport {
        switch value {
        case .string("commissioning_attempts_exhausted"): return .commissioningAttemptsExhausted
        case .string("commissioning_completed"): return .commissioningCompleted
        case .string("administrator_revoked_window"): return .administratorRevokedWindow
        case .string("fail_safe_expired"): return .failSafeExpired
        default: break
        }
        let (name, body) = try single(value, at: path)
        let path = "\(path).\(name)"
        switch name {
        case "session_opened":
            let object = try JournalObject(body, at: path)
            let kindName = try object.string("kind")
            guard let kind = MatterSecureSession.Kind(rawValue: kindName) else {
                throw JournalFieldError("\(path).kind: unknown session kind \"\(kindName)\"")
            }
            return .sessionOpened(
                MatterSessionSummary(
                    kind: kind, localSessionID: try object.integer("local_session_id", as: UInt16.self),
                    fabricIndex: try object.integer("fabric_index", as: UInt8.self),
                    peerNodeID: try object.unsigned("peer_node_id"), peer: try object.string("peer")))
        case "session_ended":
            let object = try JournalObject(body, at: path)
            return .sessionEnded(
                localSessionID: try object.integer("local_session_id", as: UInt16.self),
                reason: try object.string("reason"))
        case "fabrics_changed":
            guard case .array(let elements) = body else { throw JournalFieldError("\(path) is not a list") }
            return .fabricsChanged(
                try elements.enumerated().map { (index, element) throws(JournalFieldError) in
                    let fabric = try JournalObject(element, at: "\(path)[\(index)]")
                    return MatterFabricSummary(
                        fabricIndex: try fabric.integer("fabric_index", as: UInt8.self),
                        vendorID: try fabric.integer("vendor_id", as: UInt16.self),
                        fabricID: try fabric.unsigned("fabric_id"), nodeID: try fabric.unsigned("node_id"),
                        compressedFabricID: try fabric.unsigned("compressed_fabric_id"),
                        label: try fabric.string("label"), isCommitted: try fabric.bool("committed"))
                })
        case "administrator_opened_window":
            let object = try JournalObject(body, at: path)
            let method: MatterAdministratorWindow.Method
            switch try object.value("method") {
            case .string("basic"): method = .basic
            case let enhancedValue:
                let (methodName, methodBody) = try single(enhancedValue, at: "\(path).method")
                guard methodName == "enhanced" else {
                    throw JournalFieldError("\(path).method: unknown method \"\(methodName)\"")
                }
                let enhanced = try JournalObject(methodBody, at: "\(path).method.enhanced")
                method = .enhanced(
                    verifier: try enhanced.bytes("verifier"),
                    discriminator: try enhanced.integer("discriminator", as: UInt16.self),
                    iterations: try enhanced.integer("iterations", as: UInt32.self), salt: try enhanced.bytes("salt"))
            }
            return .administratorOpenedWindow(
                MatterAdministratorWindow(
                    method: method, timeoutSeconds: try object.integer("timeout_seconds", as: UInt16.self),
                    fabricIndex: try object.integer("fabric_index", as: UInt8.self),
                    vendorID: try object.integer("vendor_id", as: UInt16.self)))
        case "fabric_removal_done":
            let object = try JournalObject(body, at: path)
            return .fabricRemovalDone(
                requestID: try object.unsigned("request_id"), succeeded: try object.bool("succeeded"))
        case "bridged_request":
            let object = try JournalObject(body, at: path)
            let operation: BridgedRequest.Operation
            if object.has("invoke") {
                let invoke = try object.object("invoke")
                operation = .invoke(
                    cluster: try invoke.integer("cluster", as: ClusterID.self),
                    command: try invoke.integer("command", as: CommandID.self),
                    fields: try decodeFields(try invoke.value("fields"), at: "\(invoke.path).fields"))
            } else {
                let write = try object.object("write")
                operation = .write(
                    cluster: try write.integer("cluster", as: ClusterID.self),
                    attribute: try write.integer("attribute", as: AttributeID.self),
                    value: try decodeValue(try write.value("value"), at: "\(write.path).value"))
            }
            return .bridgedRequest(
                BridgedRequest(
                    id: try object.unsigned("id"), endpoint: try object.integer("endpoint", as: EndpointID.self),
                    operation: operation))
        default: throw JournalFieldError("\(path): unknown Matter report")
        }
    }

    private static func decodeFields(_ value: JSONValue, at path: String) throws(JournalFieldError)
        -> [UInt32: AttributeValue]
    {
        let object = try JournalObject(value, at: path)
        var fields: [UInt32: AttributeValue] = [:]
        for (key, element) in object.members {
            guard let tag = UInt32(key) else { throw JournalFieldError("\(path): \"\(key)\" is not a context tag") }
            fields[tag] = try decodeValue(element, at: "\(path).\(key)")
        }
        return fields
    }

    private static func decodeValue(_ value: JSONValue, at path: String) throws(JournalFieldError) -> AttributeValue {
        do {
            return try TaggedAttributeValue.decode(value)
        } catch {
            throw JournalFieldError("\(path): \(error)")
        }
    }
}
