/// What the hub knows of a simulated device's own Matter node in this run, from its port's reports (none of it
/// stored by the hub: the port keeps the fabric table and the port number, and reports them at start).
public struct DeviceNodeFacts: Hashable, Sendable {
    /// The UDP port its node serves on, once it does.
    public var port: UInt16?
    /// Why its node is off, if it could not start.
    public var failure: String?
    /// Its window, as the hub opened it.
    public var window: DeviceWindow?
    /// A window an administrator opened, until it closes (it takes the place of any other).
    public var administratorWindow: CommissioningWindow?
    /// Whether wrong passcodes closed its window (until the daemon starts again).
    public var attemptsExhausted = false
    /// Its fabrics and sessions, as its node reports them.
    public var matter = HubMatterState()

    public init() {}
}

/// A fault as a device's own node shows it on the wire (`Hub.wireFault(of:)`).
public enum DeviceWireFault: Hashable, Sendable {
    case none
    /// It takes no message and sends none.
    case silent
    /// What it sends goes this much later.
    case slow(milliseconds: Int64)
}
