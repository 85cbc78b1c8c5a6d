import HomeKitAccessory
import MatterCrypto
import Testing

/// The accessory server as a controller meets it: the pairing endpoints in plaintext, the rest only once Pair Verify
/// secured the connection, reads, writes answered once the owner carried them out, subscriptions and events, the
/// pairings (reference sections 2, 4, 5, 7).
struct HAPAccessoryServerTests {
    @Test func beforePairVerifyEverythingButPairingIsRefusedWith470() throws {
        let harness = try HAPServerHarness()
        let reply = try requireResponse(
            harness.receive(HAPServerHarness.request("GET", "/accessories"), on: 1), on: 1)
        #expect(reply.startLine == "HTTP/1.1 470 Connection Authorization Required")
        #expect(reply.bodyText == #"{"status":-70411}"#)
    }

    @Test func pairSetupStartsWithASaltAndAPaddedBAndIsRefusedOncePaired() throws {
        let unpaired = try HAPServerHarness(paired: false)
        let m2 = try unpaired.post("/pair-setup", [(.state, [1]), (.method, [0])], on: 1)
        #expect(m2.byte(.state) == 2 && m2.first(.error) == nil)
        #expect(m2.first(.salt)?.count == 16 && m2.first(.publicKey)?.count == 384)
        // Another connection while the first pairs: Busy.
        #expect(try unpaired.post("/pair-setup", [(.state, [1]), (.method, [0])], on: 2).byte(.error) == 7)

        let paired = try HAPServerHarness()
        let refused = try paired.post("/pair-setup", [(.state, [1]), (.method, [0])], on: 1)
        #expect(refused.byte(.state) == 2 && refused.byte(.error) == 6)
    }

    @Test func wrongSetupCodesAreCountedKeptAndBackedOff() throws {
        let harness = try HAPServerHarness(paired: false)
        for attempt in 1...6 {
            let m2 = try harness.post("/pair-setup", [(.state, [1]), (.method, [0])], on: UInt64(attempt))
            #expect(m2.byte(.state) == 2 && m2.first(.error) == nil, "attempt \(attempt)")
            // A controller's A (g^a for some a) and a proof that cannot be right.
            let a = [UInt8](repeating: 3, count: 384)
            let m4 = try harness.post(
                "/pair-setup", [(.state, [3]), (.publicKey, a), (.proof, [UInt8](repeating: 1, count: 64))],
                on: UInt64(attempt))
            #expect(m4.byte(.state) == 4 && m4.byte(.error) == 2, "attempt \(attempt)")
            #expect(harness.context.saved.last?.failedSetupAttempts == attempt)
        }
        // Six wrong codes: the next attempt waits (Backoff), and one after the wait is taken.
        #expect(try harness.post("/pair-setup", [(.state, [1]), (.method, [0])], on: 7).byte(.error) == 3)
        harness.context.now += 1_001
        #expect(try harness.post("/pair-setup", [(.state, [1]), (.method, [0])], on: 7).first(.error) == nil)
    }

    @Test func pairVerifySecuresTheSessionForAKnownControllerOnly() throws {
        let harness = try HAPServerHarness()
        #expect(try harness.verify(on: 1))
        let replies = try harness.messages(
            try harness.send(HAPServerHarness.request("GET", "/accessories"), on: 1), on: 1)
        #expect(replies.first?.startLine == "HTTP/1.1 200 OK")
        #expect(replies.first?.bodyText.hasPrefix(#"{"accessories":[{"aid":1,"services":"#) == true)

        let stranger = try Ed25519KeyPair(seed: Array(repeating: 4, count: 32))
        #expect(try !harness.verify(on: 2, key: stranger))
        #expect(try !harness.verify(on: 3, identifier: Array("someone-else".utf8)))
        // A secured connection refuses a second Pair Verify.
        let again = try harness.messages(
            try harness.send(HAPServerHarness.request("POST", "/pair-verify", body: [6, 1, 1]), on: 1), on: 1)
        #expect(again.first?.startLine.hasPrefix("HTTP/1.1 400") == true)
    }

    @Test func readsAnswerValuesAndStatuses() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        let all = try harness.messages(
            try harness.send(HAPServerHarness.request("GET", "/characteristics?id=2.9,1.5"), on: 1), on: 1)
        #expect(all.first?.startLine == "HTTP/1.1 200 OK")
        #expect(
            all.first?.bodyText
                == #"{"characteristics":[{"aid":2,"iid":9,"value":false},{"aid":1,"iid":5,"value":"mhub"}]}"#)
        harness.context.unreachable = [2]
        let some = try harness.messages(
            try harness.send(HAPServerHarness.request("GET", "/characteristics?id=1.5,1.2,2.9,7.1"), on: 1), on: 1)
        #expect(some.first?.startLine == "HTTP/1.1 207 Multi-Status")
        #expect(
            some.first?.bodyText
                == #"{"characteristics":[{"aid":1,"iid":5,"value":"mhub","status":0},{"aid":1,"iid":2,"status":-70405},"#
                + #"{"aid":2,"iid":9,"status":-70402},{"aid":7,"iid":1,"status":-70409}]}"#)
    }

    @Test func aReadsFlagsAskForMetadataPermissionsTypeAndTheSubscription() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        let subscribe = Array(#"{"characteristics":[{"aid":2,"iid":10,"ev":true}]}"#.utf8)
        let subscribed = try harness.messages(
            try harness.send(HAPServerHarness.request("PUT", "/characteristics", body: subscribe), on: 1), on: 1)
        #expect(subscribed.map(\.startLine) == ["HTTP/1.1 204 No Content"])
        let replies = try harness.messages(
            try harness.send(
                HAPServerHarness.request("GET", "/characteristics?id=2.10,2.9&meta=1&perms=1&type=1&ev=1"), on: 1),
            on: 1)
        #expect(replies.last?.startLine == "HTTP/1.1 200 OK")
        #expect(
            replies.last?.bodyText
                == #"{"characteristics":[{"aid":2,"iid":10,"value":50,"type":"8","perms":["pr","pw","ev"],"#
                + #""format":"int","unit":"percentage","minValue":0,"maxValue":100,"minStep":1,"ev":true},"#
                + #"{"aid":2,"iid":9,"value":false,"type":"25","perms":["pr","pw","ev"],"format":"bool","ev":false}]}"#)
        // Without flags, the values alone.
        let plain = try harness.messages(
            try harness.send(HAPServerHarness.request("GET", "/characteristics?id=2.10"), on: 1), on: 1)
        #expect(plain.first?.bodyText == #"{"characteristics":[{"aid":2,"iid":10,"value":50}]}"#)
    }

    @Test func writesWaitForTheOwnerThenAnswer204Or207() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        let body = Array(#"{"characteristics":[{"aid":2,"iid":9,"value":1},{"aid":2,"iid":10,"value":75}]}"#.utf8)
        let actions = try harness.send(HAPServerHarness.request("PUT", "/characteristics", body: body), on: 1)
        guard case .write(let batch)? = actions.first, actions.count == 1 else {
            Issue.record("expected one write, got \(actions)")
            return
        }
        #expect(
            batch.writes == [
                HAPCharacteristicID(aid: 2, iid: 9): .bool(true), HAPCharacteristicID(aid: 2, iid: 10): .int(75),
            ])
        // A request that comes while the write waits is answered after it.
        let queued = try harness.send(HAPServerHarness.request("GET", "/characteristics?id=1.5"), on: 1)
        #expect(queued.isEmpty)
        let answered = harness.server.writesAnswered(
            batch.ticket, statuses: [:], connection: 1, context: harness.context, using: &harness.random)
        let replies = try harness.messages(answered, on: 1)
        #expect(replies.map(\.startLine) == ["HTTP/1.1 204 No Content", "HTTP/1.1 200 OK"])

        let refused = Array(
            #"{"characteristics":[{"aid":1,"iid":5,"value":"x"},{"aid":2,"iid":99,"value":1},{"aid":2,"iid":10,"value":101}]}"#
                .utf8)
        let statuses = try harness.messages(
            try harness.send(HAPServerHarness.request("PUT", "/characteristics", body: refused), on: 1), on: 1)
        #expect(statuses.first?.startLine == "HTTP/1.1 207 Multi-Status")
        #expect(
            statuses.first?.bodyText
                == #"{"characteristics":[{"aid":1,"iid":5,"status":-70404},{"aid":2,"iid":99,"status":-70409},"#
                + #"{"aid":2,"iid":10,"status":-70410}]}"#)
    }

    @Test func eventsGoToSubscribersButNotOnSubscribingAndNotToTheWriter() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        try harness.verify(on: 2)
        let subscribe = Array(#"{"characteristics":[{"aid":2,"iid":9,"ev":true}]}"#.utf8)
        for connection: UInt64 in [1, 2] {
            let replies = try harness.messages(
                try harness.send(HAPServerHarness.request("PUT", "/characteristics", body: subscribe), on: connection),
                on: connection)
            #expect(replies.map(\.startLine) == ["HTTP/1.1 204 No Content"])
        }
        let on = HAPCharacteristicID(aid: 2, iid: 9)
        let events = harness.server.notify([on: .bool(true)], skipping: [1: [on]])
        #expect(try harness.messages(events, on: 1).isEmpty)
        let heard = try harness.messages(events, on: 2)
        #expect(heard.map(\.startLine) == ["EVENT/1.0 200 OK"])
        #expect(heard.first?.bodyText == #"{"characteristics":[{"aid":2,"iid":9,"value":true}]}"#)
        // Subscribing to one without notifications is refused.
        let name = Array(#"{"characteristics":[{"aid":1,"iid":5,"ev":true}]}"#.utf8)
        let refused = try harness.messages(
            try harness.send(HAPServerHarness.request("PUT", "/characteristics", body: name), on: 1), on: 1)
        #expect(refused.first?.bodyText == #"{"characteristics":[{"aid":1,"iid":5,"status":-70406}]}"#)
    }

    @Test func pairingsAreListedAddedAndTheLastAdminTakesThemAll() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        func pairings(_ items: [(HAPTLVType, [UInt8])]) throws -> TLV8 {
            let request = HAPServerHarness.request(
                "POST", "/pairings", body: TLV8(items).encoded(), type: "application/pairing+tlv8")
            return try TLV8.decode(try harness.messages(try harness.send(request, on: 1), on: 1)[0].body)
        }
        let user = Array("user-controller".utf8)
        let added = try pairings([
            (.state, [1]), (.method, [3]), (.identifier, user), (.publicKey, Array(repeating: 5, count: 32)),
            (.permissions, [0]),
        ])
        #expect(added.byte(.state) == 2 && added.first(.error) == nil)
        #expect(harness.server.record.pairings.map(\.isAdmin) == [true, false])
        let listed = try pairings([(.state, [1]), (.method, [5])])
        #expect(listed.items.first?.type == HAPTLVType.state.rawValue)
        #expect(listed.entries.compactMap { $0.first(.identifier) } == [HAPServerHarness.controllerID, user])

        let request = HAPServerHarness.request(
            "POST", "/pairings",
            body: TLV8([(.state, [1]), (.method, [4]), (.identifier, HAPServerHarness.controllerID)]).encoded())
        let actions = try harness.send(request, on: 1)
        #expect(harness.server.record.pairings.isEmpty)
        #expect(harness.context.saved.last?.pairings.isEmpty == true)
        #expect(actions.contains(.pairingsChanged))
        #expect(actions.contains(.close(connection: 1, reason: "its pairing was removed")))
    }

    @Test func aPairingThatCannotBeSavedIsNotMade() throws {
        let harness = try HAPServerHarness()
        try harness.verify(on: 1)
        harness.context.failSaves = true
        let request = HAPServerHarness.request(
            "POST", "/pairings",
            body: TLV8([
                (.state, [1]), (.method, [3]), (.identifier, Array("other".utf8)),
                (.publicKey, Array(repeating: 5, count: 32)), (.permissions, [1]),
            ]).encoded())
        let reply = try TLV8.decode(try harness.messages(try harness.send(request, on: 1), on: 1)[0].body)
        #expect(reply.byte(.error) == 1)
        #expect(harness.server.record.pairings.count == 1)
    }

    @Test func theConfigurationNumberMovesWhenTheDatabaseChanges() throws {
        let harness = try HAPServerHarness()
        var numbers: [UInt32] = []
        for fingerprint: [UInt8] in [[1], [1], [2]] {
            let saved = harness.server.databaseChanged(fingerprint: fingerprint, context: harness.context)
            #expect(saved)
            numbers.append(harness.server.record.configurationNumber)
        }
        // The first database is configuration 1; the same one again changes nothing; another moves it up.
        #expect(numbers == [1, 1, 2])
        #expect(harness.context.saved.last?.configurationNumber == 2)
    }

    @Test func theSetupURIAndHashAreTheWorkedExample() {
        // reference section 1, "Worked example".
        #expect(HAPSetupPayload.uri(setupCode: "031-45-154", setupID: "MHUB") == "X-HM://0023ISYWYMHUB")
        #expect(HAPSetupPayload.setupHash(setupID: "MHUB", deviceID: "AA:BB:CC:DD:EE:01") == "FSgV5w==")
    }
}
