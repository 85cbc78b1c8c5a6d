import MatterCredentials
import MatterCrypto
import MatterInteraction

/// Node Operational Credentials' commands that read or change the root endpoint alone (Matter Core Specification
/// 11.18.6; CHIP `operational-credentials-server.cpp`, whose checks and their order these follow): attestation, the
/// certificate chain, CSRRequest and AddTrustedRootCertificate under the fail-safe.
extension MatterRootEndpoint {
    /// kMaxCHIPCertLength: the largest Matter TLV certificate taken.
    static let maximumCertificateLength = 400

    /// CertificateChainRequest → CertificateChainResponse with the DAC (1) or PAI (2), DER.
    func certificateChainRequest(_ path: CommandPathIB, type: UInt8) -> CommandOutcome {
        let certificate: [UInt8]
        switch type {
        case 1: certificate = attestation.dac
        case 2: certificate = attestation.pai
        default: return CommandOutcome(result: .status(path, .invalidCommand))
        }
        return CommandOutcome(result: .response(path, command: 0x03, [.init(tag: .context(0), .bytes(certificate))]))
    }

    /// AttestationRequest → AttestationResponse: the elements (CD, the nonce, timestamp 0) and the DAC's signature
    /// over them and the session's attestation challenge (matter-commissionee.md §2.6).
    func attestationRequest(_ path: CommandPathIB, nonce: [UInt8], session: MatterSecureSession) -> CommandOutcome {
        guard nonce.count == 32 else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        let elements = AttestationElements(
            certificationDeclaration: attestation.certificationDeclaration, attestationNonce: nonce
        ).tlvEncoded
        guard let key = try? attestation.dacKeyPair(),
            let signature = try? AttestationSignature.sign(
                elements: elements, challenge: session.attestationChallenge, with: key)
        else { return CommandOutcome(result: .status(path, .failure)) }
        return CommandOutcome(
            result: .response(
                path, command: 0x01,
                [.init(tag: .context(0), .bytes(elements)), .init(tag: .context(1), .bytes(signature.raw))]))
    }

    /// CSRRequest → CSRResponse: a fresh operational key under the fail-safe, its PKCS#10 request in NOCSRElements
    /// with the nonce, signed by the DAC with the challenge (§3).
    mutating func csrRequest(
        _ path: CommandPathIB, nonce: [UInt8], forUpdateNOC: Bool, session: MatterSecureSession,
        using generator: inout some RandomNumberGenerator
    ) -> CommandOutcome {
        guard nonce.count == 32 else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        guard !forUpdateNOC || fabrics.records[session.fabricIndex] != nil else {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
        guard let armed = failSafe, armed.belongs(to: session.fabricIndex) else {
            return CommandOutcome(result: .status(path, .failsafeRequired))
        }
        guard !armed.nocInvoked else { return CommandOutcome(result: .status(path, .constraintError)) }
        let key = P256KeyPair.random(using: &generator)
        guard let csr = try? CertificateSigningRequest(key: key), let dac = try? attestation.dacKeyPair() else {
            return CommandOutcome(result: .status(path, .failure))
        }
        let elements = NOCSRElements(csr: csr.der, csrNonce: nonce).tlvEncoded
        guard
            let signature = try? AttestationSignature.sign(
                elements: elements, challenge: session.attestationChallenge, with: dac)
        else { return CommandOutcome(result: .status(path, .failure)) }
        failSafe?.operationalKey = FailSafe.PendingKey(key: key, forUpdateNOC: forUpdateNOC)
        return CommandOutcome(
            result: .response(
                path, command: 0x05,
                [.init(tag: .context(0), .bytes(elements)), .init(tag: .context(1), .bytes(signature.raw))]))
    }

    /// AddTrustedRootCertificate → status: one root per fail-safe, before AddNOC, a valid self-signed RCAC (CHIP
    /// `ValidateChipRCAC`).
    mutating func addTrustedRootCertificate(
        _ path: CommandPathIB, certificate: [UInt8], session: MatterSecureSession
    ) -> CommandOutcome {
        guard certificate.count <= Self.maximumCertificateLength else {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
        guard let armed = failSafe, armed.belongs(to: session.fabricIndex) else {
            return CommandOutcome(result: .status(path, .failsafeRequired))
        }
        guard armed.rootCertificate == nil, !armed.nocInvoked else {
            return CommandOutcome(result: .status(path, .constraintError))
        }
        guard Self.isValidRoot(certificate) else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        failSafe?.rootCertificate = certificate
        return CommandOutcome(result: .status(path, .success))
    }

    /// Whether `tlv` is a root CA certificate that verifies its own signature.
    static func isValidRoot(_ tlv: [UInt8]) -> Bool {
        guard let root = try? MatterCertificate(tlv: tlv), root.kind == .root, root.issuer == root.subject, root.isCA,
            root.keyUsage?.contains(.keyCertSign) == true, let key = try? root.publicKeyPoint()
        else { return false }
        return root.isSignatureValid(issuerPublicKey: key)
    }
}
