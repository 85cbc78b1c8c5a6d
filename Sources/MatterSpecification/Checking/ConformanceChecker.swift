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
        // The base device type's requirements hold on every endpoint that lists a device type (Device Library 1.1);
        // it has no ID and no revision of its own to check.
        if !endpoint.deviceTypes.isEmpty,
            let base = MatterSpecification.deviceTypes.first(where: { $0.classification == .base })
        {
            var check = DeviceTypeConformanceCheck(
                endpoint: endpoint, deviceType: base, listedRevision: nil, conditions: conditions)
            findings += check.run()
        }
        for entry in endpoint.deviceTypes {
            guard let deviceType = MatterSpecification.deviceType(id: entry.id) else {
                findings.append(
                    ConformanceFinding(
                        endpoint: endpoint.endpoint, element: .deviceType(entry.id), problem: .unknown,
                        reason: "device type \(hex(entry.id)) is not in the specification"))
                continue
            }
            var check = DeviceTypeConformanceCheck(
                endpoint: endpoint, deviceType: deviceType, listedRevision: entry.revision, conditions: conditions)
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
}
