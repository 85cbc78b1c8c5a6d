import MHubJSON
import MatterOnboarding

/// Everything `mhubctl payload` says about an onboarding payload, as JSON and as a table.
///
/// The JSON shape is documented in `docs/mhubctl.md`; `payload parse --json` and
/// `payload generate --json` print the same shape, so their output can be compared field by field.
struct PayloadReport {
    var payload: OnboardingPayload
    /// The text as given (QR code or manual code).
    var input: String

    var violations: [PayloadViolation] { payload.violations(mode: .produce) }

    var json: JSONValue {
        let entries: [JSONValue]
        let kind: String
        switch payload {
        case .qrCode(let payloads):
            kind = "qr"
            entries = payloads.map(Self.json(for:))
        case .manualCode(let code):
            kind = "manual"
            entries = [Self.json(for: code)]
        }
        return [
            "input": .string(input),
            "kind": .string(kind),
            "valid": .bool(violations.isEmpty),
            "errors": .array(violations.map { ["rule": .string($0.rule.rawValue), "message": .string($0.message)] }),
            "payloads": .array(entries),
        ]
    }

    private static func json(for payload: SetupPayload) -> JSONValue {
        let manual = try? ManualPairingCode(payload).digits(allowInvalid: true)
        return [
            "version": .integer(Int64(payload.version)),
            "vendorId": .integer(Int64(payload.vendorID)),
            "vendorIdHex": .string(hex16(payload.vendorID)),
            "productId": .integer(Int64(payload.productID)),
            "productIdHex": .string(hex16(payload.productID)),
            "commissioningFlow": .string(payload.commissioningFlow.name),
            "commissioningFlowValue": .integer(Int64(payload.commissioningFlow.rawValue)),
            "discoveryCapabilities": .array(payload.discoveryCapabilities.names.map { .string($0) }),
            "discoveryCapabilitiesValue": .integer(Int64(payload.discoveryCapabilities.rawValue)),
            "discriminator": .integer(Int64(payload.discriminator)),
            "shortDiscriminator": .integer(Int64(payload.shortDiscriminator)),
            "passcode": .integer(Int64(payload.passcode)),
            "serialNumber": payload.serialNumber.map { .string($0) } ?? .null,
            "extensionData": .array(payload.extensionData.map(json(for:))),
            "undecodableExtension": payload.undecodableExtension.map { .string(hexBytes($0.bytes)) } ?? .null,
            "qrCode": (try? payload.qrCodeString(allowInvalid: true)).map { .string($0) } ?? .null,
            "manualCode": manual.map { .string($0) } ?? .null,
            "manualCodeGrouped": manual.map { .string(ManualPairingCode.grouped($0)) } ?? .null,
        ]
    }

    private static func json(for code: ManualPairingCode) -> JSONValue {
        let digits = try? code.digits(allowInvalid: true)
        return [
            "longCode": .bool(code.isLong),
            "vendorId": code.vendorID.map { .integer(Int64($0)) } ?? .null,
            "vendorIdHex": code.vendorID.map { .string(hex16($0)) } ?? .null,
            "productId": code.productID.map { .integer(Int64($0)) } ?? .null,
            "productIdHex": code.productID.map { .string(hex16($0)) } ?? .null,
            "commissioningFlow": .string(code.commissioningFlow.name),
            "commissioningFlowValue": .integer(Int64(code.commissioningFlow.rawValue)),
            "discriminator": .null,
            "shortDiscriminator": .integer(Int64(code.shortDiscriminator)),
            "passcode": .integer(Int64(code.passcode)),
            "manualCode": digits.map { .string($0) } ?? .null,
            "manualCodeGrouped": digits.map { .string(ManualPairingCode.grouped($0)) } ?? .null,
        ]
    }

    private static func json(for entry: SetupPayloadExtension) -> JSONValue {
        let (type, value): (String, JSONValue) =
            switch entry.value {
            case .string(let string): ("string", .string(string))
            case .unsigned(let number):
                ("unsigned", number <= UInt64(Int64.max) ? .integer(Int64(number)) : .string(String(number)))
            case .signed(let number): ("signed", .integer(number))
            case .bytes(let bytes): ("bytes", .string(hexBytes(bytes)))
            }
        return [
            "tag": .integer(Int64(entry.tag)), "name": .string(entry.tagName), "type": .string(type), "value": value,
        ]
    }

    /// The report as aligned text for a person.
    var table: String {
        var rows: [(String, String)] = []
        let value = json
        switch payload {
        case .qrCode(let payloads):
            rows.append(("QR code", input))
            for (index, payload) in payloads.enumerated() {
                if payloads.count > 1 {
                    rows.append(("", ""))
                    rows.append(("Payload", "\(index + 1) of \(payloads.count)"))
                }
                rows += Self.rows(
                    for: payload,
                    json: value["payloads"].flatMap { entries in
                        if case .array(let list) = entries { return list[index] }
                        return nil
                    })
            }
        case .manualCode(let code):
            rows.append(("Manual code", ManualPairingCode.grouped((try? code.digits(allowInvalid: true)) ?? input)))
            rows.append(("Form", code.isLong ? "21 digits (with vendor and product)" : "11 digits"))
            if let vendor = code.vendorID, let product = code.productID {
                rows.append(("Vendor ID", "\(vendor) (\(hex16(vendor)))"))
                rows.append(("Product ID", "\(product) (\(hex16(product)))"))
            }
            rows.append(("Commissioning flow", "\(code.commissioningFlow.name) (\(code.commissioningFlow.rawValue))"))
            rows.append(("Discriminator", "short \(code.shortDiscriminator) (the long one is not in manual codes)"))
            rows.append(("Passcode", String(code.passcode)))
        }
        rows.append(("", ""))
        if violations.isEmpty {
            rows.append(("Valid", "yes"))
        } else {
            rows.append(("Valid", "no"))
            for violation in violations {
                rows.append(("  \(violation.rule.rawValue)", violation.message))
            }
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value in
            label.isEmpty && value.isEmpty
                ? "" : label + String(repeating: " ", count: width - label.count) + "  " + value
        }.joined(separator: "\n") + "\n"
    }

    private static func rows(for payload: SetupPayload, json: JSONValue?) -> [(String, String)] {
        var rows: [(String, String)] = [
            ("Version", String(payload.version)),
            ("Vendor ID", "\(payload.vendorID) (\(hex16(payload.vendorID)))"),
            ("Product ID", "\(payload.productID) (\(hex16(payload.productID)))"),
            ("Commissioning flow", "\(payload.commissioningFlow.name) (\(payload.commissioningFlow.rawValue))"),
            (
                "Discovery",
                "\(payload.discoveryCapabilities.names.joined(separator: ", ")) (0x\(hex(payload.discoveryCapabilities.rawValue, 2)))"
            ),
            (
                "Discriminator",
                "\(payload.discriminator) (0x\(hex(payload.discriminator, 3))), short \(payload.shortDiscriminator)"
            ),
            ("Passcode", String(payload.passcode)),
        ]
        for entry in payload.extensionData {
            let shown: String
            switch entry.value {
            case .string(let string): shown = "\"\(string)\""
            case .unsigned(let number): shown = String(number)
            case .signed(let number): shown = String(number)
            case .bytes(let bytes): shown = hexBytes(bytes)
            }
            rows.append(("TLV 0x\(hex(entry.tag, 2)) \(entry.tagName)", shown))
        }
        if let undecodable = payload.undecodableExtension {
            rows.append(("TLV (undecodable)", hexBytes(undecodable.bytes)))
        }
        if case .string(let manual)? = json?["manualCodeGrouped"] {
            rows.append(("Manual code", manual))
        }
        return rows
    }
}

func hex(_ value: some BinaryInteger, _ width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

func hex16(_ value: UInt16) -> String {
    "0x" + hex(value, 4)
}

func hexBytes(_ bytes: [UInt8]) -> String {
    bytes.map { hex($0, 2) }.joined()
}
