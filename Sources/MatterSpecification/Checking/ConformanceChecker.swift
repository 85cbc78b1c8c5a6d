/// Checks a node's endpoints against the Matter specification's tables: every device type an endpoint lists
/// (its revision and what it requires), the base device type's requirements, and every server cluster on it (its
/// revision, features, attributes, commands and events under their conformance). It reports; it decides nothing
/// where the specification leaves the answer to prose (`desc`) or to values it was not given.
public enum ConformanceChecker {
    /// Every finding on `endpoint`, device types first, then clusters in ID order. `conditions` are the Device
    /// Library conditions the node meets beyond what the endpoint shows (`Matter`, `Active`).
    public static func check(_ endpoint: EndpointComposition, conditions: Set<String> = ["Matter"])
        -> [ConformanceFinding]
    {
        var findings: [ConformanceFinding] = []
        if let base = MatterSpecification.deviceTypes.first(where: { $0.classification == .base }),
            !endpoint.deviceTypes.isEmpty
        {
            // The base device type's requirements hold on every endpoint (Device Library 1.1); it has no ID of its
            // own, so it is checked through its requirements alone.
            findings += baseFindings(base, on: endpoint, conditions: conditions)
        }
        for entry in endpoint.deviceTypes {
            var check = DeviceTypeConformanceCheck(endpoint: endpoint, entry: entry, conditions: conditions)
            findings += check.run()
        }
        for server in endpoint.servers.sorted(by: { $0.id < $1.id }) {
            guard let spec = MatterSpecification.cluster(id: server.id) else {
                if server.id <= 0x7FFF {
                    findings.append(
                        ConformanceFinding(
                            endpoint: endpoint.endpoint, element: .serverCluster(server.id), problem: .unknown,
                            reason: "cluster \(hex(server.id)) is not in the specification"))
                }
                continue
            }
            var check = ClusterConformanceCheck(
                endpoint: endpoint.endpoint, cluster: server, spec: spec, conditions: conditions)
            findings += check.run()
        }
        return findings
    }

    private static func baseFindings(
        _ base: SpecDeviceType, on endpoint: EndpointComposition, conditions: Set<String>
    ) -> [ConformanceFinding] {
        var findings: [ConformanceFinding] = []
        for requirement in base.requirements where requirement.element == .serverCluster {
            guard let id = requirement.id, endpoint.server(id) == nil else { continue }
            let facts = ConformanceFacts(conditions.union(endpoint.clients.isEmpty ? [] : ["Client"]))
            if case .mandatory = ConformanceOutcome.of(requirement.conformance, in: facts) {
                findings.append(
                    ConformanceFinding(
                        endpoint: endpoint.endpoint, element: .serverCluster(id), problem: .missing,
                        reason:
                            "every endpoint needs a \(requirement.name) server (\"\(requirement.conformance ?? "")\")"))
            }
        }
        return findings
    }
}
