import MatterDataModel
import MatterNode

/// One Matter change a HomeKit write becomes: the endpoint as the view numbers it, and the command or write.
public struct HomeKitOperation: Hashable, Sendable {
    public var endpoint: EndpointID
    public var operation: BridgedRequest.Operation

    public init(endpoint: EndpointID, operation: BridgedRequest.Operation) {
        self.endpoint = endpoint
        self.operation = operation
    }
}
