import Foundation
import MHubClient

/// The examples' command line: `--key value` pairs, the flag `--cancel`, and one operand.
public struct Options: Sendable {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    public private(set) var operand: String?

    public static let flagNames: Set<String> = ["cancel"]

    public init(_ arguments: ArraySlice<String>) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                operand = argument
                continue
            }
            let key = String(argument.dropFirst(2))
            if Self.flagNames.contains(key) {
                flags.insert(key)
            } else if let value = rest.popFirst() {
                values[key] = value
            }
        }
    }

    public subscript(key: String) -> String? { values[key] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `--socket PATH` or `--url ws://HOST:PORT/ws` (a token from `?token=` or `MHUB_TOKEN`).
    public var endpoint: MHubEndpoint? {
        if let path = values["socket"] { return .unix(path: path) }
        guard let url = values["url"] else { return nil }
        return MHubEndpoint(url: url, token: ProcessInfo.processInfo.environment["MHUB_TOKEN"])
    }

    /// The options that reach the same hub, for a process this one starts.
    public var connectionArguments: [String] {
        ["socket", "url"].flatMap { key in values[key].map { ["--\(key)", $0] } ?? [] }
    }
}

/// Prints a line at once (standard output unbuffered), so the app's and its extension's lines come in order.
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
