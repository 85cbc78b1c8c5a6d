import MatterSpecification

/// What matter.js's model of Matter 1.4 leaves out and the specification has, put back when mhub's definitions are
/// made (docs/data-model.md, "Known differences"). Each with the section it comes from.
enum SpecCorrections {
    /// Command fields the model lacks, by `Cluster.Command`.
    static let commandFields: [String: [SpecField]] = [
        // Application Cluster Specification 10.2.7.2: NetworkPassphraseResponse carries the passphrase (octstr, max
        // 64), which the model's command has no field for.
        "WiFiNetworkManagement.NetworkPassphraseResponse": [
            SpecField(id: 0x0000, name: "Passphrase", type: "octstr", conformance: "M", constraint: "max 64")
        ]
    ]

    /// `command`'s fields in `cluster`, the model's or, where it has none, the correction's.
    static func fields(of command: SpecCommand, in cluster: SpecCluster) -> [SpecField] {
        command.fields.isEmpty ? commandFields["\(cluster.name).\(command.name)"] ?? [] : command.fields
    }
}
