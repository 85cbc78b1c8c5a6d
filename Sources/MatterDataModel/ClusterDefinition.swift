/// A server cluster as mhub implements it: ID, revision, features, attributes and commands.
///
/// Definitions describe the features and attributes mhub's device templates expose, which is the
/// mandatory set plus the optional attributes common devices carry; `featureMap` matches them.
/// Facts come from the CHIP SDK's `data_model/1.4/clusters/*.xml`; each definition cites its file.
public struct ClusterDefinition: Hashable, Sendable {
    public var id: ClusterID
    /// The specification name without spaces, such as `OnOff` or `BasicInformation`.
    public var name: String
    public var revision: UInt16
    /// The FeatureMap bits of the features these attributes and commands implement.
    public var featureMap: UInt32
    /// The cluster's own attributes, in ID order; global attributes are in `GlobalAttributes`.
    public var attributes: [AttributeDefinition]
    /// The commands the server accepts (client to server), in ID order.
    public var commands: [CommandDefinition]
    /// The response commands the server generates (server to client), in ID order.
    public var responses: [CommandDefinition]

    public init(
        id: ClusterID, name: String, revision: UInt16, featureMap: UInt32 = 0, attributes: [AttributeDefinition],
        commands: [CommandDefinition] = [], responses: [CommandDefinition] = []
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.featureMap = featureMap
        self.attributes = attributes
        self.commands = commands
        self.responses = responses
    }

    /// The attribute with `id`, the global ones included.
    public func attribute(_ id: AttributeID) -> AttributeDefinition? {
        attributes.first { $0.id == id } ?? GlobalAttributes.definitions.first { $0.id == id }
    }

    /// The attribute called `name`, the global ones included.
    public func attribute(named name: String) -> AttributeDefinition? {
        attributes.first { $0.name == name } ?? GlobalAttributes.definitions.first { $0.name == name }
    }

    /// The accepted command with `id`.
    public func command(_ id: CommandID) -> CommandDefinition? {
        commands.first { $0.id == id }
    }

    /// The accepted command called `name`.
    public func command(named name: String) -> CommandDefinition? {
        commands.first { $0.name == name }
    }

    /// The generated response command with `id`.
    public func response(_ id: CommandID) -> CommandDefinition? {
        responses.first { $0.id == id }
    }

    /// Every attribute an instance carries, the global ones included, in ID order (its AttributeList).
    public var attributeIDs: [AttributeID] {
        (attributes.map(\.id) + GlobalAttributes.definitions.map(\.id)).sorted()
    }

    /// The IDs of the accepted commands in ID order (its AcceptedCommandList).
    public var acceptedCommandIDs: [CommandID] {
        commands.map(\.id).sorted()
    }

    /// The IDs of the generated responses in ID order (its GeneratedCommandList).
    public var generatedCommandIDs: [CommandID] {
        responses.map(\.id).sorted()
    }
}
