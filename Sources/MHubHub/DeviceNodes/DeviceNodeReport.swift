/// What a device's own Matter node (its port, in the daemon) reports to the hub about a simulated device on the
/// network (docs/matter.md, "Devices on the network").
public enum DeviceNodeReport: Equatable, Sendable {
    /// Its node serves on this UDP port now (bound at start, or when the device was added).
    case listening(port: UInt16)
    /// Its node could not start (no port free, its credentials not made): it is off until the daemon starts again.
    case failed(reason: String)
    /// What its Matter node reported, as the hub's own node reports it.
    case matter(MatterReport)
}
