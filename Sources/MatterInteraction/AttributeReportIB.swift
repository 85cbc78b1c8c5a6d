import MatterDataModel
import MatterTLV

/// AttributeReportIB: one attribute's data, or the status that takes its place.
///
/// A structure (CHIP `src/app/MessageDef/AttributeReportIB.h`): 0 AttributeStatus (AttributeStatusIB:
/// 0 Path, 1 StatusIB) or 1 AttributeData (AttributeDataIB, `AttributeDataIB.h`: 0 DataVersion (uint32),
/// 1 Path, 2 Data).
public enum AttributeReportIB: Hashable, Sendable {
    case data(dataVersion: UInt32, path: AttributePath, value: AttributeValue)
    case status(path: AttributePathIB, StatusIB)

    /// The report as an anonymous structure, the element of ReportData's AttributeReportIBs array.
    public var element: TLVElement {
        switch self {
        case .data(let version, let path, let value):
            let data = TLVElement(
                tag: .context(1),
                .structure([
                    TLVElement(tag: .context(0), .unsigned(UInt64(version))),
                    AttributePathIB(path).element(tag: .context(1)),
                    TLVElement(tag: .context(2), value.tlvValue),
                ]))
            return TLVElement(.structure([data]))
        case .status(let path, let status):
            let attributeStatus = TLVElement(
                tag: .context(0), .structure([path.element(tag: .context(0)), status.element(tag: .context(1))]))
            return TLVElement(.structure([attributeStatus]))
        }
    }

    /// Reads a report (for tests and peers written in Swift).
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "AttributeReportIB")
        if let status = fields.element(0) {
            let statusFields = try TLVFields(status, "AttributeStatusIB")
            guard let path = statusFields.element(0) else { throw .missingField("AttributeStatusIB.Path") }
            guard let statusIB = statusFields.element(1) else { throw .missingField("AttributeStatusIB.Status") }
            self = .status(path: try AttributePathIB(path), try StatusIB(statusIB))
            return
        }
        guard let data = fields.element(1) else { throw .missingField("AttributeData or AttributeStatus") }
        let dataFields = try TLVFields(data, "AttributeDataIB")
        guard let pathElement = dataFields.element(1) else { throw .missingField("AttributeDataIB.Path") }
        guard let path = try AttributePathIB(pathElement).concrete else {
            throw .invalidPath("AttributeDataIB.Path is not concrete")
        }
        guard let value = dataFields.element(2) else { throw .missingField("AttributeDataIB.Data") }
        let version = try dataFields.unsigned(0, "DataVersion", as: UInt32.self) ?? 0
        self = .data(dataVersion: version, path: path, value: try AttributeValue(tlv: value.value))
    }
}
