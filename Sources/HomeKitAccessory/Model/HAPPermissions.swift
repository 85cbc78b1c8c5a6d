/// What a controller may do with a characteristic (HAP R14 Table 6-4), written in `/accessories` as `perms`.
public struct HAPPermissions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `pr`: readable by a paired controller.
    public static let pairedRead = HAPPermissions(rawValue: 1 << 0)
    /// `pw`: writable by a paired controller.
    public static let pairedWrite = HAPPermissions(rawValue: 1 << 1)
    /// `ev`: a controller may subscribe to its changes.
    public static let events = HAPPermissions(rawValue: 1 << 2)
    /// `aa`: writes carry additional authorization data.
    public static let additionalAuthorization = HAPPermissions(rawValue: 1 << 3)
    /// `tw`: writes must be timed (`/prepare` first).
    public static let timedWrite = HAPPermissions(rawValue: 1 << 4)
    /// `hd`: hidden from the user.
    public static let hidden = HAPPermissions(rawValue: 1 << 5)
    /// `wr`: a write may ask for a write response (`r`).
    public static let writeResponse = HAPPermissions(rawValue: 1 << 6)

    /// Each permission's name, in the order `/accessories` lists them.
    public static let names: [(HAPPermissions, String)] = [
        (.pairedRead, "pr"), (.pairedWrite, "pw"), (.events, "ev"), (.additionalAuthorization, "aa"),
        (.timedWrite, "tw"), (.hidden, "hd"), (.writeResponse, "wr"),
    ]

    /// The names of the permissions it holds.
    public var names: [String] {
        Self.names.compactMap { permission, name in contains(permission) ? name : nil }
    }
}
