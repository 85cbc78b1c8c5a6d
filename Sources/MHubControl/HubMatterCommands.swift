import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl hub fabrics [list] | remove INDEX` (`get_fabrics`, `remove_fabric`) and `mhubctl hub attestation
/// [--paa-der FILE]` (`get_attestation`): the hub as a commissionee of other controllers (docs/matter.md).
enum HubMatterCommands {
    static let specs = [
        CommandSpec(
            "fabrics", summary: "the fabrics the hub's Matter node joined, and its secure sessions",
            subcommands: [
                CommandSpec("list", summary: "list them", options: HubConnectionOptions.options),
                CommandSpec(
                    "remove", summary: "leave a fabric (as RemoveFabric from its administrator)",
                    options: HubConnectionOptions.options, operands: [OperandSpec("INDEX", help: "its fabric index")]),
            ], defaultSubcommand: "list"),
        CommandSpec(
            "attestation", summary: "the hub's attestation chain (PAA, PAI, DAC) and Certification Declaration",
            options: HubConnectionOptions.options + [
                OptionSpec(
                    "paa-der", value: "FILE",
                    help: "write the PAA certificate (DER) to FILE, for a controller's PAA trust store"),
                OptionSpec(
                    "device-paa-der", value: "FILE",
                    help: "write the PAA of the devices on the network (DER) to FILE, for a controller's trust store"),
            ]),
    ]

    static func run(_ command: ParsedCommand, hub: MHubConnection, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        switch command.path {
        case ["hub", "fabrics", "list"]:
            let result = try HubCommands.send(hub, GetFabrics())
            if json { return HubCommands.print(result, console) }
            console.write(describeFabrics(result))
        case ["hub", "fabrics", "remove"]:
            let text = command.operands["INDEX"] ?? ""
            guard let index = UInt8(text) else {
                throw UsageError("INDEX must be a fabric index, not \"\(text)\"", commandPath: command.path)
            }
            let result = try HubCommands.send(hub, RemoveFabric(fabricIndex: index))
            if json { return HubCommands.print(result, console) }
            console.write("left fabric \(index)\n")
        case ["hub", "attestation"]:
            let result = try HubCommands.send(hub, GetAttestation())
            let writes = [
                ("paa-der", result.paa, "the PAA certificate"),
                ("device-paa-der", result.devicePAA, "the devices' PAA certificate"),
            ]
            for (option, certificate, what) in writes {
                guard let path = command.value(option) else { continue }
                guard let certificate, let der = Data(base64Encoded: certificate.derBase64), !der.isEmpty else {
                    throw CommandFailure("mhubd sent no \(what)")
                }
                do {
                    try der.write(to: URL(fileURLWithPath: path))
                } catch {
                    throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
                }
                if !json { console.write("wrote \(what) (\(der.count) bytes, DER) to \(path)\n") }
            }
            if json { return HubCommands.print(result, console) }
            if writes.allSatisfy({ command.value($0.0) == nil }) { console.write(describeAttestation(result)) }
        default:
            return nil
        }
        return 0
    }

    static func describeFabrics(_ result: FabricsStatus) -> String {
        guard !result.fabrics.isEmpty else {
            return "no fabrics: the hub has not been commissioned by a controller (mhubctl hub window open)\n"
        }
        var table = TextTable("INDEX", "FABRIC ID", "NODE ID", "COMPRESSED FABRIC ID", "VENDOR", "LABEL", "STATE")
        for fabric in result.fabrics {
            table.add(
                String(fabric.fabricIndex), fabric.fabricID, fabric.nodeID, fabric.compressedFabricID,
                String(fabric.vendorID), fabric.label.isEmpty ? "-" : fabric.label,
                fabric.committed ? "commissioned" : "under the fail-safe")
        }
        var text = table.rendered
        if !result.sessions.isEmpty {
            var rows = TextTable("SESSION", "KIND", "FABRIC", "PEER NODE", "PEER", "SINCE")
            for session in result.sessions {
                rows.add(
                    String(session.sessionID), session.kind, session.fabricIndex.map(String.init) ?? "-",
                    session.peerNodeID, session.peer, session.openedAt)
            }
            text += "\n" + rows.rendered
        }
        return text
    }

    static func describeAttestation(_ result: AttestationInfo) -> String {
        func t(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "-" }
        var table = TextTable("CERTIFICATE", "SUBJECT", "NOT BEFORE", "NOT AFTER", "SUBJECT KEY ID", "BYTES")
        let devices = result.devicePAA.map { [("devices' PAA", $0)] } ?? []
        for (name, certificate) in [("PAA", result.paa), ("PAI", result.pai), ("DAC", result.dac)] + devices {
            table.add(
                name, t(certificate.subject), t(certificate.notBefore), t(certificate.notAfter),
                t(certificate.subjectKeyID), t(certificate.derBytes))
        }
        let content = result.certificationDeclaration.content
        let products = content.map { $0.productIDs.map(String.init).joined(separator: ", ") } ?? "-"
        return "vendor \(result.vendorID), product \(result.productID)\n" + table.rendered
            + "Certification Declaration: vendor \(t(content?.vendorID)), products \(products), device type "
            + "\(t(content?.deviceTypeID)), certificate \(t(content?.certificateID)), type "
            + "\(t(content?.certificationType)), signed by key \(t(content?.signerKeyID))\n"
    }
}
