/// Checks one server cluster instance against its specification (Core 7.3 conformance, 7.13 global attributes): its
/// revision, the features its FeatureMap declares, and each attribute, accepted and generated command and (when
/// known) event, mandatory and not there, there and not allowed, or not in the specification at all.
struct ClusterConformanceCheck {
    let endpoint: UInt16
    let cluster: ClusterComposition
    let spec: SpecCluster
    /// Conditions the caller holds true beside the cluster's own names (`Matter`, a device type's conditions).
    let conditions: Set<String>
    private(set) var findings: [ConformanceFinding] = []

    init(endpoint: UInt16, cluster: ClusterComposition, spec: SpecCluster, conditions: Set<String>) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.spec = MatterSpecification.resolved(spec)
        self.conditions = conditions
    }

    /// The names that hold on this instance: its declared feature codes, the names of the attributes, commands and
    /// events it has, and the caller's conditions.
    var facts: ConformanceFacts {
        Self.facts(of: cluster, spec: spec, conditions: conditions)
    }

    /// The names that hold on `cluster`, read against `spec` (resolved over its base), with `conditions`.
    static func facts(of cluster: ClusterComposition, spec: SpecCluster, conditions: Set<String>) -> ConformanceFacts {
        let declared = spec.features.filter { cluster.featureMap & (1 << UInt32($0.bit)) != 0 }
        var names = conditions.union(declared.map(\.code))
        names.formUnion(spec.attributes.filter { cluster.attributes.contains($0.id) }.map(\.name))
        names.formUnion(
            spec.commands.filter {
                $0.direction == .response
                    ? cluster.generatedCommands.contains($0.id) : cluster.acceptedCommands.contains($0.id)
            }.map(\.name))
        if let events = cluster.events { names.formUnion(spec.events.filter { events.contains($0.id) }.map(\.name)) }
        return ConformanceFacts(names)
    }

    mutating func run() -> [ConformanceFinding] {
        let facts = self.facts
        let id = cluster.id
        if let revision = spec.revision, revision != cluster.revision {
            report(
                .serverCluster(cluster.id), .wrongRevision(expected: revision, found: cluster.revision),
                "\(spec.name) is at revision \(cluster.revision); Matter \(MatterSpecification.version) has \(revision)"
            )
        }
        let knownBits = spec.features.reduce(UInt32(0)) { $0 | 1 << UInt32($1.bit) }
        for bit in 0..<32 where cluster.featureMap & ~knownBits & (1 << UInt32(bit)) != 0 {
            report(
                .feature(cluster: cluster.id, code: "bit \(bit)"), .unknown,
                "\(spec.name)'s FeatureMap sets bit \(bit), which is no feature of it")
        }
        check(
            spec.features.map { ($0.code, $0.conformance, cluster.featureMap & (1 << UInt32($0.bit)) != 0, 0) },
            kind: "feature", facts: facts
        ) { .feature(cluster: id, code: $0.key) }
        check(
            spec.attributes.map {
                ("\($0.name) (\(hex($0.id)))", $0.conformance, cluster.attributes.contains($0.id), $0.id)
            },
            kind: "attribute", facts: facts
        ) { .attribute(cluster: id, id: $0.id) }
        let requests = spec.commands.filter { $0.direction != .response }
        // A response is generated only in reply to its request (Core 7.14, GeneratedCommandList): one whose request
        // is not accepted is not required, whatever its own conformance says (Door Lock's GetUserTypeResponse is
        // `!USR` while GetUserType is `!USR & (PIN | RID | FGP)`, in the specification and connectedhomeip's XML).
        let answered = Set(requests.filter { cluster.acceptedCommands.contains($0.id) }.compactMap(\.response))
        let responses = spec.commands.filter { $0.direction == .response }
        let required = responses.filter { answered.contains($0.name) || cluster.generatedCommands.contains($0.id) }
        check(
            requests.map {
                ("\($0.name) (\(hex($0.id)))", $0.conformance, cluster.acceptedCommands.contains($0.id), $0.id)
            },
            kind: "command", facts: facts
        ) { .acceptedCommand(cluster: id, id: $0.id) }
        check(
            required.map {
                ("\($0.name) (\(hex($0.id)))", $0.conformance, cluster.generatedCommands.contains($0.id), $0.id)
            }, kind: "response", facts: facts
        ) { .generatedCommand(cluster: id, id: $0.id) }
        if let events = cluster.events {
            check(
                spec.events.map { ("\($0.name) (\(hex($0.id)))", $0.conformance, events.contains($0.id), $0.id) },
                kind: "event", facts: facts
            ) { .event(cluster: id, id: $0.id) }
            reportUnknown(events, known: Set(spec.events.map(\.id)), kind: "event") {
                .event(cluster: id, id: $0)
            }
        }
        reportUnknown(
            cluster.attributes.filter { $0 < 0xFFF8 }, known: Set(spec.attributes.map(\.id)), kind: "attribute"
        ) { .attribute(cluster: id, id: $0) }
        reportUnknown(cluster.acceptedCommands, known: Set(requests.map(\.id)), kind: "command") {
            .acceptedCommand(cluster: id, id: $0)
        }
        reportUnknown(cluster.generatedCommands, known: Set(responses.map(\.id)), kind: "response") {
            .generatedCommand(cluster: id, id: $0)
        }
        return findings
    }

    /// One kind of element: each decided by its conformance, variants of one element (same key) taken together,
    /// then the choice groups counted.
    private mutating func check(
        _ elements: [(key: String, conformance: String?, present: Bool, id: UInt32)], kind: String,
        facts: ConformanceFacts, element: ((key: String, id: UInt32)) -> ConformanceFinding.Element
    ) {
        var groups: [Character: (choice: ConformanceChoice, present: Int)] = [:]
        for (key, variants) in Dictionary(grouping: elements, by: \.key).sorted(by: { $0.key < $1.key }) {
            let present = variants[0].present
            let outcomes = variants.map { ConformanceOutcome.of($0.conformance, in: facts) }
            let verdict = ConformanceOutcome.strongest(outcomes)
            let written = variants.compactMap(\.conformance).map { "\"\($0)\"" }.joined(separator: " or ")
            switch verdict {
            case .mandatory(let choice?), .optional(let choice?):
                // A member of a choice group: the group is counted below, not the member alone.
                var group = groups[choice.group] ?? (choice, 0)
                if present { group.present += 1 }
                groups[choice.group] = group
            case .mandatory(nil) where !present:
                report(
                    element((key, variants[0].id)), .missing,
                    "\(spec.name)'s \(kind) \(key) is mandatory under \(written)")
            case .disallowed where present:
                report(
                    element((key, variants[0].id)), .notAllowed,
                    "\(spec.name)'s \(kind) \(key) is not allowed under \(written)")
            default: continue
            }
        }
        for (group, tally) in groups.sorted(by: { $0.key < $1.key }) where !tally.choice.admits(tally.present) {
            report(
                .serverCluster(cluster.id), .choice(group: group, present: tally.present),
                "\(spec.name) has \(tally.present) of the \(kind)s of choice group \(tally.choice); it needs \(tally.choice.phrase)"
            )
        }
    }

    private mutating func reportUnknown(
        _ present: Set<UInt32>, known: Set<UInt32>, kind: String, element: (UInt32) -> ConformanceFinding.Element
    ) {
        // Manufacturer-specific IDs carry a vendor prefix (Core 7.18.2): only the standard range is the spec's.
        for id in present.subtracting(known).sorted() where id <= 0xFFFF {
            report(
                element(id), .unknown, "\(spec.name) has \(kind) \(hex(id)), which the specification does not define")
        }
    }

    private mutating func report(
        _ element: ConformanceFinding.Element, _ problem: ConformanceFinding.Problem, _ reason: String
    ) {
        findings.append(ConformanceFinding(endpoint: endpoint, element: element, problem: problem, reason: reason))
    }
}

func hex(_ id: UInt32) -> String {
    let digits = String(id, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension ConformanceOutcome {
    /// The outcome of a conformance as written, `unspecified` when none is written or it does not parse.
    public static func of(_ written: String?, in facts: ConformanceFacts) -> ConformanceOutcome {
        guard let written, let conformance = try? Conformance(parsing: written) else { return .unspecified }
        return conformance.evaluate(facts)
    }

    /// Of an element's variants (the same attribute under conformances that exclude each other), the one that
    /// decides: mandatory over optional over the rest, and not allowed only when every variant says so. An
    /// undetermined outcome decides nothing.
    static func strongest(_ outcomes: [ConformanceOutcome]) -> ConformanceOutcome {
        if let mandatory = outcomes.first(where: { if case .mandatory = $0 { true } else { false } }) {
            return mandatory
        }
        if let optional = outcomes.first(where: { if case .optional = $0 { true } else { false } }) { return optional }
        if outcomes.allSatisfy({ $0 == .disallowed }) { return .disallowed }
        return outcomes.first { $0 != .disallowed } ?? .unspecified
    }
}

extension ConformanceChoice {
    /// Whether `present` members of the group satisfy it.
    func admits(_ present: Int) -> Bool {
        switch bound {
        case .exactly: present == count
        case .atLeast: present >= count
        case .atMost: present <= count
        }
    }

    /// What the group needs, in words: `exactly one`, `at least one`, `at most 2`.
    var phrase: String {
        let number = count == 1 ? "one" : String(count)
        return switch bound {
        case .exactly: "exactly \(number)"
        case .atLeast: "at least \(number)"
        case .atMost: "at most \(number)"
        }
    }
}
