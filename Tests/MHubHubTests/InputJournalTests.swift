import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode
import Testing

@testable import MHubHub

/// The input journal's lines: every input and every Matter report written and read back equal, requests as the text
/// the client sent, Matter values with their types; a line that cannot be read is named by its number.
@Suite struct InputJournalTests {
    static let client = ClientInfo(
        connectionID: UInt64.max - 1, principal: Principal("uid:1000"), scope: .admin, peer: "unix uid 1000 #7")

    static var udc: UDCRequest {
        var request = UDCRequest(instanceName: "ABCD1234", source: "[fe80::1%eth0]:5541", receivedAt: 1_000)
        request.vendorID = 0xFFF1
        request.productID = 0x8000
        request.deviceName = "TV \"lounge\""
        request.deviceType = 35
        request.pairingInstruction = "press"
        request.pairingHint = 33
        request.rotatingID = [0, 1, 0xFE]
        request.commissionerDeclarationPort = 5550
        request.targetApps = [UDCRequest.TargetApp(vendorID: 1, productID: 2)]
        request.flags = [.noPasscode, .cancelPasscode]
        request.passcodeLength = 8
        request.lastReceivedAt = 1_400
        request.count = 5
        return request
    }

    /// One of each Matter report.
    static let reports: [MatterReport] = [
        .commissioningAttemptsExhausted,
        .sessionOpened(
            MatterSessionSummary(
                kind: .case, localSessionID: 4, fabricIndex: 1, peerNodeID: UInt64.max, peer: "udp [::1]:5540")),
        .sessionEnded(localSessionID: 4, reason: "closed by peer"),
        .fabricsChanged([
            MatterFabricSummary(
                fabricIndex: 1, vendorID: 0xFFF1, fabricID: 1 << 63, nodeID: 0x1122_3344_5566_7788,
                compressedFabricID: 42, label: "Home ✓", isCommitted: false)
        ]),
        .commissioningCompleted,
        .administratorOpenedWindow(
            MatterAdministratorWindow(
                method: .enhanced(verifier: Array(0..<97), discriminator: 3840, iterations: 1000, salt: Array(0..<32)),
                timeoutSeconds: 180, fabricIndex: 2, vendorID: 0xFFF2)),
        .administratorOpenedWindow(
            MatterAdministratorWindow(method: .basic, timeoutSeconds: 60, fabricIndex: 1, vendorID: 1)),
        .administratorRevokedWindow,
        .failSafeExpired,
        .fabricRemovalDone(requestID: UInt64.max, succeeded: true),
        .bridgedRequest(
            BridgedRequest(
                id: 9, endpoint: 3,
                operation: .invoke(
                    cluster: 8, command: 4,
                    fields: [
                        0: .unsigned(254), 1: .signed(-3), 2: .null, 3: .float(0.5), 4: .float(2), 5: .string("a"),
                        6: .bytes([0, 255]), 7: .list([.bool(true), .unsigned(UInt64.max)]),
                        8: .structure([254: .bool(false)]),
                    ]))),
        .bridgedRequest(
            BridgedRequest(id: 10, endpoint: 2, operation: .write(cluster: 6, attribute: 0x4003, value: .unsigned(1)))),
    ]

    /// One of each input (the Matter reports are all in `reports`).
    static let inputs: [HubInput] =
        [
            .request(
                HubRequest(
                    messageID: .string("1"), command: "set_wifi_credentials", args: ["ssid": "x", "credentials": "y"]),
                from: client),
            .request(HubRequest(messageID: .integer(7), command: "not_a_command", args: nil), from: client),
            .clientDisconnected(connectionID: UInt64.max),
            .tick,
            .shutdown,
            .networkKnown(
                HubNetwork(
                    hostName: "hub.local.", matterPort: 5540,
                    addresses: [
                        .init(ip: "192.168.1.2", interface: nil, isLinkLocal: false),
                        .init(ip: "fe80::1", interface: "eth0", isLinkLocal: true),
                    ])),
            .networkKnown(.unknown),
            .instanceKnown(
                HubInstance(
                    processID: 1234, unixSocketPath: "/run/mhubd.sock", webSocketURL: nil, matterPort: 5540,
                    udcPort: nil,
                    stateDirectory: "/tmp/x", isEphemeral: true, clock: .virtual)),
            .attestationKnown(
                HubAttestation(
                    vendorID: 1, productID: 2, paa: [1], pai: [2, 3], dac: [], certificationDeclaration: [0xAB],
                    devicePAA: [9, 9])),
            .advertisingChanged(
                AdvertisingReport(
                    state: .running, interfaces: ["eth0"],
                    services: [
                        .init(
                            role: "commissioner", type: "_matterd._udp", name: "hub", nameInUse: "hub #2",
                            state: .collision,
                            port: 5540, txt: ["VP=65521+32768", "DN=0x00ff"], subtypes: ["_V65521"])
                    ],
                    problems: ["no eth1"])),
            .advertisingChanged(.disabled),
            .udcRequestReceived(udc),
            .udcRequestReceived(UDCRequest(instanceName: "X", source: "127.0.0.1:5541", receivedAt: 3)),
        ] + reports.map { .matter($0) }
        + [
            .deviceNode(3, .listening(port: 5541)), .deviceNode(3, .failed(reason: "no port free")),
            .deviceNode(4, .matter(.commissioningAttemptsExhausted)),
            .homeKit(
                .serving(
                    HomeKitFacts(
                        name: "mhub", port: 51826, deviceID: "AA:BB:CC:DD:EE:01", setupCode: "031-45-154",
                        setupID: "MHUB", setupURI: "X-HM://0023ISYWYMHUB", setupHash: "FSgV5w==",
                        configurationNumber: 3, accessories: 2, omittedDevices: 1,
                        pairings: [HomeKitPairingSummary(identifier: "ctrl-1", admin: true)]))),
            .homeKit(
                .request(
                    BridgedRequest(
                        id: 7, endpoint: 2, operation: .invoke(cluster: 6, command: 1, fields: [:])))),
        ]

    /// The names of the cases `inputs` and `reports` hold: no `default`, so a new case fails to compile here until it
    /// has a sample above.
    static func caseName(_ input: HubInput) -> String {
        switch input {
        case .request: "request"
        case .clientDisconnected: "clientDisconnected"
        case .tick: "tick"
        case .shutdown: "shutdown"
        case .networkKnown: "networkKnown"
        case .instanceKnown: "instanceKnown"
        case .attestationKnown: "attestationKnown"
        case .advertisingChanged: "advertisingChanged"
        case .udcRequestReceived: "udcRequestReceived"
        case .matter(let report):
            switch report {
            case .commissioningAttemptsExhausted: "matter.commissioningAttemptsExhausted"
            case .sessionOpened: "matter.sessionOpened"
            case .sessionEnded: "matter.sessionEnded"
            case .fabricsChanged: "matter.fabricsChanged"
            case .commissioningCompleted: "matter.commissioningCompleted"
            case .administratorOpenedWindow: "matter.administratorOpenedWindow"
            case .administratorRevokedWindow: "matter.administratorRevokedWindow"
            case .failSafeExpired: "matter.failSafeExpired"
            case .fabricRemovalDone: "matter.fabricRemovalDone"
            case .bridgedRequest: "matter.bridgedRequest"
            }
        case .deviceNode(_, .listening): "deviceNode.listening"
        case .deviceNode(_, .failed): "deviceNode.failed"
        case .deviceNode(_, .matter): "deviceNode.matter"
        case .homeKit(.serving): "homeKit.serving"
        case .homeKit(.request): "homeKit.request"
        }
    }

    @Test func theSamplesHoldEveryCase() {
        let expected = 9 + 10 + 3 + 2
        #expect(Set(Self.inputs.map(Self.caseName)).count == expected)
    }

    @Test(arguments: inputs)
    func everyInputReadsBackEqual(_ input: HubInput) throws {
        let entry = InputJournal.Entry(
            at: 1_767_225_600_123, input: input, random: [0, 1, UInt64.max, 0x0123_4567_89AB_CDEF],
            answers: ["reply to 1 {\"message_id\":\"1\",\"result\":null}", "event ✓\n"])
        let text = InputJournal.line(.input(entry))
        #expect(!text.contains("\n"), "one line")
        let read = try InputJournal.decode(text, lineNumber: 1)
        guard case .input(let back) = read else {
            Issue.record("not an input: \(read)")
            return
        }
        #expect(back.input == input)
        #expect(back.at == entry.at)
        #expect(back.random == entry.random)
        #expect(back.answers == entry.answers)
        // Written again, the line is the same text: a stable form.
        #expect(InputJournal.line(read) == text)
    }

    @Test func aRequestIsTheTextTheClientSent() throws {
        let sent = #"{ "command": "create_room", "message_id": 3, "args": {"name": "Kitchen", "n": 1.50} }"#
        guard case .success(let request) = ControlMessages.decodeRequest(Array(sent.utf8), maximumBytes: 1 << 20) else {
            Issue.record("not a request")
            return
        }
        let entry = InputJournal.Entry(
            at: 5, input: .request(request, from: Self.client), requestText: sent, random: [], answers: [])
        let text = InputJournal.line(.input(entry))
        let json = try JSONParser().parse(text)
        #expect(json["input"]?["request"]?["text"] == .string(sent))
        guard case .input(let back) = try InputJournal.decode(text, lineNumber: 1) else {
            Issue.record("not an input")
            return
        }
        #expect(back.requestText == sent)
        #expect(back.input == .request(request, from: Self.client))
    }

    @Test func theStartLineReadsBackEqual() throws {
        let start = InputJournal.Start(
            configuration: ["log_level": "debug", "simulated_devices": []], clock: .virtual, random: [7, 8])
        let text = InputJournal.line(.start(start))
        #expect(try InputJournal.decode(text, lineNumber: 1) == .start(start))
        let marker = InputJournal.Line.unreplayable(at: 9, reason: "reloaded")
        #expect(try InputJournal.decode(InputJournal.line(marker), lineNumber: 2) == marker)
    }

    @Test(arguments: [
        ("{\"at\": 1", "line 4: not JSON"),
        ("[1]", "line 4: line is not an object"),
        ("{\"at\": 1, \"input\": \"tick\", \"random\": \"\"}", "line 4: line.answers is missing"),
        ("{\"at\": 1, \"input\": \"tock\", \"random\": \"\", \"answers\": []}", "line 4: input is not a name"),
        ("{\"at\": 1, \"input\": {\"teleport\": {}}, \"random\": \"\", \"answers\": []}", "unknown input \"teleport\""),
        (
            "{\"at\": 1, \"input\": \"tick\", \"random\": \"abc\", \"answers\": []}",
            "line.random is not 16 digits a value"
        ),
        (
            "{\"at\": 1, \"input\": {\"client_disconnected\": {\"connection_id\": 3}}, \"random\": \"\", \"answers\": []}",
            "input.client_disconnected.connection_id is not a string"
        ),
        (
            "{\"at\": 1, \"input\": {\"matter\": {\"session_opened\": {\"kind\": \"tcp\"}}}, \"random\": \"\", \"answers\": []}",
            "line 4: input.matter.session_opened.kind: unknown session kind \"tcp\""
        ),
        (
            "{\"at\": 1, \"input\": {\"request\": {\"text\": \"{}\", \"client\": {\"connection_id\": \"1\", "
                + "\"principal\": \"p\", \"scope\": \"admin\", \"peer\": \"x\"}}}, \"random\": \"\", \"answers\": []}",
            "input.request.text is not a request: message_id must be a string or a whole number"
        ),
        ("{\"mhub_input_journal\": 3, \"clock\": \"real\", \"configuration\": {}, \"random\": \"\"}", "version 3"),
    ])
    func aMalformedLineSaysItsNumberAndWhy(_ text: String, _ expected: String) {
        #expect {
            _ = try InputJournal.decode(text, lineNumber: 4)
        } throws: { error in
            let description = "\((error as? InputJournalError).map(\.description) ?? "\(error)")"
            return (error as? InputJournalError)?.line == 4 && description.contains(expected)
        }
    }

    @Test func aVersionOneJournalStillReads() throws {
        let line = "{\"mhub_input_journal\": 1, \"clock\": \"real\", \"configuration\": {}, \"random\": \"\"}"
        #expect(
            try InputJournal.decode(line, lineNumber: 1) == .start(.init(configuration: [:], clock: .real, random: [])))
        #expect(
            InputJournal.line(.start(.init(configuration: [:], clock: .real, random: []))).contains(
                "\"mhub_input_journal\":2"))
    }

    @Test func aJournalNeedsItsStartFirst() throws {
        let start = InputJournal.line(.start(.init(configuration: [:], clock: .real, random: [])))
        let tick = InputJournal.line(.input(.init(at: 1, input: .tick, random: [], answers: [])))
        #expect(throws: InputJournalError(line: 1, message: "an input before the journal's start line")) {
            _ = try InputJournal.decode(journal: tick + "\n")
        }
        #expect(throws: InputJournalError(line: 3, message: "a second start line")) {
            _ = try InputJournal.decode(journal: [start, tick, start].joined(separator: "\n"))
        }
        #expect(throws: InputJournalError(line: 1, message: "the journal is empty: no start line")) {
            _ = try InputJournal.decode(journal: "")
        }
        let (_, lines) = try InputJournal.decode(journal: [start, "", tick, ""].joined(separator: "\n"))
        #expect(lines.map(\.line) == [3], "line numbers count the empty lines")
    }
}
