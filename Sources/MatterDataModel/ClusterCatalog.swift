/// Every cluster mhub implements, one definition per cluster ID, for looking definitions up by ID or name.
///
/// A cluster mhub carries with different features on different devices (Color Control with colour temperature only on
/// one light, with hue, saturation and XY on another) has one generated definition per choice; its catalog definition
/// has them all: every attribute, command and response any of them has, the first choice's where they differ (an
/// attribute's range the widest any of them allows, a command's field optional when any choice has it optional:
/// Temperature Control's TargetTemperature is mandatory with TemperatureNumber, its TargetTemperatureLevel with
/// TemperatureLevel, and the cluster's logic asks for the one its endpoint's features need), and the first choice's
/// revision and FeatureMap. What one endpoint has is its own AttributeList and AcceptedCommandList.
public enum ClusterCatalog {
    /// The definitions in cluster ID order.
    public static let all: [ClusterDefinition] = {
        var merged: [ClusterID: ClusterDefinition] = [:]
        for (_, definition) in ClusterDefinition.generated {
            guard var known = merged[definition.id] else {
                merged[definition.id] = definition
                continue
            }
            known.attributes = union(known.attributes, definition.attributes, id: \.id).map { attribute in
                widened(attribute, by: definition.attribute(attribute.id))
            }
            known.commands = union(known.commands, definition.commands, id: \.id).map { command in
                definition.commands.first { $0.id == command.id }.map { command.optionalWhereEither($0) } ?? command
            }
            known.responses = union(known.responses, definition.responses, id: \.id)
            merged[definition.id] = known
        }
        return merged.keys.sorted().map { merged[$0]! }
    }()

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The definition of cluster `id`, if mhub has one.
    public static func definition(_ id: ClusterID) -> ClusterDefinition? {
        byID[id]
    }

    /// `attribute` with the range of another choice's `other` too: a value one device of the cluster may hold (a water
    /// heater's 55 °C setpoint) is one the catalog accepts; each device's own limits still hold where its cluster
    /// logic checks them (a thermostat's setpoint limits).
    private static func widened(_ attribute: AttributeDefinition, by other: AttributeDefinition?) -> AttributeDefinition
    {
        guard let range = attribute.range, let otherRange = other?.range else { return attribute }
        var widened = attribute
        widened.range = min(range.lowerBound, otherRange.lowerBound)...max(range.upperBound, otherRange.upperBound)
        return widened
    }

    /// `first`'s elements and those of `second` it lacks, in ID order.
    private static func union<Element>(_ first: [Element], _ second: [Element], id: (Element) -> UInt32) -> [Element] {
        let known = Set(first.map(id))
        return (first + second.filter { !known.contains(id($0)) }).sorted { id($0) < id($1) }
    }
}

extension CommandDefinition {
    /// The command with each field optional that is optional in `other`, the same command of another choice.
    func optionalWhereEither(_ other: CommandDefinition) -> CommandDefinition {
        var merged = self
        for index in merged.fields.indices where other.field(merged.fields[index].id)?.optional == true {
            merged.fields[index].optional = true
        }
        return merged
    }
}
