import MatterDataModel

extension ClusterChoices {
    /// The laundry washer, laundry dryer and dishwasher: operational state, their mode and control clusters, temperature control and the dishwasher alarm (issue 37).
    static let laundryAndDish: [ClusterChoice] = []
}
