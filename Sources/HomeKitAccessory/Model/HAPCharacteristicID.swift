/// Where a characteristic is: its accessory's `aid` and its own `iid` (unique within the accessory).
public struct HAPCharacteristicID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var aid: UInt64
    public var iid: UInt64

    public init(aid: UInt64, iid: UInt64) {
        self.aid = aid
        self.iid = iid
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.aid, lhs.iid) < (rhs.aid, rhs.iid)
    }

    /// `aid.iid`, as `GET /characteristics?id=` lists them.
    public var description: String { "\(aid).\(iid)" }
}
