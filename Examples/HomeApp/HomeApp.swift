import Foundation
import MHubClient
import MHubExampleSupport

/// The app of the Google Home APIs' commissioning flow, against mhub: it prepares a session on a structure for its
/// app group, lets the system run its Matter Add Device extension (here: starts `mhub-example-extension`, as
/// `MatterAddDeviceRequest.perform()` does), then completes and prints the commissioned device IDs — or cancels.
///
///     mhub-example-app (--socket PATH | --url URL) --app-group GROUP [--home NAME] [--name N] [--room R]
///                      [--cancel] [--extension PATH] PAYLOAD
@main
struct HomeApp {
    static func main() async {
        let options = Options(CommandLine.arguments.dropFirst())
        guard let payload = options.operand, let appGroup = options["app-group"], let endpoint = options.endpoint else {
            fail("usage: mhub-example-app (--socket PATH | --url URL) --app-group GROUP [--home NAME] PAYLOAD", 64)
        }
        do {
            let home = try MHubHome.connect(to: endpoint, appGroup: appGroup)
            let structures = try await home.structures()
            guard
                let structure = options["home"].map({ name in structures.first { $0.name == name } })
                    ?? structures.first
            else { fail("no such home", 1) }

            // 1. Prepare: permission, the hub online, no other session — each its own error.
            do {
                try await structure.prepareForMatterCommissioning()
            } catch .permissionDenied(let details) {
                fail("prepare failed: permission denied: \(details)", 2)
            } catch .hubOffline(let details) {
                fail("prepare failed: hub offline: \(details)", 3)
            } catch .sessionBusy(let holder) {
                fail("prepare failed: busy, held by \(holder.holder) until \(holder.deadline)", 4)
            }
            say("prepared for \(structure.name)")

            // 2. The system UI runs the extension with the code the user scanned.
            let request = MatterAddDeviceRequest.Topology(ecosystemName: "mhub", homes: [structure.matterHome])
            let performed = perform(request, payload: payload, appGroup: appGroup, options: options)

            // 3. Complete (or cancel when the extension failed, or when asked to).
            if performed && options.flag("cancel") == false {
                let deviceIDs = try structure.completeMatterCommissioning()
                say("commissioned device IDs: \(deviceIDs.joined(separator: " "))")
            } else {
                structure.cancelMatterCommissioning()
                say("cancelled")
                exit(performed ? 0 : 5)
            }
        } catch {
            fail("\(error)", 1)
        }
    }

    /// `MatterAddDeviceRequest.perform()`: the extension, a process of its own, does the commissioning.
    static func perform(
        _ topology: MatterAddDeviceRequest.Topology, payload: String, appGroup: String, options: Options
    ) -> Bool {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: options["extension"]
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("mhub-example-extension").path)
        var arguments = options.connectionArguments + ["--app-group", appGroup, "--payload", payload]
        if let home = topology.homes.first { arguments += ["--home", home.displayName] }
        for key in ["name", "room"] {
            if let value = options[key] { arguments += ["--\(key)", value] }
        }
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            say("could not start the extension: \(error)")
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func fail(_ message: String, _ status: Int32) -> Never {
        FileHandle.standardError.write(Data("mhub-example-app: \(message)\n".utf8))
        exit(status)
    }
}
