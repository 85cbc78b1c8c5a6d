import MatterDataModel

/// Application Launcher (0x050C), Application Cluster Specification 6.4: on the Content App Platform (the casting
/// video player's endpoint) LaunchApp, StopApp and HideApp name the app (the Application field, which
/// ApplicationPlatform makes mandatory); on a Content App's own endpoint they have no Application field and act on
/// that app (Device Library 10.5). Each changes the app's Application Basic Status, from which CurrentApp follows
/// (`ApplicationLauncherLogic.following`), and answers LauncherResponse: Success, or AppNotAvailable for an app the
/// platform does not have (6.4.5.1).
extension DeviceLogic {
    static func applicationLauncher(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let logic = ApplicationLauncherLogic(data: call.node.data)
        let app: EndpointID?
        if logic.platform == call.endpoint {
            guard call.fields["application"] != nil else {
                throw InteractionError(.invalidCommand, "\(call.command.name) on the platform needs an application")
            }
            app = logic.endpoint(of: call.fields["application"])
        } else {
            app = call.hasCluster(ApplicationLauncherLogic.basic) ? call.endpoint : nil
        }
        guard let app else {
            return (
                DeviceEffect(), ["status": .unsigned(ApplicationLauncherLogic.LaunchStatus.appNotAvailable.rawValue)]
            )
        }
        guard let status = logic.commanded(call.command.name, app: app) else { throw unsupported(call) }
        var effect = DeviceEffect()
        effect.changes.append((ApplicationLauncherLogic.statusPath(app), .unsigned(status.rawValue)))
        return (effect, ["status": .unsigned(ApplicationLauncherLogic.LaunchStatus.success.rawValue)])
    }
}
