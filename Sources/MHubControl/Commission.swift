import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol
import Synchronization

/// `mhubctl commission CODE`: the whole flow, with each step printed as the hub reports it.
enum Commission {
    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32 {
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        let code = command.operands["CODE"] ?? ""
        if !json {
            hub.setEventHandler { event in
                guard event.kind == .commissioningProgress,
                    let progress = try? CommissioningProgress(json: event.data)
                else { return }
                switch progress.status {
                case "completed": console.write("  ✓ \(progress.step)\n")
                case "failed": console.write("  ✗ \(progress.step): \(progress.details ?? "-")\n")
                default: break
                }
            }
        }
        let scope = SessionScope(structureID: try command.integer("structure", as: Int64.self))
        let session = try HubCommands.send(hub, PrepareCommissioning(scope: scope))
        if !json {
            console.write("session \(session.id) prepared\n")
        }
        do {
            _ = try HubCommands.send(hub, CommissionWithCode(code: code, timing: command.value("timing")))
            let configure = ConfigureDevice(name: command.value("name"), room: command.value("room"))
            if configure.name != nil || configure.room != nil {
                _ = try HubCommands.send(hub, configure)
            }
            let result = try HubCommands.send(hub, CompleteCommissioning())
            hub.setEventHandler(nil)
            if json { return HubCommands.print(result, console) }
            console.write("commissioned: node \(result.nodeIDs.map(String.init).joined(separator: ", "))\n")
            return 0
        } catch {
            hub.setEventHandler(nil)
            _ = try? hub.send(CancelCommissioning())
            throw error
        }
    }
}
