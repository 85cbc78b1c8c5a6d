import MatterTLV

/// The additional data a commissionable device offers over BLE (C3 characteristic) and whose rotating
/// device ID DNS-SD carries as `RI` (CHIP `src/setup_payload/AdditionalDataPayloadParser.cpp`).
///
/// An anonymous TLV structure; context tag 0 holds the rotating device ID as an octet string of at
/// most 18 bytes (CHIP `RotatingDeviceId::kMaxLength`).
public struct AdditionalDataPayload: Hashable, Sendable {
    public static let maximumRotatingDeviceIDLength = 18

    public var rotatingDeviceID: [UInt8]

    public init(rotatingDeviceID: [UInt8] = []) {
        self.rotatingDeviceID = rotatingDeviceID
    }

    public static func parse(_ bytes: some Collection<UInt8>) throws(OnboardingPayloadError) -> AdditionalDataPayload {
        let element: TLVElement
        do {
            element = try TLVDecoder().decodeElement(bytes)
        } catch {
            throw .qrExtensionNotTLV(error)
        }
        guard element.tag == .anonymous, case .structure = element.value else {
            throw .qrExtensionNotAnonymousStructure
        }
        guard let member = element.member(.context(0)) else { return AdditionalDataPayload() }
        guard case .bytes(let identifier) = member.value else {
            throw .qrExtensionValue(tag: 0, reason: "(rotating device ID) must be a byte string")
        }
        guard identifier.count <= maximumRotatingDeviceIDLength else {
            throw .qrExtensionValue(
                tag: 0, reason: "(rotating device ID) is \(identifier.count) bytes; at most 18 are allowed")
        }
        return AdditionalDataPayload(rotatingDeviceID: identifier)
    }

    public func encoded() -> [UInt8] {
        let members = rotatingDeviceID.isEmpty ? [] : [TLVElement(tag: .context(0), .bytes(rotatingDeviceID))]
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
