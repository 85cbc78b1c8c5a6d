import MatterMessage
import MatterTLV
import Testing

@testable import MatterUDC

/// IdentificationDeclaration datagrams, checked against bytes laid out by hand from CHIP's
/// `EncodeUDCMessage` and `IdentificationDeclaration::WritePayload` (Matter reference E).
@Suite struct UDCMessageTests {
    /// Message header: flags 0, session 0, security flags 0, counter 0 (no node IDs).
    static let messageHeader: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
    /// Protocol header: I flag, opcode 0x00, exchange 0x1234, protocol 0x0003 (R flag clear).
    static let protocolHeader: [UInt8] = [0x01, 0x00, 0x34, 0x12, 0x03, 0x00]
    /// The 17-byte instance name block.
    static let nameBlock: [UInt8] = Array("ABCDEF0123456789".utf8) + [0x00]
    /// An anonymous structure: vendor 0xFFF1, product 0x8001, name "TV", device type 35, CD port 5560,
    /// one target app (0x1234, 5), NoPasscode true, an unknown tag 30 (skipped).
    static let tlv: [UInt8] = [
        0x15,
        0x25, 0x01, 0xF1, 0xFF,
        0x25, 0x02, 0x01, 0x80,
        0x2C, 0x03, 0x02, 0x54, 0x56,
        0x24, 0x04, 0x23,
        0x25, 0x08, 0xB8, 0x15,
        0x37, 0x09, 0x35, 0x0A, 0x25, 0x0B, 0x34, 0x12, 0x24, 0x0C, 0x05, 0x18, 0x18,
        0x29, 0x0D,
        0x24, 0x1E, 0x01,
        0x18,
    ]

    static var datagram: [UInt8] { messageHeader + protocolHeader + nameBlock + tlv }

    @Test func readsEveryFieldOfAHandBuiltDeclaration() throws {
        let declaration = try UDCMessage.identificationDeclaration(from: Self.datagram)
        #expect(declaration.instanceName == "ABCDEF0123456789")
        #expect(declaration.vendorID == 0xFFF1)
        #expect(declaration.productID == 0x8001)
        #expect(declaration.deviceName == "TV")
        #expect(declaration.deviceType == 35)
        #expect(declaration.commissionerDeclarationPort == 5560)
        #expect(declaration.targetApps == [IdentificationDeclaration.TargetApp(vendorID: 0x1234, productID: 5)])
        #expect(declaration.noPasscode)
        #expect(!declaration.cancelPasscode && declaration.pairingHint == nil && declaration.rotatingID == nil)
    }

    @Test func encodingLaysOutTheSameBytes() {
        var declaration = IdentificationDeclaration(instanceName: "ABCDEF0123456789")
        declaration.vendorID = 0xFFF1
        declaration.productID = 0x8001
        declaration.deviceName = "TV"
        declaration.deviceType = 35
        declaration.commissionerDeclarationPort = 5560
        declaration.targetApps = [.init(vendorID: 0x1234, productID: 5)]
        declaration.noPasscode = true
        var expected = Self.tlv
        expected.removeSubrange(36..<39)  // the unknown tag 30
        #expect(
            UDCMessage.datagram(declaration, exchangeID: 0x1234)
                == Self.messageHeader + Self.protocolHeader + Self.nameBlock + expected)
    }

    @Test func aNameAloneHasNoTLV() throws {
        let padded = try IdentificationDeclaration(payload: Self.nameBlock)
        #expect(padded == IdentificationDeclaration(instanceName: "ABCDEF0123456789"))
        // A shorter name, NUL-padded, and an unpadded one are read as CHIP's strnlen reads them.
        let short = try IdentificationDeclaration(payload: Array("0011".utf8) + Array(repeating: 0, count: 13))
        #expect(short.instanceName == "0011")
        #expect(try IdentificationDeclaration(payload: Array("0011".utf8)).instanceName == "0011")
        var declaration = IdentificationDeclaration(instanceName: "0011")
        declaration.cancelPasscode = true
        declaration.passcodeLength = 8
        declaration.rotatingID = [0xAB, 0xCD]
        declaration.pairingHint = 33
        declaration.pairingInstruction = "press"
        #expect(try IdentificationDeclaration(payload: declaration.encodedPayload()) == declaration)
    }

    @Test func encryptedOrOtherMessagesAreRefused() {
        var encrypted = Self.datagram
        encrypted[1] = 0x01  // session 1
        #expect(throws: UDCDecodingError.message(.unexpectedEncryption(encrypted: true))) {
            try UDCMessage.identificationDeclaration(from: encrypted)
        }
        var secureChannel = Self.datagram
        secureChannel[12] = 0x00  // protocol 0x0000
        #expect(throws: UDCDecodingError.notIdentificationDeclaration(protocolID: .secureChannel, opcode: 0)) {
            try UDCMessage.identificationDeclaration(from: secureChannel)
        }
        var otherOpcode = Self.datagram
        otherOpcode[9] = 0x01
        #expect(
            throws: UDCDecodingError.notIdentificationDeclaration(protocolID: .userDirectedCommissioning, opcode: 1)
        ) {
            try UDCMessage.identificationDeclaration(from: otherOpcode)
        }
        #expect(throws: UDCDecodingError.self) { try UDCMessage.identificationDeclaration(from: [0x00, 0x00]) }
    }

    @Test func malformedPayloadsAreRefused() {
        func error(_ payload: [UInt8]) -> UDCDecodingError? {
            do throws(UDCDecodingError) {
                _ = try IdentificationDeclaration(payload: payload)
                return nil
            } catch {
                return error
            }
        }
        #expect(error([]) == .badInstanceName)
        #expect(error([0x00] + Array(repeating: 0x41, count: 16)) == .badInstanceName)
        #expect(error(Array("AB CD".utf8)) == .badInstanceName)
        #expect(error(Self.nameBlock + [0x15]) == .notTLVStructure)
        #expect(error(Self.nameBlock + [0x16, 0x18]) == .notTLVStructure)
        #expect(error(Self.nameBlock + [0x15, 0x2C, 0x01, 0x01, 0x41, 0x18]) == .badField(tag: 1, name: "vendorID"))
        #expect(
            error(Self.nameBlock + [0x15, 0x26, 0x01, 0x00, 0x00, 0x01, 0x00, 0x18])
                == .badField(tag: 1, name: "vendorID"))
        let longName = [0x15, 0x2C, 0x03, 33] + Array(repeating: UInt8(0x41), count: 33) + [0x18]
        #expect(error(Self.nameBlock + longName) == .badField(tag: 3, name: "deviceName"))
        #expect(error(Self.nameBlock + [0x15, 0x24, 0x0D, 0x01, 0x18]) == .badField(tag: 13, name: "noPasscode"))
        #expect(error(Self.nameBlock + Array(repeating: 0, count: 484)) == .payloadTooLong(501))
    }

    @Test func randomBytesNeverTrapAndMostAreRefused() {
        var generator = SeededGenerator(seed: 0x5550)
        var accepted = 0
        for _ in 0..<5000 {
            let length = Int.random(in: 0...80, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if Bool.random(using: &generator) {
                bytes = Self.messageHeader + Self.protocolHeader + Self.nameBlock + bytes
            }
            if (try? UDCMessage.identificationDeclaration(from: bytes)) != nil {
                accepted += 1
            }
        }
        #expect(accepted < 2500)
    }
}

/// SplitMix64: a small seeded generator, so a failing random case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
