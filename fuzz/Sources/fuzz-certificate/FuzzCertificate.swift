import FuzzSupport
import MatterCredentials

/// Matter TLV certificates (what AddTrustedRootCertificate and AddNOC carry, and CASE sends): whatever decodes
/// re-encodes and decodes to the same certificate; when it converts to X.509 DER (CHIPCertToX509.cpp's rules), that
/// DER converts back to the same certificate and its TBS is the DER's; decoding never traps, whatever the bytes.
/// The same input is also read as X.509 DER, which must not trap either and, when it converts, convert back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let certificate = try? MatterCertificate(tlv: bytes) {
        let encoded = certificate.tlvEncoded
        guard let again = try? MatterCertificate(tlv: encoded) else {
            fatalError("property violated: the encoding of a decoded certificate does not decode")
        }
        fuzzCheck(again == certificate, "TLV decode → encode → decode changed the certificate")
        if let der = try? certificate.x509DER() {
            guard let back = try? MatterCertificate(x509: der) else {
                fatalError("property violated: mhub's own X.509 form of a certificate does not convert back")
            }
            fuzzCheck(back == certificate, "TLV → X.509 → TLV changed the certificate")
        }
    }
    if let converted = try? MatterCertificate(x509: bytes), let der = try? converted.x509DER() {
        fuzzCheck(
            (try? MatterCertificate(x509: der)) == converted, "X.509 → TLV → X.509 → TLV changed the certificate")
    }
    return 0
}
