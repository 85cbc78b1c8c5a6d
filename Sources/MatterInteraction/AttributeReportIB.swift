import MatterDataModel
import MatterTLV

/// AttributeReportIB: one attribute's data, or the status that takes its place.
///
/// A structure (CHIP `src/app/MessageDef/AttributeReportIB.h`): 0 AttributeStatus (AttributeStatusIB:
/// 0 Path, 1 StatusIB) or 1 AttributeData (AttributeDataIB, `AttributeDataIB.h`: 0 DataVersion (uint32),
/// 1 Path, 2 Data). A list sent in parts appends its further items one per AttributeDataIB, whose path has
/// ListIndex null (CHIP `AttributeValueEncoder::EncodeListItem`).
public enum AttributeReportIB: Hashable, Sendable {
    case data(dataVersion: UInt32, path: AttributePath, value: AttributeValue)
    /// One item appended to the list at `path`.
    case appended(dataVersion: UInt32, path: AttributePath, value: AttributeValue)
    case status(path: AttributePathIB, StatusIB)

    /// The report as an anonymous structure, the element of ReportData's AttributeReportIBs array.
    public var element: TLVElement {
        switch self {
        case .data(let version, let path, let value):
            return Self.dataElement(version, AttributePathIB(path), value)
        case .appended(let version, _, let value):
            return Self.dataElement(version, self.path, value)
        case .status(let path, let status):
            let attributeStatus = TLVElement(
                tag: .context(0), .structure([path.element(tag: .context(0)), status.element(tag: .context(1))]))
            return TLVElement(.structure([attributeStatus]))
        }
    }

    private static func dataElement(_ version: UInt32, _ path: AttributePathIB, _ value: AttributeValue) -> TLVElement {
        let data = TLVElement(
            tag: .context(1),
            .structure([
                TLVElement(tag: .context(0), .unsigned(UInt64(version))),
                path.element(tag: .context(1)),
                TLVElement(tag: .context(2), value.tlvValue),
            ]))
        return TLVElement(.structure([data]))
    }

    /// The path the report carries (an append's with ListIndex null).
    public var path: AttributePathIB {
        switch self {
        case .data(_, let path, _): return AttributePathIB(path)
        case .appended(_, let path, _):
            var appending = AttributePathIB(path)
            appending.listIndex = .null
            return appending
        case .status(let path, _): return path
        }
    }

    /// The attribute values a reader puts together from reports, as CHIP's `ReadClient` does: data replaces the
    /// value, an append adds an item to the list; statuses carry no value (for tests and peers written in Swift).
    public static func assemble(_ reports: [AttributeReportIB]) -> [AttributePath: AttributeValue] {
        var values: [AttributePath: AttributeValue] = [:]
        for report in reports {
            switch report {
            case .data(_, let path, let value): values[path] = value
            case .appended(_, let path, let item):
                if case .list(let items) = values[path] { values[path] = .list(items + [item]) }
            case .status: break
            }
        }
        return values
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
        let pathIB = try AttributePathIB(pathElement)
        guard let path = pathIB.concrete else { throw .invalidPath("AttributeDataIB.Path is not concrete") }
        guard let value = dataFields.element(2) else { throw .missingField("AttributeDataIB.Data") }
        let version = try dataFields.unsigned(0, "DataVersion", as: UInt32.self) ?? 0
        let decoded = try AttributeValue(tlv: value.value)
        self =
            pathIB.listIndex == .null
            ? .appended(dataVersion: version, path: path, value: decoded)
            : .data(dataVersion: version, path: path, value: decoded)
    }
}
