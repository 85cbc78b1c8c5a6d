import MatterDataModel
import MatterSpecification

/// Why a cluster choice cannot be built: a name the specification does not have, a type it cannot read, a default
/// the definition would not accept.
struct ClusterChoiceError: Error, CustomStringConvertible {
    var description: String
}

/// Makes mhub's `ClusterDefinition` for a `ClusterChoice` from the specification's tables (Core 7.3 conformance, 7.6
/// access, 7.7 quality, 7.18 constraints, 7.19 data types).
///
/// The definition has the features chosen; every attribute and accepted command whose conformance is mandatory under
/// them (and under the optional elements taken, which count as names that hold), and the optional ones chosen; the
/// responses its commands answer with. Elements are in ID order. Names follow chip.clusters.Objects (`ChipNames`).
struct ClusterDefinitionBuilder {
    let choice: ClusterChoice
    let spec: SpecCluster

    init(_ choice: ClusterChoice) throws(ClusterChoiceError) {
        guard let found = MatterSpecification.cluster(named: choice.cluster) else {
            throw ClusterChoiceError(description: "\(choice.name): no cluster \(choice.cluster) in the specification")
        }
        self.choice = choice
        self.spec = MatterSpecification.resolved(found)
        // Writable, default and range names are checked against the attributes built (`build`).
        let known = Set(spec.attributes.map(\.name)).union(spec.commands.map(\.name))
        for name in choice.optional where !known.contains(name) {
            throw ClusterChoiceError(description: "\(choice.name): \(choice.cluster) has no element \(name)")
        }
        for code in choice.features where !spec.features.contains(where: { $0.code == code }) {
            throw ClusterChoiceError(description: "\(choice.name): \(choice.cluster) has no feature \(code)")
        }
    }

    func build() throws(ClusterChoiceError) -> ClusterDefinition {
        guard let id = spec.id, let revision = spec.revision else {
            throw ClusterChoiceError(description: "\(choice.name): \(spec.name) is a base cluster, with no ID")
        }
        let facts = self.facts
        // An attribute the specification lists twice, under conformances that exclude each other (Level Control's
        // MinLevel: 1 with Lighting, 0 without), is the variant that applies.
        let variants = Dictionary(grouping: spec.attributes.filter { taken($0.name, $0.conformance, facts) }, by: \.id)
        let attributes = try variants.keys.sorted().map { (id) throws(ClusterChoiceError) in
            let candidates = variants[id]!
            let chosen =
                candidates.first { ConformanceOutcome.of($0.conformance, in: facts) == .mandatory } ?? candidates[0]
            return try self.attribute(chosen)
        }
        let present = Set(variants.values.flatMap { $0.map(\.name) })
        for name in choice.writable + Array(choice.defaults.keys) + Array(choice.ranges.keys)
        where !present.contains(name) {
            throw ClusterChoiceError(
                description:
                    "\(choice.name): \(name) is not among the attributes its features and optional elements give")
        }
        let requests = spec.commands.filter { $0.direction != .response && taken($0.name, $0.conformance, facts) }
        let answered = Set(requests.compactMap(\.response))
        let responses = spec.commands.filter { $0.direction == .response && answered.contains($0.name) }
        return ClusterDefinition(
            id: ClusterID(id), name: spec.name, revision: UInt16(revision), featureMap: featureMap,
            attributes: attributes,
            commands: try requests.sorted { $0.id < $1.id }.map { (command) throws(ClusterChoiceError) in
                try self.command(command, facts)
            },
            responses: try responses.sorted { $0.id < $1.id }.map { (command) throws(ClusterChoiceError) in
                try self.command(command, facts)
            })
    }

    var featureMap: UInt32 {
        spec.features.filter { choice.features.contains($0.code) }.reduce(0) { $0 | 1 << UInt32($1.bit) }
    }

    /// The names that hold: the features, the optional elements taken, the conditions, and every element mandatory
    /// under those (repeated until nothing is added, for elements whose conformance names another element).
    var facts: ConformanceFacts {
        var names = Set(choice.features).union(choice.optional).union(choice.conditions)
        while true {
            let facts = ConformanceFacts(names)
            let mandatory =
                (spec.attributes.map { ($0.name, $0.conformance) } + spec.commands.map { ($0.name, $0.conformance) })
                .filter { ConformanceOutcome.of($0.1, in: facts) == .mandatory }.map(\.0)
            let grown = names.union(mandatory)
            if grown == names { return facts }
            names = grown
        }
    }

    private func taken(_ name: String, _ conformance: String?, _ facts: ConformanceFacts) -> Bool {
        choice.optional.contains(name) || ConformanceOutcome.of(conformance, in: facts) == .mandatory
    }

    // MARK: Attributes

    private func attribute(_ spec: SpecAttribute) throws(ClusterChoiceError) -> AttributeDefinition {
        let location = "\(choice.name).\(spec.name)"
        let type = try DataTypeResolver(cluster: self.spec, context: location).resolve(
            spec.type, inline: spec.fields, constraint: spec.constraint)
        let access = (spec.access ?? "R V").split(separator: " ").map(String.init)
        let writable =
            access.contains("RW") || (access.contains("R[W]") && choice.writable.contains(spec.name))
        let nullable = spec.quality?.contains("X") ?? false
        let range = (choice.ranges[spec.name] ?? type.range).flatMap { $0 == type.type.integerRange ? nil : $0 }
        var definition = AttributeDefinition(
            id: AttributeID(spec.id), name: ChipNames.member(spec.name), type: type.type, writable: writable,
            writePrivilege: writable ? Self.writePrivilege(access) : .operate, nullable: nullable, range: range,
            default: .null)
        definition.default =
            choice.defaults[spec.name] ?? Self.value(of: spec.default, for: definition)
            ?? Self.fallback(for: definition)
        if case .float(let number) = definition.default, Double(Float(number)) != number {
            throw ClusterChoiceError(
                description:
                    "\(location): the default \(number) is not a single-precision value (the TLV float it goes out as)")
        }
        guard definition.accepts(definition.default) else {
            throw ClusterChoiceError(
                description:
                    "\(location): the default \(definition.default) does not fit \(type.type) \(range.map { "\($0)" } ?? "")"
            )
        }
        return definition
    }

    /// The write privilege of an access (Core 7.6.2): `VO` Operate, `VM` Manage, `VA` Administer.
    /// `A` alone is the privilege for reading and writing.
    private static func writePrivilege(_ access: [String]) -> AccessPrivilege {
        if access.contains("VA") || access.contains("A") { return .administer }
        if access.contains("VM") || access.contains("M") { return .manage }
        return .operate
    }

    /// A default as the specification writes it, as a value of the attribute's type; `nil` when it writes none or
    /// one that names another element.
    private static func value(of written: SpecValue?, for attribute: AttributeDefinition) -> AttributeValue? {
        guard let written else { return nil }
        switch (written, attribute.type) {
        case (.null, _): return attribute.nullable ? .null : nil
        case (.bool(let flag), .bool): return .bool(flag)
        case (.integer(let number), .bool): return .bool(number != 0)
        case (.integer(let number), .int8), (.integer(let number), .int16), (.integer(let number), .int32),
            (.integer(let number), .int64):
            return .signed(number)
        case (.integer(let number), .float): return .float(Double(number))
        case (.number(let number), .float): return .float(number)
        case (.integer(let number), _) where attribute.type.integerRange != nil:
            return number >= 0 ? .unsigned(UInt64(number)) : nil
        case (.string(let text), .string): return .string(text)
        case (.list(let elements), .list) where elements.isEmpty: return .list([])
        case (.object, .int16) where written[member: "type"] == .string("celsius"):
            // A temperature in degrees (`7°C`), carried in hundredths of a degree (Core 7.18.2.4).
            guard let degrees = written[member: "value"]?.integer else { return nil }
            return .signed(degrees * 100)
        default: return nil
        }
    }

    /// The value an attribute starts with when neither the specification nor the choice gives one: null when it may
    /// be null, else the least value its range allows, or the type's empty value.
    private static func fallback(for attribute: AttributeDefinition) -> AttributeValue {
        if attribute.nullable { return .null }
        switch attribute.type {
        case .bool: return .bool(false)
        case .int8, .int16, .int32, .int64:
            let low = attribute.range?.lowerBound ?? 0
            return .signed(low > 0 ? low : 0)
        case .uint8, .uint16, .uint32, .uint64, .enum8, .enum16, .bitmap8, .bitmap16, .bitmap32:
            return .unsigned(UInt64(max(0, attribute.range?.lowerBound ?? 0)))
        case .string: return .string("")
        case .bytes: return .bytes([])
        case .float: return .float(0)
        case .list: return .list([])
        case .structure: return .structure([:])
        }
    }

    // MARK: Commands

    private func command(_ spec: SpecCommand, _ facts: ConformanceFacts) throws(ClusterChoiceError) -> CommandDefinition
    {
        let resolver = DataTypeResolver(cluster: self.spec, context: "\(choice.name).\(spec.name)")
        var fields: [CommandField] = []
        // A fabric-scoped command's fabric index (254) is the accessing fabric's, not a field on the wire (Core 7.14).
        for field in SpecCorrections.fields(of: spec, in: self.spec) where field.id != 254 && field.conformance != "X" {
            // Every field is known, those the features leave out as optional: a client that sends one (a PINCode
            // to a lock without PINs) is answered as the cluster answers it, not refused for its shape.
            let outcome = ConformanceOutcome.of(field.conformance, in: facts)
            guard let tag = field.id else {
                throw ClusterChoiceError(description: "\(choice.name).\(spec.name).\(field.name) has no tag")
            }
            var type = try resolver.resolve(field.type, inline: field.fields, constraint: field.constraint)
            if let length = choice.lengths["\(spec.name).\(field.name)"] {
                type.type = type.type.isString ? .string(maxLength: length) : .bytes(maxLength: length)
            }
            fields.append(
                CommandField(
                    id: tag, name: ChipNames.member(field.name), type: type.type,
                    nullable: field.quality?.contains("X") ?? false, optional: outcome != .mandatory))
        }
        var response: CommandID?
        if let name = spec.response, name != "status" {
            guard let answer = self.spec.commands.first(where: { $0.name == name && $0.direction == .response }) else {
                throw ClusterChoiceError(description: "\(choice.name).\(spec.name) answers \(name), which is not there")
            }
            response = CommandID(answer.id)
        }
        let access = (spec.access ?? "O").split(separator: " ").map(String.init)
        let privilege: AccessPrivilege =
            access.contains("A") ? .administer : access.contains("M") ? .manage : .operate
        return CommandDefinition(
            id: CommandID(spec.id), name: ChipNames.command(spec.name), fields: fields, response: response,
            privilege: spec.direction == .response ? .operate : privilege,
            timed: spec.direction != .response && access.contains("T"))
    }
}
