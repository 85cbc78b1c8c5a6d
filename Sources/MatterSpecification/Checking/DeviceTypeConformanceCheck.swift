/// Checks what one device type on an endpoint requires (Device Library: each device type's cluster requirements,
/// with the base device type's for every endpoint): its revision, the server and client clusters it makes
/// mandatory, and within each, the features, attributes, commands and events it narrows.
struct DeviceTypeConformanceCheck {
    let endpoint: EndpointComposition
    let deviceType: SpecDeviceType
    /// The revision the endpoint's DeviceTypeList gives it; `nil` for the base device type, which is not listed.
    let listedRevision: UInt16?
    let conditions: Set<String>
    private(set) var findings: [ConformanceFinding] = []

    init(
        endpoint: EndpointComposition, deviceType: SpecDeviceType, listedRevision: UInt16?, conditions: Set<String>
    ) {
        self.endpoint = endpoint
        self.deviceType = deviceType
        self.listedRevision = listedRevision
        self.conditions = conditions
    }

    mutating func run() -> [ConformanceFinding] {
        if let id = deviceType.id, let listed = listedRevision, let revision = deviceType.revision, revision != listed {
            report(
                .deviceType(id), .wrongRevision(expected: revision, found: listed),
                "\(deviceType.name) is listed at revision \(listed); Matter \(MatterSpecification.version) "
                    + "has \(revision)")
        }
        let facts = ConformanceFacts(conditions.union(self.conditions(of: deviceType)))
        for requirement in deviceType.requirements {
            check(requirement, of: deviceType, facts: facts)
        }
        return findings
    }

    /// The Device Library's endpoint conditions (1.1.5, 1.1.6) this device type and endpoint meet.
    private func conditions(of deviceType: SpecDeviceType) -> Set<String> {
        var names: Set<String> = []
        switch deviceType.classification {
        case .node: names.insert("Node")
        case .simple: names.formUnion(["App", "Simple"])
        case .utility, .base: break
        }
        if !endpoint.clients.isEmpty { names.insert("Client") }
        if !endpoint.servers.isEmpty { names.insert("Server") }
        return names.union(shownConditions)
    }

    /// The conditions the endpoint's own clusters show. Device Library 2.7.5: an energy smart appliance is a
    /// ControllableESA when its Device Energy Management takes adjustments: one of PowerAdjustment,
    /// StartTimeAdjustment, Pausable, ForecastAdjustment or ConstraintBasedAdjustment (FeatureMap bits 0, 3, 4, 5, 6).
    private var shownConditions: Set<String> {
        guard let management = endpoint.server(0x0098), management.featureMap & 0x79 != 0 else { return [] }
        return ["ControllableESA"]
    }

    private mutating func check(_ requirement: SpecRequirement, of deviceType: SpecDeviceType, facts: ConformanceFacts)
    {
        guard let id = requirement.id else { return }
        let outcome = ConformanceOutcome.of(requirement.conformance, in: facts)
        let written = requirement.conformance.map { " (\"\($0)\")" } ?? ""
        switch requirement.element {
        case .clientCluster:
            if case .mandatory = outcome, !endpoint.clients.contains(id) {
                report(
                    .clientCluster(id), .missing,
                    "\(deviceType.name) requires a \(requirement.name) client\(written)")
            }
        case .serverCluster:
            guard let server = endpoint.server(id) else {
                if case .mandatory = outcome {
                    report(
                        .serverCluster(id), .missing,
                        "\(deviceType.name) requires a \(requirement.name) server\(written)")
                }
                return
            }
            guard let spec = MatterSpecification.cluster(id: id).map(MatterSpecification.resolved) else { return }
            // The cluster's own names, the caller's conditions and the endpoint's: a requirement may hold only on Matter
            // (Fan's FanModeSequence is `Matter`, as against Zigbee), or only on a ControllableESA.
            let clusterFacts = ClusterConformanceCheck.facts(
                of: server, spec: spec, conditions: conditions.union(shownConditions))
            // Members of a choice group (DEM's adjustment features, "ControllableESA.a+") count together.
            var groups: [Character: (choice: ConformanceChoice, present: Int)] = [:]
            for element in requirement.children {
                guard let member = check(element, in: server, spec: spec, of: deviceType, facts: clusterFacts) else {
                    continue
                }
                var group = groups[member.choice.group] ?? (member.choice, 0)
                group.present += member.present ? 1 : 0
                groups[member.choice.group] = group
            }
            for (group, tally) in groups.sorted(by: { $0.key < $1.key }) where !tally.choice.admits(tally.present) {
                report(
                    .serverCluster(id), .choice(group: group, present: tally.present),
                    "\(deviceType.name) requires \(tally.choice.phrase) of \(spec.name)'s elements of choice group "
                        + "\(tally.choice); it has \(tally.present)")
            }
        case .feature, .attribute, .command, .event: return
        }
    }

    /// A requirement on an element of a cluster that is there: a feature, attribute, command or event the device type
    /// makes mandatory (or disallows) beyond the cluster's own conformance. A member of a choice group is not reported
    /// alone: it is returned, with whether it is there, for its group to be counted.
    private mutating func check(
        _ requirement: SpecRequirement, in server: ClusterComposition, spec: SpecCluster, of deviceType: SpecDeviceType,
        facts: ConformanceFacts
    ) -> (choice: ConformanceChoice, present: Bool)? {
        guard requirement.conformance != nil else { return nil }
        let outcome = ConformanceOutcome.of(requirement.conformance, in: facts)
        let written = requirement.conformance.map { "\"\($0)\"" } ?? ""
        let present: Bool
        let element: ConformanceFinding.Element
        switch requirement.element {
        case .feature:
            // Device types name features by their name in capitals (`LIGHTING`), clusters by code (`LT`).
            guard
                let feature = spec.features.first(where: {
                    $0.name.uppercased() == requirement.name || $0.code == requirement.name
                })
            else { return nil }
            present = server.featureMap & (1 << UInt32(feature.bit)) != 0
            element = .feature(cluster: server.id, code: feature.code)
        case .attribute:
            guard let attribute = spec.attributes.first(where: { $0.name == requirement.name }) else { return nil }
            present = server.attributes.contains(attribute.id)
            element = .attribute(cluster: server.id, id: attribute.id)
        case .command:
            guard let command = spec.commands.first(where: { $0.name == requirement.name && $0.direction != .response })
            else { return nil }
            present = server.acceptedCommands.contains(command.id)
            element = .acceptedCommand(cluster: server.id, id: command.id)
        case .event:
            guard let event = spec.events.first(where: { $0.name == requirement.name }), let events = server.events
            else { return nil }
            present = events.contains(event.id)
            element = .event(cluster: server.id, id: event.id)
        case .serverCluster, .clientCluster: return nil
        }
        switch outcome {
        case .mandatory(let choice?), .optional(let choice?):
            return (choice, present)
        case .mandatory where !present:
            report(
                element, .missing,
                "\(deviceType.name) requires \(spec.name)'s \(requirement.element.rawValue) \(requirement.name) "
                    + "(\(written))")
        case .disallowed where present:
            report(
                element, .notAllowed,
                "\(deviceType.name) does not allow \(spec.name)'s \(requirement.element.rawValue) "
                    + "\(requirement.name) (\(written))")
        default: break
        }
        return nil
    }

    private mutating func report(
        _ element: ConformanceFinding.Element, _ problem: ConformanceFinding.Problem, _ reason: String
    ) {
        findings.append(
            ConformanceFinding(endpoint: endpoint.endpoint, element: element, problem: problem, reason: reason))
    }
}
