import MatterDataModel
import MatterSpecification

/// Reads a specification data type as mhub's `AttributeType` and the values its constraint allows (Core 7.18 and
/// 7.19): base types by name, a cluster's own enumerations, bitmaps and structures, other clusters' data types
/// (`ContentLauncher.AdditionalInfoStruct`) and the global ones (`temperature` is an `int16`, `percent` a `uint8` of
/// at most 100).
struct DataTypeResolver {
    let cluster: SpecCluster
    /// Where the type is used, for errors.
    let context: String

    struct Resolved {
        var type: AttributeType
        /// The values allowed when narrower than the type's own range: from the constraint, or from the items of an
        /// enumeration and the bits of a bitmap.
        var range: ClosedRange<Int64>?
    }

    /// The string and octet-string length when the specification gives no maximum: what a TLV length fits in one
    /// octet.
    static let unboundedLength = 255

    func resolve(_ name: String?, inline: [SpecField], constraint: String?) throws(ClusterChoiceError) -> Resolved {
        guard let name else { throw ClusterChoiceError(description: "\(context) has no type") }
        var resolved = try base(name, inline: inline, depth: 0)
        let length = Self.maximum(constraint).map(Int.init) ?? Self.unboundedLength
        switch resolved.type {
        case .string(maxLength: 0): resolved.type = .string(maxLength: length)
        case .bytes(maxLength: 0): resolved.type = .bytes(maxLength: length)
        case .string, .bytes: break
        default:
            if let natural = resolved.type.integerRange, let written = Self.range(constraint, natural: natural) {
                resolved.range = written
            }
            if let range = resolved.range, let natural = resolved.type.integerRange, range == natural {
                resolved.range = nil
            }
        }
        return resolved
    }

    private func base(_ name: String, inline: [SpecField], depth: Int) throws(ClusterChoiceError) -> Resolved {
        guard depth < 8 else {
            throw ClusterChoiceError(description: "\(context): \(name) does not end in a base type")
        }
        if let type = Self.baseTypes[name] {
            var resolved = Resolved(type: type, range: Self.derivedRanges[name])
            if !inline.isEmpty { resolved.range = Self.itemRange(type, inline) ?? resolved.range }
            return resolved
        }
        if let derived = Self.derivedTypes[name] {
            return Resolved(type: derived, range: Self.derivedRanges[name])
        }
        if let datatype = datatype(named: name), let underlying = datatype.type {
            var resolved = try base(underlying, inline: [], depth: depth + 1)
            resolved.range = Self.itemRange(resolved.type, datatype.fields) ?? resolved.range
            return resolved
        }
        throw ClusterChoiceError(description: "\(context): unknown data type \(name)")
    }

    private func datatype(named name: String) -> SpecDatatype? {
        if let own = cluster.datatypes.first(where: { $0.name == name }) { return own }
        let parts = name.split(separator: ".")
        if parts.count == 2, let other = MatterSpecification.cluster(named: String(parts[0])) {
            return MatterSpecification.resolved(other).datatypes.first { $0.name == parts[1] }
        }
        for other in MatterSpecification.clusters where other.datatypes.contains(where: { $0.name == name }) {
            // A base cluster's data type (ModeBase's ModeOptionStruct) used by a derived one.
            return other.datatypes.first { $0.name == name }
        }
        return SpecDatatype.globals.first { $0.name == name }
    }

    /// An enumeration's values (0 to its greatest item) or a bitmap's bits (every defined bit set), as a range.
    private static func itemRange(_ type: AttributeType, _ items: [SpecField]) -> ClosedRange<Int64>? {
        switch type {
        case .enum8, .enum16:
            let values = items.compactMap(\.id)
            guard let greatest = values.max() else { return nil }
            return 0...Int64(greatest)
        case .bitmap8, .bitmap16, .bitmap32:
            var mask: Int64 = 0
            for item in items {
                guard let bits = item.constraint.flatMap({ range($0, natural: 0...63) }) else { continue }
                for bit in bits { mask |= 1 << bit }
            }
            return mask == 0 ? nil : 0...mask
        default:
            return nil
        }
    }

    /// A numeric constraint (`1 to 254`, `min 1`, `max 65534`, `0`) within `natural`; `nil` for one written in words
    /// or by other attributes, which the choice gives as numbers where it matters.
    static func range(_ constraint: String?, natural: ClosedRange<Int64>) -> ClosedRange<Int64>? {
        guard let constraint else { return nil }
        let words = constraint.split(separator: " ").map(String.init)
        switch words.count {
        case 1:
            guard let value = integer(words[0]) else { return nil }
            return value...value
        case 2 where words[0] == "min":
            guard let low = integer(words[1]), low <= natural.upperBound else { return nil }
            return max(low, natural.lowerBound)...natural.upperBound
        case 2 where words[0] == "max":
            guard let high = integer(words[1]), high >= natural.lowerBound else { return nil }
            return natural.lowerBound...min(high, natural.upperBound)
        case 3 where words[1] == "to":
            guard let low = integer(words[0]), let high = integer(words[2]), low <= high else { return nil }
            return max(low, natural.lowerBound)...min(high, natural.upperBound)
        default:
            return nil
        }
    }

    /// The greatest length a string's or octet string's constraint allows: `max N`, `M to N`, or `N` (exactly N).
    static func maximum(_ constraint: String?) -> Int64? {
        guard let constraint else { return nil }
        let words = constraint.split(separator: " ").map(String.init)
        switch words.count {
        case 1: return integer(words[0])
        case 2 where words[0] == "max": return integer(words[1]) ?? constants[words[1]]
        case 3 where words[1] == "to": return integer(words[2])
        default: return nil
        }
    }

    /// Named limits constraints use: RESP_MAX, the largest response an attestation or CSR carries (Core 11.18.5.1;
    /// CHIP `kMaxRspLen`).
    static let constants: [String: Int64] = ["respMax": 900]

    private static func integer(_ text: String) -> Int64? {
        let text = text.hasSuffix("%") ? String(text.dropLast()) : text
        if text.hasPrefix("0x") { return Int64(text.dropFirst(2), radix: 16) }
        return Int64(text)
    }

    /// The base types (Core 7.18.2) by name. `double` is left out: mhub keeps floats at single precision
    /// (`MatterValueCheck`), so a cluster with a double attribute needs a type of its own first.
    static let baseTypes: [String: AttributeType] = [
        "bool": .bool, "uint8": .uint8, "uint16": .uint16, "uint24": .uint32, "uint32": .uint32, "uint40": .uint64,
        "uint48": .uint64, "uint56": .uint64, "uint64": .uint64, "int8": .int8, "int16": .int16, "int24": .int32,
        "int32": .int32, "int40": .int64, "int48": .int64, "int56": .int64, "int64": .int64, "enum8": .enum8,
        "enum16": .enum16, "map8": .bitmap8, "map16": .bitmap16, "map32": .bitmap32, "map64": .uint64,
        "single": .float, "string": .string(maxLength: 0), "octstr": .bytes(maxLength: 0),
        "list": .list, "struct": .structure,
    ]

    /// The derived global types (Core 7.18.2) by name, as the base type that carries them.
    static let derivedTypes: [String: AttributeType] = [
        "percent": .uint8, "percent100ths": .uint16, "temperature": .int16, "epoch-us": .uint64, "epoch-s": .uint32,
        "posix-ms": .uint64, "systime-us": .uint64, "systime-ms": .uint64, "elapsed-s": .uint32, "power-mW": .int64,
        "amperage-mA": .int64, "voltage-mV": .int64, "energy-mWh": .int64, "money": .int64, "priority": .enum8,
        "status": .enum8, "group-id": .uint16, "endpoint-no": .uint16, "vendor-id": .uint16, "devtype-id": .uint32,
        "fabric-id": .uint64, "fabric-idx": .uint8, "cluster-id": .uint32, "attrib-id": .uint32, "field-id": .uint32,
        "event-id": .uint32, "command-id": .uint32, "action-id": .uint8, "trans-id": .uint32, "node-id": .uint64,
        "subject-id": .uint64, "entry-idx": .uint16, "data-ver": .uint32, "event-no": .uint64, "namespace": .enum8,
        "tag": .enum8, "ipadr": .bytes(maxLength: 16), "ipv4adr": .bytes(maxLength: 4),
        "ipv6adr": .bytes(maxLength: 16), "ipv6pre": .bytes(maxLength: 17), "hwadr": .bytes(maxLength: 8),
        "tod": .structure, "date": .structure, "semtag": .structure, "locationdesc": .structure,
        "FabricIndex": .uint8,
    ]

    /// The ranges derived types carry (Core 7.18.2.11, 7.18.2.12; `temperature` from absolute zero, 7.18.2.4).
    static let derivedRanges: [String: ClosedRange<Int64>] = [
        "percent": 0...100, "percent100ths": 0...10000, "temperature": -27315...32767,
    ]
}

/// Element names as chip.clusters.Objects spells them (`ChipNames.swift`).
enum ChipNames {
    /// An attribute's or a field's name: the specification's in lower camel case, or the one CHIP gives it.
    static func member(_ specification: String) -> String {
        if let name = chipMemberNames[specification] { return name }
        guard let first = specification.first else { return specification }
        return first.lowercased() + specification.dropFirst()
    }

    /// A command's name: the specification's, or the one CHIP gives it.
    static func command(_ specification: String) -> String {
        chipCommandNames[specification] ?? specification
    }
}

extension AttributeType {
    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
