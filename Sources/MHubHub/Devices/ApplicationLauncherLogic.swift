import MatterDataModel

/// A Content App Platform and its apps (Device Library 10.3 and 10.5): the platform's Application Launcher (0x050C,
/// Application Cluster Specification 6.4) with ApplicationPlatform, and each Content App endpoint's Application Basic
/// (0x050D, 6.3) whose Status says whether the app runs and is seen.
///
/// An app's Status is the one thing commands and the TV's remote change; what follows from it is `following`: the
/// app in focus is the platform's CurrentApp (6.4.6.2) and the TV is on, and the app that had the focus goes to the
/// background (ActiveHidden), as a TV's app switcher does (6.3 leaves it to the platform).
struct ApplicationLauncherLogic {
    let data: NodeData

    static let launcher: ClusterID = 0x050C
    static let basic: ClusterID = 0x050D

    /// Application Basic's ApplicationStatusEnum (6.3.4.1).
    enum Status: UInt64 {
        case stopped = 0
        case activeVisibleFocus = 1
        case activeHidden = 2
        case activeVisibleNotFocus = 3
    }

    /// Application Launcher's StatusEnum (6.4.5.1), LauncherResponse's Status.
    enum LaunchStatus: UInt64 {
        case success = 0
        case appNotAvailable = 1
    }

    /// The endpoint whose Application Launcher has ApplicationPlatform (FeatureMap bit 0): the platform.
    var platform: EndpointID? {
        data.endpoints.keys.sorted().first {
            let featureMap = data[AttributePath(endpoint: $0, cluster: Self.launcher, attribute: 0xFFFC)]
            return (featureMap?.integerValue ?? 0) & 1 != 0
        }
    }

    /// The Content App endpoints, each with its Application Basic's Application {0 CatalogVendorID, 1 ApplicationID}.
    var apps: [(endpoint: EndpointID, application: AttributeValue)] {
        data.endpoints.keys.sorted().compactMap { endpoint in
            data[AttributePath(endpoint: endpoint, cluster: Self.basic, attribute: 0x0004)].map { (endpoint, $0) }
        }
    }

    /// The app endpoint of `application` (an ApplicationStruct: the catalog vendor and the app's ID must both match).
    func endpoint(of application: AttributeValue?) -> EndpointID? {
        guard case .structure(let wanted)? = application else { return nil }
        return apps.first {
            guard case .structure(let known) = $0.application else { return false }
            return known[0]?.integerValue == wanted[0]?.integerValue && known[1] == wanted[1]
        }?.endpoint
    }

    static func statusPath(_ app: EndpointID) -> AttributePath {
        AttributePath(endpoint: app, cluster: basic, attribute: 0x0005)
    }

    func status(of app: EndpointID) -> Status {
        data[Self.statusPath(app)]?.integerValue.flatMap { Status(rawValue: UInt64($0)) } ?? .stopped
    }

    /// What the app's launcher command `name` (LaunchApp, StopApp, HideApp: 6.4.7.1 to 6.4.7.3) makes its Status:
    /// launched, it runs in the foreground with the focus; stopped, it stops; hidden, a running app goes on in the
    /// background and a stopped one stays stopped (hiding starts nothing). `nil` for another command.
    func commanded(_ name: String, app: EndpointID) -> Status? {
        switch name {
        case "LaunchApp": .activeVisibleFocus
        case "StopApp": .stopped
        case "HideApp": status(of: app) == .stopped ? .stopped : .activeHidden
        default: nil
        }
    }

    /// What follows an app's Status set to `value` at `path` (by a command, or by the TV's remote: `--as-physical`):
    /// in focus, it is the platform's CurrentApp {Application, Endpoint}, the TV is on (a TV wakes to open an app), and
    /// any other app in focus goes to the background; out of focus, the platform's CurrentApp is null if it was this
    /// app (6.4.6.2: CurrentApp is the app in focus, null when none is).
    static func following(_ path: AttributePath, in data: NodeData) -> [(AttributePath, AttributeValue)] {
        guard path.cluster == basic, path.attribute == 0x0005, let value = data[path]?.integerValue else { return [] }
        let logic = ApplicationLauncherLogic(data: data)
        guard let platform = logic.platform,
            let application = data[AttributePath(endpoint: path.endpoint, cluster: basic, attribute: 0x0004)]
        else { return [] }
        let currentApp = AttributePath(endpoint: platform, cluster: launcher, attribute: 0x0001)
        if value == Int64(Status.activeVisibleFocus.rawValue) {
            let current = AttributeValue.structure([0: application, 1: .unsigned(UInt64(path.endpoint))])
            let others = logic.apps.map(\.endpoint).filter {
                $0 != path.endpoint && logic.status(of: $0) == .activeVisibleFocus
            }
            return [
                (currentApp, current),
                (AttributePath(endpoint: platform, cluster: 0x0006, attribute: 0x0000), .bool(true)),
            ]
                + others.map { (statusPath($0), .unsigned(Status.activeHidden.rawValue)) }
        }
        guard case .structure(let current)? = data[currentApp], current[1]?.integerValue == Int64(path.endpoint) else {
            return []
        }
        return [(currentApp, .null)]
    }
}
