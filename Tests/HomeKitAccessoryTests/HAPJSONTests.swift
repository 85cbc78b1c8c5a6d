import MHubJSON
import Testing

@testable import HomeKitAccessory

struct HAPJSONTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static let bridge = HAPAccessory(
        aid: 1,
        services: [
            HAPService(
                iid: 1, type: HAPType(0x3E),
                characteristics: [
                    HAPCharacteristic(iid: 2, type: HAPType(0x14), format: .bool, permissions: .pairedWrite),
                    HAPCharacteristic(
                        iid: 5, type: HAPType(0x23), format: .string, permissions: .pairedRead, value: .string("mhub")),
                ])
        ])
    static let light = HAPAccessory(
        aid: 2,
        services: [
            HAPService(
                iid: 8, type: HAPType(0x43),
                characteristics: [
                    HAPCharacteristic(
                        iid: 9, type: HAPType(0x25), format: .bool, permissions: [.pairedRead, .pairedWrite, .events],
                        value: .bool(true)),
                    HAPCharacteristic(
                        iid: 10, type: HAPType(0x08), format: .int, permissions: [.pairedRead, .pairedWrite, .events],
                        value: .int(75), unit: "percentage", minValue: 0, maxValue: 100, minStep: 1),
                ], primary: true, linked: [16]),
            HAPService(
                iid: 16, type: HAPType(0x8A),
                characteristics: [
                    HAPCharacteristic(
                        iid: 17, type: HAPType(0x11), format: .float, permissions: [.pairedRead, .events],
                        value: .float(0.0001), unit: "celsius", minValue: -273.1, maxValue: 1000, minStep: 0.1),
                    HAPCharacteristic(
                        iid: 18, type: HAPType(0x6A), format: .uint8, permissions: [.pairedRead, .events],
                        value: .int(1), validValues: [0, 1]),
                    HAPCharacteristic(
                        iid: 19, type: HAPType(0x23), format: .string, permissions: .pairedRead, value: .string("Lamp"),
                        maxLength: 32),
                    HAPCharacteristic(
                        iid: 20, type: HAPType(0x126), format: .uint8, permissions: [.pairedRead, .events],
                        value: .null),
                ], hidden: true),
        ])

    @Test func accessoriesIsCompactInTheReferencesOrder() throws {
        let expected =
            #"{"accessories":[{"aid":1,"services":[{"iid":1,"type":"3E","characteristics":["#
            + #"{"iid":2,"type":"14","perms":["pw"],"format":"bool"},"#
            + #"{"iid":5,"type":"23","perms":["pr"],"format":"string","value":"mhub"}]}]},"#
            + #"{"aid":2,"services":[{"iid":8,"type":"43","primary":true,"linked":[16],"characteristics":["#
            + #"{"iid":9,"type":"25","perms":["pr","pw","ev"],"format":"bool","value":true},"#
            + #"{"iid":10,"type":"8","perms":["pr","pw","ev"],"format":"int","value":75,"unit":"percentage","#
            + #""minValue":0,"maxValue":100,"minStep":1}]},"#
            + #"{"iid":16,"type":"8A","hidden":true,"characteristics":["#
            + #"{"iid":17,"type":"11","perms":["pr","ev"],"format":"float","value":0.0001,"unit":"celsius","#
            + #""minValue":-273.1,"maxValue":1000.0,"minStep":0.1},"#
            + #"{"iid":18,"type":"6A","perms":["pr","ev"],"format":"uint8","value":1,"valid-values":[0,1]},"#
            + #"{"iid":19,"type":"23","perms":["pr"],"format":"string","value":"Lamp","maxLen":32},"#
            + #"{"iid":20,"type":"126","perms":["pr","ev"],"format":"uint8","value":null}]}]}]}"#
        let written = text(HAPJSON.accessories([Self.bridge, Self.light]))
        #expect(written == expected)
        // Strictly valid: mhub's strict parser reads it.
        #expect(throws: Never.self) { try JSONParser().parse(written) }
    }

    @Test func aReadWhereAllSucceedIs200WithValuesOnly() {
        let reply = HAPJSON.readReply([
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 9), value: .bool(true)),
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 10), value: .int(75)),
        ])
        #expect(reply.status == 200)
        #expect(reply.contentType == "application/hap+json")
        #expect(
            text(reply.body)
                == #"{"characteristics":[{"aid":2,"iid":9,"value":true},{"aid":2,"iid":10,"value":75}]}"#)
    }

    @Test func aReadWithAFailureIs207WithAStatusEverywhereAndValuesOnSuccesses() {
        let reply = HAPJSON.readReply([
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 9), value: .bool(false)),
            HAPCharacteristicResult(
                id: HAPCharacteristicID(aid: 1, iid: 2), status: .writeOnly, value: .bool(true)),
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 9, iid: 9), status: .resourceDoesNotExist),
        ])
        #expect(reply.status == 207)
        #expect(reply.reason == "Multi-Status")
        #expect(
            text(reply.body)
                == #"{"characteristics":[{"aid":2,"iid":9,"value":false,"status":0},"#
                + #"{"aid":1,"iid":2,"status":-70405},{"aid":9,"iid":9,"status":-70409}]}"#)
    }

    @Test func aWriteWhereAllSucceedIs204() {
        let reply = HAPJSON.writeReply([
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 9)),
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 10)),
        ])
        #expect(reply == .noContent)
    }

    @Test func aWriteWithAFailureOrAWriteResponseIs207() {
        let failed = HAPJSON.writeReply([
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 9)),
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 17), status: .readOnly),
        ])
        #expect(failed.status == 207)
        #expect(
            text(failed.body)
                == #"{"characteristics":[{"aid":2,"iid":9,"status":0},{"aid":2,"iid":17,"status":-70404}]}"#)
        let withResponse = HAPJSON.writeReply([
            HAPCharacteristicResult(id: HAPCharacteristicID(aid: 2, iid: 30), value: .data([1, 2, 3]))
        ])
        #expect(withResponse.status == 207)
        #expect(text(withResponse.body) == #"{"characteristics":[{"aid":2,"iid":30,"value":"AQID","status":0}]}"#)
    }

    @Test func floatsAreWrittenAsTheDoubleGiven() {
        let body = HAPJSON.eventBody([
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 9), value: .float(22.4)),
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 10), value: .float(1e-05)),
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 11), value: .float(21)),
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 12), value: .float(.nan)),
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 13), value: .string("a\"b")),
        ])
        #expect(
            text(body)
                == #"{"characteristics":[{"aid":3,"iid":9,"value":22.4},{"aid":3,"iid":10,"value":1e-05},"#
                + #"{"aid":3,"iid":11,"value":21.0},{"aid":3,"iid":12,"value":0.0},{"aid":3,"iid":13,"value":"a\"b"}]}"#
        )
        #expect(throws: Never.self) { try JSONParser().parse(body) }
    }

    @Test func aWriteBodyIsReadIntoRequests() throws {
        let body = Array(
            (#"{"characteristics":[{"aid":2,"iid":9,"value":true},{"iid":10,"aid":2,"ev":false},"#
                + #"{"aid":3,"iid":11,"value":"AQID","r":true,"authData":"x"}],"pid":11122333}"#).utf8)
        let writes = try HAPCharacteristicWrites(json: body)
        #expect(writes.pid == 11_122_333)
        #expect(
            writes.requests == [
                HAPWriteRequest(id: HAPCharacteristicID(aid: 2, iid: 9), value: true),
                HAPWriteRequest(id: HAPCharacteristicID(aid: 2, iid: 10), events: false),
                HAPWriteRequest(id: HAPCharacteristicID(aid: 3, iid: 11), value: "AQID", response: true),
            ])
        let subscribe = try HAPCharacteristicWrites(
            json: Array(#"{"characteristics":[{"iid":15,"aid":2,"ev":true}]}"#.utf8))
        #expect(subscribe.pid == nil)
        #expect(subscribe.requests == [HAPWriteRequest(id: HAPCharacteristicID(aid: 2, iid: 15), events: true)])
    }

    @Test func aBadWriteBodyIsRefused() {
        for body in [
            "", "[]", "{}", #"{"characteristics":{}}"#, #"{"characteristics":[1]}"#,
            #"{"characteristics":[{"aid":2}]}"#, #"{"characteristics":[{"aid":-1,"iid":2}]}"#,
            #"{"characteristics":[{"aid":2,"iid":1.5}]}"#, #"{"characteristics":[{"aid":2,"iid":9,"ev":1}]}"#,
            #"{"characteristics":[{"aid":2,"iid":9,"r":"yes"}]}"#, #"{"characteristics":[],"pid":"1"}"#,
            #"{"characteristics":[],}"#,
        ] {
            #expect(throws: HAPWireError.self, "\(body)") { try HAPCharacteristicWrites(json: Array(body.utf8)) }
        }
    }

    @Test func aPrepareBodyIsTTLAndPID() throws {
        #expect(
            try HAPPrepareRequest(json: Array(#"{"ttl":2500,"pid":42}"#.utf8)) == HAPPrepareRequest(ttl: 2500, pid: 42))
        #expect(throws: HAPWireError.invalidBody("pid is not a whole number from 0 up")) {
            try HAPPrepareRequest(json: Array(#"{"ttl":2500}"#.utf8))
        }
        #expect(text(HAPJSON.statusBody(.success)) == #"{"status":0}"#)
    }
}
