import MatterDataModel

extension ClusterChoices {
    /// The media devices: speaker, basic and casting video players and the media controllers (issue 37).
    static let media: [ClusterChoice] = []
}
