extension ClusterDefinition {
    /// Boolean State (0x0045), revision 1.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/BooleanState.xml`. For a contact sensor `true` means
    /// contact (closed).
    public static let booleanState = ClusterDefinition(
        id: 0x0045, name: "BooleanState", revision: 1,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "stateValue", type: .bool, default: .bool(true))
        ]
    )
}
