import MatterDataModel

/// A robotic vacuum cleaner's run (`RVCLogic`): a phase per room of Service Area's SupportedAreas, in order.
extension OperationalProgram {
    /// Minutes each room takes to vacuum, by its place in SupportedAreas (the template's kitchen, living room,
    /// bedroom and hallway); a room past these takes 10.
    static let roomMinutes: [Double] = [10, 20, 12, 6]

    /// The rooms to clean (SelectedAreas, or all of them) last their time, the others 0; RVC Clean Mode's
    /// CurrentMode makes it longer: 1 Mop half as long again, 2 Vacuum and mop twice as long, 3 Deep clean half
    /// as long again.
    static func roboticVacuumCleaner(_ settings: Settings) -> OperationalProgram {
        let ids = RVCLogic.areaIDs(settings.node, endpoint: settings.endpoint)
        let cleaned = Set(RVCLogic.areasToClean(settings.node, endpoint: settings.endpoint))
        let factor: [Int64: Double] = [1: 1.5, 2: 2, 3: 1.5]
        let slower = factor[settings.integer(0x0055, 0x0001) ?? 0] ?? 1
        return minutes(
            ids.enumerated().map { index, id in
                cleaned.contains(id) ? (roomMinutes.indices.contains(index) ? roomMinutes[index] : 10) * slower : 0
            })
    }
}
