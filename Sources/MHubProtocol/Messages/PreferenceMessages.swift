import MHubJSON

// What OHF clients set for the hub's commissioning (docs/protocol.md §7a): the fabric label, the Wi-Fi credentials
// and Thread dataset devices join at `network_setup`, and the vendor names `get_vendor_names` answers with.

/// `set_default_fabric_label {label}`: `label` must be there, and null or "" is "Home".
public struct SetDefaultFabricLabel: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.setDefaultFabricLabel
    public var label: String?

    public init(label: String?) {
        self.label = label
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        guard args.members["label"] != nil else { throw args.failure("label", .missing) }
        label = try args.string("label")
    }

    public var arguments: [String: JSONValue] { ["label": label.map { .string($0) } ?? .null] }
}

/// The `id` of a credentials command: matterjs-server keeps named lists from schema 12, and its client sends
/// `id: "default"` to a schema-11 server; mhub, schema 11, has the default entry only.
@inlinable func readCredentialsID<Context: JSONReadContext>(_ args: inout JSONObjectReader<Context>)
    throws(Context.Failure)
{
    if let id = try args.string("id"), id != "default" {
        throw args.failure(
            "id", "mhub keeps one entry (schema 11); id must be \"default\" or left out, not \"\(id)\"")
    }
}

/// `set_wifi_credentials {ssid, credentials, id?}`; the hub checks them (`WiFiCredentials`).
public struct SetWiFiCredentials: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.setWiFiCredentials
    public var ssid: String
    public var credentials: String

    public init(ssid: String, credentials: String) {
        self.ssid = ssid
        self.credentials = credentials
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        ssid = try args.requiredString("ssid")
        credentials = try args.requiredString("credentials")
        try readCredentialsID(&args)
    }

    public var arguments: [String: JSONValue] { ["ssid": .string(ssid), "credentials": .string(credentials)] }
}

/// `set_thread_dataset {dataset, id?}`: the Active Operational Dataset in hexadecimal; the hub checks it.
public struct SetThreadDataset: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.setThreadDataset
    public var dataset: String

    public init(dataset: String) {
        self.dataset = dataset
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        dataset = try args.requiredString("dataset")
        try readCredentialsID(&args)
    }

    public var arguments: [String: JSONValue] { ["dataset": .string(dataset)] }
}

/// `remove_wifi_credentials {id?}`.
public struct RemoveWiFiCredentials: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.removeWiFiCredentials

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        try readCredentialsID(&args)
    }

    public var arguments: [String: JSONValue] { [:] }
}

/// `remove_thread_dataset {id?}`.
public struct RemoveThreadDataset: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.removeThreadDataset

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        try readCredentialsID(&args)
    }

    public var arguments: [String: JSONValue] { [:] }
}

/// `get_vendor_names {filter_vendors?}`: the vendor IDs asked for, all when none are.
public struct GetVendorNames: ProtocolRequest {
    public typealias Reply = VendorNameList
    public static let command = HubCommand.getVendorNames
    public var filterVendors: [UInt16]?

    public init(filterVendors: [UInt16]? = nil) {
        self.filterVendors = filterVendors
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        switch args.raw("filter_vendors") {
        case nil: filterVendors = nil
        case .array(let ids)?:
            var vendors: [UInt16] = []
            for id in ids {
                guard case .integer(let number) = id, let vendor = UInt16(exactly: number) else {
                    throw args.failure("filter_vendors", "filter_vendors must list vendor IDs from 0 to 65535")
                }
                vendors.append(vendor)
            }
            filterVendors = vendors
        case let other?:
            throw args.failure(
                "filter_vendors", "filter_vendors must be a list of vendor IDs, not \(other.typeName)")
        }
    }

    public var arguments: [String: JSONValue] {
        filterVendors.map { ["filter_vendors": .array($0.map { .integer(Int64($0)) })] } ?? [:]
    }
}

/// `get_vendor_names`' reply: `{"<vendor ID>": name}`.
public struct VendorNameList: ProtocolValue {
    public var names: [UInt16: String]

    public init(names: [UInt16: String]) {
        self.names = names
    }

    public static let what = "the vendor names"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        names = [:]
        for (key, value) in object.members {
            if let id = UInt16(key), case .string(let name) = value { names[id] = name }
        }
    }

    public func write(to json: inout JSONTextWriter) {
        var byKey: [String: String] = [:]
        for (id, name) in names { byKey[String(id)] = name }
        byKey.write(to: &json)
    }
}
