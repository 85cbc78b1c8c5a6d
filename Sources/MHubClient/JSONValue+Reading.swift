import MHubJSON
import MHubProtocol

/// Reading the hub's results into the client's types: a missing or mistyped member is a protocol violation.
extension JSONValue {
    func requiredString(_ key: String, in what: String) throws(MHubClientError) -> String {
        guard case .string(let value)? = self[key] else { throw .protocolViolation("\(what) has no \(key)") }
        return value
    }

    func requiredInteger(_ key: String, in what: String) throws(MHubClientError) -> Int64 {
        guard case .integer(let value)? = self[key] else { throw .protocolViolation("\(what) has no \(key)") }
        return value
    }

    func optionalString(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }

    func optionalInteger(_ key: String) -> Int64? {
        if case .integer(let value)? = self[key] { return value }
        return nil
    }

    func list(of command: HubCommand) throws(MHubClientError) -> [JSONValue] {
        guard case .array(let values) = self else { throw .protocolViolation("\(command.rawValue) is not a list") }
        return values
    }

    func strings(_ key: String) -> [String] {
        guard case .array(let values)? = self[key] else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
