import MatterDataModel
import MatterTLV
import Testing

@testable import MatterInteraction

/// ReportData encoding, byte for byte against reports a CHIP device sent.
@Suite struct ReportDataMessageTests {
    /// matter.js `packages/protocol/test/protocol/interaction/AttributeDataDecoderTest.ts`, "decode number
    /// attribute" ("Data taken from chiptool lighting device"): SoftwareVersion 1 at data version 0x78681555,
    /// SuppressResponse, InteractionModelRevision 1.
    static let softwareVersionReport = "153601153501260055156878370124020024032824040918240201181818290424ff0118"

    /// The same file, "decode whole cluster response": the start of a chunk holding the lighting device's Basic
    /// Information cluster, up to CapabilityMinima (the chunk goes on with global attributes and list items).
    static let basicInformationChunkStart = """
        15360115350126005515687837012402002403282404001824020118181535012600551568783701240200240328240401182c020b\
        544553545f56454e444f5218181535012600551568783701240200240328240402182502f1ff18181535012600551568783701240200\
        240328240403182c020c544553545f50524f4455435418181535012600551568783701240200240328240404182502018018181535\
        012600551568783701240200240328240405182c020018181535012600551568783701240200240328240406182c02025553181815\
        350126005515687837012402002403282404071824020018181535012600551568783701240200240328240408182c020c54455354\
        5f56455253494f4e18181535012600551568783701240200240328240409182402011818153501260055156878370124020024032824\
        040a182c0203312e301818153501260055156878370124020024032824040b182c02083230323030313031181815350126005515687837\
        0124020024032824040c182c02001818153501260055156878370124020024032824040d182c0200181815350126005515687837012402\
        0024032824040e182c02001818153501260055156878370124020024032824040f182c0207544553545f534e1818153501260055156878\
        370124020024032824041018280218181535012600551568783701240200240328240411182902181815350126005515687837012402\
        0024032824041218 2c021032354536333242424137354642453943181815350126005515687837012402002403282404131835022400\
        032501ffff181818
        """

    static let version: UInt32 = 0x7868_1555

    static func report(_ attribute: AttributeID, _ value: AttributeValue) -> AttributeReportIB {
        .data(dataVersion: version, path: AttributePath(endpoint: 0, cluster: 0x28, attribute: attribute), value: value)
    }

    @Test func oneAttributeMatchesCHIPsBytes() throws {
        let message = ReportDataMessage(
            attributeReports: [Self.report(9, .unsigned(1))], suppressResponse: true, interactionModelRevision: 1)
        #expect(hexString(message.encoded()) == Self.softwareVersionReport)
        #expect(try ReportDataMessage(payload: message.encoded()) == message)
    }

    @Test func aWholeClusterMatchesCHIPsBytes() {
        let values: [(AttributeID, AttributeValue)] = [
            (0x00, .unsigned(1)), (0x01, .string("TEST_VENDOR")), (0x02, .unsigned(0xFFF1)),
            (0x03, .string("TEST_PRODUCT")), (0x04, .unsigned(0x8001)), (0x05, .string("")), (0x06, .string("US")),
            (0x07, .unsigned(0)), (0x08, .string("TEST_VERSION")), (0x09, .unsigned(1)), (0x0A, .string("1.0")),
            (0x0B, .string("20200101")), (0x0C, .string("")), (0x0D, .string("")), (0x0E, .string("")),
            (0x0F, .string("TEST_SN")), (0x10, .bool(false)), (0x11, .bool(true)),
            (0x12, .string("25E632BBA75FBE9C")), (0x13, .structure([0: .unsigned(3), 1: .unsigned(0xFFFF)])),
        ]
        let reports = values.map { Self.report($0.0, $0.1) }
        let encoded: [UInt8] = [0x15, 0x36, 0x01] + reports.flatMap { TLVEncoder.encode($0.element) }
        #expect(hexString(encoded) == Self.basicInformationChunkStart.filter { !$0.isWhitespace })
    }

    @Test func statusReportsCarryThePathAndStatusIB() throws {
        let path = AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x4000)
        let message = ReportDataMessage(
            attributeReports: [.status(path: path, StatusIB(.unsupportedAttribute))], suppressResponse: true)
        // {1: [{0: {0: [2: 0, 3: 0x28, 4: 0x4000], 1: {0: 0x86}}}], 4: true, 0xFF: 12}
        #expect(
            hexString(message.encoded())
                == "1536011535003700240200240328250400401835012400861818181829042" + "4ff0c18")
        #expect(try ReportDataMessage(payload: message.encoded()) == message)
    }

    @Test func statusResponseAndValuesRoundTrip() throws {
        let response = StatusResponseMessage(status: .invalidAction)
        #expect(hexString(response.encoded()) == "1524008024ff0c18")
        #expect(try StatusResponseMessage(payload: response.encoded()) == response)
        let value = AttributeValue.structure([
            1: .list([.unsigned(1), .signed(-2), .null]), 0: .bytes([1, 2]), 2: .float(0.5), 3: .float(0.1),
        ])
        // Fields in tag order; 0.5 fits a single-precision float, 0.1 needs a double.
        guard case .structure(let members) = value.tlvValue else {
            Issue.record("not a structure")
            return
        }
        #expect(members.map(\.tag) == [.context(0), .context(1), .context(2), .context(3)])
        #expect(members[2].value == .float(0.5))
        #expect(members[3].value == .double(0.1))
        #expect(try AttributeValue(tlv: value.tlvValue) == value)
    }
}
