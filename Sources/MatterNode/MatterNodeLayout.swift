import MatterDataModel

/// How the node lays out its endpoints above endpoint 0, the Root Node it serves itself (docs/matter.md, "Two
/// layouts").
public enum MatterNodeLayout: Hashable, Sendable {
    /// The hub's node: endpoint 1 an Aggregator whose PartsList is every bridged endpoint, and the home's devices as
    /// bridged endpoints, each device's first endpoint with Bridged Node (Device Library 2.5) and Bridged Device Basic
    /// Information (Matter Core Specification 9.13), as CHIP's `examples/bridge-app` lays them out.
    case bridge
    /// One device as a node of its own: its endpoints 1…n exactly as the data model makes them, its own Descriptors
    /// (a composed device's PartsLists among them) served as they are; no Aggregator and nothing bridged.
    case device

    /// The endpoint the node adds between endpoint 0 and the owner's endpoints: the bridge's Aggregator
    /// (Device Library 11.2); none in a device's node.
    var aggregator: EndpointID? {
        switch self {
        case .bridge: 1
        case .device: nil
        }
    }
}
