import MatterDataModel

extension ClusterChoices {
    /// The robotic vacuum cleaner: RVC run and clean modes, RVC operational state, service areas (issue 37).
    static let robotic: [ClusterChoice] = []
}
