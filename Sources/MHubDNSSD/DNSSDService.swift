/// One DNS-SD service instance to advertise: what becomes its PTR, SRV and TXT records and its subtype PTRs.
///
/// The domain is always `local` (reference A.0) and the host is the publisher's own, so neither is part of
/// the model. Subtypes are bare labels such as `_L3840`; `subtypeServiceTypes` spells them the way DNS-SD
/// names them (`_L3840._sub._matterc._udp`, reference A.0 "subtype label `_sub`").
public struct DNSSDService: Hashable, Sendable, CustomStringConvertible {
    /// What identifies a service to its publisher: type and requested instance name.
    ///
    /// A service keeps its key when the publisher advertises it under an alternative name after a collision.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public var type: String
        public var instanceName: String

        public init(type: String, instanceName: String) {
            self.type = type
            self.instanceName = instanceName
        }

        public var description: String { "\(instanceName).\(type)" }
    }

    /// What a publisher does when another host already uses the instance name.
    public enum CollisionPolicy: Hashable, Sendable {
        /// Advertise under the next alternative name, as `avahi_alternative_service_name` picks it.
        case alternativeName
        /// Keep the name and report the collision: the name is fixed by specification
        /// (operational `<CompressedFabricId>-<NodeId>`, reference A.3).
        case keepName
    }

    /// The service type, `_<service>._udp` or `_<service>._tcp`, e.g. `_matterc._udp`.
    public var type: String
    public var instanceName: String
    public var port: UInt16
    /// The TXT strings in the order they are published.
    public var txt: [DNSSDTXTEntry]
    /// Subtype labels, e.g. `_L3840`, in the order they are registered.
    public var subtypes: [String]
    public var collisionPolicy: CollisionPolicy
    /// Network interface indexes to publish on; empty publishes on every interface the daemon uses.
    public var interfaces: [UInt32]

    public init(
        type: String, instanceName: String, port: UInt16, txt: [DNSSDTXTEntry] = [], subtypes: [String] = [],
        collisionPolicy: CollisionPolicy = .alternativeName, interfaces: [UInt32] = []
    ) {
        self.type = type
        self.instanceName = instanceName
        self.port = port
        self.txt = txt
        self.subtypes = subtypes
        self.collisionPolicy = collisionPolicy
        self.interfaces = interfaces
    }

    public var key: Key { Key(type: type, instanceName: instanceName) }

    /// Each subtype as the service type Avahi registers and browsers ask for: `<label>._sub.<type>`.
    public var subtypeServiceTypes: [String] { subtypes.map { "\($0)._sub.\(type)" } }

    /// The value of the first TXT entry with `key`, compared as Matter parsers do: case-insensitively
    /// (CHIP `TxtFields.cpp` `IsKey`).
    public func txtValue(_ key: String) -> [UInt8]? {
        txt.first { $0.key.lowercased() == key.lowercased() }?.value
    }

    /// The same service under another instance name.
    public func renamed(_ instanceName: String) -> DNSSDService {
        var copy = self
        copy.instanceName = instanceName
        return copy
    }

    public var description: String {
        let subtypeText = subtypes.isEmpty ? "" : " subtypes \(subtypes.joined(separator: ","))"
        let interfaceText =
            interfaces.isEmpty ? "" : " interfaces \(interfaces.map(String.init).joined(separator: ","))"
        return "\(instanceName).\(type) port \(port) [\(txt.map(\.description).joined(separator: " "))]"
            + subtypeText + interfaceText
    }

    /// Checks what every DNS-SD service must satisfy, whatever builds it.
    ///
    /// Instance names are 1 to 63 bytes of UTF-8 (RFC 6763 section 4.1.1; Avahi
    /// `avahi_is_valid_service_name`). The type is `_name._udp` or `_name._tcp` with a name of 1 to 15
    /// characters (RFC 6335 section 5.1). Subtype labels are 1 to 63 bytes without dots (RFC 6763 section 7.1).
    /// TXT keys are unique, case-insensitively (RFC 6763 section 6.4). Interface indexes are not 0 (which
    /// no interface has) and not repeated.
    public func validate() throws(DNSSDError) {
        let nameLength = instanceName.utf8.count
        guard (1...63).contains(nameLength) else {
            throw DNSSDError("instanceName", "an instance name is 1 to 63 bytes; \"\(instanceName)\" is \(nameLength)")
        }
        try Self.validateType(type)
        var seenKeys: Set<String> = []
        for entry in txt {
            try entry.validate()
            guard seenKeys.insert(entry.key.lowercased()).inserted else {
                throw DNSSDError("txt[\"\(entry.key)\"]", "the key appears twice")
            }
        }
        for label in subtypes {
            guard (1...63).contains(label.utf8.count), !label.contains(".") else {
                throw DNSSDError("subtypes", "\"\(label)\" is not one DNS label of 1 to 63 bytes")
            }
        }
        guard !interfaces.contains(0), Set(interfaces).count == interfaces.count else {
            throw DNSSDError("interfaces", "interface indexes are distinct and not 0: \(interfaces)")
        }
    }

    private static func validateType(_ type: String) throws(DNSSDError) {
        let parts = type.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "_udp" || parts[1] == "_tcp", parts[0].hasPrefix("_") else {
            throw DNSSDError("type", "a service type is \"_name._udp\" or \"_name._tcp\", not \"\(type)\"")
        }
        let name = parts[0].dropFirst()
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        guard (1...15).contains(name.count), allowed, !name.hasPrefix("-"), !name.hasSuffix("-") else {
            throw DNSSDError("type", "a service name is 1 to 15 letters, digits and inner hyphens, not \"\(name)\"")
        }
    }
}
