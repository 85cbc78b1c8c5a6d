import MatterTLV
import Testing

@testable import MatterInteraction

/// InvokeRequest, InvokeResponse and TimedRequest against bytes written out from the TLV rules (Matter Core
/// Specification A.7, control octet = tag form | element type) and the tags of CHIP's `MessageDef` headers.
@Suite struct InvokeMessageTests {
    static let armFailSafePath = CommandPathIB(endpoint: 0, cluster: 0x30, command: 0)

    /// ArmFailSafe {ExpiryLengthSeconds 60, Breadcrumb 1}: {0 false, 1 false, 2 [{0 [0, 0x30, 0], 1 {60, 1}}], 0xFF 12}.
    static let armFailSafeBytes: [UInt8] = [
        0x15, 0x28, 0x00, 0x28, 0x01, 0x36, 0x02,
        0x15, 0x37, 0x00, 0x24, 0x00, 0x00, 0x24, 0x01, 0x30, 0x24, 0x02, 0x00, 0x18,
        0x35, 0x01, 0x24, 0x00, 0x3C, 0x24, 0x01, 0x01, 0x18, 0x18,
        0x18, 0x24, 0xFF, 0x0C, 0x18,
    ]

    @Test func anInvokeRequestEncodesAndDecodesAsCHIPWritesIt() throws {
        let request = InvokeRequestMessage(
            invokeRequests: [
                CommandDataIB(
                    path: Self.armFailSafePath,
                    fields: [
                        TLVElement(tag: .context(0), .unsigned(60)), TLVElement(tag: .context(1), .unsigned(1)),
                    ])
            ])
        #expect(request.encoded() == Self.armFailSafeBytes)
        #expect(try InvokeRequestMessage(payload: Self.armFailSafeBytes) == request)
    }

    @Test func anInvokeRequestNeedsBothFlagsAndACommand() {
        // Without SuppressResponse; without TimedRequest; with an empty InvokeRequests.
        let broken: [[UInt8]] = [
            [0x15, 0x28, 0x01, 0x36, 0x02, 0x18, 0x18],
            [0x15, 0x28, 0x00, 0x36, 0x02, 0x18, 0x18],
            [0x15, 0x28, 0x00, 0x28, 0x01, 0x36, 0x02, 0x18, 0x18],
            // A CommandPathIB without its command.
            [
                0x15, 0x28, 0x00, 0x28, 0x01, 0x36, 0x02, 0x15, 0x37, 0x00, 0x24, 0x00, 0x00, 0x24, 0x01, 0x30, 0x18,
                0x18, 0x18, 0x18,
            ],
        ]
        for bytes in broken {
            #expect(throws: InteractionModelError.self) { try InvokeRequestMessage(payload: bytes) }
        }
    }

    @Test func responsesCarryCommandsOrStatusesAndEchoTheRef() throws {
        let response = InvokeResponseMessage(invokeResponses: [
            .command(
                CommandDataIB(
                    path: CommandPathIB(endpoint: 0, cluster: 0x30, command: 1),
                    fields: [TLVElement(tag: .context(0), .unsigned(0)), TLVElement(tag: .context(1), .utf8(""))])),
            .status(path: CommandPathIB(endpoint: 0, cluster: 0x3E, command: 0x0B), StatusIB(.success), ref: 7),
        ])
        let bytes = response.encoded()
        // {0 false, 1 [{0 {0 [0, 0x30, 1], 1 {0 0, 1 ""}}}, {1 {0 [0, 0x3E, 0x0B], 1 {0 0}, 2 7}}], 0xFF 12}
        #expect(
            bytes == [
                0x15, 0x28, 0x00, 0x36, 0x01,
                0x15, 0x35, 0x00, 0x37, 0x00, 0x24, 0x00, 0x00, 0x24, 0x01, 0x30, 0x24, 0x02, 0x01, 0x18,
                0x35, 0x01, 0x24, 0x00, 0x00, 0x2C, 0x01, 0x00, 0x18, 0x18, 0x18,
                0x15, 0x35, 0x01, 0x37, 0x00, 0x24, 0x00, 0x00, 0x24, 0x01, 0x3E, 0x24, 0x02, 0x0B, 0x18,
                0x35, 0x01, 0x24, 0x00, 0x00, 0x18, 0x24, 0x02, 0x07, 0x18, 0x18,
                0x18, 0x24, 0xFF, 0x0C, 0x18,
            ])
        #expect(try InvokeResponseMessage(payload: bytes) == response)
    }

    @Test func aTimedRequestCarriesItsTimeout() throws {
        let bytes: [UInt8] = [0x15, 0x25, 0x00, 0xD0, 0x07, 0x24, 0xFF, 0x0C, 0x18]
        #expect(TimedRequestMessage(timeoutMilliseconds: 2000).encoded() == bytes)
        #expect(try TimedRequestMessage(payload: bytes).timeoutMilliseconds == 2000)
        #expect(throws: InteractionModelError.self) { try TimedRequestMessage(payload: [0x15, 0x18]) }
    }
}
