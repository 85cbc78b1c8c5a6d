import Testing

@testable import HomeKitAccessory

struct TLV8Tests {
    @Test func aValueOver255BytesGoesAsFragmentsAndIsJoinedAgain() throws {
        let key = (0..<384).map { UInt8(truncatingIfNeeded: $0) }
        var tlv = TLV8()
        tlv.append(.state, byte: 2)
        tlv.append(.publicKey, key)
        let bytes = tlv.encoded()
        // State (3 bytes), then 255 + 129 in two fragments of type 3, each with its own 2-byte header.
        #expect(bytes.count == 3 + 2 + 255 + 2 + 129)
        #expect(Array(bytes[0..<5]) == [0x06, 0x01, 0x02, 0x03, 0xFF])
        #expect(Array(bytes[260..<262]) == [0x03, 129])
        let decoded = try TLV8.decode(bytes)
        #expect(decoded == tlv)
        #expect(decoded.first(.publicKey) == key)
        #expect(decoded.byte(.state) == 2)
    }

    @Test func exactly255BytesIsOneItemAnd510IsTwoFragments() throws {
        var tlv = TLV8()
        tlv.append(.encryptedData, [UInt8](repeating: 7, count: 255))
        #expect(tlv.encoded().count == 257)
        tlv = TLV8()
        tlv.append(.encryptedData, [UInt8](repeating: 7, count: 510))
        #expect(tlv.encoded().count == 514)
        #expect(try TLV8.decode(tlv.encoded()) == tlv)
    }

    @Test func anEmptyValueIsATypeAndAZeroLength() throws {
        var tlv = TLV8()
        tlv.append(.identifier, [])
        #expect(tlv.encoded() == [0x01, 0x00])
        #expect(try TLV8.decode([0x01, 0x00]).first(.identifier) == [])
    }

    @Test func twoItemsOfOneTypeInARowGetASeparatorBetweenThem() throws {
        var tlv = TLV8()
        tlv.append(.identifier, Array("a".utf8))
        tlv.append(.identifier, Array("b".utf8))
        #expect(tlv.encoded() == [0x01, 0x01, 0x61, 0xFF, 0x00, 0x01, 0x01, 0x62])
        // Without the separator a reader joins them into one value.
        #expect(try TLV8.decode([0x01, 0x01, 0x61, 0x01, 0x01, 0x62]).first(.identifier) == Array("ab".utf8))
    }

    @Test func twoStateItemsUnseparatedReadAsNoOneByteState() throws {
        let tlv = try TLV8.decode([0x06, 0x01, 0x02, 0x06, 0x01, 0x04])
        #expect(tlv.first(.state) == [2, 4])
        #expect(tlv.byte(.state) == nil)
    }

    /// List Pairings' reply as aiohomekit reads it (`controller/ip/pairing.py` `list_pairings`): State first, then
    /// Identifier, PublicKey, Permissions per pairing, a Separator between pairings.
    @Test func listPairingsEntriesStayApart() throws {
        let first = Array("0A1B2C3D-0000-4000-8000-000000000001".utf8)
        let second = Array("aaaabbbb-cccc-4ddd-8eee-ffff00001111".utf8)
        let firstKey = [UInt8](repeating: 0x11, count: 32)
        let secondKey = [UInt8](repeating: 0x22, count: 32)
        var reply = TLV8()
        reply.append(.state, byte: 2)
        reply.append(.identifier, first)
        reply.append(.publicKey, firstKey)
        reply.append(.permissions, byte: 1)
        reply.appendSeparator()
        reply.append(.identifier, second)
        reply.append(.publicKey, secondKey)
        reply.append(.permissions, byte: 0)
        let expected: [UInt8] =
            [0x06, 1, 2, 0x01, 36] + first + [0x03, 32] + firstKey + [0x0B, 1, 1, 0xFF, 0]
            + [0x01, 36] + second + [0x03, 32] + secondKey + [0x0B, 1, 0]
        #expect(reply.encoded() == expected)

        let decoded = try TLV8.decode(expected)
        #expect(decoded == reply)
        let entries = decoded.entries
        try #require(entries.count == 2)
        #expect(entries[0].byte(.state) == 2)
        #expect(entries[0].first(.identifier) == first)
        #expect(entries[0].byte(.permissions) == 1)
        #expect(entries[1].first(.identifier) == second)
        #expect(entries[1].first(.publicKey) == secondKey)
        #expect(entries[1].byte(.permissions) == 0)
    }

    @Test func aListPairingsRequestIsStateAndMethod() {
        var request = TLV8()
        request.append(.state, byte: 1)
        request.append(.method, byte: HAPPairingMethod.listPairings.rawValue)
        #expect(request.encoded() == [0x06, 0x01, 0x01, 0x00, 0x01, 0x05])
    }

    @Test func aSeparatorsBytesAreDroppedAndSeparatorsAreNeverJoined() throws {
        let tlv = try TLV8.decode([0xFF, 0x02, 0xAA, 0xBB, 0xFF, 0x00])
        #expect(tlv.items == [.init(type: 0xFF, value: []), .init(type: 0xFF, value: [])])
        #expect(tlv.encoded() == [0xFF, 0x00, 0xFF, 0x00])
    }

    @Test func unknownTypesAreKept() throws {
        // iOS may send Flags (0x13) in Pair Setup M1, and the reader ignores what it does not know.
        let tlv = try TLV8.decode([0x06, 0x01, 0x01, 0x00, 0x01, 0x00, 0x13, 0x01, 0x10, 0x42, 0x00])
        #expect(tlv.byte(.state) == 1)
        #expect(tlv.byte(.method) == 0)
        #expect(tlv.byte(.flags) == 0x10)
        #expect(tlv.items.last == .init(type: 0x42, value: []))
    }

    @Test func aTruncatedItemFailsTheBody() throws {
        #expect(throws: HAPWireError.truncatedTLV8(offset: 3)) { try TLV8.decode([0x06, 0x01, 0x01, 0x03]) }
        #expect(throws: HAPWireError.truncatedTLV8(offset: 3)) {
            try TLV8.decode([0x06, 0x01, 0x01, 0x03, 0x02, 0x00])
        }
        #expect(throws: HAPWireError.truncatedTLV8(offset: 0)) { try TLV8.decode([0x06]) }
        #expect(try TLV8.decode([]) == TLV8())
    }

    @Test func pairingCodesAreTheReferenceTables() {
        #expect(HAPTLVType.flags.rawValue == 0x13)
        #expect(HAPTLVType.sessionID.rawValue == 0x0E)
        #expect(HAPPairingError.busy.rawValue == 7)
        #expect(HAPPairingError.maxTries.rawValue == 5)
        #expect(HAPPairingMethod.pairResume.rawValue == 6)
    }
}
