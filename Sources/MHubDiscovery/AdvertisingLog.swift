import MHubConfiguration
import MHubHub
import MHubProtocol

/// What the daemon logs when its advertising report changes (docs/dns-sd.md, "Logs").
public enum AdvertisingLog {
    public struct Line: Hashable, Sendable {
        public var level: LogLevel
        public var message: String

        public init(_ level: LogLevel, _ message: String) {
            self.level = level
            self.message = message
        }
    }

    /// The lines for going from `old` to `new`: the daemon connection, new problems, and each service whose
    /// state changed or that went away.
    public static func lines(from old: AdvertisingReport, to new: AdvertisingReport) -> [Line] {
        var lines: [Line] = []
        if old.state != new.state {
            lines.append(Line(level(of: new.state), stateMessage(new)))
        }
        for problem in new.problems where !old.problems.contains(problem) {
            lines.append(Line(.error, "advertising: \(problem)"))
        }
        let before = Dictionary(old.services.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for service in new.services {
            let previous = before[key(service)]
            guard previous?.state != service.state || previous?.nameInUse != service.nameInUse else { continue }
            lines += serviceLines(service)
        }
        let now = Set(new.services.map(key))
        for service in old.services where !now.contains(key(service)) {
            lines.append(Line(.info, "withdrew \(service.nameInUse).\(service.type)"))
        }
        return lines
    }

    private static func serviceLines(_ service: AdvertisingReport.Service) -> [Line] {
        let full = "\(service.nameInUse).\(service.type)"
        switch service.state {
        case .waiting, .registering:
            return []
        case .established:
            var lines = [Line(.info, "advertised \(full) port \(service.port) (\(service.role))")]
            if service.nameInUse != service.name {
                lines.append(
                    Line(
                        .warning,
                        "\(service.type) instance \"\(service.name)\" is taken on the network; "
                            + "advertised as \"\(service.nameInUse)\" instead"))
            }
            return lines
        case .collision:
            return [
                Line(
                    .error,
                    "\(full) is taken by another node on the network; the Matter spec fixes this name "
                        + "(<CompressedFabricId>-<NodeId>), so it is not renamed and stays unpublished until it is free"
                )
            ]
        case .failed:
            return [Line(.error, "avahi-daemon refused \(full)")]
        }
    }

    /// The summary, except on reaching `running`, where the services' own lines follow.
    private static func stateMessage(_ report: AdvertisingReport) -> String {
        switch report.state {
        case .running:
            let interfaces = report.interfaces.isEmpty ? "every interface" : report.interfaces.joined(separator: ", ")
            return "advertising through avahi-daemon on \(interfaces): \(report.services.count) services"
        case .disabled, .starting, .unavailable, .registering, .failed:
            return report.summary
        }
    }

    private static func key(_ service: AdvertisingReport.Service) -> String {
        "\(service.name).\(service.type)"
    }

    private static func level(of state: AdvertisingReport.State) -> LogLevel {
        switch state {
        case .unavailable, .failed: .warning
        case .running: .notice
        case .disabled, .starting, .registering: .info
        }
    }
}
