import Foundation

/// One resolved line of `avahi-browse -p`: the first peer, Avahi's own browser and resolver.
public struct BrowsedService: Hashable, Sendable {
    public var interface: String
    public var ipProtocol: String
    public var name: String
    public var type: String
    public var domain: String
    public var host: String
    public var address: String
    public var port: UInt16
    /// The TXT strings in wire order.
    public var txt: [[UInt8]]
}

public enum AvahiBrowse {
    /// Browses `type` (a service type or a `<sub>._sub.<type>` subtype) and resolves what it finds:
    /// `avahi-browse -prt`, which ends once the daemon reports it has everything.
    ///
    /// A browser that has not ended within `timeout` is killed and started again, twice at most: under load
    /// an `avahi-browse -rt` was seen to wait for a resolver well past its usual second (2 of 5 CI-like runs).
    public static func resolve(_ type: String, timeout: Double = 20) throws -> [BrowsedService] {
        var result = try PeerProcess.run("avahi-browse", ["-prt", type], timeout: timeout)
        for _ in 0..<2 where result.status == 9 {
            result = try PeerProcess.run("avahi-browse", ["-prt", type], timeout: timeout)
        }
        guard result.status == 0 else {
            throw PeerTestFailure("avahi-browse -prt \(type) failed (\(result.status)): \(result.errors)")
        }
        return parse(result.output)
    }

    /// `resolve` for several types at once, the browsers running side by side (each takes about a second
    /// to report that it has everything). A browser killed at the timeout is run again alone (see `resolve`).
    public static func resolveAll(_ types: [String], timeout: Double = 30) throws -> [String: [BrowsedService]] {
        let browsers = try types.map { try PeerProcess("avahi-browse", ["-prt", $0]) }
        let results = browsers.map { $0.finish(within: timeout) }
        var found: [String: [BrowsedService]] = [:]
        for (type, result) in zip(types, results) {
            if result.status == 9 {
                found[type] = try resolve(type, timeout: timeout)
                continue
            }
            guard result.status == 0 else {
                throw PeerTestFailure("avahi-browse -prt \(type) failed (\(result.status)): \(result.errors)")
            }
            found[type] = parse(result.output)
        }
        return found
    }

    /// Starts `avahi-browse -pr <type>`, which keeps browsing and prints records as they come and go.
    public static func watch(_ type: String) throws -> PeerProcess {
        try PeerProcess("avahi-browse", ["-pr", type])
    }

    /// The resolved (`=`) lines of `avahi-browse -p` output:
    /// `=;interface;protocol;name;type;domain;host;address;port;"txt" "txt"`.
    public static func parse(_ output: String) -> [BrowsedService] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ";", maxSplits: 9, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 10, fields[0] == "=", let port = UInt16(fields[8]) else { return nil }
            return BrowsedService(
                interface: fields[1], ipProtocol: fields[2], name: unescapeLabel(fields[3]), type: fields[4],
                domain: fields[5], host: fields[6], address: fields[7], port: port,
                // avahi-browse prints the list it parsed, which holds the wire's strings last first.
                txt: parseTXT(fields[9]).reversed())
        }
    }

    /// A label as `avahi_escape_label` writes it: `\DDD` decimal escapes, `\.` and `\\`.
    public static func unescapeLabel(_ text: String) -> String {
        String(decoding: unescape(Array(text.utf8)), as: UTF8.self)
    }

    /// The quoted strings of `avahi_string_list_to_string`, which escapes `"` and `\` with a backslash and
    /// bytes outside printable ASCII as `\DDD`.
    public static func parseTXT(_ text: String) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        var current: [UInt8]?
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            switch (byte, current) {
            case (UInt8(ascii: "\""), nil):
                current = []
            case (UInt8(ascii: "\""), let string?):
                strings.append(unescape(string))
                current = nil
            case (UInt8(ascii: "\\"), _?):
                current?.append(byte)
                if let next = bytes.popFirst() {
                    current?.append(next)
                }
            case (_, _?):
                current?.append(byte)
            case (_, nil):
                break
            }
        }
        return strings
    }

    private static func unescape(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count,
                bytes[(index + 1)...(index + 3)].allSatisfy(isDigit)
            {
                let digits = bytes[(index + 1)...(index + 3)].map { Int($0 - UInt8(ascii: "0")) }
                result.append(UInt8(truncatingIfNeeded: digits[0] * 100 + digits[1] * 10 + digits[2]))
                index += 4
            } else if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                result.append(bytes[index + 1])
                index += 2
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
