import MatterDataModel
import MatterNode

/// The Matter node's commands and writes on bridged devices (docs/matter.md, "The bridge"): the same device logic as
/// `device_command` and `write_attribute`, with the same refusals as Interaction Model statuses, and the same
/// faults. An unreachable device's command or write fails with FAILURE, as a bridge's whose device does not answer
/// (CHIP `examples/bridge-app/linux/main.cpp` `emberAfExternalAttributeWriteCallback` refuses a write to an
/// unreachable device with Failure); a slow device answers after its latency, applied then; a silent one never
/// answers (`BridgedAnswer.noAnswer` after the interaction timeout). The answer is an output, after the commit.
extension Hub {
    /// A bridged device's command or write from the hub's Matter node, or from the HomeKit face, which serves the
    /// same bridged endpoints (`source`: whose answer output carries the answer).
    public mutating func bridgedRequest(
        _ request: BridgedRequest, from source: MatterNodeKey = .hub, now: Timestamp
    ) -> HubOutcome {
        var outcome = HubOutcome()
        guard let target = bridge.target(of: request.endpoint), let node = state.nodes[target.node] else {
            outcome.outputs.append(
                source.answer(request.id, .status(InteractionStatus.unsupportedEndpoint.rawValue)))
            return outcome
        }
        if case .write(ClusterDefinition.bridgedDeviceBasicInformation.id, 0x0005, let value) = request.operation {
            outcome.outputs.append(source.answer(request.id, rename(node, to: value, &outcome)))
            return outcome
        }
        if let answer = run(request, on: node, endpoint: target.endpoint, from: source, now: now, &outcome) {
            outcome.outputs.append(source.answer(request.id, answer))
        }
        return outcome
    }

    /// A Matter node's command or write on `node`'s `endpoint` (its own number): the answer now, or nil when it
    /// comes later (a slow or silent device), as `source`'s answer output.
    mutating func run(
        _ request: BridgedRequest, on node: Node, endpoint: EndpointID, from source: MatterNodeKey, now: Timestamp,
        _ outcome: inout HubOutcome
    ) -> BridgedAnswer? {
        if let device = node.simulatedDeviceID, faults.unreachableDevices.contains(device) {
            return .status(InteractionStatus.failure.rawValue)
        }
        let effect: DeviceEffect
        let answer: BridgedAnswer
        do throws(InteractionError) {
            (effect, answer) = try deviceEffect(of: request.operation, on: node, endpoint: endpoint, now: now)
        } catch {
            return .status(error.status.rawValue)
        }
        let latency = faults.latency(for: node.simulatedDeviceID)
        let silent = node.simulatedDeviceID.map { faults.unresponsiveDevices.contains($0) } ?? false
        guard silent || latency > 0 else {
            apply(effect, to: node.id, now: now, &outcome)
            return answer
        }
        guard devices.pending.count < HubQuotas.pendingInteractions,
            devices.pending.count(where: { $0.connectionID == source.connectionID })
                < HubQuotas.pendingInteractionsPerConnection
        else { return .status(InteractionStatus.busy.rawValue) }
        let wait = silent ? Self.defaultInteractionTimeout : latency
        var pending = PendingInteraction(
            connectionID: source.connectionID, messageID: .null, dueAt: now + wait,
            outcome: silent
                ? .timeout("node \(node.id) did not answer within \(wait) ms")
                : .apply(node: node.id, effect: effect, result: .null))
        pending.bridged = (source, request.id, silent ? .noAnswer : answer)
        devices.pending.append(pending)
        return nil
    }

    /// What a command or write does to the device, checked as `device_command` and `write_attribute` check it.
    private func deviceEffect(
        of operation: BridgedRequest.Operation, on node: Node, endpoint: EndpointID, now: Timestamp
    ) throws(InteractionError) -> (DeviceEffect, BridgedAnswer) {
        switch operation {
        case .invoke(let clusterID, let commandID, let fields):
            guard let endpointData = node.data.endpoints[endpoint] else {
                throw InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(endpoint)")
            }
            guard let instance = endpointData.clusters[clusterID], let cluster = ClusterCatalog.definition(clusterID)
            else {
                throw InteractionError(.unsupportedCluster, "endpoint \(endpoint) has no cluster \(clusterID)")
            }
            guard let command = cluster.command(commandID), instance.accepts(command: commandID) else {
                throw InteractionError(
                    .unsupportedCommand, "\(cluster.name) on endpoint \(endpoint) has no command \(commandID)")
            }
            // Fields that do not decode are INVALID_COMMAND, as CHIP's command handlers answer a decoding failure.
            let named: [String: AttributeValue]
            do {
                named = try MatterValueCheck.commandFields(fields, command: command)
            } catch {
                throw InteractionError(.invalidCommand, error.reason)
            }
            let (effect, response) = try DeviceLogic.invoke(
                DeviceLogic.Invocation(
                    node: node, endpoint: endpoint, cluster: cluster, command: command, fields: named, now: now,
                    preferences: state.preferences, overCASE: true, transitions: devices.transitions))
            guard let response, let responseID = command.response, let definition = cluster.response(responseID) else {
                return (effect, .status(InteractionStatus.success.rawValue))
            }
            return (effect, .response(command: responseID, fields: Self.responseFields(response, definition)))
        case .write(let cluster, let attribute, let value):
            let path = AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
            let checked = try checkedWrite(value, at: path, in: node)
            return (try DeviceLogic.write(checked, at: path, in: node), .status(InteractionStatus.success.rawValue))
        }
    }

    /// A response's fields by tag, from the device logic's (fields by name), each as its field's type has it.
    static func responseFields(_ response: DeviceLogic.Response, _ definition: CommandDefinition)
        -> [UInt32: AttributeValue]
    {
        var fields: [UInt32: AttributeValue] = [:]
        for field in definition.fields {
            guard let value = response[field.name],
                let typed = try? MatterValueCheck.conform(
                    value, to: field.type, nullable: field.nullable, what: field.name)
            else { continue }
            fields[field.id] = typed
        }
        return fields
    }

    /// Bridged Device Basic Information's NodeLabel written: the device's name in the home, as `update_device`
    /// names it (CONSTRAINT_ERROR for one `update_device` would refuse).
    private mutating func rename(_ node: Node, to value: AttributeValue, _ outcome: inout HubOutcome) -> BridgedAnswer {
        guard case .string(let text) = value else { return .status(InteractionStatus.invalidDataType.rawValue) }
        guard let name = try? validatedName(text, what: "the device name"), name.utf8.count <= 32 else {
            return .status(InteractionStatus.constraintError.rawValue)
        }
        var renamed = node
        renamed.name = name
        state.nodes[node.id] = renamed
        outcome.changes.append(.saveNode(renamed))
        outcome.events.append(deviceUpdatedEvent(renamed))
        if let path = bridgedInfoPath(renamed, attribute: 0x0005) {
            outcome.outputs.append(.bridgeChanged(.attributes([path])))
        }
        return .status(InteractionStatus.success.rawValue)
    }
}
