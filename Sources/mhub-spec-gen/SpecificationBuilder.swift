import MatterSpecification

/// Why the model source's elements could not be turned into the specification's tables: which element, and what.
struct BuildError: Error, CustomStringConvertible {
    var description: String
}

/// The specification model, read from matter.js's element tree: clusters, device types and the global data types.
/// Global attributes and semantic tag namespaces are not taken (mhub's `GlobalAttributes` covers the former).
struct SpecificationTables {
    var clusters: [SpecCluster] = []
    var deviceTypes: [SpecDeviceType] = []
    var globalDatatypes: [SpecDatatype] = []

    init(root: SourceElement) throws(BuildError) {
        for element in root.children {
            switch element.kind {
            case "Cluster": clusters.append(try Self.cluster(element))
            case "DeviceType": deviceTypes.append(try Self.deviceType(element))
            case "Datatype": globalDatatypes.append(try Self.datatype(element))
            case "Attribute", "Field", "SemanticNamespace": continue
            default: throw BuildError(description: "an unknown top-level element \(element.kind)")
            }
        }
    }

    // MARK: Clusters

    static func cluster(_ element: SourceElement) throws(BuildError) -> SpecCluster {
        let name = try element.name()
        var cluster = SpecCluster(
            id: try element.unsigned("id").map(UInt32.init), name: name, pics: element["pics"]?.string,
            base: element["type"]?.string, section: element.section)
        if let classification = element["classification"]?.string {
            guard let known = SpecCluster.Classification(rawValue: classification) else {
                throw BuildError(description: "cluster \(name): unknown classification \(classification)")
            }
            cluster.classification = known
        }
        for child in element.children {
            let owner = "cluster \(name)"
            switch child.kind {
            case "Attribute":
                let id = try child.unsigned("id")
                if id == 0xFFFD {
                    guard let revision = child["default"], let number = try revision.integer(owner) else {
                        throw BuildError(description: "\(owner): ClusterRevision has no default")
                    }
                    cluster.revision = UInt16(number)
                } else if id == 0xFFFC {
                    cluster.features = try child.children("Field").map { field throws(BuildError) in
                        try feature(field, in: owner)
                    }
                } else if let id, id < 0xFFF8 {
                    cluster.attributes.append(try attribute(child, id: UInt32(id), in: owner))
                } else {
                    throw BuildError(description: "\(owner): a global attribute \(try child.name()) of its own")
                }
            case "Command": cluster.commands.append(try command(child, in: owner))
            case "Event": cluster.events.append(try event(child, in: owner))
            case "Datatype": cluster.datatypes.append(try datatype(child))
            default: throw BuildError(description: "\(owner): an unknown element \(child.kind)")
            }
        }
        withOnOffFields(&cluster)
        return cluster
    }

    /// Level Control's `MoveToLevelWithOnOff`, `MoveWithOnOff`, `StepWithOnOff` and `StopWithOnOff` take the fields
    /// of the commands without "WithOnOff" (Application Cluster Specification 1.6.7); matter.js's model lists them
    /// without fields, so each takes its counterpart's here.
    static func withOnOffFields(_ cluster: inout SpecCluster) {
        let suffix = "WithOnOff"
        for index in cluster.commands.indices where cluster.commands[index].fields.isEmpty {
            let name = cluster.commands[index].name
            guard name.hasSuffix(suffix),
                let counterpart = cluster.commands.first(where: { $0.name == String(name.dropLast(suffix.count)) })
            else { continue }
            cluster.commands[index].fields = counterpart.fields
        }
    }

    static func feature(_ element: SourceElement, in owner: String) throws(BuildError) -> SpecFeature {
        let code = try element.name()
        guard let bit = element["constraint"]?.string.flatMap({ Int($0) }) else {
            throw BuildError(description: "\(owner): feature \(code) has no bit")
        }
        return SpecFeature(
            bit: bit, code: code, name: element["description"]?.string ?? code,
            conformance: element["conformance"]?.string)
    }

    static func attribute(_ element: SourceElement, id: UInt32, in owner: String) throws(BuildError)
        -> SpecAttribute
    {
        let name = try element.name()
        return SpecAttribute(
            id: id, name: name, type: element["type"]?.string, access: element["access"]?.string,
            conformance: element["conformance"]?.string, constraint: element["constraint"]?.string,
            default: try element["default"].map { value throws(BuildError) in try value.spec("\(owner).\(name)") },
            quality: element["quality"]?.string, fields: try fields(of: element, in: "\(owner).\(name)"))
    }

    static func command(_ element: SourceElement, in owner: String) throws(BuildError) -> SpecCommand {
        let name = try element.name()
        guard let id = try element.unsigned("id") else { throw BuildError(description: "\(owner): \(name) has no ID") }
        var direction: SpecCommand.Direction?
        if let written = element["direction"]?.string {
            guard let known = SpecCommand.Direction(rawValue: written) else {
                throw BuildError(description: "\(owner): \(name) has an unknown direction \(written)")
            }
            direction = known
        }
        return SpecCommand(
            id: UInt32(id), name: name, direction: direction, response: element["response"]?.string,
            access: element["access"]?.string, conformance: element["conformance"]?.string,
            fields: try fields(of: element, in: "\(owner).\(name)"))
    }

    static func event(_ element: SourceElement, in owner: String) throws(BuildError) -> SpecEvent {
        let name = try element.name()
        guard let id = try element.unsigned("id") else { throw BuildError(description: "\(owner): \(name) has no ID") }
        var priority: SpecEvent.Priority?
        if let written = element["priority"]?.string {
            guard let known = SpecEvent.Priority(rawValue: written) else {
                throw BuildError(description: "\(owner): \(name) has an unknown priority \(written)")
            }
            priority = known
        }
        return SpecEvent(
            id: UInt32(id), name: name, priority: priority, access: element["access"]?.string,
            conformance: element["conformance"]?.string, fields: try fields(of: element, in: "\(owner).\(name)"))
    }

    static func datatype(_ element: SourceElement) throws(BuildError) -> SpecDatatype {
        let name = try element.name()
        return SpecDatatype(
            name: name, type: element["type"]?.string, conformance: element["conformance"]?.string,
            fields: try fields(of: element, in: name))
    }

    static func fields(of element: SourceElement, in owner: String) throws(BuildError) -> [SpecField] {
        var result: [SpecField] = []
        for child in element.children {
            guard child.kind == "Field" else {
                throw BuildError(description: "\(owner): a \(child.kind) where only fields belong")
            }
            let name = try child.name()
            result.append(
                SpecField(
                    id: try child.unsigned("id").map(UInt32.init), name: name, type: child["type"]?.string,
                    conformance: child["conformance"]?.string, constraint: child["constraint"]?.string,
                    default: try child["default"].map { value throws(BuildError) in try value.spec("\(owner).\(name)")
                    },
                    quality: child["quality"]?.string, access: child["access"]?.string,
                    fields: try fields(of: child, in: "\(owner).\(name)")))
        }
        return result
    }

    // MARK: Device types

    static func deviceType(_ element: SourceElement) throws(BuildError) -> SpecDeviceType {
        let name = try element.name()
        guard let written = element["classification"]?.string,
            let classification = SpecDeviceType.Classification(rawValue: written)
        else { throw BuildError(description: "device type \(name): no known classification") }
        var deviceType = SpecDeviceType(
            id: try element.unsigned("id").map(UInt32.init), name: name, classification: classification,
            category: element["category"]?.string, base: element["type"]?.string, section: element.section)
        for child in element.children {
            switch child.kind {
            case "Field" where (try? child.name()) == "conditions":
                deviceType.conditions = try child.children.map { condition throws(BuildError) in try condition.name() }
            case "Requirement":
                deviceType.requirements.append(try requirement(child, in: "device type \(name)"))
            default: throw BuildError(description: "device type \(name): an unknown element \(child.kind)")
            }
        }
        // Its revision is the one its own DeviceTypeList entry names (Device Library, each type's revision table).
        let descriptor = deviceType.requirements.first { $0.name == "Descriptor" }
        let list = descriptor?.children.first { $0.name == "DeviceTypeList" }
        if case .list(let entries)? = list?.default,
            let own = entries.first(where: { $0[member: "deviceType"]?.integer == deviceType.id.map(Int64.init) }),
            let revision = own[member: "revision"]?.integer
        {
            deviceType.revision = UInt16(revision)
        }
        return deviceType
    }

    static func requirement(_ element: SourceElement, in owner: String) throws(BuildError) -> SpecRequirement {
        let name = try element.name()
        guard let written = element["element"]?.string, let kind = SpecRequirement.Element(rawValue: written) else {
            throw BuildError(description: "\(owner): requirement \(name) has no known element kind")
        }
        return SpecRequirement(
            id: try element.unsigned("id").map(UInt32.init), name: name, element: kind,
            conformance: element["conformance"]?.string, constraint: element["constraint"]?.string,
            default: try element["default"].map { value throws(BuildError) in try value.spec("\(owner).\(name)") },
            children: try element.children.map { child throws(BuildError) in
                try requirement(child, in: "\(owner).\(name)")
            })
    }
}

extension SourceElement {
    func name() throws(BuildError) -> String {
        guard let name = self["name"]?.string else { throw BuildError(description: "a \(kind) without a name") }
        return name
    }

    /// A whole, non-negative number property (`id`), written in decimal or hexadecimal.
    func unsigned(_ property: String) throws(BuildError) -> UInt64? {
        guard let value = self[property] else { return nil }
        guard case .number(let text) = value, let number = SourceValue.parseUnsigned(text) else {
            throw BuildError(description: "\((try? name()) ?? kind): \(property) is not a whole number")
        }
        return number
    }

    /// The section of the specification document that defines it (`xref: { document, section }`).
    var section: String? {
        guard case .object(let members)? = self["xref"] else { return nil }
        return members.first { $0.name == "section" }?.value.string
    }
}

extension SourceValue {
    static func parseUnsigned(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    func integer(_ owner: String) throws(BuildError) -> Int64? {
        guard case .integer(let number) = try spec(owner) else { return nil }
        return number
    }

    /// The value in the tables' own form; a number with a point or an exponent is a `number`, else whole.
    func spec(_ owner: String) throws(BuildError) -> SpecValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            let negative = text.hasPrefix("-")
            let digits = negative ? String(text.dropFirst()) : text
            if let whole = Self.parseUnsigned(digits), let signed = Int64(exactly: whole) {
                return .integer(negative ? -signed : signed)
            }
            guard !digits.hasPrefix("0x"), let number = Double(text) else {
                throw BuildError(description: "\(owner): \(text) is not a number the tables can hold")
            }
            return .number(number)
        case .array(let elements):
            return .list(try elements.map { element throws(BuildError) in try element.spec(owner) })
        case .object(let members):
            return .object(
                try members.map { member throws(BuildError) in SpecMember(member.name, try member.value.spec(owner)) })
        }
    }
}
