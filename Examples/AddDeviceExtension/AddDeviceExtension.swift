import Foundation
import MHubClient
import MHubExampleSupport

/// The Matter Add Device extension of the Google Home APIs' commissioning flow, against mhub: a process of its own
/// that names its app's app group and, through `MatterAddDeviceExtensionHandler` (the seed's `RequestHandler`),
/// commissions the code, offers the rooms and configures the device's name and room.
///
///     mhub-example-extension (--socket PATH | --url URL) --app-group GROUP --payload PAYLOAD [--home NAME]
///                            [--name N] [--room R]
@main
struct AddDeviceExtension {
    static func main() async {
        let options = Options(CommandLine.arguments.dropFirst())
        guard let appGroup = options["app-group"], let payload = options["payload"], let endpoint = options.endpoint
        else {
            fail("usage: mhub-example-extension (--socket PATH | --url URL) --app-group GROUP --payload PAYLOAD", 64)
        }
        let handler = MatterAddDeviceExtensionHandler(appGroup: appGroup, hub: endpoint)
        let home = options["home"].map { MatterAddDeviceRequest.Home(displayName: $0) }

        // The system UI's calls, in its order: commission, rooms, configure.
        do {
            try await handler.commissionDevice(in: home, onboardingPayload: payload, commissioningID: UUID())
        } catch {
            fail("commissioning failed: \(error)", 1)
        }
        say("commissioned")
        let rooms = await handler.rooms(in: home)
        say("rooms: \(rooms.map(\.displayName).joined(separator: ", "))")
        let room = options["room"].map { name in rooms.first { $0.displayName == name } } ?? rooms.first
        let name = options["name"] ?? "New device"
        await handler.configureDevice(named: name, in: room)
        say("configured \(name) in \(room?.displayName ?? "no room")")
        handler.close()
    }

    static func fail(_ message: String, _ status: Int32) -> Never {
        FileHandle.standardError.write(Data("mhub-example-extension: \(message)\n".utf8))
        exit(status)
    }
}
