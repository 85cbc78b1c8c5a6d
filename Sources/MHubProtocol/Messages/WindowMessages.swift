import MHubJSON

// The hub's own commissioning window (docs/protocol.md §12): opened, closed and reported, and
// `commissioning_window_updated`.

/// The window as the protocol shows it: open with its mode, deadline and discriminator (and, to the admin scope, the
/// passcode and the codes that carry it), or closed with how and when the last one closed.
public struct CommissioningWindowInfo: ProtocolValue {
    /// The Matter administrator that opened it, by its fabric.
    public struct Administrator: Hashable, Sendable {
        public var fabricIndex: Int64
        public var vendorID: Int64

        public init(fabricIndex: Int64, vendorID: Int64) {
            self.fabricIndex = fabricIndex
            self.vendorID = vendorID
        }
    }

    /// The passcode and the codes that carry it.
    public struct Setup: Hashable, Sendable {
        public var pinCode: UInt32
        public var manualCode: String
        public var qrCode: String

        public init(pinCode: UInt32, manualCode: String, qrCode: String) {
            self.pinCode = pinCode
            self.manualCode = manualCode
            self.qrCode = qrCode
        }
    }

    public var open: Bool
    /// 1 basic, 2 enhanced.
    public var commissioningMode: Int64?
    public var closesAt: String?
    public var discriminator: UInt16?
    public var openedBy: Administrator?
    public var setup: Setup?
    /// How and when the last window closed, while none is open (nothing before the first).
    public var closeReason: String?
    public var closedAt: String?

    public init(
        open: Bool, commissioningMode: Int64? = nil, closesAt: String? = nil, discriminator: UInt16? = nil,
        openedBy: Administrator? = nil, setup: Setup? = nil, closeReason: String? = nil, closedAt: String? = nil
    ) {
        self.open = open
        self.commissioningMode = commissioningMode
        self.closesAt = closesAt
        self.discriminator = discriminator
        self.openedBy = openedBy
        self.setup = setup
        self.closeReason = closeReason
        self.closedAt = closedAt
    }

    public static let what = "the commissioning window"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        open = try object.bool("open") ?? false
        commissioningMode = try object.integer("commissioning_mode")
        closesAt = try object.string("closes_at")
        discriminator = try object.integer("discriminator")
        var administrator = try object.object("opened_by")
        if let fabricIndex: Int64 = try administrator.integer("fabric_index") {
            openedBy = Administrator(fabricIndex: fabricIndex, vendorID: try administrator.integer("vendor_id") ?? 0)
        }
        if let pinCode: UInt32 = try object.integer("setup_pin_code") {
            setup = Setup(
                pinCode: pinCode, manualCode: try object.string("setup_manual_code") ?? "",
                qrCode: try object.string("setup_qr_code") ?? "")
        }
        closeReason = try object.string("close_reason")
        closedAt = try object.string("closed_at")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if let closeReason { json.member("close_reason", closeReason) }
        if let closedAt { json.member("closed_at", closedAt) }
        if let closesAt { json.member("closes_at", closesAt) }
        if let commissioningMode { json.member("commissioning_mode", commissioningMode) }
        if let discriminator { json.member("discriminator", Int64(discriminator)) }
        json.member("open", open)
        if let openedBy {
            json.key("opened_by")
            json.beginObject()
            json.member("fabric_index", openedBy.fabricIndex)
            json.member("vendor_id", openedBy.vendorID)
            json.endObject()
        }
        if let setup {
            json.member("setup_manual_code", setup.manualCode)
            json.member("setup_pin_code", Int64(setup.pinCode))
            json.member("setup_qr_code", setup.qrCode)
        }
        json.endObject()
    }
}

/// `close_commissioning_window`'s reply: whether one was open.
public struct CommissioningWindowClosed: ProtocolValue {
    public var closed: Bool

    public init(closed: Bool) {
        self.closed = closed
    }

    public static let what = "a closed window"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        closed = try object.bool("closed") ?? false
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("closed", closed)
        json.endObject()
    }
}

// MARK: requests

/// Opens the hub's own window (admin), or with OHF's `node_id` a window on a device on the network (Home Assistant's
/// "share device").
public struct OpenCommissioningWindow: ProtocolRequest {
    public typealias Reply = CommissioningWindowInfo
    public static let command = HubCommand.openCommissioningWindow
    /// OHF's `node_id`, as it was sent.
    public var nodeID: JSONValue?
    /// Seconds, 1 to 900.
    public var timeout: Int64?
    public var enhanced: Bool?
    public var discriminator: UInt16?
    /// PBKDF2 iterations, 1000 to 100000.
    public var iteration: UInt32?
    /// OHF's, accepted.
    public var option: Int?

    public init(timeout: Int64? = nil, enhanced: Bool? = nil, discriminator: UInt16? = nil, iteration: UInt32? = nil) {
        self.timeout = timeout
        self.enhanced = enhanced
        self.discriminator = discriminator
        self.iteration = iteration
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = args.raw("node_id")
        timeout = try args.integer("timeout")
        enhanced = try args.bool("enhanced")
        discriminator = try args.integer("discriminator")
        iteration = try args.integer("iteration")
        option = try args.integer("option")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [:]
        if let nodeID { args["node_id"] = nodeID }
        if let timeout { args["timeout"] = .integer(timeout) }
        if let enhanced { args["enhanced"] = .bool(enhanced) }
        if let discriminator { args["discriminator"] = .integer(Int64(discriminator)) }
        if let iteration { args["iteration"] = .integer(Int64(iteration)) }
        if let option { args["option"] = .integer(Int64(option)) }
        return args
    }
}

public struct CloseCommissioningWindow: ProtocolRequest {
    public typealias Reply = CommissioningWindowClosed
    public static let command = HubCommand.closeCommissioningWindow

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

public struct GetCommissioningWindow: ProtocolRequest {
    public typealias Reply = CommissioningWindowInfo
    public static let command = HubCommand.getCommissioningWindow

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}
