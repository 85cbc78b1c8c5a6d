import Foundation

/// Interface names to the indexes Avahi publishes on.
enum NetworkInterfaces {
    /// The indexes of `names` (`if_nametoindex(3)`), and the names that name no interface.
    static func indexes(_ names: [String]) -> (indexes: [UInt32], missing: [String]) {
        var indexes: [UInt32] = []
        var missing: [String] = []
        for name in names {
            let index = if_nametoindex(name)
            if index == 0 {
                missing.append(name)
            } else if !indexes.contains(index) {
                indexes.append(index)
            }
        }
        return (indexes, missing)
    }
}
