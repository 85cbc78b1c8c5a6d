/// A cluster as the Matter specification defines it: every feature, attribute, command, event and data type, each
/// with its conformance, whether or not mhub implements it. Derived clusters (the mode clusters, the resource
/// monitoring clusters, the concentration measurements) name their base in `base` and list only what they add or
/// change; `MatterSpecification.resolved(_:)` merges them.
public struct SpecCluster: Hashable, Sendable {
    /// Where a cluster may appear (Core 1.4 "Cluster Classification" in each cluster's section).
    public enum Classification: String, Hashable, Sendable {
        /// On the root node's endpoint 0 only.
        case node
        /// On every endpoint that needs it (Descriptor, Identify, Groups and the like).
        case endpoint
        /// An application cluster.
        case application
    }

    /// `nil` for a base cluster that is only derived from (`ModeBase`, `OperationalState` is not one: it has an ID).
    public var id: UInt32?
    /// The specification's name without spaces: `OnOff`, `BasicInformation`, `RvcRunMode`.
    public var name: String
    /// `ClusterRevision` in this version of the specification; `nil` for a derived cluster that inherits its base's.
    public var revision: UInt16?
    public var classification: Classification?
    /// The PICS code that names it in test plans (`OO`).
    public var pics: String?
    /// The cluster it derives from, for a derived cluster.
    public var base: String?
    /// The section of the Application Cluster or Core specification that defines it.
    public var section: String?
    public var features: [SpecFeature]
    /// Its own attributes; the global ones (Core 7.13) are not repeated here. One may be listed twice, under
    /// conformances that exclude each other, when the specification gives it a different range for each (Level
    /// Control's MinLevel under `[LT]` and `[!LT]`).
    public var attributes: [SpecAttribute]
    /// Requests and responses, in the order the specification lists them.
    public var commands: [SpecCommand]
    public var events: [SpecEvent]
    public var datatypes: [SpecDatatype]

    public init(
        id: UInt32? = nil, name: String, revision: UInt16? = nil, classification: Classification? = nil,
        pics: String? = nil, base: String? = nil, section: String? = nil, features: [SpecFeature] = [],
        attributes: [SpecAttribute] = [], commands: [SpecCommand] = [], events: [SpecEvent] = [],
        datatypes: [SpecDatatype] = []
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.classification = classification
        self.pics = pics
        self.base = base
        self.section = section
        self.features = features
        self.attributes = attributes
        self.commands = commands
        self.events = events
        self.datatypes = datatypes
    }
}
