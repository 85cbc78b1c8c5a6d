/// A StatusReport message payload (Secure Channel opcode 0x40).
///
/// Matter reference C.4 (CHIP `src/protocols/secure_channel/StatusReport.cpp` `WriteToBuffer`, `Parse`):
/// GeneralCode (LE16) ‖ ProtocolId (LE32, vendor << 16 | protocol) ‖ ProtocolCode (LE16) ‖ ProtocolData.
public struct StatusReport: Hashable, Sendable, CustomStringConvertible {
    public static let fixedLength = 8

    public var generalCode: GeneralStatusCode
    public var protocolID: ProtocolID
    /// The protocol-specific code; for the Secure Channel protocol see `SecureChannelStatusCode`.
    public var protocolCode: UInt16
    public var protocolData: [UInt8]

    public init(
        generalCode: GeneralStatusCode, protocolID: ProtocolID = .secureChannel, protocolCode: UInt16,
        protocolData: [UInt8] = []
    ) {
        self.generalCode = generalCode
        self.protocolID = protocolID
        self.protocolCode = protocolCode
        self.protocolData = protocolData
    }

    /// A Secure Channel report with one of its protocol codes.
    public init(generalCode: GeneralStatusCode, secureChannelCode: SecureChannelStatusCode, protocolData: [UInt8] = [])
    {
        self.init(
            generalCode: generalCode, protocolID: .secureChannel, protocolCode: secureChannelCode.rawValue,
            protocolData: protocolData)
    }

    /// Session establishment succeeded (what a PASE responder sends after a good Pake3).
    public static let sessionEstablishmentSuccess = StatusReport(generalCode: .success, secureChannelCode: .success)

    /// Busy: try again after `minimumWaitMilliseconds` (CHIP `StatusReport::MakeBusyStatusReportMessage`).
    public static func busy(minimumWaitMilliseconds: UInt16) -> StatusReport {
        var data: [UInt8] = []
        data.appendLittleEndian(minimumWaitMilliseconds)
        return StatusReport(generalCode: .busy, secureChannelCode: .busy, protocolData: data)
    }

    /// The code as a Secure Channel protocol code, if the report is from that protocol.
    public var secureChannelCode: SecureChannelStatusCode? {
        protocolID == .secureChannel ? SecureChannelStatusCode(rawValue: protocolCode) : nil
    }

    /// The minimum wait of a Busy report: its protocol data as LE16 milliseconds.
    public var minimumWaitMilliseconds: UInt16? {
        guard generalCode == .busy, protocolData.count >= 2 else { return nil }
        return UInt16(protocolData[0]) | UInt16(protocolData[1]) << 8
    }

    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(generalCode.rawValue)
        bytes.appendLittleEndian(protocolID.fullyQualified)
        bytes.appendLittleEndian(protocolCode)
        return bytes + protocolData
    }

    public static func decode(_ bytes: [UInt8]) throws(MessageDecodingError) -> StatusReport {
        guard bytes.count >= fixedLength else { throw .statusReportTooShort(bytes.count) }
        var reader = ByteReader(bytes)
        let general = try reader.readUInt16("general code")
        let protocolID = try reader.readUInt32("protocol ID")
        let code = try reader.readUInt16("protocol code")
        return StatusReport(
            generalCode: GeneralStatusCode(rawValue: general), protocolID: ProtocolID(fullyQualified: protocolID),
            protocolCode: code, protocolData: reader.readRest())
    }

    public var description: String {
        let code = secureChannelCode.map(\.description) ?? "0x" + hex(protocolCode, width: 4)
        let data = protocolData.isEmpty ? "" : ", data " + protocolData.map { hex($0, width: 2) }.joined()
        return "StatusReport(\(generalCode), protocol \(protocolID), \(code)\(data))"
    }
}
