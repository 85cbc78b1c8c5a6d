import MHubJSON
import MHubProtocol

/// A User Directed Commissioning request the hub received: what a commissionee's IdentificationDeclaration
/// said, and from where (Matter reference E).
///
/// A commissionee sends each declaration 5 times, 100 ms apart (there is no acknowledgement), so copies
/// from the same source for the same instance within `CommissioningDesk.udcRepeatWindow` count as one request.
public struct UDCRequest: Hashable, Sendable {
    /// A content app the commissionee asks for (TargetApp, tags 11 and 12).
    public struct TargetApp: Hashable, Sendable {
        public var vendorID: UInt16
        public var productID: UInt16

        public init(vendorID: UInt16, productID: UInt16) {
            self.vendorID = vendorID
            self.productID = productID
        }
    }

    /// The boolean fields of the declaration (tags 13 to 17).
    public typealias Flag = UDCRequestInfo.Flag

    /// The commissionee's `_matterc._udp` instance name.
    public var instanceName: String
    public var vendorID: UInt16?
    public var productID: UInt16?
    public var deviceName: String?
    public var deviceType: UInt32?
    public var pairingInstruction: String?
    public var pairingHint: UInt16?
    public var rotatingID: [UInt8]?
    /// Where the commissionee listens for a Commissioner Declaration.
    public var commissionerDeclarationPort: UInt16?
    public var targetApps: [TargetApp]
    /// The boolean fields that were true.
    public var flags: Set<Flag>
    public var passcodeLength: UInt8?
    /// The sender's address and port, e.g. `127.0.0.1:5541` or `[fe80::1%eth0]:5541`.
    public var source: String
    public var receivedAt: Timestamp
    public var lastReceivedAt: Timestamp
    /// How many copies arrived.
    public var count: Int

    public init(instanceName: String, source: String, receivedAt: Timestamp) {
        self.instanceName = instanceName
        self.targetApps = []
        self.flags = []
        self.source = source
        self.receivedAt = receivedAt
        self.lastReceivedAt = receivedAt
        self.count = 1
    }

    /// Whether `other` is a copy of this request: same instance, source and content.
    func isRepeated(by other: UDCRequest, within window: Timestamp) -> Bool {
        var same = other
        same.receivedAt = receivedAt
        same.lastReceivedAt = lastReceivedAt
        same.count = count
        return same == self && other.receivedAt - lastReceivedAt <= window
    }

    /// `get_udc_requests` and the `udc_request_received` event.
    public var info: UDCRequestInfo {
        UDCRequestInfo(
            instanceName: instanceName, vendorID: vendorID.map(Int64.init), productID: productID.map(Int64.init),
            deviceName: deviceName, deviceType: deviceType.map(Int64.init), pairingInstruction: pairingInstruction,
            pairingHint: pairingHint.map(Int64.init),
            rotatingID: rotatingID.map { HexText.encode($0, uppercase: true) },
            commissionerDeclarationPort: commissionerDeclarationPort.map(Int64.init),
            targetApps: targetApps.map { .init(vendorID: Int64($0.vendorID), productID: Int64($0.productID)) },
            flags: flags, passcodeLength: passcodeLength.map(Int64.init), source: source,
            receivedAt: isoTimestamp(receivedAt), lastReceivedAt: isoTimestamp(lastReceivedAt), count: Int64(count))
    }
}

extension UDCRequest {
    /// One line for the log: instance, vendor, product, name, with the peer's text escaped (`logSafe`).
    public var logDescription: String {
        var parts = ["instance \(logSafe(instanceName))"]
        if let vendorID { parts.append("vendor \(vendorID)") }
        if let productID { parts.append("product \(productID)") }
        if let deviceName { parts.append("name \"\(logSafe(deviceName))\"") }
        if let deviceType { parts.append("device type \(deviceType)") }
        if let commissionerDeclarationPort { parts.append("CD port \(commissionerDeclarationPort)") }
        return parts.joined(separator: ", ")
    }
}
