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
                guard event.kind == .commissioningProgress, case .string(let step)? = event.data["step"],
                    case .string(let status)? = event.data["status"]
                else { return }
                switch status {
                case "completed": console.write("  ✓ \(step)\n")
                case "failed": console.write("  ✗ \(step): \(HubCommands.text(event.data["details"]))\n")
                default: break
                }
            }
        }
        var prepareArgs: [String: JSONValue] = [:]
        if let structure = try command.integer("structure", as: Int64.self) {
            prepareArgs["structure_id"] = .integer(structure)
        }
        let session = try HubCommands.call(hub, .prepareCommissioning, prepareArgs)
        if !json {
            console.write("session \(HubCommands.text(session["session_id"])) prepared\n")
        }
        do {
            var commissionArgs: [String: JSONValue] = ["code": .string(code)]
            if let timing = command.value("timing") { commissionArgs["timing"] = .string(timing) }
            _ = try HubCommands.call(hub, .commissionWithCode, commissionArgs)
            var configureArgs: [String: JSONValue] = [:]
            if let name = command.value("name") { configureArgs["name"] = .string(name) }
            if let room = command.value("room") { configureArgs["room"] = .string(room) }
            if !configureArgs.isEmpty {
                _ = try HubCommands.call(hub, .configureDevice, configureArgs)
            }
            let result = try HubCommands.call(hub, .completeCommissioning)
            hub.setEventHandler(nil)
            if json { return HubCommands.print(result, console) }
            guard case .array(let ids)? = result["node_ids"] else { return 0 }
            console.write("commissioned: node \(ids.map { HubCommands.text($0) }.joined(separator: ", "))\n")
            return 0
        } catch {
            hub.setEventHandler(nil)
            _ = try? hub.call(.cancelCommissioning)
            throw error
        }
    }
}
