/// One characteristic of a service, with its value when it is readable (HAP R14 Table 6-3).
public struct HAPCharacteristic: Hashable, Sendable {
    public var iid: UInt64
    public var type: HAPType
    public var format: HAPFormat
    public var permissions: HAPPermissions
    /// The value now: present for every readable characteristic (`/accessories` never writes null, but for a
    /// Stateless Programmable Switch's event).
    public var value: HAPValue?
    /// `celsius`, `percentage`, `arcdegrees`, `lux` or `seconds`.
    public var unit: String?
    public var minValue: Double?
    public var maxValue: Double?
    public var minStep: Double?
    /// The longest string value (64 when absent).
    public var maxLength: Int?
    /// The values an enumeration may take, when fewer than its range.
    public var validValues: [Int64]?

    public init(
        iid: UInt64, type: HAPType, format: HAPFormat, permissions: HAPPermissions, value: HAPValue? = nil,
        unit: String? = nil, minValue: Double? = nil, maxValue: Double? = nil, minStep: Double? = nil,
        maxLength: Int? = nil, validValues: [Int64]? = nil
    ) {
        self.iid = iid
        self.type = type
        self.format = format
        self.permissions = permissions
        self.value = value
        self.unit = unit
        self.minValue = minValue
        self.maxValue = maxValue
        self.minStep = minStep
        self.maxLength = maxLength
        self.validValues = validValues
    }
}

/// One service of an accessory.
public struct HAPService: Hashable, Sendable {
    public var iid: UInt64
    public var type: HAPType
    public var characteristics: [HAPCharacteristic]
    public var primary: Bool
    public var hidden: Bool
    /// The iids of the services it links to.
    public var linked: [UInt64]

    public init(
        iid: UInt64, type: HAPType, characteristics: [HAPCharacteristic], primary: Bool = false,
        hidden: Bool = false, linked: [UInt64] = []
    ) {
        self.iid = iid
        self.type = type
        self.characteristics = characteristics
        self.primary = primary
        self.hidden = hidden
        self.linked = linked
    }
}

/// One accessory: the bridge (aid 1) or a bridged one. Accessory Information is its service at iid 1.
public struct HAPAccessory: Hashable, Sendable {
    public var aid: UInt64
    public var services: [HAPService]

    public init(aid: UInt64, services: [HAPService]) {
        self.aid = aid
        self.services = services
    }

    /// The characteristic at `iid`, if it has one.
    public func characteristic(_ iid: UInt64) -> HAPCharacteristic? {
        for service in services {
            if let found = service.characteristics.first(where: { $0.iid == iid }) { return found }
        }
        return nil
    }
}
