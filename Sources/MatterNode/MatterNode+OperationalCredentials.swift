import MatterCredentials
import MatterCrypto
import MatterInteraction
import MatterTLV

/// Node Operational Credentials' commands (Matter Core Specification 11.18.6; CHIP
/// `operational-credentials-server.cpp`, whose checks and their order these follow). Those that add, change or remove
/// a fabric reach its sessions and the CASE responder too; the others are the root endpoint's.
extension MatterNode {
    mutating func operationalCredentials(
        _ path: CommandPathIB, _ fields: CommandFields, on key: MatterExchange.Key, session: MatterSecureSession,
        using generator: inout some RandomNumberGenerator
    ) throws(CommandFields.Invalid) -> CommandOutcome {
        switch path.command {
        case 0x00:
            return rootEndpoint.attestationRequest(
                path, nonce: try fields.bytes(0, "AttestationNonce"), session: session)
        case 0x02:
            return rootEndpoint.certificateChainRequest(
                path, type: try fields.unsigned(0, "CertificateType", as: UInt8.self))
        case 0x04:
            return rootEndpoint.csrRequest(
                path, nonce: try fields.bytes(0, "CSRNonce"),
                forUpdateNOC: try fields.optionalBool(1, "IsForUpdateNOC") ?? false, session: session,
                using: &generator)
        case 0x06:
            return addNOC(
                path, noc: try fields.bytes(0, "NOCValue"), icac: try fields.optionalBytes(1, "ICACValue"),
                ipk: try fields.bytes(2, "IPKValue"),
                adminSubject: try fields.unsigned(3, "CaseAdminSubject", as: UInt64.self),
                adminVendorID: try fields.unsigned(4, "AdminVendorId", as: UInt16.self), session: session)
        case 0x07:
            return updateNOC(
                path, noc: try fields.bytes(0, "NOCValue"), icac: try fields.optionalBytes(1, "ICACValue"),
                session: session)
        case 0x09:
            return updateFabricLabel(path, label: try fields.string(0, "Label"), on: key, session: session)
        case 0x0A:
            return removeFabric(
                path, fabricIndex: try fields.unsigned(0, "FabricIndex", as: UInt8.self), on: key, session: session)
        default:
            return rootEndpoint.addTrustedRootCertificate(
                path, certificate: try fields.bytes(0, "RootCACertificate"), session: session)
        }
    }

    /// AddNOC → NOCResponse: the new fabric from the root added under this fail-safe, the NOC for the CSR's key and
    /// its ICAC; its IPK, an Administer ACL entry for CaseAdminSubject over CASE, the next fabric index. The PASE
    /// session takes the new fabric as its accessing fabric; the fail-safe now belongs to it.
    mutating func addNOC(
        _ path: CommandPathIB, noc: [UInt8], icac: [UInt8]?, ipk: [UInt8], adminSubject: UInt64,
        adminVendorID: UInt16, session: MatterSecureSession
    ) -> CommandOutcome {
        guard noc.count <= MatterRootEndpoint.maximumCertificateLength,
            (icac?.count ?? 0) <= MatterRootEndpoint.maximumCertificateLength,
            ipk.count == 16, adminVendorID != 0, adminVendorID <= 0xFFF4
        else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        guard let armed = rootEndpoint.failSafe, armed.belongs(to: session.fabricIndex) else {
            return CommandOutcome(result: .status(path, .failsafeRequired))
        }
        guard !armed.nocInvoked else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard let pending = armed.operationalKey else {
            return CommandOutcome(result: .nocResponse(path, .missingCSR))
        }
        guard !pending.forUpdateNOC else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard let root = armed.rootCertificate else { return CommandOutcome(result: .nocResponse(path, .invalidNOC)) }
        guard adminSubject.isOperationalNodeID || adminSubject >> 32 == 0xFFFF_FFFD else {
            return CommandOutcome(result: .nocResponse(path, .invalidAdminSubject))
        }
        let chain: OperationalCertificateChain
        do {
            chain = try OperationalCertificateChain(rcac: root, icac: icac, noc: noc, at: nil)
        } catch {
            return CommandOutcome(result: .nocResponse(path, error == .invalidNodeID ? .invalidNodeOpID : .invalidNOC))
        }
        guard chain.nodePublicKey == pending.key.publicKey else {
            return CommandOutcome(result: .nocResponse(path, .invalidPublicKey))
        }
        guard let index = rootEndpoint.fabrics.freeFabricIndex() else {
            return CommandOutcome(result: .nocResponse(path, .tableFull))
        }
        if rootEndpoint.fabricFacts.values.contains(where: {
            $0.rootPublicKey == chain.rootPublicKey && $0.fabricID == chain.fabricID
        }) {
            return CommandOutcome(result: .nocResponse(path, .fabricConflict))
        }
        rootEndpoint.fabrics.store(
            FabricRecord(
                fabricIndex: index, rootCertificate: root, intermediateCertificate: icac, operationalCertificate: noc,
                operationalPrivateKey: pending.key.privateKey, identityProtectionEpochKey: ipk, vendorID: adminVendorID,
                label: "",
                accessControl: [
                    AccessControlEntry(
                        privilege: .administer, authMode: .case, subjects: [adminSubject], targets: nil,
                        fabricIndex: index)
                ]))
        rootEndpoint.failSafe?.addedFabric = index
        rootEndpoint.failSafe?.fabricIndex = index
        rootEndpoint.failSafe?.operationalKey = nil
        var actions = fabricsChanged()
        if session.kind == .pase, let bound = sessionLayer.sessions[session.localSessionID] {
            sessionLayer.sessions[session.localSessionID]?.fabricIndex = index
            actions.append(
                .sessionOpened(
                    MatterSessionSummary(
                        kind: bound.kind, localSessionID: bound.localSessionID, fabricIndex: index,
                        peerNodeID: bound.peerNodeID, peer: bound.peer.description)))
        }
        return CommandOutcome(result: .nocResponse(path, .ok, fabricIndex: index), actions: actions)
    }

    /// UpdateNOC → NOCResponse: the accessing fabric's NOC (and ICAC) replaced, for the key of a CSRRequest made
    /// for it, under the same root and fabric ID; the fabric's other sessions end (CHIP
    /// `AbortAllOtherCommunicationOnFabric`). Committed by CommissioningComplete, rolled back with the fail-safe.
    mutating func updateNOC(
        _ path: CommandPathIB, noc: [UInt8], icac: [UInt8]?, session: MatterSecureSession
    ) -> CommandOutcome {
        guard noc.count <= MatterRootEndpoint.maximumCertificateLength,
            (icac?.count ?? 0) <= MatterRootEndpoint.maximumCertificateLength
        else {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
        guard let armed = rootEndpoint.failSafe, armed.belongs(to: session.fabricIndex) else {
            return CommandOutcome(result: .status(path, .failsafeRequired))
        }
        guard !armed.nocInvoked else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard let pending = armed.operationalKey else {
            return CommandOutcome(result: .nocResponse(path, .missingCSR))
        }
        guard pending.forUpdateNOC else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard var record = rootEndpoint.fabrics.records[session.fabricIndex],
            let facts = rootEndpoint.fabricFacts[session.fabricIndex]
        else {
            return CommandOutcome(result: .nocResponse(path, .invalidNOC))
        }
        let chain: OperationalCertificateChain
        do {
            chain = try OperationalCertificateChain(rcac: record.rootCertificate, icac: icac, noc: noc, at: nil)
        } catch {
            return CommandOutcome(result: .nocResponse(path, error == .invalidNodeID ? .invalidNodeOpID : .invalidNOC))
        }
        guard chain.fabricID == facts.fabricID else { return CommandOutcome(result: .nocResponse(path, .invalidNOC)) }
        guard chain.nodePublicKey == pending.key.publicKey else {
            return CommandOutcome(result: .nocResponse(path, .invalidPublicKey))
        }
        record.operationalCertificate = noc
        record.intermediateCertificate = icac
        record.operationalPrivateKey = pending.key.privateKey
        rootEndpoint.fabrics.store(record)
        rootEndpoint.failSafe?.updatedFabric = record.fabricIndex
        rootEndpoint.failSafe?.operationalKey = nil
        let ended = endSessions(
            ofFabric: record.fabricIndex, keeping: session.localSessionID, reason: "UpdateNOC replaced its NOC")
        return CommandOutcome(
            result: .nocResponse(path, .ok, fabricIndex: record.fabricIndex), actions: ended + fabricsChanged())
    }

    /// UpdateFabricLabel → NOCResponse: at most 32 bytes, unique among the fabrics (else LabelConflict). A fabric
    /// still under the fail-safe changes with it; a committed one is saved first.
    mutating func updateFabricLabel(
        _ path: CommandPathIB, label: String, on key: MatterExchange.Key, session: MatterSecureSession
    ) -> CommandOutcome {
        guard label.utf8.count <= 32 else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        let index = session.fabricIndex
        guard var record = rootEndpoint.fabrics.records[index] else {
            return CommandOutcome(result: .status(path, .failure))
        }
        if rootEndpoint.fabrics.records.values.contains(where: { $0.fabricIndex != index && $0.label == label }) {
            return CommandOutcome(result: .nocResponse(path, .labelConflict))
        }
        record.label = label
        var working = rootEndpoint.fabrics
        working.store(record)
        guard var committed = rootEndpoint.committedFabrics.records[index] else {
            rootEndpoint.fabrics = working
            return CommandOutcome(result: .nocResponse(path, .ok, fabricIndex: index), actions: fabricsChanged())
        }
        committed.label = label
        var saved = rootEndpoint.committedFabrics
        saved.store(committed)
        return afterSave(
            saved, working, on: key, path: path, success: CommandResult.nocResponseIB(path, .ok, fabricIndex: index),
            effect: .labelUpdated)
    }

    /// RemoveFabric → NOCResponse: the fabric, its ACL entries and keys go from the saved table first; then its
    /// sessions and resumption records (the asking session's once its answer is delivered).
    mutating func removeFabric(
        _ path: CommandPathIB, fabricIndex: UInt8, on key: MatterExchange.Key, session: MatterSecureSession
    ) -> CommandOutcome {
        guard (1...254).contains(fabricIndex) else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        guard rootEndpoint.fabrics.records[fabricIndex] != nil else {
            return CommandOutcome(result: .nocResponse(path, .invalidFabricIndex))
        }
        var working = rootEndpoint.fabrics
        working.remove(fabricIndex)
        var saved = rootEndpoint.committedFabrics
        saved.remove(fabricIndex)
        return afterSave(
            saved, working, on: key, path: path,
            success: CommandResult.nocResponseIB(path, .ok, fabricIndex: fabricIndex),
            effect: .fabricRemoved(
                fabricIndex, askingSession: session.fabricIndex == fabricIndex ? session.localSessionID : nil))
    }
}
